// The first worksheet of an .xlsx file (Office Open XML). The archive's entries are inflated in small
// steps with a count of the bytes really produced (zip.ts), and their XML goes, as it inflates, through
// saxes, a streaming parser whose work grows with the size of its input only: no regular expression
// or search runs over a whole part, so a crafted part (a tag never closed) cannot make it quadratic.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ERR } from '../../../shared/errors.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { IMPORT_ROWS_MAX, type SheetRow, tooManyLines } from './questions.js';
import { InflateBudget, inflateEntry, type ZipEntry, zipEntries } from './zip.js';

export { ZIP_ENTRY_MAX_BYTES, ZIP_TOTAL_MAX_BYTES } from './zip.js';

/** Columns read per row: the template has 14; farther cells are ignored. */
const COLUMNS_MAX = 64;

const unreadable = () => badRequest(ERR.IMPORT_UNREADABLE);

/** "C5" → 2 (zero-based column), or -1. */
export function columnIndex(ref: string): number {
  const m = /^([A-Z]{1,3})\d*$/.exec(ref);
  if (!m) return -1;
  let n = 0;
  for (const ch of m[1]) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Resolves a relationship target against xl/ (targets may be relative or absolute). */
function partPath(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['xl'];
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** `x:row` → `row`: some writers (the .NET Open XML SDK) prefix the spreadsheet elements. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** Streams one entry of the archive through the XML parser. An empty part is read as no element. */
function readXml(buf: Uint8Array, entry: ZipEntry, budget: InflateBudget, on: XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: false });
  parser.on('error', (err) => {
    throw err;
  });
  if (on.open) {
    const open = on.open;
    parser.on('opentag', (tag: SaxesTagPlain) => open(local(tag.name), tag.attributes));
  }
  if (on.close) {
    const close = on.close;
    parser.on('closetag', (tag: SaxesTagPlain) => close(local(tag.name)));
  }
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  const decoder = new TextDecoder();
  let empty = true;
  const write = (text: string) => {
    if (empty && !/\S/.test(text)) return;
    empty = false;
    parser.write(text);
  };
  inflateEntry(buf, entry, budget, (chunk) => write(decoder.decode(chunk, { stream: true })));
  write(decoder.decode());
  if (!empty) parser.close();
}

/**
 * Collects the text of `<t>` elements as a shared string or an inline string holds them: rich-text
 * runs are concatenated, phonetic hints (`<rPh>`, with their own `<t>`) are not part of the text.
 */
class TextCollector {
  private inT = false;
  private inPhonetic = false;
  text = '';
  open(name: string) {
    if (name === 'rPh') this.inPhonetic = true;
    else if (name === 't' && !this.inPhonetic) this.inT = true;
  }
  close(name: string) {
    if (name === 'rPh') this.inPhonetic = false;
    else if (name === 't') this.inT = false;
  }
  add(text: string) {
    if (this.inT) this.text += text;
  }
}

function readSharedStrings(buf: Uint8Array, entry: ZipEntry | undefined, budget: InflateBudget): string[] {
  const shared: string[] = [];
  if (!entry) return shared;
  let si: TextCollector | null = null;
  readXml(buf, entry, budget, {
    open(name) {
      if (name === 'si') si = new TextCollector();
      else si?.open(name);
    },
    close(name) {
      if (name === 'si' && si) {
        shared.push(si.text);
        si = null;
      } else si?.close(name);
    },
    text(t) {
      si?.add(t);
    },
  });
  return shared;
}

/** The part of the workbook's first sheet, through the workbook and its relationships. */
function firstSheetPath(buf: Uint8Array, entries: Map<string, ZipEntry>, budget: InflateBudget): string {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw unreadable();
  let relId: string | undefined;
  readXml(buf, workbook, budget, {
    open(name, attributes) {
      if (name !== 'sheet' || relId !== undefined) return;
      relId = attributes['r:id'] ?? Object.entries(attributes).find(([k]) => /^\w+:id$/.test(k))?.[1];
    },
  });
  if (!relId) throw unreadable();
  let target: string | undefined;
  readXml(buf, rels, budget, {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id === relId) target = attributes.Target;
    },
  });
  if (!target) throw unreadable();
  return partPath(target);
}

