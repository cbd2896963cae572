// A pupil's data, as a family receives it (GDPR right of access, issue 14): everything stored about
// one pupil, and nothing about anyone else. The JSON answer of the export routes; the CSV export
// (a zip, one file per section) writes the same sections. Secrets never appear: no password hash, no
// encrypted generated password, no token or its hash (only the dates of sessions and tickets).
import { z } from 'zod';

const date = z.string().describe('ISO 8601');
const nullableDate = date.nullable();

export const DATA_EXPORT_FORMATS = ['json', 'csv'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

export const pupilDataSchema = z.object({
  exportedAt: date,
  account: z.object({
    userId: z.uuid(),
    studentId: z.uuid(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    status: z.string(),
    isGar: z.boolean(),
    uai: z.string().nullable(),
    language: z.string(),
    avatar: z.string().nullable(),
    coins: z.number(),
    xp: z.number(),
    level: z.number(),
    levelProgression: z.number(),
    powerXp: z.number(),
    passwordChangedByStudent: z.boolean(),
    lastChangelogViewedAt: nullableDate,
    createdAt: date,
    updatedAt: date,
  }),
  classes: z.array(z.object({ name: z.string(), level: z.number(), subject: z.string(), joinedAt: date })),
  /** Issue 24: which accommodations are set (never why); empty when none. */
  accommodations: z.array(
    z.object({
      extraTime: z.string(),
      readAloud: z.boolean(),
      readingFriendly: z.boolean(),
      fewerAnimations: z.boolean(),
      updatedAt: date,
    }),
  ),
  signOnIdentities: z.array(
    z.object({
      provider: z.string(),
      subject: z.string(),
      uai: z.string().nullable(),
      profile: z.string().nullable(),
      divisions: z.array(z.string()),
      groups: z.array(z.string()),
      lastSignInAt: date,
      createdAt: date,
    }),
  ),
  answers: z.array(
    z.object({
      kind: z.string(),
      raid: z.string(),
      className: z.string(),
      question: z.string(),
      answers: z.array(z.string()),
      /** What the pupil typed (a number, a word, a poll's word; issue 23), else null. */
      value: z.string().nullable(),
      correct: z.boolean(),
      timeMs: z.number().nullable(),
      answeredAt: date,
    }),
  ),
  homework: z.array(
    z.object({
      name: z.string(),
      className: z.string(),
      score: z.number(),
      total: z.number(),
      xpGained: z.number(),
      completedAt: date,
    }),
  ),
  homeworkAnswers: z.array(
    z.object({
      homework: z.string(),
      question: z.string(),
      answers: z.array(z.string()),
      /** What the pupil typed (issue 23), else null. */
      value: z.string().nullable(),
      correct: z.boolean(),
      answeredAt: date,
    }),
  ),
  phrases: z.array(
    z.object({
      text: z.string(),
      status: z.string(),
      flagged: z.boolean(),
      className: z.string(),
      subject: z.string(),
      createdAt: date,
      updatedAt: date,
    }),
  ),
  avatars: z.array(z.object({ avatar: z.string(), isNew: z.boolean(), obtainedAt: date })),
  unlockOffers: z.array(z.object({ avatars: z.array(z.string()), isUnlocked: z.boolean(), createdAt: date })),
  events: z.array(
    z.object({
      type: z.string(),
      className: z.string().nullable(),
      subject: z.string().nullable(),
      details: z.string(),
      createdAt: date,
    }),
  ),
  sessionLogs: z.array(z.object({ createdAt: date })),
  sessions: z.array(
    z.object({ createdAt: date, expiresAt: date, usedAt: nullableDate, revokedAt: nullableDate }),
  ),
  signOnTickets: z.array(
    z.object({ provider: z.string(), createdAt: date, expiresAt: date, usedAt: nullableDate }),
  ),
  emailLinks: z.array(
    z.object({ purpose: z.string(), createdAt: date, expiresAt: date, usedAt: nullableDate }),
  ),
  bugReports: z.array(
    z.object({
      summary: z.string(),
      description: z.string(),
      page: z.string().nullable(),
      screenshotKept: z.boolean(),
      createdAt: date,
    }),
  ),
});
export type PupilData = z.infer<typeof pupilDataSchema>;

/** The sections of the export, in the order the CSV zip lists them (file `<section>.csv`). */
export const PUPIL_DATA_SECTIONS = [
  'account',
  'classes',
  'accommodations',
  'signOnIdentities',
  'answers',
  'homework',
  'homeworkAnswers',
  'phrases',
  'avatars',
  'unlockOffers',
  'events',
  'sessionLogs',
  'sessions',
  'signOnTickets',
  'emailLinks',
  'bugReports',
] as const satisfies readonly Exclude<keyof PupilData, 'exportedAt'>[];
