// Validation rules of SPEC point 5 for raids and their questions, shared by the raid form, the
// server's raid routes and the question importer. Messages are error keys (shared/errors.ts).
import { z } from 'zod';
import { ANSWERS_MIN, CHAPTER_NAME_MAX, CLASS_LEVELS, QUESTION_MAX, RAID_TITLE_MAX } from '../constants.js';
import { ERR } from '../errors.js';
import {
  DEFAULT_KIND,
  EXPLANATION_MAX,
  type NumberSettings,
  numberSettingsSchema,
  ORDER_ITEMS_MAX,
  ORDER_ITEMS_MIN,
  type PollSettings,
  pollSettingsSchema,
  QUESTION_KINDS,
  type QuestionKind,
  type TextSettings,
  textSettingsSchema,
} from '../questions/kinds.js';
import { cleanText } from '../text.js';

/** Answers per question: at least ANSWERS_MIN; the board shows at most six shapes. */
export const ANSWERS_MAX = 6;
/** Questions per raid: keeps a raid and an import bounded (the issue reads "questions 200 at most" both ways). */
export const QUESTIONS_PER_RAID_MAX = 200;
export const ANSWER_MAX = 120;

export const raidTitleSchema = cleanText('name')
  .trim()
  .min(1, ERR.REQUIRED)
  .max(RAID_TITLE_MAX, ERR.RAID_TITLE_TOO_LONG);

export const answerDraftSchema = z.object({
  text: cleanText('content', ERR.ANSWER_REQUIRED)
    .trim()
    .min(1, ERR.ANSWER_REQUIRED)
    .max(ANSWER_MAX, ERR.ANSWER_TOO_LONG),
  isCorrect: z.boolean(),
});

/**
 * A question as typed in the form or read from an imported line (its image is uploaded separately).
 * `kind` (issue 23, shared/questions/kinds.ts) says what the other fields mean: `answers` are the
 * choices of a 'choice' question or a choice poll, or the items of an 'order' question in their
 * right order; `number`, `textAnswer` and `poll` hold the settings of their kind (null otherwise).
 */
const questionShape = {
  kind: z.enum(QUESTION_KINDS).default(DEFAULT_KIND),
  text: cleanText('content').trim().min(1, ERR.REQUIRED).max(QUESTION_MAX, ERR.QUESTION_TOO_LONG),
  equationMode: z.boolean().default(false),
  answers: z.array(answerDraftSchema).max(ANSWERS_MAX, ERR.TOO_MANY_ANSWERS).default([]),
  number: numberSettingsSchema.nullable().default(null),
  textAnswer: textSettingsSchema.nullable().default(null),
  poll: pollSettingsSchema.nullable().default(null),
  /** Shown after the reveal, on the board, the phones, in homework and in the report. */
  explanation: cleanText('content')
    .trim()
    .max(EXPLANATION_MAX, ERR.EXPLANATION_TOO_LONG)
    .nullable()
    .default(null),
};

type QuestionShape = z.infer<z.ZodObject<typeof questionShape>>;

/** What each kind requires of the shared fields. */
function checkKind(q: QuestionShape, ctx: z.RefinementCtx) {
  const answersIssue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['answers'] });
  const choicePoll = q.kind === 'poll' && (q.poll?.pollMode ?? 'choice') === 'choice';
  if (q.kind === 'choice' || choicePoll) {
    if (q.answers.length < ANSWERS_MIN) answersIssue(ERR.ANSWERS_MIN);
    else if (q.kind === 'choice' && !q.answers.some((a) => a.isCorrect))
      answersIssue(ERR.CORRECT_ANSWER_REQUIRED);
  } else if (q.kind === 'order') {
    if (q.answers.length < ORDER_ITEMS_MIN || q.answers.length > ORDER_ITEMS_MAX)
      answersIssue(ERR.ORDER_ITEMS_MIN);
  } else if (q.answers.length > 0) {
    answersIssue(ERR.ANSWER_WRONG_SHAPE);
  }
  if (q.kind === 'number' && !q.number)
    ctx.addIssue({ code: 'custom', message: ERR.NUMBER_VALUE_REQUIRED, path: ['number', 'value'] });
  if (q.kind === 'text' && !q.textAnswer)
    ctx.addIssue({ code: 'custom', message: ERR.ACCEPTED_REQUIRED, path: ['textAnswer', 'accepted'] });
}

/** Only the settings of the question's own kind are kept; an order's items and a poll's choices are never "right". */
function normaliseKind<Q extends QuestionShape>(q: Q): Q {
  return {
    ...q,
    explanation: q.explanation ? q.explanation : null,
    number: q.kind === 'number' ? q.number : null,
    textAnswer: q.kind === 'text' ? q.textAnswer : null,
    poll: q.kind === 'poll' ? (q.poll ?? { pollMode: 'choice' }) : null,
    answers:
      q.kind === 'order' || q.kind === 'poll'
        ? q.answers.map((a) => ({ ...a, isCorrect: false }))
        : q.answers,
  };
}