/** A cell as read, before shared strings are resolved. */
interface RawCell {
  col: number;
  type: string | undefined;
  value: string | undefined;
  inline: string;
}

const DECIMAL_COMMA = new Intl.NumberFormat('fr-FR', { maximumSignificantDigits: 15, useGrouping: false });

/**
 * A number cell as a French teacher typed it: "0,5" for the 0.5 the file stores, and without the
 * binary noise of 15+ digits (0.30000000000000004 is "0,3", as the spreadsheet shows it). A value
 * that is not a plain number is kept as it is.
 */
export function numberText(value: string): string {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return value;
  return DECIMAL_COMMA.format(n).replace('\u2212', '-');
}

/** Rows of the workbook's first sheet, numbered as in the spreadsheet; empty rows left out. */
export function readXlsx(buf: Uint8Array, maxRows = IMPORT_ROWS_MAX): SheetRow[] {
  try {
    return readWorkbook(buf, maxRows);
  } catch (err) {
    // Errors of the archive and of the XML parser; ours (too many lines) go through.
    if (err instanceof AppError) throw err;
    throw unreadable();
  }
}

function readWorkbook(buf: Uint8Array, maxRows: number): SheetRow[] {
  const entries = zipEntries(buf);
  const budget = new InflateBudget();
  const sheetEntry = entries.get(firstSheetPath(buf, entries, budget));
  if (!sheetEntry) throw unreadable();

  const rows: { line: number; cells: RawCell[] }[] = [];
  let nextLine = 1;
  let row: { line: number; cells: RawCell[] } | null = null;
  let nextCol = 0;
  let cell: RawCell | null = null;
  let inValue = false;
  let inline: TextCollector | null = null;
  readXml(buf, sheetEntry, budget, {
    open(name, attributes) {
      if (name === 'row') {
        const line = Number(attributes.r) || nextLine;
        nextLine = line + 1;
        row = { line, cells: [] };
        nextCol = 0;
      } else if (name === 'c' && row) {
        const ref = attributes.r;
        const col = ref ? columnIndex(ref) : nextCol;
        nextCol = col + 1;
        cell = { col, type: attributes.t, value: undefined, inline: '' };
      } else if (cell) {
        if (name === 'v') {
          inValue = true;
          cell.value ??= '';
        } else if (name === 'is') inline = new TextCollector();
        else inline?.open(name);
      }
    },
    close(name) {
      if (name === 'row' && row) {
        const done: { line: number; cells: RawCell[] } = row;
        row = null;
        if (done.cells.some((c) => c.value?.trim() || c.inline.trim() || c.type === 's')) {
          if (rows.length >= maxRows) throw tooManyLines();
          rows.push(done);
        }
      } else if (name === 'c' && cell && row) {
        const r: { line: number; cells: RawCell[] } = row;
        if (cell.col >= 0 && cell.col < COLUMNS_MAX) r.cells.push(cell);
        cell = null;
      } else if (name === 'v') inValue = false;
      else if (name === 'is' && cell && inline) {
        cell.inline = inline.text;
        inline = null;
      } else inline?.close(name);
    },
    text(t) {
      if (inValue && cell) cell.value += t;
      else inline?.add(t);
    },
  });

  const shared = readSharedStrings(buf, entries.get('xl/sharedStrings.xml'), budget);
  const out: SheetRow[] = [];
  for (const r of rows) {
    const cells: string[] = [];
    for (const c of r.cells) {
      let text = '';
      if (c.type === 's') text = shared[Number(c.value)] ?? '';
      else if (c.type === 'inlineStr') text = c.inline;
      else if (c.type === 'b') text = c.value === '1' ? 'TRUE' : c.value === '0' ? 'FALSE' : '';
      else if (c.value !== undefined)
        text = c.type === 'n' || c.type === undefined ? numberText(c.value) : c.value;
      while (cells.length < c.col) cells.push('');
      cells[c.col] = text;
    }
    if (cells.some((c) => c.trim() !== '')) out.push({ line: r.line, cells });
  }
  return out;
}
