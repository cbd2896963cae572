// What the codex routes answer (server/modules/codex): the response whitelists, from shared/codex.ts.
import { z } from 'zod';

export const phraseDtoSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  status: z.number(),
  flagged: z.boolean(),
  subjectId: z.uuid(),
  subject: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  professorId: z.uuid(),
  professor: z.object({ civility: z.string().nullable(), firstName: z.string(), lastName: z.string() }),
  schoolclassId: z.uuid(),
  schoolclass: z.object({ id: z.uuid(), name: z.string() }),
  studentId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  date: z.string(),
});

export const studentProfessorDtoSchema = z.object({
  id: z.uuid(),
  civility: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  teaching: z.array(
    z.object({
      schoolclassId: z.uuid(),
      schoolclassName: z.string(),
      subjectId: z.uuid(),
      subjectCode: z.string(),
    }),
  ),
});

/** The students of a class who wrote to the teacher in a subject, with their phrases' ids and statuses. */
export const studentWithCodexDtoSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  codexes: z.array(z.object({ id: z.uuid(), status: z.number() })),
});
