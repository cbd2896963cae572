import { describe, expect, it } from 'vitest';
import { csvBytes, toCsv } from './csv';
import { readXlsx } from './read-xlsx';
import { columnName, xlsxBytes } from './xlsx';

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
  it('parses back with the same cells: numbers as numbers, text and dates as shown', () => {
    const rows = readXlsx(xlsxBytes(TABLE, 'Élèves'));
    expect(rows).toEqual([
      ['Élève', 'Bonnes réponses (%)', 'Date'],
      ['Zoé "la fusée"; CM2', 66.7, '04/03/2026 09:07'],
      ['Léo\nDupont', 0],
      ['=HYPERLINK("x")', 12, '02/07/2026 00:30'],
    ]);
  });

  it('names columns past Z as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
