// From the rows of a sheet (CSV or XLSX) to questions: the header names the columns, each data row
// becomes a whole valid question or is refused with its reasons (same rules as the raid form).
import { ANSWERS_MIN, QUESTION_MAX } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import type { ImportIssue, ImportReportLine, ImportResult } from '../../../shared/question-import.js';
import {
  ACCEPTED_ANSWER_MAX,
  ACCEPTED_MAX,
  EXPLANATION_MAX,
  type NumberSettings,
  ORDER_ITEMS_MAX,
  ORDER_ITEMS_MIN,
  type PollSettings,
  type QuestionKind,
  type TextSettings,
  UNIT_MAX,
} from '../../../shared/questions/kinds.js';
import {
  ANSWER_MAX,
  ANSWERS_MAX,
  QUESTIONS_PER_RAID_MAX,
  type QuestionDraft,
  questionDraftSchema,
  questionKey,
} from '../../../shared/schemas/raid.js';
import { badRequest } from '../../lib/errors.js';

/**
 * Non-empty rows the readers take from a file before they stop: the header, QUESTIONS_PER_RAID_MAX
 * questions, and room for a Kahoot sheet's title, notes and numbered empty rows.
 */
export const IMPORT_ROWS_MAX = 1000;
export const tooManyLines = () =>
  badRequest(ERR.IMPORT_TOO_MANY_LINES, { params: { max: QUESTIONS_PER_RAID_MAX } });

/** One non-empty row of a sheet and its number in the spreadsheet (1-based). */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** Columns of the template besides the answers: the kinds of question of issue 23 added theirs. */
const SINGLE_COLUMNS = [
  'question',
  'equation',
  'type',
  'value',
  'tolerance',
  'unit',
  'accepted',
  'ignoreCase',
  'ignoreAccents',
  'typo',
  'explanation',
] as const;
type SingleColumn = (typeof SINGLE_COLUMNS)[number];

type Column = { kind: SingleColumn } | { kind: 'answer'; n: number } | { kind: 'correct'; n: number };

/** "Réponse 1 " → "reponse1": lower case, no accents, letters and digits only. */
const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

// Column names in French (the template), English, Italian and Corsican.
const QUESTION_NAMES = /^(question|intitule|enonce|domanda|dumanda)$/;
const EQUATION_NAMES = /^(equation|modeequation|equationmode|formule|latex|equazione)$/;
const ANSWER_NAMES = /^(reponse|rep|answer|risposta)(\d+)$/;
const CORRECT_NAMES =
  /^(?:(?:correcte?|bonne|bonnereponse|juste|vrai|correctanswer|iscorrect|corretta|giusta)(\d+)|(?:reponse|answer|risposta)(\d+)(?:correcte?|juste|bonne|corretta))$/;

// Issue 23's columns, in French (the template), English, Italian and Corsican.
const KIND_COLUMN_NAMES: [Exclude<SingleColumn, 'question' | 'equation'>, RegExp][] = [
  ['type', /^(type|typedequestion|questiontype|tipo|tipu)$/],
  ['value', /^(valeur|value|valore|valore|valori)$/],
  ['tolerance', /^(tolerance|tolleranza|toleranza)$/],
  ['unit', /^(unite|unit|unita)$/],
  ['accepted', /^(reponsesacceptees|acceptedanswers|risposteaccettate|rispostiaccettate)$/],
  ['ignoreCase', /^(ignorerlacasse|ignorecase|ignoramaiuscole|ignoralemaiuscule)$/],
  ['ignoreAccents', /^(ignorerlesaccents|ignoreaccents|ignoraaccenti|ignoraliaccenti)$/],
  ['typo', /^(unefautepermise|onetypo|allowtypo|unerrorepermesso|unsbagliupermessu)$/],
  ['explanation', /^(explication|explanation|spiegazione|spiegazione|spiegazioni)$/],
];

function columnOf(name: string): Column | null {
  const k = normalize(name);
  if (QUESTION_NAMES.test(k)) return { kind: 'question' };
  if (EQUATION_NAMES.test(k)) return { kind: 'equation' };
  for (const [kind, re] of KIND_COLUMN_NAMES) if (re.test(k)) return { kind };
  const a = ANSWER_NAMES.exec(k);
  if (a) return { kind: 'answer', n: Number(a[2]) };
  const c = CORRECT_NAMES.exec(k);
  if (c) return { kind: 'correct', n: Number(c[1] ?? c[2]) };
  return null;
}

