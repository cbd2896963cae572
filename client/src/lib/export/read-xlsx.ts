// Reads back the one sheet xlsxBytes writes (tests, and the e2e's downloaded file): rows of cells,
// numbers as numbers, inline strings as text.
import { strFromU8, unzipSync } from 'fflate';

const unesc = (s: string) =>
  s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

export function readXlsx(bytes: Uint8Array): (string | number | null)[][] {
  const xml = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']);
  const rows: (string | number | null)[][] = [];
  for (const [, row] of xml.matchAll(/<row[^>]*>(.*?)<\/row>/gs)) {
    const cells: (string | number | null)[] = [];
    for (const [, ref, attrs, body] of row.matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/gs)) {
      let col = 0;
      for (const ch of ref) col = col * 26 + ch.charCodeAt(0) - 64;
      while (cells.length < col - 1) cells.push(null);
      cells.push(
        attrs.includes('inlineStr')
          ? unesc(/<t[^>]*>(.*?)<\/t>/s.exec(body)?.[1] ?? '')
          : Number(/<v>(.*?)<\/v>/.exec(body)?.[1]),
      );
    }
    rows.push(cells);
  }
  return rows;
}
