// A raid's questions written as Moodle XML, GIFT or our own sheet template (issue 23), each read back
// by the import unchanged (tests: export.test.ts). Where a format has no field for something of ours,
// it travels as a question tag (`classe-raid-…`, moodle-xml.ts TAG) that Moodle keeps and shows:
// a poll (a multiple choice without right answer; a typed poll as an essay), a relative tolerance
// (the absolute one is written too), accents and one typo of a text answer, a GIFT unit.
// Pictures travel in Moodle XML only, embedded as Moodle embeds them (a base64 `<file>` in the
// question's text or general feedback, shown by `<img src="@@PLUGINFILE@@/name">`); GIFT and the
// sheet template leave them out (docs/decisions.md, the export menu says so).
import type { QuestionKind } from '../../../shared/questions/kinds.js';
import type { QuestionDraft } from '../../../shared/schemas/raid.js';
import { ANSWERS_MAX } from '../../../shared/schemas/raid.js';
import { TAG } from './moodle-xml.js';
import { ACCEPTED_SEPARATOR, roundSignificant, TYPE_WORDS } from './questions.js';

/** A picture as Moodle XML embeds it: its file name and its bytes. */
export interface ExportImage {
  name: string;
  data: Uint8Array;
}

/** What an export writes of a question (a stored question has these fields, plus ids), and its pictures. */
export type ExportQuestion = Pick<
  QuestionDraft,
  'kind' | 'text' | 'equationMode' | 'answers' | 'number' | 'textAnswer' | 'poll' | 'explanation'
> & { image?: ExportImage; explanationImage?: ExportImage };

const FORMULA = /\$\$[\s\S]+?\$\$/;

function tagsOf(q: ExportQuestion): string[] {
  const tags: string[] = [];
  const formula = [q.text, ...q.answers.map((a) => a.text)].some((t) => FORMULA.test(t));
  if (q.equationMode && !formula) tags.push(TAG.equation);
  if (q.kind === 'poll') {
    const mode = q.poll?.pollMode ?? 'choice';
    tags.push(mode === 'number' ? TAG.pollNumber : mode === 'text' ? TAG.pollText : TAG.poll);
  }
  if (q.kind === 'number' && q.number) {
    if (q.number.toleranceMode === 'relative' && q.number.value !== 0) tags.push(TAG.relative);
  }
  if (q.kind === 'text' && q.textAnswer) {
    if (!q.textAnswer.ignoreAccents) tags.push(TAG.accents);
    if (q.textAnswer.allowTypo) tags.push(TAG.typo);
    if (!q.textAnswer.ignoreCase) tags.push(TAG.caseSensitive);
  }
  return tags;
}

/** A number's absolute tolerance (a relative one times the value). */
const absoluteTolerance = (n: NonNullable<ExportQuestion['number']>) =>
  roundSignificant(n.toleranceMode === 'relative' ? n.tolerance * Math.abs(n.value) : n.tolerance);

/** True/false in Moodle's sense: our two answers "Vrai", "Faux" in that order, one right. */
const isTrueFalse = (q: ExportQuestion) =>
  q.kind === 'choice' &&
  q.answers.length === 2 &&
  q.answers[0].text === 'Vrai' &&
  q.answers[1].text === 'Faux' &&
  q.answers[0].isCorrect !== q.answers[1].isCorrect;

/** A question's name in Moodle (it requires one): its text's first 60 characters. */
const nameOf = (q: ExportQuestion) => Array.from(q.text).slice(0, 60).join('');

// ---------- Moodle XML ----------

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const htmlOf = (s: string) => xmlEscape(s).replace(/\n/g, '<br>');
const cdata = (s: string) => `<![CDATA[${s.split(']]>').join(']]]]><![CDATA[>')}]]>`;
const htmlText = (s: string) => `<text>${cdata(htmlOf(s))}</text>`;

/** A question's text or general feedback in HTML, with its picture shown and embedded. */
function withImage(s: string, image: ExportImage | undefined): string {
  if (!image) return htmlText(s);
  const src = `@@PLUGINFILE@@/${encodeURIComponent(image.name)}`;
  const html = `${htmlOf(s)}${s ? '<br>' : ''}<img src="${xmlEscape(src)}" alt="">`;
  const base64 = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength).toString(
    'base64',
  );
  return `<text>${cdata(html)}</text>\n      <file name="${xmlEscape(image.name)}" path="/" encoding="base64">${base64}</file>\n    `;
}