/**
 * A question as typed in the form or read from an imported line (its image is uploaded separately).
 * `kind` (issue 23, shared/questions/kinds.ts) says what the other fields mean: `answers` are the
 * choices of a 'choice' question or a choice poll, or the items of an 'order' question in their
 * right order; `number`, `textAnswer` and `poll` hold the settings of their kind (null otherwise).
 */
export const questionDraftSchema = z.object(questionShape).superRefine(checkKind).transform(normaliseKind);
export type QuestionDraft = z.infer<typeof questionDraftSchema>;

/** Questions are compared without case, accents or repeated spaces to refuse duplicates. */
export const questionKey = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Index of each question that repeats an earlier one (same questionKey), or an empty list. */
export function duplicateQuestionIndexes(texts: readonly string[]): number[] {
  const seen = new Set<string>();
  const dup: number[] = [];
  texts.forEach((t, i) => {
    const k = questionKey(t);
    if (seen.has(k)) dup.push(i);
    seen.add(k);
  });
  return dup;
}

/** A stored question image: a bare file name in the uploads' questions folder (no path, no dot-files). */
export const IMAGE_FILE_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(png|jpg|jpeg)$/;

/** A question of the raid form as saved: the draft plus the name of its uploaded image, if any. */
export const questionSaveSchema = z
  .object({
    ...questionShape,
    /** The stored question this one edits (kept, so homework answers given to it stay); absent for a new one. */
    id: z.uuid().optional(),
    imagePath: z.string().regex(IMAGE_FILE_RE, ERR.IMAGE_NOT_FOUND).nullable().default(null),
    /** The explanation's image (same folder and rules as the question's). */
    explanationImagePath: z.string().regex(IMAGE_FILE_RE, ERR.IMAGE_NOT_FOUND).nullable().default(null),
  })
  .superRefine(checkKind)
  .transform(normaliseKind);
export type QuestionSave = z.infer<typeof questionSaveSchema>;

/** The whole raid form (create or update): title, library sharing and its ordered questions. */
export const raidSaveSchema = z.object({
  title: raidTitleSchema,
  shared: z.boolean().default(false),
  questions: z
    .array(questionSaveSchema)
    .min(1, ERR.QUESTIONS_REQUIRED)
    .max(QUESTIONS_PER_RAID_MAX, ERR.TOO_MANY_QUESTIONS)
    .superRefine((qs, ctx) => {
      for (const i of duplicateQuestionIndexes(qs.map((q) => q.text)))
        ctx.addIssue({ code: 'custom', message: ERR.DUPLICATE_QUESTION, path: [i, 'text'] });
    }),
});
export type RaidSave = z.infer<typeof raidSaveSchema>;
/** What a client sends (defaults not yet applied: an old client sends no `kind`). */
export type RaidSaveInput = z.input<typeof raidSaveSchema>;

/** Chapter form (SPEC point 5): name 50 at most, level and subject required. */
export const chapterSchema = z.object({
  name: cleanText('name').trim().min(1, ERR.REQUIRED).max(CHAPTER_NAME_MAX, ERR.CHAPTER_NAME_TOO_LONG),
  level: z
    .number({ error: ERR.LEVEL_REQUIRED })
    .refine((l) => (CLASS_LEVELS as readonly number[]).includes(l), ERR.LEVEL_REQUIRED),
  subjectId: z.uuid({ error: ERR.CHAPTER_SUBJECT_REQUIRED }),
});
export type ChapterInput = z.infer<typeof chapterSchema>;

/** Answers of the chapter and raid routes (server/modules/raids). Dates are ISO strings. */
export interface ChapterDto {
  id: string;
  name: string;
  level: number;
  subjectId: string;
  subjectCode: string;
  raidCount: number;
  updatedAt: string;
}
export interface RaidSummaryDto {
  id: string;
  chapterId: string;
  title: string;
  questionCount: number;
  isHomework: boolean;
  shared: boolean;
  updatedAt: string;
}
export interface RaidDto extends Omit<RaidSummaryDto, 'questionCount'> {
  questions: {
    id: string;
    text: string;
    equationMode: boolean;
    imagePath: string | null;
    /** The answers rows: choices, a choice poll's options, or an order's items in their right order. */
    answers: { id: string; text: string; isCorrect: boolean }[];
    /** Issue 23: the kind, its settings (null unless of that kind) and the explanation after the reveal. */
    kind: QuestionKind;
    number: NumberSettings | null;
    textAnswer: TextSettings | null;
    poll: PollSettings | null;
    explanation: string | null;
    explanationImagePath: string | null;
  }[];
}