const TRUE_MARKS = new Set([
  'x',
  'oui',
  'o',
  'yes',
  'y',
  '1',
  'vrai',
  'true',
  'si',
  'ie',
  'correct',
  'correcte',
  '✓',
  '✔',
]);
const FALSE_MARKS = new Set(['', 'non', 'n', 'no', '0', 'faux', 'false', '-']);

/** A yes/no cell: true, false, or null when it is neither. */
export function readMark(cell: string): boolean | null {
  const k = cell.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  if (TRUE_MARKS.has(k)) return true;
  if (FALSE_MARKS.has(k)) return false;
  return null;
}

interface Layout {
  question: number;
  equation: { index: number; name: string } | null;
  /** Issue 23's columns present in the header: their index and name as written. */
  extra: Partial<Record<Exclude<SingleColumn, 'question' | 'equation'>, { index: number; name: string }>>;
  /** Per answer number 1..ANSWERS_MAX present in the header: its text and correct-mark columns. */
  answers: { n: number; text: number | null; correct: { index: number; name: string } | null }[];
}

/** Reads the header row; a file whose first row is not the template's header is refused as a whole. */
export function readHeader(header: string[]): Layout {
  let question = -1;
  let equation: Layout['equation'] = null;
  const extra: Layout['extra'] = {};
  const answers = new Map<number, Layout['answers'][number]>();
  const seen = new Set<string>();
  // Without a question column the first row is not a header at all (data, or another file).
  if (!header.some((h) => columnOf(h)?.kind === 'question')) throw badRequest(ERR.IMPORT_NO_HEADER);
  header.forEach((raw, index) => {
    const name = raw.trim();
    if (!name) return;
    const col = columnOf(name);
    const known = col && (!('n' in col) || (col.n >= 1 && col.n <= ANSWERS_MAX));
    if (!col || !known) throw badRequest(ERR.IMPORT_UNKNOWN_COLUMN, { params: { column: name } });
    const id = col.kind === 'answer' || col.kind === 'correct' ? `${col.kind}${col.n}` : col.kind;
    if (seen.has(id)) throw badRequest(ERR.IMPORT_DUPLICATE_COLUMN, { params: { column: name } });
    seen.add(id);
    if (col.kind === 'question') question = index;
    else if (col.kind === 'equation') equation = { index, name };
    else if (col.kind !== 'answer' && col.kind !== 'correct') extra[col.kind] = { index, name };
    else {
      const slot = answers.get(col.n) ?? { n: col.n, text: null, correct: null };
      if (col.kind === 'answer') slot.text = index;
      else slot.correct = { index, name };
      answers.set(col.n, slot);
    }
  });
  // A sheet of numbers and words only may have no answer column; one without either is no template.
  const kindColumns = extra.type && (extra.value || extra.accepted);
  if (question < 0 || (answers.size === 0 && !kindColumns)) throw badRequest(ERR.IMPORT_NO_HEADER);
  for (const slot of answers.values())
    if (slot.text === null && slot.correct)
      // "Correcte 3" without "Réponse 3": the mark would belong to no answer.
      throw badRequest(ERR.IMPORT_UNKNOWN_COLUMN, { params: { column: slot.correct.name } });
  return { question, equation, extra, answers: [...answers.values()].sort((a, b) => a.n - b.n) };
}

const PARAMS: Record<string, Record<string, number>> = {
  [ERR.QUESTION_TOO_LONG]: { max: QUESTION_MAX },
  [ERR.ANSWER_TOO_LONG]: { max: ANSWER_MAX },
  [ERR.ANSWERS_MIN]: { min: ANSWERS_MIN },
  [ERR.TOO_MANY_ANSWERS]: { max: ANSWERS_MAX },
  [ERR.ORDER_ITEMS_MIN]: { min: ORDER_ITEMS_MIN, max: ORDER_ITEMS_MAX },
  [ERR.ACCEPTED_TOO_MANY]: { max: ACCEPTED_MAX },
  [ERR.ACCEPTED_TOO_LONG]: { max: ACCEPTED_ANSWER_MAX },
  [ERR.UNIT_TOO_LONG]: { max: UNIT_MAX },
  [ERR.EXPLANATION_TOO_LONG]: { max: EXPLANATION_MAX },
};