function moodleType(q: ExportQuestion): string {
  if (isTrueFalse(q)) return 'truefalse';
  const types: Record<QuestionKind, string> = {
    choice: 'multichoice',
    number: 'numerical',
    text: 'shortanswer',
    order: 'ordering',
    poll: 'multichoice',
  };
  if (q.kind === 'poll' && (q.poll?.pollMode ?? 'choice') !== 'choice') return 'essay';
  return types[q.kind];
}

function moodleQuestion(q: ExportQuestion): string {
  const type = moodleType(q);
  const out: string[] = [
    `  <question type="${type}">`,
    `    <name><text>${xmlEscape(nameOf(q))}</text></name>`,
    `    <questiontext format="html">${withImage(q.text, q.image)}</questiontext>`,
    `    <generalfeedback format="html">${withImage(q.explanation ?? '', q.explanationImage)}</generalfeedback>`,
    '    <defaultgrade>1</defaultgrade>',
    '    <penalty>0</penalty>',
    '    <hidden>0</hidden>',
  ];
  const answer = (fraction: string, text: string, extra = '') =>
    `    <answer fraction="${fraction}" format="html">${htmlText(text)}${extra}</answer>`;
  if (type === 'truefalse') {
    const trueRight = q.answers[0].isCorrect;
    out.push(
      `    <answer fraction="${trueRight ? 100 : 0}" format="moodle_auto_format"><text>true</text></answer>`,
      `    <answer fraction="${trueRight ? 0 : 100}" format="moodle_auto_format"><text>false</text></answer>`,
    );
  } else if (type === 'multichoice') {
    const right = q.answers.filter((a) => a.isCorrect).length;
    const single = q.kind === 'poll' || right === 1;
    const share = right > 0 ? (single ? '100' : String(Number((100 / right).toFixed(5)))) : '0';
    out.push(
      `    <single>${single}</single>`,
      '    <shuffleanswers>true</shuffleanswers>',
      '    <answernumbering>abc</answernumbering>',
      ...q.answers.map((a) => answer(a.isCorrect ? share : '0', a.text)),
    );
  } else if (type === 'ordering') {
    out.push(
      '    <layouttype>VERTICAL</layouttype>',
      '    <selecttype>ALL</selecttype>',
      '    <selectcount>0</selectcount>',
      '    <gradingtype>ALL_OR_NOTHING</gradingtype>',
      '    <showgrading>SHOW</showgrading>',
      '    <numberingstyle>none</numberingstyle>',
      ...q.answers.map((a, i) => answer(String(i + 1), a.text)),
    );
  } else if (type === 'numerical' && q.number) {
    const n = q.number;
    out.push(
      `    <answer fraction="100" format="moodle_auto_format"><text>${n.value}</text><tolerance>${absoluteTolerance(n)}</tolerance></answer>`,
    );
    if (n.unit)
      out.push(
        `    <units><unit><multiplier>1</multiplier><unit_name>${xmlEscape(n.unit)}</unit_name></unit></units>`,
        '    <unitgradingtype>0</unitgradingtype>',
        '    <unitpenalty>0</unitpenalty>',
        '    <showunits>3</showunits>',
        '    <unitsleft>0</unitsleft>',
      );
  } else if (type === 'shortanswer' && q.textAnswer) {
    out.push(
      `    <usecase>${q.textAnswer.ignoreCase ? 0 : 1}</usecase>`,
      ...q.textAnswer.accepted.map((a) => answer('100', a)),
    );
  } else if (type === 'essay') {
    out.push('    <responseformat>plain</responseformat>', '    <responserequired>1</responserequired>');
  }
  const tags = tagsOf(q);
  if (tags.length)
    out.push(`    <tags>${tags.map((t) => `<tag><text>${xmlEscape(t)}</text></tag>`).join('')}</tags>`);
  out.push('  </question>');
  return out.join('\n');
}

