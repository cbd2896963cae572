// One table as the exports see it: a header row and rows of plain cells. Dates are Date objects:
// CSV writes them dd/MM/yyyy HH:mm in Europe/Paris, XLSX as date cells of that format (sortable);
// days (DayCell) are date cells without a time; rates are already percentages (numbers).
import { formatDateTime } from '../dates';

/** A calendar day (yyyy-MM-dd, a day in Europe/Paris): a date cell without a time. */
export interface DayCell {
  day: string;
}
export type Cell = string | number | Date | DayCell | null;

/** A day as an export cell ("Jour" columns): a date in the spreadsheet, dd/MM/yyyy in CSV. */
export const dayCell = (day: string): DayCell => ({ day });
export const isDay = (c: Cell): c is DayCell => typeof c === 'object' && c !== null && !(c instanceof Date);
export interface ExportTable {
  /** File name without extension (no path). */
  name: string;
  header: string[];
  rows: Cell[][];
}

/** dd/MM/yyyy HH:mm in Europe/Paris, whatever the computer's time zone. */
export const formatParis = (d: Date): string => formatDateTime(d);

/** A cell as text (CSV, and XLSX strings). */
export function cellText(c: Cell): string {
  if (c === null) return '';
  if (c instanceof Date) return formatParis(c);
  if (isDay(c)) return `${c.day.slice(8, 10)}/${c.day.slice(5, 7)}/${c.day.slice(0, 4)}`;
  return String(c);
}

/** A file name safe on every system: letters, digits, dashes. */
export function safeFileName(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'export'
  );
}

/** Offers `bytes` as a download named `file`. */
export function download(file: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
