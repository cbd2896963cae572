// The first worksheet of an .xlsx file (Office Open XML), read with fflate: no spreadsheet package.
// Only the four parts needed are inflated, and only when their declared sizes stay under a cap
// (a zip bomb declares small sizes and fflate never writes past the declared size).
import { unzipSync } from 'fflate';
import { ERR } from '../../../shared/errors.js';
import { badRequest } from '../../lib/errors.js';
import { IMPORT_ROWS_MAX, type SheetRow, tooManyLines } from './questions.js';

/** Total uncompressed bytes read from one workbook. */
export const XLSX_UNCOMPRESSED_MAX = 20 * 1024 * 1024;
/** Columns read per row: the template has 14; farther cells are ignored. */
const COLUMNS_MAX = 64;

const unreadable = () => badRequest(ERR.IMPORT_UNREADABLE);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** Attribute `name` of a start tag's text (`<c r="A1" t="s">` → attr(tag, 't') = 's'). */
function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeXml(m[1]) : undefined;
}

/**
 * The elements `<tag …>…</tag>` (or `<tag …/>`) of `xml`, in order, found with indexOf only: every
 * search starts where the last one ended, so a crafted part cannot make the reading quadratic. An
 * element left open makes the workbook unreadable. Elements of the same name must not nest.
 */
export function* elements(xml: string, tag: string): Generator<{ attrs: string; body: string }> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let pos = 0;
  for (;;) {
    const start = xml.indexOf(open, pos);
    if (start < 0) return;
    pos = start + open.length;
    // `<r` must not match `<row` or `<rPh`.
    if (!/[\s/>]/.test(xml[pos] ?? '')) continue;
    const end = xml.indexOf('>', pos);
    if (end < 0) throw unreadable();
    if (xml[end - 1] === '/') {
      yield { attrs: xml.slice(pos, end - 1), body: '' };
      pos = end + 1;
      continue;
    }
    const stop = xml.indexOf(close, end);
    if (stop < 0) throw unreadable();
    yield { attrs: xml.slice(pos, end), body: xml.slice(end + 1, stop) };
    pos = stop + close.length;
  }
}

/** Text of every `<t>` inside `xml` (a shared string's rich-text runs are concatenated). */
function textOf(xml: string): string {
  let out = '';
  // Phonetic hints (<rPh>, with their own <t>) are not part of the cell's text.
  let kept = '';
  let pos = 0;
  for (;;) {
    const start = xml.indexOf('<rPh', pos);
    if (start < 0) break;
    const stop = xml.indexOf('</rPh>', start);
    if (stop < 0) throw unreadable();
    kept += xml.slice(pos, start);
    pos = stop + '</rPh>'.length;
  }
  kept += xml.slice(pos);
  for (const t of elements(kept, 't')) out += decodeXml(t.body);
  return out;
}

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

/**
 * Some writers (the .NET Open XML SDK) name the spreadsheet elements with a prefix, `<x:row>`:
 * the prefix bound to the spreadsheet namespace (transitional or strict) is removed.
 */
function withoutPrefix(xml: string): string {
  const m =
    /\sxmlns:(\w+)="(?:http:\/\/schemas\.openxmlformats\.org\/spreadsheetml\/2006\/main|http:\/\/purl\.oclc\.org\/ooxml\/spreadsheetml\/main)"/.exec(
      xml.slice(0, 2000),
    );
  return m ? xml.replaceAll(`<${m[1]}:`, '<').replaceAll(`</${m[1]}:`, '</') : xml;
}

function unzipParts(buf: Uint8Array, wanted: (name: string) => boolean): Record<string, string> {
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(buf, {
      filter: (f) => {
        if (!wanted(f.name)) return false;
        total += f.originalSize;
        if (total > XLSX_UNCOMPRESSED_MAX) throw unreadable();
        return true;
      },
    });
  } catch {
    throw unreadable();
  }
  const out: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files))
    out[name] = withoutPrefix(new TextDecoder().decode(bytes));
  return out;
}

/** Rows of the workbook's first sheet, numbered as in the spreadsheet; empty rows left out. */
export function readXlsx(buf: Uint8Array, maxRows = IMPORT_ROWS_MAX): SheetRow[] {
  const meta = unzipParts(buf, (n) => n === 'xl/workbook.xml' || n === 'xl/_rels/workbook.xml.rels');
  const workbook = meta['xl/workbook.xml'];
  const rels = meta['xl/_rels/workbook.xml.rels'];
  if (!workbook || !rels) throw unreadable();
  const sheetTag = /<sheet\s[^>]*>/.exec(workbook)?.[0];
  const relId = sheetTag && (attr(sheetTag, 'r:id') ?? /\s[\w]+:id="([^"]*)"/.exec(sheetTag)?.[1]);
  if (!relId) throw unreadable();
  let target: string | undefined;
  for (const m of rels.matchAll(/<Relationship\s[^>]*>/g))
    if (attr(m[0], 'Id') === relId) target = attr(m[0], 'Target');
  if (!target) throw unreadable();
  const sheetPath = partPath(target);

  const parts = unzipParts(buf, (n) => n === sheetPath || n === 'xl/sharedStrings.xml');
  const sheet = parts[sheetPath];
  if (sheet === undefined) throw unreadable();
  const shared = [...elements(parts['xl/sharedStrings.xml'] ?? '', 'si')].map((si) => textOf(si.body));

  const rows: SheetRow[] = [];
  let nextLine = 1;
  for (const row of elements(sheet, 'row')) {
    const line = Number(attr(row.attrs, 'r')) || nextLine;
    nextLine = line + 1;
    const cells: string[] = [];
    let nextCol = 0;
    for (const c of elements(row.body, 'c')) {
      const ref = attr(c.attrs, 'r');
      const col = ref ? columnIndex(ref) : nextCol;
      nextCol = col + 1;
      if (col < 0 || col >= COLUMNS_MAX) continue;
      const type = attr(c.attrs, 't');
      const v = elements(c.body, 'v').next().value?.body;
      let text = '';
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = textOf(elements(c.body, 'is').next().value?.body ?? '');
      else if (type === 'b') text = v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : '';
      else if (v !== undefined) text = decodeXml(v);
      while (cells.length < col) cells.push('');
      cells[col] = text;
    }
    if (cells.some((c) => c.trim() !== '')) {
      if (rows.length >= maxRows) throw tooManyLines();
      rows.push({ line, cells });
    }
  }
  return rows;
}
