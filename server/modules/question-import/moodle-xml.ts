// Moodle XML question files (issue 23): read with saxes, the streaming parser the XLSX reader and the
// SAML scan already use, within bounds on nodes, depth and attributes (a crafted file is refused as a
// whole, never read past them), into the candidates the import's rules check line by line.
//
// Read: multichoice (one or several right answers), truefalse, numerical (its 100 % answer and
// tolerance, its first unit), shortanswer (its 100 % answers, `usecase`), ordering (the items in
// their order), the general feedback as the explanation. Any other type is a refused line naming it;
// `category` entries are not questions. What Moodle cannot say (a poll, accents, one typo, a relative
// tolerance) travels as the question's tags `classe-raid-…` that our export writes (export.ts).
//
// Pictures: the files Moodle embeds in a question's text and in its general feedback (`<file
// name="x.png" encoding="base64">`, shown by `<img src="@@PLUGINFILE@@/x.png">`) become the question's
// image and the explanation's image, checked here as an upload is (PNG or JPEG by their first bytes,
// 10 MB, dimensions); one refused leaves a line in the report and the question is imported without it.
// A picture carried in the HTML itself (`<img src="data:image/png;base64,…">`) is read the same way;
// one linked from another site is never fetched: a line says it was left out (html-images.ts).
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import type { ImportIssue } from '../../../shared/question-import.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { type DataImage, type HtmlImages, htmlImages } from './html-images.js';
import { type Candidate, readDecimal, roundSignificant, tooManyLines } from './questions.js';

/** Elements, text runs, comments and CDATA sections a file may hold: 200 questions are about 12,000. */
export const MOODLE_MAX_NODES = 60_000;
/** Nesting: quiz, question, answer, feedback, text is 5; Moodle never goes past 8. */
export const MOODLE_MAX_DEPTH = 12;
/** Attributes of one element (Moodle writes at most 3). */
export const MOODLE_MAX_ATTRIBUTES = 12;
/** Text kept per element: far above a question's 200 characters, so a longer one is still refused by length. */
const TEXT_MAX = 20_000;
/** Questions (categories apart) read before the file is refused as too long. */
const QUESTIONS_MAX = 200;
const CHUNK = 16 * 1024;
/**
 * Base64 characters kept of one embedded file: an image of IMAGE_MAX_BYTES and the line breaks
 * some writers put every 76 characters. A longer one is not read further: it is refused as too large.
 */
const FILE_TEXT_MAX = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 * (78 / 76) + 1024;
/** Elements whose embedded files are read: the question's text and its general feedback. */
const IMAGE_HOLDERS = new Set(['questiontext', 'generalfeedback']);
/** Text kept of a picture holder's HTML: its words and one `data:` picture of an image's size. */
const HOLDER_TEXT_MAX = TEXT_MAX + FILE_TEXT_MAX;
/** Embedded files read per text (one is the image; the others only counted in the report). */
const FILES_PER_TEXT_MAX = 8;

/** Tags our export writes where Moodle has no field (a question's `<tags>`). */
export const TAG = {
  poll: 'classe-raid-poll',
  pollNumber: 'classe-raid-poll-number',
  pollText: 'classe-raid-poll-text',
  relative: 'classe-raid-relative-tolerance',
  accents: 'classe-raid-respect-accents',
  typo: 'classe-raid-one-typo',
  caseSensitive: 'classe-raid-case-sensitive',
  equation: 'classe-raid-equation',
  unitPrefix: 'classe-raid-unit:',
} as const;

interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
  line: number;
  /** An embedded picture (`<file>`, Moodle 1.9's `<image_base64>`): its text is base64. */
  binary?: boolean;
  /** An embedded file past FILE_TEXT_MAX (its text was not kept whole). */
  tooLarge?: boolean;
  /** An embedded file whose text is not kept (outside a question's text or feedback, or past the count). */
  skipped?: boolean;
  /** A text past what is kept of it (TEXT_MAX, HOLDER_TEXT_MAX): its end is lost. */
  cut?: boolean;
}

const unreadable = () => badRequest(ERR.IMPORT_UNREADABLE);