/** The kind settings' own checks (shared/questions/kinds.ts) carry no message: the report names them. */
function settingsKey(path: PropertyKey[], code: string): string | null {
  const [field, sub, index] = path;
  if (field === 'number') {
    if (sub === 'tolerance') return ERR.TOLERANCE_INVALID;
    if (sub === 'unit') return ERR.UNIT_TOO_LONG;
    return ERR.NUMBER_VALUE_REQUIRED;
  }
  if (field === 'textAnswer') {
    if (typeof index === 'number') return code === 'too_big' ? ERR.ACCEPTED_TOO_LONG : ERR.ACCEPTED_REQUIRED;
    return code === 'too_big' ? ERR.ACCEPTED_TOO_MANY : ERR.ACCEPTED_REQUIRED;
  }
  return null;
}

/**
 * What a data row (or a question of a Moodle XML or GIFT file) holds, before the raid form's rules
 * are applied.
 */
export interface LineInput {
  question: string;
  equationMode: boolean;
  /** Answer columns in order: their text and whether they are marked correct. */
  slots: { n: number; text: string; isCorrect: boolean }[];
  errors: ImportIssue[];
  /** Issue 23: the kind (absent: choice) and its settings, and the explanation. */
  kind?: QuestionKind;
  number?: Partial<NumberSettings> | null;
  textAnswer?: Partial<TextSettings> | null;
  poll?: PollSettings | null;
  explanation?: string | null;
}

/** A question read from a file, with its line (the row, or the line its question starts on). */
export interface Candidate extends LineInput {
  line: number;
  /** Pictures a Moodle XML file embedded, already checked as an upload is (moodle-xml.ts). */
  image?: { data: Uint8Array } | null;
  explanationImage?: { data: Uint8Array } | null;
  /** What was left out of a question still imported (a refused picture): shown on its report line. */
  warnings?: ImportIssue[];
}

/** The pictures of an imported question, to store as uploads (service.ts); empty for most. */
export interface QuestionImages {
  image?: Uint8Array;
  explanationImage?: Uint8Array;
}

/** What reading a file answers: the import's result, and each imported question's pictures. */
export interface FileImport extends ImportResult {
  /** One entry per question of `questions`, in the same order. */
  images: QuestionImages[];
}

const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/;

/**
 * A number as teachers write it in a sheet or a Moodle file: a point or a French decimal comma,
 * spaces between thousands, a sign, `1,5e3` or `1,5×10^3`. Null when it is not one.
 */
