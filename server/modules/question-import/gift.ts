// GIFT question files (issue 23), read as Moodle's own importer reads them (question/format/gift in
// Moodle): questions separated by blank lines, `//` comment lines (their `[tag:…]` kept), an optional
// `::name::`, an optional `[html]`-like format, one answer block `{…}`, `####` general feedback, and
// the escapes `\~ \= \# \{ \} \: \\ \n`. The maintained alternative on npm, gift-pegjs 1.0.2, is a
// small grammar last changed years ago that throws on the first bad question: a whole-file refusal,
// where the import reports line by line (docs/decisions.md). This reader is linear in the file.
//
// Read: multiple choice (one `=` or weights `~%50%`), true/false, numerical (`#value:tolerance`,
// `#min..max`, `#=value:tol`), short answer (`=word =other`), matching whose right sides are 1..n
// (our export's order questions); the others are refused lines naming their type.
import { ERR } from '../../../shared/errors.js';
import type { ImportIssue } from '../../../shared/question-import.js';
import { htmlToText, TAG } from './moodle-xml.js';
import { type Candidate, readDecimal, roundSignificant, tooManyLines } from './questions.js';

const QUESTIONS_MAX = 200;

// Escaped characters stand as private-use characters while the block is cut up (Moodle uses `&&058;`).
const ESCAPES: [string, string][] = [
  ['\\:', '\uE001'],
  ['\\#', '\uE002'],
  ['\\=', '\uE003'],
  ['\\{', '\uE004'],
  ['\\}', '\uE005'],
  ['\\~', '\uE006'],
  ['\\n', '\uE007'],
];
const BACKSLASH = '\uE000';
const PLACEHOLDER_RE = /[\uE000-\uE007]/g;
const RESTORE: Record<string, string> = {
  '\uE000': '\\',
  '\uE001': ':',
  '\uE002': '#',
  '\uE003': '=',
  '\uE004': '{',
  '\uE005': '}',
  '\uE006': '~',
  '\uE007': '\n',
};

function escapePre(s: string): string {
  let out = s.replace(PLACEHOLDER_RE, '').split('\\\\').join(BACKSLASH);
  for (const [from, to] of ESCAPES) out = out.split(from).join(to);
  return out;
}

const escapePost = (s: string) => s.replace(PLACEHOLDER_RE, (c) => RESTORE[c]);

const FORMATS = new Set(['html', 'moodle', 'plain', 'markdown']);

/** A piece of text as Moodle's parse_text_with_format reads it: its `[format]`, escapes restored. */
function textWithFormat(raw: string, fallback = 'moodle'): { text: string; format: string } {
  let text = raw.trim();
  let format = fallback;
  const m = /^\[([a-z]+)\]/.exec(text);
  if (m && FORMATS.has(m[1])) {
    format = m[1];
    text = text.slice(m[0].length);
  }
  text = escapePost(text).trim();
  if (format === 'html' || format === 'moodle') text = htmlToText(text);
  else text = text.replace(/\s+/g, ' ').trim();
  return { text, format };
}

const WEIGHT_RE = /^%(-?\d{1,3}(?:\.\d*)?)%/;

/** `%50%yellow # right` → weight 50, text "yellow" (the feedback after `#` dropped). */
function answerOf(raw: string, format: string, defaultWeight: number): { text: string; weight: number } {
  let a = raw.trim();
  let weight = defaultWeight;
  const w = WEIGHT_RE.exec(a);
  if (w) {
    weight = Number(w[1]);
    a = a.slice(w[0].length);
  }
  const hash = a.indexOf('#');
  if (hash >= 0) a = a.slice(0, hash);
  return { text: textWithFormat(a, format).text, weight };
}

