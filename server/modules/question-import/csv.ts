// CSV as teachers' spreadsheets write it: UTF-8 (with or without BOM), UTF-16 ("Unicode text"), or
// Windows-1252 (French Excel); `;`, `,` or tab between fields; quoted fields per RFC 4180.
import { IMPORT_ROWS_MAX, type SheetRow, tooManyLines } from './questions.js';

/** Text of a file's bytes: BOMs stripped, UTF-8 when the bytes are valid UTF-8, else Windows-1252. */
export function decodeText(buf: Uint8Array): string {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
  else if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  else if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return decodeWindows1252(buf);
  }
}

// Bytes 0x80–0x9F of Windows-1252 (€, œ, ’, …); Node's TextDecoder reads them as Latin-1 controls.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(buf: Uint8Array): string {
  let out = '';
  for (const b of buf) out += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}

const DELIMITERS = [';', '\t', ','] as const;

/** The delimiter used most often outside quotes on the first record (ties: `;`, then tab, then `,`). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: string = DELIMITERS[0];
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * Records of an RFC 4180 text: fields in double quotes may hold the delimiter, line breaks and
 * doubled quotes. Each record keeps its number (1 = first record, as a spreadsheet numbers rows).
 * Records whose cells are all empty are left out; more than `maxRows` others is a file error.
 */
export function parseCsv(text: string, delimiter: string, maxRows = IMPORT_ROWS_MAX): SheetRow[] {
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let field = '';
  /** Only spaces in the field so far (a quote there opens a quoted field). */
  let blank = true;
  let quoted = false;
  let line = 1;
  const endRecord = () => {
    cells.push(field);
    if (cells.some((c) => c.trim() !== '')) {
      if (rows.length >= maxRows) throw tooManyLines();
      rows.push({ line, cells });
    }
    cells = [];
    field = '';
    blank = true;
    line++;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && blank) {
      // A quote opens a quoted field only at its start (spaces before it are dropped, as Excel does).
      field = '';
      blank = false;
      quoted = true;
    } else if (ch === delimiter) {
      cells.push(field);
      field = '';
      blank = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else {
      field += ch;
      if (ch !== ' ' && ch !== '\t') blank = false;
    }
  }
  if (field !== '' || cells.length > 0) endRecord();
  return rows;
}
