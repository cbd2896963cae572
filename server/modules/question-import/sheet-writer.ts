// Writing sheets: CSV as French Excel reads it, and a minimal XLSX workbook (the downloadable
// templates, scripts/templates/question-templates.ts, and a raid's export, export.ts).
import { strToU8, zipSync } from 'fflate';
import { ANSWERS_MAX } from '../../../shared/schemas/raid.js';

const csvField = (s: string) => (/[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** CSV as French Excel reads it best: UTF-8 with a BOM, `;` between fields, CRLF line ends. */
export function buildCsv(rows: string[][]): Uint8Array {
  const width = Math.max(...rows.map((r) => r.length));
  const text = rows
    .map((r) => Array.from({ length: width }, (_, i) => csvField(r[i] ?? '')).join(';'))
    .join('\r\n');
  return strToU8(`\uFEFF${text}\r\n`);
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const colName = (i: number): string =>
  (i >= 26 ? colName(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

/** A minimal workbook of one sheet "Questions": text cells in shared strings, the first row bold. */
export function buildXlsx(rows: string[][]): Uint8Array {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          if (value === '') return '';
          let i = index.get(value);
          if (i === undefined) {
            i = strings.push(value) - 1;
            index.set(value, i);
          }
          return `<c r="${colName(c)}${r + 1}" t="s"${r === 0 ? ' s="1"' : ''}><v>${i}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const files: Record<string, string> = {
    '[Content_Types].xml': `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    '_rels/.rels': `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${head}<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Questions" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/styles.xml': `${head}<styleSheet xmlns="${ns}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    'xl/sharedStrings.xml': `${head}<sst xmlns="${ns}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${xml(s)}</t></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `${head}<worksheet xmlns="${ns}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols><col min="1" max="1" width="48" customWidth="1"/><col min="2" max="${2 + 2 * ANSWERS_MAX}" width="14" customWidth="1"/></cols><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  // A fixed date keeps the committed file identical from one run to the next.
  const mtime = new Date('2026-01-01T00:00:00Z');
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, [strToU8(text), { mtime }]])),
  );
}
