import { describe, expect, it } from 'vitest';
import { csvBytes, toCsv } from './csv';
import { readXlsx } from './read-xlsx';
import { dayCell } from './table';
import { columnName, daySerial, parisSerial, xlsxBytes } from './xlsx';

const TABLE = {
  header: ['Élève', 'Bonnes réponses (%)', 'Date'],
  rows: [
    ['Zoé "la fusée"; CM2', 66.7, new Date('2026-03-04T08:07:00Z')],
    ['Léo\nDupont', 0, null],
    ['=HYPERLINK("x")', 12, new Date('2026-07-01T22:30:00Z')],
  ],
};

describe('CSV export', () => {
  it('starts with the UTF-8 BOM, separates with ";", ends lines with CRLF and escapes quotes', () => {
    const bytes = csvBytes(TABLE);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = toCsv(TABLE);
    expect(text.split('\r\n')).toEqual([
      '\uFEFFÉlève;Bonnes réponses (%);Date',
      // The quote is doubled and the cell quoted because it holds ";" and '"'; a decimal comma.
      '"Zoé ""la fusée""; CM2";66,7;04/03/2026 09:07',
      '"Léo\nDupont";0;',
      // A formula is shown, not run; dates in Europe/Paris (summer time: UTC+2, next day).
      `"'=HYPERLINK(""x"")";12;02/07/2026 00:30`,
      '',
    ]);
  });
});

describe('XLSX export', () => {
  it('parses back with the same cells: numbers as numbers, text as text, dates as date serials', () => {
    const rows = readXlsx(xlsxBytes(TABLE, 'Élèves'));
    expect(rows).toEqual([
      ['Élève', 'Bonnes réponses (%)', 'Date'],
      ['Zoé "la fusée"; CM2', 66.7, parisSerial(new Date('2026-03-04T08:07:00Z'))],
      ['Léo\nDupont', 0],
      ['=HYPERLINK("x")', 12, parisSerial(new Date('2026-07-01T22:30:00Z'))],
    ]);
    // 04/03/2026 09:07 in Paris (winter, UTC+1).
    expect(parisSerial(new Date('2026-03-04T08:07:00Z'))).toBeCloseTo(46085 + (9 * 60 + 7) / 1440, 9);
  });

  it('opens in an independent reader (exceljs): same texts and numbers, real date cells dd/mm/yyyy hh:mm', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsxBytes(TABLE, 'Élèves') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Élèves');
    const value = (r: number, c: number) => sheet.getRow(r).getCell(c).value;
    expect([1, 2, 3].map((c) => value(1, c))).toEqual(['Élève', 'Bonnes réponses (%)', 'Date']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect([value(2, 1), value(2, 2)]).toEqual(['Zoé "la fusée"; CM2', 66.7]);
    expect([value(3, 1), value(3, 2), value(3, 3)]).toEqual(['Léo\nDupont', 0, null]);
    expect(value(4, 1)).toBe('=HYPERLINK("x")');
    // Date cells hold the Paris wall-clock time (a spreadsheet has no zones): exceljs reads them as
    // that time in UTC.
    expect(value(2, 3)).toEqual(new Date(Date.UTC(2026, 2, 4, 9, 7)));
    expect(value(4, 3)).toEqual(new Date(Date.UTC(2026, 6, 2, 0, 30)));
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('writes a day ("Jour") as a date cell dd/mm/yyyy, not as text; CSV as dd/MM/yyyy', async () => {
    const table = { header: ['Jour', 'Connexions'], rows: [[dayCell('2026-11-27'), 3]] };
    expect(toCsv(table).split('\r\n')[1]).toBe('27/11/2026;3');
    expect(readXlsx(xlsxBytes(table))[1]).toEqual([daySerial('2026-11-27'), 3]);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsxBytes(table) as unknown as ArrayBuffer);
    const cell = book.worksheets[0].getRow(2).getCell(1);
    expect(cell.value).toEqual(new Date(Date.UTC(2026, 10, 27)));
    expect(cell.numFmt).toBe('dd/mm/yyyy');
  });

  it('names columns past Z as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