/** A Moodle XML file (a `<quiz>`) of the questions, in order. */
export function toMoodleXml(questions: readonly ExportQuestion[], category?: string): string {
  const head = category
    ? [
        '  <question type="category">',
        `    <category><text>$course$/${xmlEscape(category.replace(/\//g, '//'))}</text></category>`,
        '  </question>',
      ]
    : [];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${[...head, ...questions.map(moodleQuestion)].join('\n')}\n</quiz>\n`;
}

// ---------- GIFT ----------

/** GIFT's reserved characters escaped (`\\` first), line breaks as `\n`. */
export const giftEscape = (s: string) => s.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

function giftQuestion(q: ExportQuestion): string {
  const lines: string[] = [];
  const tags = tagsOf(q);
  if (tags.length) lines.push(`// ${tags.map((t) => `[tag:${t}]`).join(' ')}`);
  let block: string[];
  if (isTrueFalse(q)) block = [q.answers[0].isCorrect ? 'TRUE' : 'FALSE'];
  else if (q.kind === 'choice' || (q.kind === 'poll' && (q.poll?.pollMode ?? 'choice') === 'choice')) {
    const right = q.answers.filter((a) => a.isCorrect).length;
    block = q.answers.map((a) => {
      if (!a.isCorrect) return `~${giftEscape(a.text)}`;
      return right === 1
        ? `=${giftEscape(a.text)}`
        : `~%${Number((100 / right).toFixed(5))}%${giftEscape(a.text)}`;
    });
  } else if (q.kind === 'number' && q.number) block = [`#${q.number.value}:${absoluteTolerance(q.number)}`];
  else if (q.kind === 'text' && q.textAnswer) block = q.textAnswer.accepted.map((a) => `=${giftEscape(a)}`);
  else if (q.kind === 'order') block = q.answers.map((a, i) => `=${giftEscape(a.text)} -> ${i + 1}`);
  else block = [];
  if (q.kind === 'number' && q.number?.unit)
    lines[0] = `${lines[0] ?? '//'} [tag:${TAG.unitPrefix}${q.number.unit}]`;
  if (q.explanation) block.push(`####${giftEscape(q.explanation)}`);
  lines.push(`::${giftEscape(nameOf(q))}::[plain]${giftEscape(q.text)} {`);
  for (const b of block) lines.push(`\t${b}`);
  lines.push('}');
  return lines.join('\n');
}

/** A GIFT file of the questions, in order (blank lines between them). */
export function toGift(questions: readonly ExportQuestion[]): string {
  return `${questions.map(giftQuestion).join('\n\n')}\n`;
}

// ---------- our sheet template ----------

/** The template's header since issue 23: the old columns (still read alone), then the kinds'. */
export const TEMPLATE_HEADER = [
  'Question',
  'Équation',
  'Type',
  ...Array.from({ length: ANSWERS_MAX }, (_, i) => [`Réponse ${i + 1}`, `Correcte ${i + 1}`]).flat(),
  'Valeur',
  'Tolérance',
  'Unité',
  'Réponses acceptées',
  'Ignorer la casse',
  'Ignorer les accents',
  'Une faute permise',
  'Explication',
];

const frNumber = (n: number) => String(n).replace('.', ',');
const yesNo = (b: boolean) => (b ? 'oui' : 'non');

/** One row of the template for a question (its cells in TEMPLATE_HEADER's order). */
export function templateRow(q: ExportQuestion): string[] {
  const type =
    q.kind === 'poll'
      ? q.poll?.pollMode === 'number'
        ? TYPE_WORDS.pollNumber
        : q.poll?.pollMode === 'text'
          ? TYPE_WORDS.pollText
          : TYPE_WORDS.poll
      : TYPE_WORDS[q.kind];
  const answers = Array.from({ length: ANSWERS_MAX }, (_, i) => {
    const a = q.answers[i];
    return a ? [a.text, a.isCorrect ? 'x' : ''] : ['', ''];
  }).flat();
  const n = q.kind === 'number' ? q.number : null;
  const t = q.kind === 'text' ? q.textAnswer : null;
  return [
    q.text,
    yesNo(q.equationMode),
    type,
    ...answers,
    n ? frNumber(n.value) : '',
    n
      ? n.toleranceMode === 'relative'
        ? `${frNumber(roundSignificant(n.tolerance * 100))} %`
        : frNumber(n.tolerance)
      : '',
    n?.unit ?? '',
    t ? t.accepted.join(` ${ACCEPTED_SEPARATOR} `) : '',
    t ? yesNo(t.ignoreCase) : '',
    t ? yesNo(t.ignoreAccents) : '',
    t ? yesNo(t.allowTypo) : '',
    q.explanation ?? '',
  ];
}

/** The sheet's rows: the header, then one row a question. */
export const templateRows = (questions: readonly ExportQuestion[]) => [
  TEMPLATE_HEADER,
  ...questions.map(templateRow),
];