export function readDecimal(raw: string): number | null {
  const s = raw
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/[−–]/g, '-')
    .replace(/(?:[×x*]10\^)/i, 'e')
    .replace(',', '.')
    .toLowerCase();
  if (s.length > 40 || !DECIMAL_RE.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The template's Type cell, in the four languages (empty: a choice question). */
const TYPE_NAMES: Record<string, { kind: QuestionKind; poll?: PollSettings['pollMode'] }> = {
  '': { kind: 'choice' },
  choix: { kind: 'choice' },
  choice: { kind: 'choice' },
  scelta: { kind: 'choice' },
  scelta2: { kind: 'choice' },
  qcm: { kind: 'choice' },
  vraifaux: { kind: 'choice' },
  truefalse: { kind: 'choice' },
  verofalso: { kind: 'choice' },
  nombre: { kind: 'number' },
  number: { kind: 'number' },
  numero: { kind: 'number' },
  numaru: { kind: 'number' },
  texte: { kind: 'text' },
  text: { kind: 'text' },
  testo: { kind: 'text' },
  testu: { kind: 'text' },
  ordre: { kind: 'order' },
  order: { kind: 'order' },
  ordine: { kind: 'order' },
  ordine2: { kind: 'order' },
  sondage: { kind: 'poll', poll: 'choice' },
  poll: { kind: 'poll', poll: 'choice' },
  sondaggio: { kind: 'poll', poll: 'choice' },
  sundagiu: { kind: 'poll', poll: 'choice' },
  sondagenombre: { kind: 'poll', poll: 'number' },
  pollnumber: { kind: 'poll', poll: 'number' },
  sondaggionumero: { kind: 'poll', poll: 'number' },
  sundagiunumaru: { kind: 'poll', poll: 'number' },
  sondagetexte: { kind: 'poll', poll: 'text' },
  polltext: { kind: 'poll', poll: 'text' },
  sondaggiotesto: { kind: 'poll', poll: 'text' },
  sundagiutestu: { kind: 'poll', poll: 'text' },
};

/** The words the template's writer puts in the Type cell (French, as the template). */
export const TYPE_WORDS: Record<QuestionKind | 'pollNumber' | 'pollText', string> = {
  choice: 'choix',
  number: 'nombre',
  text: 'texte',
  order: 'ordre',
  poll: 'sondage',
  pollNumber: 'sondage nombre',
  pollText: 'sondage texte',
};

/** Accepted answers in one cell, separated by `|` (a `|` inside an answer cannot be written). */
export const ACCEPTED_SEPARATOR = '|';

/** Issue 23's cells of a template row: the kind, its settings and the explanation. */
function kindCells(row: SheetRow, layout: Layout): Partial<LineInput> & { errors: ImportIssue[] } {
  const { extra } = layout;
  const errors: ImportIssue[] = [];
  const cell = (c?: { index: number }) => (c ? (row.cells[c.index] ?? '').trim() : '');
  const typeCell = cell(extra.type);
  const type = TYPE_NAMES[normalize(typeCell)];
  const out: Partial<LineInput> & { errors: ImportIssue[] } = { errors };
  const explanation = cell(extra.explanation);
  if (explanation) out.explanation = explanation;
  if (!type) {
    errors.push({
      key: ERR.IMPORT_BAD_TYPE,
      params: { column: extra.type?.name ?? 'Type', value: typeCell },
    });
    return out;
  }
  out.kind = type.kind;
  const mark = (c: { index: number; name: string } | undefined, fallback: boolean) => {
    const value = cell(c);
    if (!c || value === '') return fallback;
    const m = readMark(value);
    if (m === null) errors.push({ key: ERR.IMPORT_BAD_MARK, params: { column: c.name, value } });
    return m ?? fallback;
  };
  if (type.kind === 'poll') out.poll = { pollMode: type.poll ?? 'choice' };
  if (type.kind === 'number') {
    const raw = cell(extra.value);
    const value = readDecimal(raw);
    if (raw && value === null)
      errors.push({ key: ERR.IMPORT_BAD_NUMBER, params: { column: extra.value?.name ?? '', value: raw } });
    const tolRaw = cell(extra.tolerance);
    const relative = /%\s*$/.test(tolRaw);
    const tol = tolRaw ? readDecimal(tolRaw.replace(/%\s*$/, '')) : 0;
    if (tol === null || tol < 0)
      errors.push({
        key: ERR.TOLERANCE_INVALID,
        params: { column: extra.tolerance?.name ?? '', value: tolRaw },
      });
    out.number =
      value === null
        ? null
        : {
            value,
            tolerance: relative ? roundSignificant((tol ?? 0) / 100) : (tol ?? 0),
            toleranceMode: relative ? 'relative' : 'absolute',
            unit: cell(extra.unit) || null,
          };
  }
  if (type.kind === 'text') {
    const accepted = cell(extra.accepted)
      .split(ACCEPTED_SEPARATOR)
      .map((a) => a.trim())
      .filter(Boolean);
    out.textAnswer = accepted.length
      ? {
          accepted,
          ignoreCase: mark(extra.ignoreCase, true),
          ignoreAccents: mark(extra.ignoreAccents, true),
          allowTypo: mark(extra.typo, false),
        }
      : null;
  }
  return out;
}

/** 0.05000000000000001 → 0.05: a tolerance read back from a percentage or a Moodle file. */
export const roundSignificant = (n: number) => Number(n.toPrecision(12));

/** A row of the app's template: yes/no marks per answer. */
function templateInput(row: SheetRow, layout: Layout): LineInput {
  const cell = (i: number | null) => (i === null ? '' : (row.cells[i] ?? ''));
  const errors: ImportIssue[] = [];
  let equationMode = false;
  if (layout.equation) {
    const value = cell(layout.equation.index);
    const mark = readMark(value);
    if (mark === null)
      errors.push({ key: ERR.IMPORT_BAD_MARK, params: { column: layout.equation.name, value } });
    equationMode = mark === true;
  }
  const slots = layout.answers.map((slot) => {
    const value = slot.correct ? cell(slot.correct.index) : '';
    const mark = readMark(value);
    if (mark === null && slot.correct)
      errors.push({ key: ERR.IMPORT_BAD_MARK, params: { column: slot.correct.name, value } });
    return { n: slot.n, text: cell(slot.text).trim(), isCorrect: mark === true };
  });
  const kind = kindCells(row, layout);
  return {
    ...kind,
    question: cell(layout.question),
    equationMode,
    slots,
    errors: [...errors, ...kind.errors],
  };
}

const FORMULA = /\$\$[\s\S]+?\$\$/;

/** One data row: the question it holds, or the reasons it is refused. */
export function readLine(input: LineInput): { draft: QuestionDraft } | { errors: ImportIssue[] } {
  const { slots } = input;
  const errors = [...input.errors];
  // Empty answers at the end are simply absent; an empty one before a filled one, or an empty one
  // marked correct, is a missing answer.
  let last = slots.length - 1;
  while (last >= 0 && !slots[last].text && !slots[last].isCorrect) last--;
  const used = slots.slice(0, last + 1);
  for (const s of used) if (!s.text) errors.push({ key: ERR.ANSWER_REQUIRED, params: { answer: s.n } });
  const filled = used.filter((s) => s.text);

  // A formula between $$ and $$ turns equation mode on, as typing one does in the raid form.
  const hasFormula = [input.question, ...filled.map((s) => s.text)].some((t) => FORMULA.test(t));
  const parsed = questionDraftSchema.safeParse({
    kind: input.kind ?? 'choice',
    text: input.question,
    equationMode: input.equationMode || hasFormula,
    answers: filled.map(({ text, isCorrect }) => ({ text, isCorrect })),
    number: input.number ?? null,
    textAnswer: input.textAnswer ?? null,
    poll: input.poll ?? null,
    explanation: input.explanation || null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      let key = /^[A-Z_]+(\.[A-Z_]+)+$/.test(issue.message)
        ? issue.message
        : (settingsKey(issue.path, issue.code) ?? ERR.INVALID_BODY);
      if (field === 'text' && key === ERR.REQUIRED) key = ERR.IMPORT_QUESTION_REQUIRED;
      const params: Record<string, number> = { ...PARAMS[key] };
      if (field === 'answers' && typeof index === 'number' && filled[index]) params.answer = filled[index].n;
      errors.push(Object.keys(params).length ? { key, params } : { key });
    }
  }
  const unique = errors.filter(
    (e, i) => errors.findIndex((o) => JSON.stringify(o) === JSON.stringify(e)) === i,
  );
  return unique.length || !parsed.success ? { errors: unique } : { draft: parsed.data };
}

/**
 * Kahoot's spreadsheet template ("Kahoot! Quiz Template", and the files tools write for it): a title
 * and notes above a header row `(number) | Question - max 120 characters | Answer 1 - max 75
 * characters | … Answer 4 | Time limit (sec) | Correct answer(s) - choose at least one`, then one
 * question a row with the correct answers as numbers ("2", "1,3"). The time limit is not read: a
 * raid's questions all share the session's duration.
 */
interface KahootLayout {
  headerIndex: number;
  question: number;
  answers: { n: number; index: number }[];
  correct: { index: number; name: string };
}

/** Rows searched for Kahoot's header (its template has seven rows of title and notes above). */
const KAHOOT_HEADER_ROWS = 20;

export function findKahootHeader(rows: SheetRow[]): KahootLayout | null {
  for (let r = 0; r < Math.min(rows.length, KAHOOT_HEADER_ROWS); r++) {
    let question = -1;
    let correct: KahootLayout['correct'] | null = null;
    const answers: KahootLayout['answers'] = [];
    rows[r].cells.forEach((raw, index) => {
      const k = normalize(raw);
      const answer = /^answer(\d)(?!\d)/.exec(k);
      if (/^question(?!\d)/.test(k) && question < 0) question = index;
      else if (answer && Number(answer[1]) >= 1 && !answers.some((a) => a.n === Number(answer[1])))
        answers.push({ n: Number(answer[1]), index });
      // "Correct answer(s)", not the app's own "Correct answer 1".
      else if (/^correctanswers?(?!\d)/.test(k) && !correct) correct = { index, name: raw.trim() };
    });
    if (question >= 0 && correct && answers.some((a) => a.n === 1))
      return { headerIndex: r, question, answers: answers.sort((a, b) => a.n - b.n), correct };
  }
  return null;
}

/** A row of a Kahoot sheet: the correct answers are numbers of answer columns. */
function kahootInput(row: SheetRow, layout: KahootLayout): LineInput {
  const cell = (i: number) => row.cells[i] ?? '';
  const value = cell(layout.correct.index).trim();
  const numbers = value.split(/[\s,;/]+/).filter(Boolean);
  const known = new Set(layout.answers.map((a) => a.n));
  const errors: ImportIssue[] = [];
  const correct = new Set<number>();
  for (const n of numbers) {
    // Spreadsheets may write the number 2 as "2.0".
    const m = /^(\d+)(?:\.0+)?$/.exec(n);
    if (m && known.has(Number(m[1]))) correct.add(Number(m[1]));
    else {
      errors.push({
        key: ERR.IMPORT_BAD_CORRECT,
        params: { column: layout.correct.name, value, max: Math.max(...known) },
      });
      break;
    }
  }
  return {
    question: cell(layout.question),
    equationMode: false,
    slots: layout.answers.map((a) => ({ n: a.n, text: cell(a.index).trim(), isCorrect: correct.has(a.n) })),
    errors,
  };
}

/** The header and the data rows of a sheet, in the app's template or in Kahoot's. */
function readLayout(rows: SheetRow[]): { data: SheetRow[]; input: (row: SheetRow) => LineInput } {
  const kahoot = findKahootHeader(rows);
  if (kahoot) {
    const empty = (row: SheetRow) =>
      ![kahoot.question, ...kahoot.answers.map((a) => a.index)].some((i) => (row.cells[i] ?? '').trim());
    return {
      // The template's rows come numbered in its first column: a row without a question nor an
      // answer is not a line of the quiz.
      data: rows.slice(kahoot.headerIndex + 1).filter((row) => !empty(row)),
      input: (row) => kahootInput(row, kahoot),
    };
  }
  const layout = readHeader(rows[0].cells);
  return { data: rows.slice(1), input: (row) => templateInput(row, layout) };
}

/**
 * The import's answer for the rows of a file. The first row is the header. A line repeating a
 * question of the raid (`existing`) or an earlier imported line is refused, and so are valid lines
 * past the raid's room (QUESTIONS_PER_RAID_MAX with the questions it already has).
 */
export function importRows(rows: SheetRow[], existing: readonly string[]): FileImport {
  if (rows.length === 0) throw badRequest(ERR.IMPORT_FILE_EMPTY);
  const { data, input } = readLayout(rows);
  return importCandidates(
    data.map((row) => ({ ...input(row), line: row.line })),
    existing,
  );
}

/**
 * The import's answer for the questions read from a file (a sheet's rows, a Moodle XML or GIFT
 * file's questions): the same rules, duplicates and room for every format.
 */
export function importCandidates(data: Candidate[], existing: readonly string[]): FileImport {
  if (data.length === 0) throw badRequest(ERR.IMPORT_FILE_EMPTY);
  if (data.length > QUESTIONS_PER_RAID_MAX) throw tooManyLines();

  const inRaid = new Set(existing.map(questionKey));
  const importedAt = new Map<string, number>();
  const room = Math.max(0, QUESTIONS_PER_RAID_MAX - existing.length);
  const questions: QuestionDraft[] = [];
  const images: QuestionImages[] = [];
  const report: ImportReportLine[] = data.map((row) => {
    const line = row;
    const question = line.question.trim();
    // A question of a type the app has not (a Moodle essay) or a GIFT block without its braces:
    // that one reason, not the form's.
    const whole = line.errors.some((e) => e.key === ERR.IMPORT_TYPE_REFUSED || e.key === ERR.IMPORT_BAD_GIFT);
    const read = whole ? { errors: line.errors } : readLine(line);
    if ('errors' in read) return { line: row.line, status: 'refused', question, errors: read.errors };
    const key = questionKey(read.draft.text);
    let refusal: ImportIssue | null = null;
    if (inRaid.has(key)) refusal = { key: ERR.DUPLICATE_QUESTION };
    else if (importedAt.has(key))
      refusal = { key: ERR.DUPLICATE_QUESTION, params: { line: importedAt.get(key) ?? 0 } };
    else if (questions.length >= room)
      refusal = { key: ERR.TOO_MANY_QUESTIONS, params: { max: QUESTIONS_PER_RAID_MAX } };
    if (refusal) return { line: row.line, status: 'refused', question, errors: [refusal] };
    importedAt.set(key, row.line);
    questions.push(read.draft);
    images.push({
      ...(row.image ? { image: row.image.data } : {}),
      ...(row.explanationImage ? { explanationImage: row.explanationImage.data } : {}),
    });
    const warnings = row.warnings ?? [];
    return {
      line: row.line,
      status: 'imported',
      question: read.draft.text,
      ...(warnings.length ? { errors: warnings } : {}),
    };
  });
  return { questions, report, images };
}
