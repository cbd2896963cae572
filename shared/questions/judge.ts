// Judges (issue 23): is a pupil's answer right? Pure functions shared by live raids, homework and
// reports; the server is the only one that calls them with the right answers (a phone never sends
// a verdict). One entry point, `judge(question, response, mode)`, covers every kind; choices keep
// the scoring rule of shared/game/scoring.ts (all-or-nothing or partial credit).
//
// Rules chosen here (docs/decisions.md, issue 23):
// - numbers: French decimal comma or a point; spaces (also non-breaking and thin ones) only between
//   groups of three digits; a sign (+, -, U+2212); `1,5e3`, `1,5×10^3`, `1.5*10^3`, `1,5 x 10^-3`;
//   the question's unit may follow and is ignored; anything else is "not a number" (never a wrong
//   answer: the phone asks again). A comma or a point is always the decimal separator, never a
//   thousands separator ("1,000" is 1).
// - tolerance: absolute |given − value| ≤ tolerance, relative ≤ tolerance × |value|; the boundary is
//   inclusive (a float rounding error of 1e-12 relative is forgiven); a relative tolerance around 0
//   is exact.
// - text: trimmed, inner spaces collapsed, typographic apostrophes and dashes read as plain ones;
//   case and accents (œ, æ as oe, ae) ignored when the question says so; one typo (Damerau–
//   Levenshtein distance 1: a letter added, dropped, changed, or two neighbours swapped) forgiven
//   only when the question allows it and the accepted answer has at least TYPO_MIN_LENGTH
//   characters and is not a number.
// - orders: right only when the whole order is right.
// - polls: no verdict ('none'), no credit.
import { ERR } from '../errors.js';
import { DEFAULT_MULTI_SCORING, type MultiScoring, scoreAnswer, type Verdict } from '../game/scoring.js';
// Values from kind-rules.ts, not kinds.ts: the phone's number field reads numbers with this file,
// and kinds.ts would bring zod and the shared schemas with it.
import { responseShape, TYPED_ANSWER_MAX } from './kind-rules.js';
import type { NumberSettings, PollSettings, QuestionKind, QuestionResponse, TextSettings } from './kinds.js';

/** An accepted answer shorter than this (after normalising) is never forgiven a typo ("chat" ≠ "chas"). */
export const TYPO_MIN_LENGTH = 5;
/** Exponents beyond this are refused (a number a pupil types is never that large). */
const EXPONENT_MAX = 300;

// ----- numbers -----

const SPACES = /[\s\u00A0\u202F\u2009\u2007]/gu;
const NUMBER_RE =
  /^([+\-\u2212])?(\d{1,3}(?: \d{3})+|\d+)?(?:[.,](\d+))?(?:(?:e|E)([+\-\u2212]?\d{1,3})|\s?[×xX*·]\s?10\s?(?:\^|\*\*)\s?\(?([+\-\u2212]?\d{1,3})\)?)?$/u;

/**
 * Reads a number as a pupil types it; null when it is not one. `unit`: the question's unit, which
 * the pupil may type after the number ("90 km/h").
 */
export function parseNumber(input: string, unit?: string | null): number | null {
  let text = input.replace(SPACES, ' ').trim().replace(/ +/g, ' ');
  if (unit) {
    const u = unit.replace(SPACES, ' ').trim();
    if (u && text.toLowerCase().endsWith(u.toLowerCase()))
      text = text.slice(0, text.length - u.length).trim();
  }
  if (!text || text.length > TYPED_ANSWER_MAX) return null;
  const m = NUMBER_RE.exec(text);
  if (!m) return null;
  const [, sign, int, frac, exp1, exp2] = m;
  if (int === undefined && frac === undefined) return null;
  const exp = (exp1 ?? exp2 ?? '0').replace('\u2212', '-');
  if (Math.abs(Number(exp)) > EXPONENT_MAX) return null;
  const canonical = `${sign === '-' || sign === '\u2212' ? '-' : ''}${(int ?? '0').replace(/ /g, '')}.${frac ?? '0'}e${exp}`;
  const n = Number(canonical);
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // -0 is 0
}

/** Is `given` within the question's tolerance of its value? The boundary counts as right. */
export function withinTolerance(
  given: number,
  s: Pick<NumberSettings, 'value' | 'tolerance' | 'toleranceMode'>,
) {
  const diff = Math.abs(given - s.value);
  const allowed = s.toleranceMode === 'relative' ? s.tolerance * Math.abs(s.value) : s.tolerance;
  const rounding = 1e-12 * Math.max(Math.abs(given), Math.abs(s.value));
  return diff <= allowed + rounding;
}

// ----- text -----