/** The document as a small tree, or the file refused (past a bound, a DTD, not a `<quiz>`). */
function readTree(xml: string): El {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const root: El = { name: '#root', attrs: {}, children: [], text: '', line: 0 };
  const stack: El[] = [root];
  let nodes = 0;
  let questions = 0;
  let refused = null as 'unreadable' | 'tooMany' | null;
  const node = () => {
    if (++nodes > MOODLE_MAX_NODES) refused ??= 'unreadable';
  };
  parser.on('doctype', () => {
    refused ??= 'unreadable';
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    node();
    if (stack.length > MOODLE_MAX_DEPTH) refused ??= 'unreadable';
    if (Object.keys(tag.attributes).length > MOODLE_MAX_ATTRIBUTES) refused ??= 'unreadable';
    if (stack.length === 1 && tag.name !== 'quiz') refused ??= 'unreadable';
    if (stack.length === 2 && tag.name === 'question' && tag.attributes.type !== 'category')
      if (++questions > QUESTIONS_MAX) refused ??= 'tooMany';
    const parent = stack[stack.length - 1];
    const el: El = { name: tag.name, attrs: tag.attributes, children: [], text: '', line: parser.line };
    if (tag.name === 'file') {
      el.binary = true;
      el.skipped =
        !IMAGE_HOLDERS.has(parent.name) ||
        parent.children.filter((c) => c.name === 'file').length >= FILES_PER_TEXT_MAX;
    }
    // Moodle 1.9 wrote a question's picture beside its text; Moodle still reads it.
    if (tag.name === 'image_base64') {
      el.binary = true;
      el.skipped = parent.name !== 'question' || parent.children.some((c) => c.name === 'image_base64');
    }
    parent.children.push(el);
    stack.push(el);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const onText = (t: string) => {
    node();
    const el = stack[stack.length - 1];
    if (el.binary) {
      // A picture of a question's text or feedback, up to an image's size; other files are not read.
      if (el.skipped || el.tooLarge) return;
      if (el.text.length + t.length > FILE_TEXT_MAX) {
        el.tooLarge = true;
        el.text = '';
      } else el.text += t;
    } else {
      const parent = stack[stack.length - 2];
      const max = el.name === 'text' && IMAGE_HOLDERS.has(parent?.name) ? HOLDER_TEXT_MAX : TEXT_MAX;
      if (el.text.length + t.length > max) el.cut = true;
      if (el.text.length < max) el.text += t.slice(0, max - el.text.length);
    }
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('comment', node);
  parser.on('processinginstruction', node);
  try {
    for (let i = 0; i < xml.length && refused === null; i += CHUNK) parser.write(xml.slice(i, i + CHUNK));
    if (refused === null) parser.close();
  } catch {
    refused ??= 'unreadable';
  }
  if (refused === 'tooMany') throw tooManyLines();
  const quiz = root.children[0];
  if (refused !== null || !quiz) throw unreadable();
  return quiz;
}

const child = (el: El | undefined, name: string) => el?.children.find((c) => c.name === name);
const children = (el: El, name: string) => el.children.filter((c) => c.name === name);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&eacute;`-free HTML entities: the named few HTML editors write, and numeric ones. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Elements after which a line ends in the text a pupil reads. */
const BLOCK_RE = /^\/?(p|br|div|li|ul|ol|tr|h[1-6])\b/i;

/**
 * The plain text of Moodle's HTML: tags dropped (a paragraph or a line break becomes a space),
 * entities decoded, spaces collapsed. Linear: a `<` without a `>` after it ends the search.
 */
export function htmlToText(html: string): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0) {
      out += html.slice(lt);
      break;
    }
    if (BLOCK_RE.test(html.slice(lt + 1, Math.min(gt, lt + 8)))) out += ' ';
    i = gt + 1;
  }
  return decodeEntities(out).replace(/\s+/g, ' ').trim();
}

const scanned = new WeakMap<El, HtmlImages>();
/** A picture holder's HTML without its `data:` pictures, and the pictures its `<img>` show by address. */
function holderHtml(holder: El): HtmlImages {
  let found = scanned.get(holder);
  if (!found) {
    found = htmlImages(child(holder, 'text')?.text ?? '');
    scanned.set(holder, found);
  }
  return found;
}

/** The text of a `<questiontext>`, `<generalfeedback>` or `<answer>`, as its format says. */
function textOf(el: El | undefined): string {
  if (!el) return '';
  const raw = child(el, 'text')?.text ?? (el.name === 'text' ? el.text : '');
  const format = el.attrs.format ?? 'html';
  if (format === 'plain_text' || format === 'markdown') return raw.replace(/\s+/g, ' ').trim();
  return htmlToText(IMAGE_HOLDERS.has(el.name) ? holderHtml(el).html : raw);
}

/** An image read from a Moodle file: its name there and its bytes (checked as an upload is). */
export interface EmbeddedImage {
  name: string;
  data: Buffer;
}

/** `x%20y.png` → `x y.png` (Moodle writes the names in `src` URL-encoded); the text itself if not. */
function decodeName(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const PLUGINFILE_RE = /@@PLUGINFILE@@\/([^"'\s<>?#]{1,300})/g;
const shortName = (name: string) => Array.from(name).slice(0, 60).join('') || '?';

/** Bytes of a picture checked as an upload is; null and a line in `issues` when refused. */
function checked(name: string, data: Buffer, issues: ImportIssue[]): Buffer | null {
  if (data.length > IMAGE_MAX_BYTES) {
    issues.push({ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name } });
    return null;
  }
  try {
    checkImage(data);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const key = err.key === ERR.IMAGE_TOO_LARGE ? ERR.IMPORT_IMAGE_TOO_LARGE : ERR.IMPORT_IMAGE_TYPE;
    issues.push({ key, params: { name } });
    return null;
  }
  return data;
}

/** An embedded `<file>`: refused past its size unread, or not base64; else its bytes checked. */
function fileImage(file: El, issues: ImportIssue[]): EmbeddedImage | null {
  const name = shortName(file.attrs.name ?? '');
  if (file.tooLarge) {
    issues.push({ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name } });
    return null;
  }
  if ((file.attrs.encoding ?? 'base64').toLowerCase() !== 'base64') {
    issues.push({ key: ERR.IMPORT_IMAGE_TYPE, params: { name } });
    return null;
  }
  const data = checked(name, Buffer.from(file.text, 'base64'), issues);
  return data && { name: file.attrs.name ?? '', data };
}

/**
 * A `data:` picture: past an image's size (or cut with the text that carries it) refused unread,
 * not base64 refused as not a PNG or JPEG; else its bytes checked as an embedded file's.
 */
function dataImage(image: DataImage, textCut: boolean, issues: ImportIssue[]): EmbeddedImage | null {
  const { name } = image;
  if ((!image.complete && textCut) || image.payload.length > FILE_TEXT_MAX) {
    issues.push({ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name } });
    return null;
  }
  if (!image.base64) {
    issues.push({ key: ERR.IMPORT_IMAGE_TYPE, params: { name } });
    return null;
  }
  const data = checked(name, Buffer.from(image.payload, 'base64'), issues);
  return data && { name, data };
}

/**
 * The picture of a question's text or general feedback: the first picture its HTML shows, an
 * embedded file (`@@PLUGINFILE@@/name`) or a `data:` URL, or its first file when none is shown;
 * null when it has none or the picture is refused (the reason added to `issues`: not a PNG or
 * JPEG, too large). A picture linked from another site is never fetched: a line names its host.
 */
function embeddedImage(holder: El | undefined, issues: ImportIssue[]): EmbeddedImage | null {
  if (!holder) return null;
  const files = children(holder, 'file').filter((f) => !f.skipped);
  const { html, data, external } = holderHtml(holder);
  for (const host of external) issues.push({ key: ERR.IMPORT_IMAGE_EXTERNAL, params: { host } });
  const byName = new Map(files.map((f) => [f.attrs.name ?? '', f] as const));
  type Shown = { at: number; file?: El; data?: DataImage };
  const shown: Shown[] = data.map((d) => ({ at: d.at, data: d }));
  for (const m of html.matchAll(PLUGINFILE_RE)) {
    const name = decodeName(m[1]).split('/').pop() ?? '';
    const file = byName.get(name);
    if (file && !shown.some((s) => s.file === file)) shown.push({ at: m.index, file });
  }
  shown.sort((a, b) => a.at - b.at);
  const [first, ...others] = shown.length ? shown : files.map((file): Shown => ({ at: 0, file }));
  if (!first) return null;
  // Only one picture a question (and one its explanation): the others are named in the report.
  const name = first.file ? shortName(first.file.attrs.name ?? '') : (first.data?.name ?? '?');
  if (others.length) issues.push({ key: ERR.IMPORT_IMAGE_EXTRA, params: { name, count: others.length } });
  if (first.file) return fileImage(first.file, issues);
  return dataImage(first.data as DataImage, child(holder, 'text')?.cut === true, issues);
}

/** Moodle 1.9's picture of a question: `<image>name</image>` and `<image_base64>` beside its text. */
function oldImage(q: El, issues: ImportIssue[]): EmbeddedImage | null {
  const data = child(q, 'image_base64');
  if (!data || data.skipped) return null;
  const name = (child(q, 'image')?.text ?? '').trim().split('/').pop() || 'image';
  const holder: El = { ...q, name: 'questiontext', children: [{ ...data, name: 'file', attrs: { name } }] };
  return embeddedImage(holder, issues);
}

const fraction = (a: El) => {
  const f = Number(a.attrs.fraction ?? '0');
  return Number.isFinite(f) ? f : 0;
};

/** One `<question>` as a candidate of the import, or null for a category. */
function readQuestion(q: El): Candidate | null {
  const type = q.attrs.type ?? '';
  if (type === 'category') return null;
  const tags = new Set(
    (child(q, 'tags')?.children ?? []).map((t) => (child(t, 'text')?.text ?? t.text).trim()).filter(Boolean),
  );
  const question = textOf(child(q, 'questiontext'));
  const explanation = textOf(child(q, 'generalfeedback')) || null;
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const base: Candidate = {
    line: q.line,
    question,
    equationMode: tags.has(TAG.equation),
    slots: [],
    errors,
    explanation,
    warnings,
  };
  // Read only for a type the raid has (a refused essay's pictures are not worth a line).
  const known = ['multichoice', 'truefalse', 'ordering', 'numerical', 'shortanswer'].includes(type);
  if (known || tags.has(TAG.pollText) || tags.has(TAG.pollNumber)) {
    base.image = embeddedImage(child(q, 'questiontext'), warnings) ?? oldImage(q, warnings);
    base.explanationImage = embeddedImage(child(q, 'generalfeedback'), warnings);
  }
  const answers = children(q, 'answer');
  const slots = (list: El[], right: (a: El) => boolean) =>
    list.map((a, i) => ({ n: i + 1, text: textOf(a), isCorrect: right(a) }));
  // A typed poll travels as an essay (what Moodle has nearest), tagged with its mode.
  if (tags.has(TAG.pollText)) return { ...base, kind: 'poll', poll: { pollMode: 'text' } };
  if (tags.has(TAG.pollNumber)) return { ...base, kind: 'poll', poll: { pollMode: 'number' } };
  switch (type) {
    case 'multichoice': {
      if (tags.has(TAG.poll))
        return { ...base, kind: 'poll', poll: { pollMode: 'choice' }, slots: slots(answers, () => false) };
      return { ...base, kind: 'choice', slots: slots(answers, (a) => fraction(a) > 0) };
    }
    case 'truefalse': {
      // Moodle writes "true" and "false"; the raid shows them in French, as the interface.
      const right = answers.find((a) => fraction(a) > 0);
      const trueIsRight = right ? textOf(right).toLowerCase() === 'true' : true;
      return {
        ...base,
        kind: 'choice',
        slots: [
          { n: 1, text: 'Vrai', isCorrect: trueIsRight },
          { n: 2, text: 'Faux', isCorrect: !trueIsRight },
        ],
      };
    }
    case 'ordering': {
      const ordered = answers
        .map((a, i) => ({ a, i, f: fraction(a) }))
        .sort((x, y) => x.f - y.f || x.i - y.i)
        .map((x) => x.a);
      return { ...base, kind: 'order', slots: slots(ordered, () => false) };
    }
    case 'numerical': {
      const best = [...answers].sort((x, y) => fraction(y) - fraction(x))[0];
      const raw = best ? textOf(best) : '';
      const value = best && fraction(best) >= 100 ? readDecimal(raw) : null;
      if (raw && value === null && raw !== '*')
        errors.push({ key: ERR.IMPORT_BAD_NUMBER, params: { column: 'answer', value: raw } });
      const tolerance = Math.abs(readDecimal(child(best, 'tolerance')?.text ?? '0') ?? 0);
      const relative = tags.has(TAG.relative) && value !== null && value !== 0;
      const unitTag = [...tags].find((t) => t.startsWith(TAG.unitPrefix));
      const units = child(q, 'units');
      const unitEl = units?.children.find((u) => readDecimal(child(u, 'multiplier')?.text ?? '1') === 1);
      const unit = (unitTag?.slice(TAG.unitPrefix.length) ?? child(unitEl, 'unit_name')?.text ?? '').trim();
      return {
        ...base,
        kind: 'number',
        number:
          value === null
            ? null
            : {
                value,
                tolerance: relative ? roundSignificant(tolerance / Math.abs(value)) : tolerance,
                toleranceMode: relative ? 'relative' : 'absolute',
                unit: unit || null,
              },
      };
    }
    case 'shortanswer': {
      const accepted = answers
        .filter((a) => fraction(a) >= 100)
        .map(textOf)
        .filter(Boolean);
      const usecase = (child(q, 'usecase')?.text ?? '0').trim();
      return {
        ...base,
        kind: 'text',
        textAnswer: accepted.length
          ? {
              accepted,
              ignoreCase: usecase !== '1' && !tags.has(TAG.caseSensitive),
              ignoreAccents: !tags.has(TAG.accents),
              allowTypo: tags.has(TAG.typo),
            }
          : null,
      };
    }
    default:
      errors.push({ key: ERR.IMPORT_TYPE_REFUSED, params: { type: type || '?' } });
      return base;
  }
}

/** The questions of a Moodle XML file, each with the line its `<question>` starts on. */
export function readMoodleXml(xml: string): Candidate[] {
  const quiz = readTree(xml);
  return children(quiz, 'question').flatMap((q) => readQuestion(q) ?? []);
}