function readBlock(lines: { n: number; text: string }[]): Candidate | 'category' | null {
  const tags = new Set<string>();
  const kept: { n: number; text: string }[] = [];
  for (const l of lines) {
    if (l.text.trim().startsWith('//')) {
      for (const m of l.text.matchAll(/\[tag:([^\]]{1,100})\]/g)) tags.add(m[1].trim());
    } else kept.push(l);
  }
  let text = kept
    .map((l) => l.text)
    .join('\n')
    .trim();
  if (!text) return null;
  const line = kept.find((l) => l.text.trim())?.n ?? lines[0].n;
  text = escapePre(text);
  if (text.startsWith('$CATEGORY:')) return 'category';
  if (text.startsWith('::')) {
    const end = text.indexOf('::', 2);
    if (end >= 0) text = text.slice(end + 2).trim();
  }
  const errors: ImportIssue[] = [];
  const start = text.indexOf('{');
  const finish = text.indexOf('}');
  const refuse = (key: string, params?: Record<string, string>): Candidate => ({
    line,
    question: textWithFormat(text.replace(/[{}]/g, ' ')).text,
    equationMode: false,
    slots: [],
    errors: [params ? { key, params } : { key }],
  });
  if (start < 0 && finish < 0) return refuse(ERR.IMPORT_TYPE_REFUSED, { type: 'description' });
  if (start < 0 || finish < start) return refuse(ERR.IMPORT_BAD_GIFT);
  let answerText = text.slice(start + 1, finish).trim();
  const questionRaw = text.endsWith('}')
    ? text.slice(0, start) + text.slice(finish + 1)
    : `${text.slice(0, start)}_____${text.slice(finish + 1)}`;
  const gf = answerText.lastIndexOf('####');
  let feedbackRaw = '';
  if (gf >= 0) {
    feedbackRaw = answerText.slice(gf + 4);
    answerText = answerText.slice(0, gf).trim();
  }
  const q = textWithFormat(questionRaw);
  const explanation = feedbackRaw.trim() ? textWithFormat(feedbackRaw, q.format).text : null;
  const base: Candidate = {
    line,
    question: q.text,
    equationMode: tags.has(TAG.equation),
    slots: [],
    errors,
    explanation,
  };
  const slotsOf = (list: { text: string; weight: number }[], right: boolean) =>
    list.map((a, i) => ({ n: i + 1, text: a.text, isCorrect: right && a.weight > 0 }));

  if (answerText === '') {
    if (tags.has(TAG.pollText)) return { ...base, kind: 'poll', poll: { pollMode: 'text' } };
    if (tags.has(TAG.pollNumber)) return { ...base, kind: 'poll', poll: { pollMode: 'number' } };
    return refuse(ERR.IMPORT_TYPE_REFUSED, { type: 'essay' });
  }
  if (answerText.startsWith('#')) {
    if (tags.has(TAG.pollNumber)) return { ...base, kind: 'poll', poll: { pollMode: 'number' } };
    return { ...base, kind: 'number', number: readNumerical(answerText.slice(1), tags, errors) };
  }
  if (answerText.includes('~')) {
    const parts = answerText.split('=').join('~=').split('~');
    if (!parts[0].trim()) parts.shift();
    const answers = parts.map((p) =>
      p.trim().startsWith('=') ? answerOf(p.trim().slice(1), q.format, 100) : answerOf(p, q.format, 0),
    );
    if (tags.has(TAG.poll))
      return { ...base, kind: 'poll', poll: { pollMode: 'choice' }, slots: slotsOf(answers, false) };
    return { ...base, kind: 'choice', slots: slotsOf(answers, true) };
  }
  if (answerText.includes('=') && answerText.includes('->')) {
    const pairs = answerText
      .split('=')
      .filter((p) => p.trim())
      .map((p) => {
        const [left, right = ''] = p.split('->');
        return { item: textWithFormat(left, q.format).text, at: escapePost(right).trim() };
      });
    const positions = pairs.map((p) => Number(p.at));
    const isOrder =
      pairs.every((p) => /^\d$/.test(p.at)) &&
      [...positions].sort((a, b) => a - b).every((n, i) => n === i + 1);
    if (!isOrder) return refuse(ERR.IMPORT_TYPE_REFUSED, { type: 'matching' });
    const ordered = [...pairs].sort((a, b) => Number(a.at) - Number(b.at));
    return {
      ...base,
      kind: 'order',
      slots: ordered.map((p, i) => ({ n: i + 1, text: p.item, isCorrect: false })),
    };
  }
  const tf = answerText.split('#')[0].trim();
  if (['T', 'TRUE', 'F', 'FALSE'].includes(tf)) {
    const trueIsRight = tf.startsWith('T');
    return {
      ...base,
      kind: 'choice',
      slots: [
        { n: 1, text: 'Vrai', isCorrect: trueIsRight },
        { n: 2, text: 'Faux', isCorrect: !trueIsRight },
      ],
    };
  }
  // Short answer: `=word#feedback =%50%other`. Only fully right answers are accepted; `*` (any) is not one.
  if (tags.has(TAG.pollText)) return { ...base, kind: 'poll', poll: { pollMode: 'text' } };
  const accepted = answerText
    .split('=')
    .filter((p) => p.trim())
    .map((p) => answerOf(p, q.format, 100))
    .filter((a) => a.weight >= 100 && a.text && a.text !== '*')
    .map((a) => a.text);
  return {
    ...base,
    kind: 'text',
    textAnswer: accepted.length
      ? {
          accepted,
          ignoreCase: !tags.has(TAG.caseSensitive),
          ignoreAccents: !tags.has(TAG.accents),
          allowTypo: tags.has(TAG.typo),
        }
      : null,
  };
}

