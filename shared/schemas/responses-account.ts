// What the sign-in, account, student and homework routes answer: the response whitelists of
// server/modules/auth, users and student (the shapes of StoredUser, UserRecord, StudentDto… in
// shared/types.ts). Keys these schemas do not name never leave the server.
import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants.js';
import {
  numberSettingsSchema,
  pollSettingsSchema,
  QUESTION_KINDS,
  textSettingsSchema,
} from '../questions/kinds.js';
import { avatarRefSchema } from './avatar.js';

const civility = z.enum(['M', 'MME']).nullable();

/** A session: what sign-in, sign-up by code, refresh and a password change answer. */
export const storedUserSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  role: z.enum(ROLES),
  isGar: z.boolean(),
  id: z.uuid(),
  studentId: z.uuid().nullable(),
  professorId: z.uuid().nullable(),
  avatarId: z.uuid().nullable(),
  ticket: z.string().nullable(),
  /** After a sign-in with a password: the known-device token of this browser for the account. */
  deviceToken: z.string().optional(),
});

/** GET and PUT /users/{id}. */
export const userRecordSchema = z.object({
  id: z.uuid(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  isGar: z.boolean(),
  isAdmin: z.boolean(),
  uai: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  language: z.string(),
  avatar: avatarRefSchema.nullable(),
  lastChangelogViewedAt: z.string().nullable(),
  student: z
    .object({
      id: z.uuid(),
      coin: z.number(),
      xp: z.number(),
      level: z.number(),
      levelProgression: z.number(),
      powerXp: z.number(),
      activeProfessorsCount: z.number(),
      schoolclasses: z.array(z.object({ id: z.uuid(), name: z.string(), planet: z.string() })),
    })
    .optional(),
  professor: z
    .object({
      id: z.uuid(),
      civility,
      powerMode: z.boolean(),
      shareRaids: z.boolean(),
      schoolclasses: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          level: z.number(),
          planet: z.string(),
          subjectId: z.uuid(),
          subjectCode: z.string(),
        }),
      ),
    })
    .optional(),
});

/** GET /users/pending/freemium: teachers waiting for an administrator. */
export const pendingProfessorSchema = z.object({
  id: z.uuid(),
  civility,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  school: z.string(),
  isGar: z.boolean(),
  uai: z.string().nullable(),
  city: z.string(),
  department: z.string(),
  phone: z.string(),
  subjects: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
});

/** GET /students/{id}: the student's own game profile. */
export const studentDtoSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  userId: z.uuid(),
  coin: z.number(),
  xp: z.number(),
  level: z.number(),
  levelProgression: z.number(),
  powerXp: z.number(),
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    avatar: avatarRefSchema.nullable(),
  }),
});

/** One homework of the student's classes. */
export const homeworkRaidDtoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isOnGoing: z.boolean(),
  createdAt: z.string(),
  raidId: z.uuid(),
  schoolclassId: z.uuid(),
  schoolclassName: z.string(),
  professor: z.object({ id: z.uuid(), civility }),
  user: z.object({ firstName: z.string(), lastName: z.string(), avatar: avatarRefSchema.nullable() }),
  subject: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  questionCount: z.number(),
  answeredCount: z.number(),
  completion: z
    .object({
      /** The best try's score (partial credit may give halves). */
      score: z.number(),
      total: z.number(),
      xpGained: z.number(),
      completedAt: z.string(),
      /** Tries finished; a new try is under way when `retrying`. */
      tries: z.number(),
      retrying: z.boolean(),
      /** The best try was finished after the due date. */
      late: z.boolean(),
    })
    .nullable(),
  /** Issue 21: first day it can be played, last day on time (Paris days YYYY-MM-DD), or null. */
  startsOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  maxTries: z.number(),
  multiScoring: z.enum(['all', 'partial']),
  /** Before its start date: shown, not playable. */
  upcoming: z.boolean(),
  /** Its due date is over (Paris time): still playable, marked late. */
  overdue: z.boolean(),
});

/** A homework as the student plays it: no correct flag until answered. */
export const homeworkPlayDtoSchema = z.object({
  homework: homeworkRaidDtoSchema,
  title: z.string(),
  questions: z.array(
    z.object({
      id: z.uuid(),
      text: z.string(),
      equationMode: z.boolean(),
      image: z.string().nullable(),
      multiple: z.boolean(),
      /** How many answers are right ("Choisis 2 réponses"). */
      toPick: z.number(),
      answers: z.array(z.object({ id: z.uuid(), text: z.string() })),
      /** Issue 23: the kind, a number's unit, a poll's mode. */
      kind: z.enum(QUESTION_KINDS),
      unit: z.string().nullable().optional(),
      pollMode: z.enum(['choice', 'number', 'text']).optional(),
      given: z
        .object({
          answerIds: z.array(z.uuid()),
          value: z.string().nullable().optional(),
          correct: z.boolean(),
          /** Right, partly right or wrong (issue 21); 'none' for a poll (issue 23). */
          verdict: z.enum(['right', 'partial', 'wrong', 'none']),
          correctAnswerIds: z.array(z.uuid()),
          correctOrder: z.array(z.uuid()).optional(),
          number: numberSettingsSchema.optional(),
          accepted: z.array(z.string()).optional(),
          explanation: z.string().nullable().optional(),
          explanationImage: z.string().nullable().optional(),
        })
        .nullable(),
    }),
  ),
});

export const homeworkAnswerResultSchema = z.object({
  correct: z.boolean(),
  correctAnswerIds: z.array(z.uuid()),
  /** Right, partly right or wrong; what it earned in the homework's mode (0..1); the right answers not ticked. */
  verdict: z.enum(['right', 'partial', 'wrong', 'none']),
  credit: z.number(),
  missedIds: z.array(z.uuid()),
  /** Issue 23: the kind's right answers and the explanation. */
  correctOrder: z.array(z.uuid()).optional(),
  number: numberSettingsSchema.optional(),
  accepted: z.array(z.string()).optional(),
  explanation: z.string().nullable().optional(),
  explanationImage: z.string().nullable().optional(),
});

export const homeworkFinishResultSchema = z.object({
  /** This try's score, and the best kept (issue 21). */
  score: z.number(),
  bestScore: z.number(),
  tries: z.number(),
  maxTries: z.number(),
  /** This try was finished after the due date. */
  late: z.boolean(),
  total: z.number(),
  xpGained: z.number(),
  coinsGained: z.number(),
  level: z.number(),
  levelProgression: z.number(),
  previousLevel: z.number(),
  coin: z.number(),
});

/** POST /questions/import: the questions read and a report line by line. */
export const importResultSchema = z.object({
  questions: z.array(
    z.object({
      kind: z.enum(QUESTION_KINDS),
      text: z.string(),
      equationMode: z.boolean(),
      answers: z.array(z.object({ text: z.string(), isCorrect: z.boolean() })),
      // Issue 23: the kind's settings and the explanation (null when the kind has none).
      number: numberSettingsSchema.nullable(),
      textAnswer: textSettingsSchema.nullable(),
      poll: pollSettingsSchema.nullable(),
      explanation: z.string().nullable(),
      // Images a Moodle XML file embedded, stored as uploads (absent when the question has none).
      imagePath: z.string().optional(),
      explanationImagePath: z.string().optional(),
    }),
  ),
  report: z.array(
    z.object({
      line: z.number(),
      status: z.enum(['imported', 'refused']),
      question: z.string().optional(),
      errors: z
        .array(
          z.object({
            key: z.string(),
            params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
          }),
        )
        .optional(),
    }),
  ),
});
