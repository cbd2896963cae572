// What the chapter, raid and teacher-account routes answer: the response whitelists of
// server/modules/raids and server/modules/professors (the shapes of ChapterDto, RaidDto… in raid.ts).
import { z } from 'zod';
import {
  numberSettingsSchema,
  pollSettingsSchema,
  QUESTION_KINDS,
  textSettingsSchema,
} from '../questions/kinds.js';

/** Issue 23: a question's kind, its settings (null unless of that kind) and its explanation. */
export const questionKindDtoFields = {
  kind: z.enum(QUESTION_KINDS),
  number: numberSettingsSchema.nullable(),
  textAnswer: textSettingsSchema.nullable(),
  poll: pollSettingsSchema.nullable(),
  explanation: z.string().nullable(),
  explanationImagePath: z.string().nullable(),
};

export const chapterDtoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: z.number(),
  subjectId: z.uuid(),
  subjectCode: z.string(),
  raidCount: z.number(),
  updatedAt: z.string(),
});
export const raidSummaryDtoSchema = z.object({
  id: z.uuid(),
  chapterId: z.uuid(),
  title: z.string(),
  questionCount: z.number(),
  isHomework: z.boolean(),
  shared: z.boolean(),
  updatedAt: z.string(),
});
export const raidDtoSchema = raidSummaryDtoSchema.omit({ questionCount: true }).extend({
  questions: z.array(
    z.object({
      id: z.uuid(),
      text: z.string(),
      equationMode: z.boolean(),
      imagePath: z.string().nullable(),
      answers: z.array(z.object({ id: z.uuid(), text: z.string(), isCorrect: z.boolean() })),
      ...questionKindDtoFields,
    }),
  ),
});

/** GET and PUT /professors/{id}: the teacher's own account ("My information" and preferences). */
export const professorAccountSchema = z.object({
  id: z.uuid(),
  civility: z.string().nullable(),
  powerMode: z.boolean(),
  shareRaids: z.boolean(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  department: z.string().nullable(),
  school: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  isGar: z.boolean(),
  avatarId: z.uuid().nullable(),
  subjectIds: z.array(z.uuid()),
});
