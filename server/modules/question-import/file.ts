// Which reader an uploaded file goes to: by its name's extension, checked against its first bytes.
import path from 'node:path';
import { ERR } from '../../../shared/errors.js';
import { badRequest } from '../../lib/errors.js';
import { decodeText, detectDelimiter, parseCsv } from './csv.js';
import { readGift } from './gift.js';
import { readMoodleXml } from './moodle-xml.js';
import { type FileImport, importCandidates, importRows, type SheetRow } from './questions.js';
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
  if (ext === '.csv' || ext === '.txt' || ext === '.tsv') return parseCsv(...textOf(buf));
  throw badRequest(ERR.IMPORT_FILE_TYPE);
}

function textOf(buf: Uint8Array): [string, string] {
  if (isZip(buf)) throw badRequest(ERR.IMPORT_FILE_TYPE);
  const text = decodeText(buf);
  // A binary file renamed .csv (an .xls, a picture) holds NUL characters no text has.
  if (text.includes('\u0000')) throw badRequest(ERR.IMPORT_FILE_TYPE);
  return [text, detectDelimiter(text)];
}

/**
 * A .txt file is GIFT (Moodle exports GIFT as .txt) unless its first line is a sheet's header (a
 * cell naming the question column, ours or Kahoot's) or it holds no answer block at all.
 */
function looksLikeGift(text: string): boolean {
  const first = text.split(/\r\n|\r|\n/, 50).find((l) => l.trim()) ?? '';
  const header = first
    .split(/[;,\t]/)
    .some((cell) => /^(question|intitule|enonce|domanda|dumanda)/.test(normalizeHeader(cell)));
  return !header && text.includes('{');
}

const normalizeHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The import's answer for one uploaded file, whatever its format. */
export function readQuestionFile(filename: string, buf: Uint8Array, existing: readonly string[]): FileImport {
  if (buf.length === 0) throw badRequest(ERR.IMPORT_FILE_EMPTY);
  const ext = path.extname(filename).toLowerCase();
  if (ext === '.xml') {
    const [text] = textOf(buf);
    return importCandidates(readMoodleXml(text), existing);
  }
  if (ext === '.gift') return importCandidates(readGift(textOf(buf)[0]), existing);
  if (ext === '.txt') {
    const [text] = textOf(buf);
    if (looksLikeGift(text)) return importCandidates(readGift(text), existing);
  }
  return importRows(readSheetFile(filename, buf), existing);
}
