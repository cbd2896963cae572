// The CSV export of a pupil's data: a zip with one CSV per section (docs/decisions.md, "Families'
// data rights"), each as French spreadsheets read it, like the app's other exports: UTF-8 with a BOM,
// `;` between cells, CRLF, quoted when needed, a formula-looking text prefixed with `'`. Column names
// are the JSON export's keys; a list is one cell, its items separated by " | ".
import { strToU8, zipSync } from 'fflate';
import { PUPIL_DATA_SECTIONS, type PupilData, pupilDataSchema } from '../../../shared/schemas/data-export.js';

const BOM = '\uFEFF';
type Value = string | number | boolean | null | string[];

function cell(v: Value): string {
  let s =
    v === null
      ? ''
      : Array.isArray(v)
        ? v.join(' | ')
        : typeof v === 'boolean'
          ? v
            ? 'true'
            : 'false'
          : String(v);
  if (typeof v === 'number') s = s.replace('.', ',');
  if (typeof v === 'string' || Array.isArray(v)) if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]|^\s|\s$/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv(header: string[], rows: Value[][]): string {
  return `${BOM}${[header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
}

/** One section as a table: the account is one line per field, the lists one line per item. */
function table(data: PupilData, section: (typeof PUPIL_DATA_SECTIONS)[number]): string {
  if (section === 'account') return toCsv(['field', 'value'], Object.entries(data.account));
  // The columns come from the schema: an empty section still has its header.
  const header = Object.keys(pupilDataSchema.shape[section].element.shape);
  const items = data[section] as Record<string, Value>[];
  return toCsv(
    header,
    items.map((item) => header.map((k) => item[k])),
  );
}

/** The zip's bytes: `<section>.csv` for every section, empty ones included (their header only). */
export function pupilDataZip(data: PupilData): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const section of PUPIL_DATA_SECTIONS) files[`${section}.csv`] = strToU8(table(data, section));
  const when = new Date(data.exportedAt);
  return zipSync(files, { level: 6, mtime: when });
}
