// Validation rules of SPEC point 5 for raids and their questions, shared by the raid form, the
// server's raid routes and the question importer. Messages are error keys (shared/errors.ts).
import { z } from 'zod';
import { ANSWERS_MIN, CHAPTER_NAME_MAX, CLASS_LEVELS, QUESTION_MAX, RAID_TITLE_MAX } from '../constants.js';
import { ERR } from '../errors.js';
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

/** A question as typed in the form or read from an imported line (its image is uploaded separately). */
export const questionDraftSchema = z.object({
  text: cleanText('content').trim().min(1, ERR.REQUIRED).max(QUESTION_MAX, ERR.QUESTION_TOO_LONG),
  equationMode: z.boolean().default(false),
  answers: z
    .array(answerDraftSchema)
    .min(ANSWERS_MIN, ERR.ANSWERS_MIN)
    .max(ANSWERS_MAX, ERR.TOO_MANY_ANSWERS)
    .refine((answers) => answers.some((a) => a.isCorrect), ERR.CORRECT_ANSWER_REQUIRED),
});
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
export const questionSaveSchema = questionDraftSchema.extend({
  /** The stored question this one edits (kept, so homework answers given to it stay); absent for a new one. */
  id: z.uuid().optional(),
  imagePath: z.string().regex(IMAGE_FILE_RE, ERR.IMAGE_NOT_FOUND).nullable().default(null),
});
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
    answers: { id: string; text: string; isCorrect: boolean }[];
  }[];
}