/** Trimmed, one space between words, plain apostrophes and dashes. */
function tidy(text: string): string {
  return text
    .normalize('NFC')
    .replace(SPACES, ' ')
    .replace(/[\u2018\u2019\u02BC\u0060\u00B4]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .trim()
    .replace(/ +/g, ' ');
}

/** Only letters and signs of plain ASCII: nothing to strip (most answers typed on a phone in class). */
const ASCII = /^[\x20-\x7e]*$/;

const stripAccents = (text: string) =>
  ASCII.test(text)
    ? text
    : text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/œ/g, 'oe')
        .replace(/Œ/g, 'OE')
        .replace(/æ/g, 'ae')
        .replace(/Æ/g, 'AE')
        .replace(/ß/g, 'ss')
        .normalize('NFC');

/** A typed answer as a text question compares it. */
export function normaliseText(text: string, o: Pick<TextSettings, 'ignoreCase' | 'ignoreAccents'>): string {
  let t = tidy(text);
  if (o.ignoreAccents) t = stripAccents(t);
  if (o.ignoreCase) t = t.toLowerCase();
  return t;
}

/** Damerau–Levenshtein distance (optimal string alignment), on code points; stops counting past `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    rows.push(new Array<number>(y.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= y.length; j++) rows[0][j] = j;
  for (let i = 1; i <= x.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[x.length][y.length];
}

/** A text question's accepted answers as compared, and whether each forgives a typo. */
interface AcceptedForm {
  /** The settings they were read from (a question's settings are never changed in place, but checked). */
  from: TextSettings;
  accepted: readonly string[];
  forms: { want: string; typo: boolean }[];
}
/**
 * Read once per question's settings, not once per answer: a thousand phones answer the same
 * question, and its settings object is the one of the room's cached record (answer-path.ts).
 */
const acceptedForms = new WeakMap<TextSettings, AcceptedForm>();
function acceptedOf(s: TextSettings): AcceptedForm['forms'] {
  const known = acceptedForms.get(s);
  if (
    known &&
    known.accepted === s.accepted &&
    known.from.ignoreCase === s.ignoreCase &&
    known.from.ignoreAccents === s.ignoreAccents &&
    known.from.allowTypo === s.allowTypo
  )
    return known.forms;
  const forms = s.accepted.map((accepted) => {
    const want = normaliseText(accepted, s);
    return {
      want,
      typo: s.allowTypo && [...want].length >= TYPO_MIN_LENGTH && !/^[\d\s.,+-]+$/.test(want),
    };
  });
  acceptedForms.set(s, {
    from: { ...s },
    accepted: s.accepted,
    forms,
  });
  return forms;
}

/** Does a typed answer match one of the accepted ones under the question's options? */
export function textMatches(value: string, s: TextSettings, extra: readonly string[] = []): boolean {
  const given = normaliseText(value, s);
  if (!given) return false;
  if (extra.length > 0 && extra.includes(normaliseForGrouping('text', value))) return true;
  return acceptedOf(s).some(
    ({ want, typo }) => want === given || (typo && editDistance(want, given, 1) <= 1),
  );
}

/**
 * One key per way of writing the same answer, for reports (the most given wrong answers, grouped)
 * and for the answers a teacher accepts afterwards: a number by its value, a text trimmed, without
 * case, accents or repeated spaces.
 */
export function normaliseForGrouping(
  kind: QuestionKind | 'number' | 'text',
  value: string,
  unit?: string | null,
): string {
  if (kind === 'number') {
    const n = parseNumber(value, unit);
    if (n !== null) return String(n);
  }
  return normaliseText(value, { ignoreCase: true, ignoreAccents: true });
}

// ----- one judge for every kind -----

/** What a judge needs of a question (the server's own copy, with the right answers). */
export interface JudgedQuestion {
  kind: QuestionKind;
  settings: NumberSettings | TextSettings | PollSettings | null;
  /** The answers rows: a choice's (or a choice poll's) options, or an order's items in the RIGHT order. */
  answers: readonly { id: string; isCorrect: boolean }[];
  /** Typed answers the teacher accepted afterwards (keys of normaliseForGrouping). */
  accepted?: readonly string[];
}

/** 'none': a poll, which has no right answer. */
export type JudgeVerdict = Verdict | 'none';

export interface Judgement {
  verdict: JudgeVerdict;
  /** 0..1: what it is worth (damage share, XP, coins); 0 for a poll. */
  credit: number;
  /** Choices: right answers not ticked. Orders: the items out of place. */
  missedIds: string[];
  /** Choices: wrong answers ticked. */
  wrongIds: string[];
  /** What is stored in answer_ids: the choices ticked (deduplicated), or the order given. */
  answerIds: string[];
  /** What is stored in value: the typed text, tidied (null for choices and orders). */
  value: string | null;
  /** A number answer's value as read. */
  number?: number;
}

