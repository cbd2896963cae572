// The class form (SPEC point 5) and the answers of the class administration routes (issue 4).
import { z } from 'zod';
import { CLASS_LEVELS, CLASS_NAME_MAX } from '../constants.js';
import { ERR } from '../errors.js';
import { cleanText } from '../text.js';
import { WORLD_NAMES, type WorldName } from '../worlds.js';

/** Name 50 at most; level and subject required; the world (planet) the class plays in. */
export const schoolclassSchema = z.object({
  name: cleanText('name').trim().min(1, ERR.REQUIRED).max(CLASS_NAME_MAX, ERR.CLASS_NAME_TOO_LONG),
  level: z
    .number({ error: ERR.CLASS_LEVEL_REQUIRED })
    .refine((l) => (CLASS_LEVELS as readonly number[]).includes(l), ERR.CLASS_LEVEL_REQUIRED),
  subjectId: z.uuid({ error: ERR.CLASS_SUBJECT_REQUIRED }),
  planet: z.enum(WORLD_NAMES, { error: ERR.CLASS_WORLD_REQUIRED }),
});
export type SchoolclassInput = z.infer<typeof schoolclassSchema>;

/** Sharing a class with a colleague: their username or e-mail, and the subject they teach in it. */
export const shareClassSchema = z.object({
  schoolclassId: z.uuid({ error: ERR.INVALID_BODY }),
  login: z.string({ error: ERR.REQUIRED }).trim().min(1, ERR.REQUIRED).max(254, ERR.COLLEAGUE_NOT_FOUND),
  subjectId: z.uuid({ error: ERR.CLASS_SUBJECT_REQUIRED }),
});
export type ShareClassInput = z.infer<typeof shareClassSchema>;

/** A teacher linked to a class with a subject (SPEC point 3, professor-class link). */
export interface ClassProfessorDto {
  id: string;
  professorId: string;
  schoolclassId: string;
  subjectId: string;
  subjectCode: string;
  civility: string | null;
  firstName: string;
  lastName: string;
  /** The caller's own link. */
  isMe: boolean;
}

export interface SchoolclassDto {
  id: string;
  name: string;
  level: number;
  planet: WorldName;
  subjectId: string;
  subjectCode: string;
  /** The live registration code, or null (none, revoked or expired). */
  code: string | null;
  codeExpiresAt: string | null;
  /**
   * The school division this class was created from (school sign-on): its pupils join it by signing
   * in through their ENT, and no registration code is offered. Null for a class of our own.
   */
  division: { provider: string; code: string } | null;
  studentCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A student of a class as the teacher sees them. */
export interface ClassStudentDto {
  studentId: string;
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  isGar: boolean;
  level: number;
  levelProgression: number;
  xp: number;
  coin: number;
  powerXp: number;
  /** The teacher-generated password while the student keeps it; null otherwise. */
  password: string | null;
  /** The student chose their own password: the teacher cannot read it, only generate a new one. */
  passwordChangedByStudent: boolean;
  joinedAt: string;
}

export interface ClassCodeDto {
  schoolclassId: string;
  code: string | null;
  codeExpiresAt: string | null;
}

// ---- Response whitelists of the class routes (server/modules/classes), the shapes above ----
export const schoolclassDtoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: z.number(),
  planet: z.enum(WORLD_NAMES),
  subjectId: z.uuid(),
  subjectCode: z.string(),
  code: z.string().nullable(),
  codeExpiresAt: z.string().nullable(),
  division: z.object({ provider: z.string(), code: z.string() }).nullable(),
  studentCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const classProfessorDtoSchema = z.object({
  id: z.uuid(),
  professorId: z.uuid(),
  schoolclassId: z.uuid(),
  subjectId: z.uuid(),
  subjectCode: z.string(),
  civility: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  isMe: z.boolean(),
});
export const classStudentDtoSchema = z.object({
  studentId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  isGar: z.boolean(),
  level: z.number(),
  levelProgression: z.number(),
  xp: z.number(),
  coin: z.number(),
  powerXp: z.number(),
  password: z.string().nullable(),
  passwordChangedByStudent: z.boolean(),
  joinedAt: z.string(),
});
export const classCodeDtoSchema = z.object({
  schoolclassId: z.uuid(),
  code: z.string().nullable(),
  codeExpiresAt: z.string().nullable(),
});
/** GET /professorsSchoolclasses?code=: the class a registration code opens. */
export const classCodeLookupDtoSchema = z.object({
  status: z.literal('VALID'),
  schoolclassId: z.uuid(),
  name: z.string(),
  planet: z.string(),
});
/** GET /professors/{id}/users: the distinct students of the teacher's classes. */
export const professorStudentDtoSchema = z.object({
  userId: z.uuid(),
  studentId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  schoolclassIds: z.array(z.uuid()),
});
/** PUT /users/{id}/password by a teacher: the student's new readable password. */
export const generatedPasswordDtoSchema = z.object({
  userId: z.uuid(),
  studentId: z.uuid(),
  password: z.string(),
  passwordChangedByStudent: z.boolean(),
});

/** The answer of a class list's import (issue 21): each line kept or refused, and the accounts made. */
export const rosterResultSchema = z.object({
  /** False: a preview, nothing was created. */
  created: z.boolean(),
  lines: z.array(
    z.object({
      line: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      className: z.string().nullable(),
      status: z.enum(['new', 'refused']),
      key: z.string().optional(),
      params: z.record(z.string(), z.string()).optional(),
    }),
  ),
  /** The accounts created, each with its password: shown once, to print. */
  pupils: z.array(
    z.object({
      studentId: z.uuid(),
      userId: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      username: z.string(),
      password: z.string(),
    }),
  ),
});
export type RosterResult = z.infer<typeof rosterResultSchema>;
