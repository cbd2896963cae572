// Which reader an uploaded file goes to: by its name's extension, checked against its first bytes.
import path from 'node:path';
import { ERR } from '../../../shared/errors.js';
import { badRequest } from '../../lib/errors.js';
import { decodeText, detectDelimiter, parseCsv } from './csv.js';
import type { SheetRow } from './questions.js';
import { readXlsx } from './xlsx.js';

const isZip = (buf: Uint8Array) => buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

/** Rows of an uploaded .csv (also .txt, .tsv) or .xlsx file; any other file is refused. */
export function readSheetFile(filename: string, buf: Uint8Array): SheetRow[] {
  if (buf.length === 0) throw badRequest(ERR.IMPORT_FILE_EMPTY);
  const ext = path.extname(filename).toLowerCase();
  if (ext === '.xlsx') {
    if (!isZip(buf)) throw badRequest(ERR.IMPORT_FILE_TYPE);
    return readXlsx(buf);
  }
  if (ext === '.csv' || ext === '.txt' || ext === '.tsv') {
    if (isZip(buf)) throw badRequest(ERR.IMPORT_FILE_TYPE);
    const text = decodeText(buf);
    // A binary file renamed .csv (an .xls, a picture) holds NUL characters no text has.
    if (text.includes('\u0000')) throw badRequest(ERR.IMPORT_FILE_TYPE);
    return parseCsv(text, detectDelimiter(text));
  }
  throw badRequest(ERR.IMPORT_FILE_TYPE);
}