/** `3.14:0.01`, `1..5`, `=3.14:0.01 =%50%3:1`, each possibly followed by `#feedback` or `~` wrong answers. */
function readNumerical(body: string, tags: Set<string>, errors: ImportIssue[]): Candidate['number'] {
  let main = body.trim();
  if (main.startsWith('=') || main.includes('=')) {
    const options = main
      .split('=')
      .filter((p) => p.trim())
      .map((p) => {
        const w = WEIGHT_RE.exec(p.trim());
        return { weight: w ? Number(w[1]) : 100, text: w ? p.trim().slice(w[0].length) : p.trim() };
      });
    main = options.find((o) => o.weight >= 100)?.text ?? '';
  }
  main = main.split('~')[0].split('#')[0].trim();
  main = escapePost(main);
  let value: number | null;
  let tolerance = 0;
  const range = /^(.+?)\.\.(.+)$/.exec(main);
  if (range) {
    const lo = readDecimal(range[1]);
    const hi = readDecimal(range[2]);
    value = lo !== null && hi !== null ? roundSignificant((lo + hi) / 2) : null;
    tolerance = lo !== null && hi !== null ? roundSignificant(Math.abs(hi - lo) / 2) : 0;
  } else {
    const [v, t] = main.split(':');
    value = readDecimal(v ?? '');
    tolerance = t === undefined ? 0 : Math.abs(readDecimal(t) ?? Number.NaN);
    if (Number.isNaN(tolerance)) {
      errors.push({ key: ERR.TOLERANCE_INVALID, params: { column: 'GIFT', value: t ?? '' } });
      tolerance = 0;
    }
  }
  if (value === null) {
    errors.push({ key: ERR.IMPORT_BAD_NUMBER, params: { column: 'GIFT', value: main } });
    return null;
  }
  const relative = tags.has(TAG.relative) && value !== 0;
  const unitTag = [...tags].find((t) => t.startsWith(TAG.unitPrefix));
  return {
    value,
    tolerance: relative ? roundSignificant(tolerance / Math.abs(value)) : tolerance,
    toleranceMode: relative ? 'relative' : 'absolute',
    unit: unitTag ? unitTag.slice(TAG.unitPrefix.length).trim() || null : null,
  };
}

/** The questions of a GIFT file, each with the line it starts on. */
export function readGift(text: string): Candidate[] {
  const out: Candidate[] = [];
  let block: { n: number; text: string }[] = [];
  const flush = () => {
    if (block.length) {
      const c = readBlock(block);
      if (c && c !== 'category') {
        if (out.length >= QUESTIONS_MAX) throw tooManyLines();
        out.push(c);
      }
    }
    block = [];
  };
  const lines = text.split(/\r\n|\r|\n/);
  for (const [i, l] of lines.entries()) {
    if (l.trim() === '') flush();
    else block.push({ n: i + 1, text: l });
  }
  flush();
  return out;
}
