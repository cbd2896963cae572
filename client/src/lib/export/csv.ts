// CSV as French spreadsheets expect it: UTF-8 with a BOM (Excel then reads accents right), `;` between
// cells (the comma is the decimal mark), CRLF line ends, a cell quoted when it holds `;`, `"`, a line
// break or leading/trailing spaces, and inner quotes doubled. Numbers use a decimal comma.
import { type Cell, cellText, type ExportTable } from './table';

const BOM = '\uFEFF';

function csvCell(c: Cell): string {
  // A formula-looking text is prefixed so a spreadsheet shows it instead of running it.
  let s = typeof c === 'number' ? String(c).replace('.', ',') : cellText(c);
  if (typeof c === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]|^\s|\s$/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The CSV text of `table`, BOM included. */
export function toCsv(table: Pick<ExportTable, 'header' | 'rows'>): string {
  const lines = [table.header, ...table.rows].map((row) => row.map(csvCell).join(';'));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** The CSV file's bytes (UTF-8). */
export function csvBytes(table: Pick<ExportTable, 'header' | 'rows'>): Uint8Array {
  return new TextEncoder().encode(toCsv(table));
}
