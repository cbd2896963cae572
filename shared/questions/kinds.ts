// Kinds of question (issue 23): the data model shared by the raid editor, the server's raid routes,
// the importers and exporters, live raids, homework and reports. Judges (is an answer right?) live in
// shared/questions/judge.ts; this file holds only what a question and an answer ARE.
//
// Storage (server/db/schema.ts, migration 0011):
// - questions.kind: one of QUESTION_KINDS (old rows: 'choice');
// - questions.settings: the kind's settings below (null for 'choice' and 'order');
// - questions.explanation / explanation_image_path: shown after the reveal (any kind);
// - answers rows: the choices of 'choice' and of a 'poll' in 'choice' mode (isCorrect false for a
//   poll), and the items of an 'order' question in their RIGHT order (position 0 first; the phones
//   and the board get them shuffled);
// - student_answers.value / homework_answers.value: what a pupil typed ('number', 'text', a typed
//   'poll'), trimmed and bounded; an 'order' answer is its answer ids in the pupil's order in
//   answer_ids.
import { z } from 'zod';
import { ERR } from '../errors.js';
import { TYPED_ANSWER_MAX } from './kind-rules.js';

export const QUESTION_KINDS = ['choice', 'number', 'text', 'order', 'poll'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const DEFAULT_KIND: QuestionKind = 'choice';

/** Items of an 'order' question. */
export const ORDER_ITEMS_MIN = 3;
export const ORDER_ITEMS_MAX = 6;
/** Accepted answers of a 'text' question, and the length of each. */
export const ACCEPTED_MAX = 10;
export const ACCEPTED_ANSWER_MAX = 80;
/** What a pupil may type, and which response a kind takes: kind-rules.ts (without zod, for the phones). */
export { responseShape, TYPED_ANSWER_MAX } from './kind-rules.js';
/** A number's unit ("km/h", "m/s²"). */
export const UNIT_MAX = 20;
/** The explanation shown after the reveal (formulas between $$..$$ allowed). */
export const EXPLANATION_MAX = 500;

export const numberSettingsSchema = z.object({
  /** The right value. */
  value: z.number({ error: ERR.NUMBER_VALUE_REQUIRED }).finite(ERR.NUMBER_VALUE_REQUIRED),
  /** 0: exact. Absolute: |given − value| ≤ tolerance; relative: ≤ tolerance × |value| (0.05 = 5 %). */
  tolerance: z
    .number({ error: ERR.TOLERANCE_INVALID })
    .finite(ERR.TOLERANCE_INVALID)
    .min(0, ERR.TOLERANCE_INVALID)
    .default(0),
  toleranceMode: z.enum(['absolute', 'relative']).default('absolute'),
  /** Shown next to the phone's field; never required of the pupil. */
  unit: z.string().trim().max(UNIT_MAX, ERR.UNIT_TOO_LONG).nullable().default(null),
});
export type NumberSettings = z.infer<typeof numberSettingsSchema>;

export const textSettingsSchema = z.object({
  accepted: z
    .array(z.string().trim().min(1, ERR.ACCEPTED_REQUIRED).max(ACCEPTED_ANSWER_MAX, ERR.ACCEPTED_TOO_LONG))
    .min(1, ERR.ACCEPTED_REQUIRED)
    .max(ACCEPTED_MAX, ERR.ACCEPTED_TOO_MANY),
  ignoreCase: z.boolean().default(true),
  ignoreAccents: z.boolean().default(true),
  /** One typo (insertion, deletion, substitution or swap of two neighbours) is forgiven. */
  allowTypo: z.boolean().default(false),
});
export type TextSettings = z.infer<typeof textSettingsSchema>;

/** A poll has no right answer: choices (the answers rows), or a typed number or word. */
export const pollSettingsSchema = z.object({
  pollMode: z.enum(['choice', 'number', 'text']).default('choice'),
});
export type PollSettings = z.infer<typeof pollSettingsSchema>;

/** questions.settings, by kind. */
export type QuestionSettings =
  | { kind: 'choice'; settings: null }
  | { kind: 'order'; settings: null }
  | { kind: 'number'; settings: NumberSettings }
  | { kind: 'text'; settings: TextSettings }
  | { kind: 'poll'; settings: PollSettings };

/**
 * What a phone sends for one question (inside `answer:submit` and the homework answer route):
 * exactly one of the three, as the question's kind asks. Never a verdict: the server judges.
 */
export const responseSchema = z.union([
  z.object({ answerIds: z.array(z.uuid()).min(1).max(10) }).strict(),
  z.object({ order: z.array(z.uuid()).min(ORDER_ITEMS_MIN).max(ORDER_ITEMS_MAX) }).strict(),
  z.object({ value: z.string().max(TYPED_ANSWER_MAX) }).strict(),
]);
export type QuestionResponse = z.infer<typeof responseSchema>;

/** A poll never hurts the class and has no right answer; every other kind is judged. */
export const isJudged = (kind: QuestionKind) => kind !== 'poll';

/** The form's and the API's fields of a question (number, textAnswer, poll) from the stored kind and settings. */
export function kindFields(
  kind: QuestionKind,
  settings: NumberSettings | TextSettings | PollSettings | null,
): { number: NumberSettings | null; textAnswer: TextSettings | null; poll: PollSettings | null } {
  return {
    number: kind === 'number' ? (settings as NumberSettings) : null,
    textAnswer: kind === 'text' ? (settings as TextSettings) : null,
    poll: kind === 'poll' ? ((settings as PollSettings | null) ?? { pollMode: 'choice' }) : null,
  };
}

/** questions.settings from the form's and the API's fields (null for choices and orders). */
export function settingsOfFields(q: {
  kind: QuestionKind;
  number?: NumberSettings | null;
  textAnswer?: TextSettings | null;
  poll?: PollSettings | null;
}): NumberSettings | TextSettings | PollSettings | null {
  if (q.kind === 'number') return q.number ?? null;
  if (q.kind === 'text') return q.textAnswer ?? null;
  if (q.kind === 'poll') return q.poll ?? { pollMode: 'choice' };
  return null;
}
