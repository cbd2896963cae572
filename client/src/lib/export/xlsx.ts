// A minimal XLSX (Office Open XML) workbook of one sheet, zipped with fflate: header in bold, numbers
// as numbers, text as inline strings, dates as date cells formatted dd/mm/yyyy hh:mm holding the
// Europe/Paris wall-clock time (as on screen), days as date cells dd/mm/yyyy, so a spreadsheet sorts
// and filters them as dates.
// Why not a library: docs/decisions.md ("XLSX without a new package"); the test reads it back with exceljs.
// Loaded only when a teacher clicks "XLSX" (dynamic import), never in a first load.
import { zipSync } from 'fflate';
import { parisParts } from '../dates';
import { type Cell, cellText, type ExportTable, isDay } from './table';

const esc = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** Column letters of a 0-based index: 0 -> A, 26 -> AA. */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A spreadsheet's date serial (days since 1899-12-30) of `d`'s wall-clock time in Europe/Paris. */
export function parisSerial(d: Date): number {
  const p = parisParts(d);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) / 86_400_000 + 25_569;
}

/** A spreadsheet's date serial of a calendar day (yyyy-MM-dd), at its midnight. */
export function daySerial(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000 + 25_569;
}

function cellXml(c: Cell, ref: string, bold: boolean): string {
  const style = bold ? ' s="1"' : '';
  if (typeof c === 'number' && Number.isFinite(c)) return `<c r="${ref}"${style}><v>${c}</v></c>`;
  if (c instanceof Date && !bold) return `<c r="${ref}" s="2"><v>${parisSerial(c)}</v></c>`;
  if (c !== null && isDay(c) && !bold && /^\d{4}-\d{2}-\d{2}$/.test(c.day))
    return `<c r="${ref}" s="3"><v>${daySerial(c.day)}</v></c>`;
  if (c === null) return '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${esc(cellText(c))}</t></is></c>`;
}

function sheetXml(table: Pick<ExportTable, 'header' | 'rows'>): string {
  const rows = [table.header, ...table.rows]
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((c, i) => cellXml(c, `${columnName(i)}${r + 1}`, r === 0)).join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

const enc = (s: string) => new TextEncoder().encode(s);

/** The .xlsx file's bytes. `sheet` is the tab's name (31 characters at most). */
export function xlsxBytes(table: Pick<ExportTable, 'header' | 'rows'>, sheet = 'Export'): Uint8Array {
  const name = esc(sheet.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Export');
  return zipSync({
    '[Content_Types].xml': enc(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`),
    '_rels/.rels': enc(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': enc(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': enc(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`),
    'xl/styles.xml': enc(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="4"><xf fontId="0"/><xf fontId="1" applyFont="1"/><xf numFmtId="164" fontId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`),
    'xl/worksheets/sheet1.xml': enc(sheetXml(table)),
  });
}