export type JudgeResult = { ok: true; judgement: Judgement } | { ok: false; error: string };

const refuse = (error: string): JudgeResult => ({ ok: false, error });

/** The right order of an order question, or a choice's right answers. */
export const correctIdsOf = (q: JudgedQuestion) =>
  q.kind === 'order' ? q.answers.map((a) => a.id) : q.answers.filter((a) => a.isCorrect).map((a) => a.id);

/**
 * Judges one response. Refuses (with an error key for the phone) a response of the wrong shape, an
 * unknown answer id, an order that is not every item once, an empty or too long text, a number that
 * is not one. A refused response is not an answer: the pupil may try again.
 */
export function judge(
  q: JudgedQuestion,
  response: QuestionResponse,
  mode: MultiScoring = DEFAULT_MULTI_SCORING,
): JudgeResult {
  const shape = responseShape(q.kind, q.kind === 'poll' ? (q.settings as PollSettings | null) : null);
  const known = new Set(q.answers.map((a) => a.id));
  if (shape === 'answerIds') {
    if (!('answerIds' in response)) return refuse(ERR.ANSWER_WRONG_SHAPE);
    const ids = [...new Set(response.answerIds)];
    if (ids.length === 0 || ids.some((id) => !known.has(id))) return refuse(ERR.ANSWER_WRONG_SHAPE);
    if (q.kind === 'poll')
      return {
        ok: true,
        judgement: { verdict: 'none', credit: 0, missedIds: [], wrongIds: [], answerIds: ids, value: null },
      };
    const s = scoreAnswer(correctIdsOf(q), ids, mode);
    // Fields named, not spread: an object spread here cost a few microseconds per answer, the live
    // answer path's largest share of its own code in a burst of 1,000 (docs/performance.md).
    const judgement: Judgement = {
      verdict: s.verdict,
      credit: s.credit,
      missedIds: s.missedIds,
      wrongIds: s.wrongIds,
      answerIds: ids,
      value: null,
    };
    return { ok: true, judgement };
  }
  if (shape === 'order') {
    if (!('order' in response)) return refuse(ERR.ANSWER_WRONG_SHAPE);
    const order = response.order;
    if (
      order.length !== known.size ||
      new Set(order).size !== order.length ||
      order.some((id) => !known.has(id))
    )
      return refuse(ERR.ANSWER_WRONG_SHAPE);
    const right = correctIdsOf(q);
    const misplaced = right.filter((id, i) => order[i] !== id);
    const ok = misplaced.length === 0;
    return {
      ok: true,
      judgement: {
        verdict: ok ? 'right' : 'wrong',
        credit: ok ? 1 : 0,
        missedIds: misplaced,
        wrongIds: [],
        answerIds: [...order],
        value: null,
      },
    };
  }
  if (!('value' in response)) return refuse(ERR.ANSWER_WRONG_SHAPE);
  const value = tidy(response.value);
  if (!value) return refuse(ERR.ANSWER_EMPTY);
  if ([...value].length > TYPED_ANSWER_MAX) return refuse(ERR.ANSWER_TOO_LONG_TYPED);
  const typedNumber =
    q.kind === 'number' || (q.kind === 'poll' && (q.settings as PollSettings | null)?.pollMode === 'number');
  const unit = q.kind === 'number' ? ((q.settings as NumberSettings | null)?.unit ?? null) : null;
  const n = typedNumber ? parseNumber(value, unit) : null;
  if (typedNumber && n === null) return refuse(ERR.ANSWER_NOT_A_NUMBER);
  const typed = (verdict: JudgeVerdict, credit: number): JudgeResult => {
    const judgement: Judgement = { verdict, credit, missedIds: [], wrongIds: [], answerIds: [], value };
    if (n !== null) judgement.number = n;
    return { ok: true, judgement };
  };
  if (q.kind === 'poll') return typed('none', 0);
  let right: boolean;
  if (q.kind === 'number') {
    const s = q.settings as NumberSettings | null;
    right =
      (s !== null && n !== null && withinTolerance(n, s)) ||
      (q.accepted ?? []).includes(normaliseForGrouping('number', value, unit));
  } else if (q.kind === 'text') {
    const s = q.settings as TextSettings | null;
    right = s !== null && textMatches(value, s, q.accepted);
  } else return refuse(ERR.ANSWER_WRONG_SHAPE);
  return typed(right ? 'right' : 'wrong', right ? 1 : 0);
}
