// What the shared library and the teacher's homework routes answer (server/modules/library, homework):
// the response whitelists, from the shapes client/src/api/library.ts and homework.ts read.
import { z } from 'zod';
import { questionKindDtoFields } from './responses.js';

export const libraryRaidDtoSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  level: z.number(),
  chapterName: z.string(),
  subject: z.object({ id: z.uuid(), code: z.string() }),
  author: z.object({ civility: z.string().nullable(), lastName: z.string() }),
  questionCount: z.number(),
  updatedAt: z.string(),
});

export const libraryRaidDetailDtoSchema = libraryRaidDtoSchema.extend({
  questions: z.array(
    z.object({
      id: z.uuid(),
      text: z.string(),
      equationMode: z.boolean(),
      imagePath: z.string().nullable(),
      answers: z.array(z.object({ text: z.string(), isCorrect: z.boolean() })),
      ...questionKindDtoFields,
    }),
  ),
});

export const copyResultDtoSchema = z.object({
  raidId: z.uuid(),
  chapterId: z.uuid(),
  title: z.string(),
  copied: z.number(),
  skipped: z.array(z.string()),
  missingImages: z.number(),
});

export const homeworkTargetDtoSchema = z.object({
  schoolclassId: z.uuid(),
  schoolclassName: z.string(),
  level: z.number(),
  subjectId: z.uuid(),
  subjectCode: z.string(),
});

export const professorHomeworkDtoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isOnGoing: z.boolean(),
  createdAt: z.string(),
  raidId: z.uuid(),
  raidTitle: z.string(),
  schoolclassId: z.uuid(),
  schoolclassName: z.string(),
  subject: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  completedCount: z.number(),
  studentCount: z.number(),
  /** Issue 21: Paris days (YYYY-MM-DD) or null, tries allowed, scoring of several right answers. */
  startsOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  maxTries: z.number(),
  multiScoring: z.enum(['all', 'partial']),
  /** Students whose kept (best) try was finished after the due date. */
  lateCount: z.number(),
});
