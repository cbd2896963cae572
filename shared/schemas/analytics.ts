// Analytics (SPEC point 2, issue 13): request and response shapes of every analytics route.
//
// Routes (all under /api; teacher routes answer only about the caller's own classes, 404 otherwise):
//   GET  /analytics/personal?period&from&to                               teacher  -> PersonalAnalytics
//   GET  /analytics/schoolclasses?period&from&to                          teacher  -> ClassesAnalytics
//   GET  /analytics/schoolclasses/:schoolclassId/:subjectId?period&from&to teacher -> ClassStudentsAnalytics
//   GET  /analytics/schoolclasses/:schoolclassId/:subjectId/plays?period&from&to&kind teacher -> RaidPlayList
//   POST /analytics/schoolclasses/:schoolclassId/:subjectId/students/:studentId/xp {amount, reason}
//                                                                          teacher  -> ManualXpResult (201)
//   GET  /analytics/plays/:playId                                          teacher  -> RaidReport
//   GET  /analytics/me?period&from&to                                      student  -> StudentOwnStats
//   GET  /session-logs/amount/users/:userId?period&from&to&schoolclassId   teacher (own class's student, or self)
//                                                                                   -> SessionLogAmount
//   POST /session-logs/amount/users/batch {userIds, period?, from?, to?, schoolclassId?}
//                                                                          teacher  -> SessionLogAmounts
//
// Periods are computed in Europe/Paris: week (Monday 00:00 to now), month (1st 00:00 to now), term
// (Sept 1 to Dec 31, Jan 1 to Mar 31, Apr 1 to Aug 31), year (school year, Sept 1 to Aug 31), custom
// (`from` and `to`, dates yyyy-MM-dd, both days included, at most 400 days). The answer echoes the
// resolved range as ISO instants (`from` inclusive, `to` exclusive). All dates are ISO 8601 strings;
// the client formats them dd/MM/yyyy HH:mm.
import { z } from 'zod';
import { ERR } from '../errors.js';
import {
  type NumberSettings,
  type PollSettings,
  QUESTION_KINDS,
  type QuestionKind,
  type TextSettings,
  TYPED_ANSWER_MAX,
} from '../questions/kinds.js';
import { cleanText } from '../text.js';

export const PERIODS = ['week', 'month', 'term', 'year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
/** Longest custom period, in days. */
export const CUSTOM_PERIOD_MAX_DAYS = 400;
/** Manual XP: one addition is between -1000 and 1000, not 0; the reason 1 to 200 characters. */
export const MANUAL_XP_MAX = 1000;
export const MANUAL_XP_REASON_MAX = 200;
/** Most user ids in one POST /session-logs/amount/users/batch. */
export const SESSION_LOG_BATCH_MAX = 500;

const day = z.string({ error: ERR.INVALID_PERIOD }).regex(/^\d{4}-\d{2}-\d{2}$/, ERR.INVALID_PERIOD);

const periodFields = {
  period: z.enum(PERIODS, { error: ERR.INVALID_PERIOD }).default('year'),
  from: day.optional(),
  to: day.optional(),
};

/** `custom` needs `from` <= `to`, at most CUSTOM_PERIOD_MAX_DAYS apart. */
function checkCustom(q: { period: Period; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (q.period !== 'custom') return;
  if (!q.from || !q.to) {
    ctx.addIssue({ code: 'custom', message: ERR.INVALID_PERIOD, path: [q.from ? 'to' : 'from'] });
    return;
  }
  const a = Date.parse(`${q.from}T00:00:00Z`);
  const b = Date.parse(`${q.to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a || (b - a) / 86_400_000 > CUSTOM_PERIOD_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: ERR.INVALID_PERIOD, path: ['to'] });
  }
}

export const periodQuerySchema = z.object(periodFields).superRefine(checkCustom);
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

export const PLAY_KINDS = ['live', 'homework'] as const;
export type PlayKind = (typeof PLAY_KINDS)[number];
export const playsQuerySchema = z
  .object({ ...periodFields, kind: z.enum(PLAY_KINDS, { error: ERR.INVALID_BODY }).optional() })
  .superRefine(checkCustom);

export const sessionLogAmountQuerySchema = z
  .object({ ...periodFields, schoolclassId: z.uuid({ error: ERR.INVALID_BODY }).optional() })
  .superRefine(checkCustom);
export const sessionLogBatchBodySchema = z
  .object({
    userIds: z
      .array(z.uuid({ error: ERR.INVALID_BODY }))
      .min(1, ERR.INVALID_BODY)
      .max(SESSION_LOG_BATCH_MAX, ERR.INVALID_BODY),
    ...periodFields,
    schoolclassId: z.uuid({ error: ERR.INVALID_BODY }).optional(),
  })
  .superRefine(checkCustom);

export const classSubjectParamsSchema = z.object({
  schoolclassId: z.uuid({ error: ERR.NOT_FOUND }),
  subjectId: z.uuid({ error: ERR.NOT_FOUND }),
});
export const manualXpParamsSchema = classSubjectParamsSchema.extend({
  studentId: z.uuid({ error: ERR.NOT_FOUND }),
});
export const playParamsSchema = z.object({ playId: z.uuid({ error: ERR.NOT_FOUND }) });
/**
 * `words=safe`: the report is projected (issue 23); typed words that the codex's profanity filter
 * flags stay on the server, counted. `names=hidden`: the report is projected with the pupils'
 * names hidden: no first name, last name nor username leaves the server (pupils are numbered in an
 * order that is not alphabetical), and the typed words are safe as with `words=safe`.
 */
export const reportQuerySchema = z.object({
  words: z.enum(['safe', 'all'], { error: ERR.INVALID_BODY }).optional(),
  names: z.enum(['hidden', 'shown'], { error: ERR.INVALID_BODY }).optional(),
});

/**
 * POST /analytics/plays/:playId/accept (issue 23): the teacher accepts a typed answer (number or
 * text) that the rules refused. `value` is the answer as a pupil typed it (the server normalises it
 * as the judge groups answers); every pupil's answer of the play with the same normalised value
 * becomes right, once.
 */
export const acceptAnswerBodySchema = z.object({
  questionId: z.uuid({ error: ERR.INVALID_BODY }),
  value: cleanText('content', ERR.INVALID_BODY)
    .trim()
    .min(1, ERR.INVALID_BODY)
    .max(TYPED_ANSWER_MAX, ERR.INVALID_BODY),
});
export type AcceptAnswerInput = z.infer<typeof acceptAnswerBodySchema>;
export const acceptAnswerResultSchema = z.object({
  questionId: z.uuid(),
  /** The question's accepted values now (normalised). */
  accepted: z.array(z.string()),
  /** Answers this call made right (0 when the value was already accepted). */
  changed: z.number().int(),
});
export type AcceptAnswerResult = z.infer<typeof acceptAnswerResultSchema>;
export const userIdParamsSchema = z.object({ userId: z.uuid({ error: ERR.NOT_FOUND }) });

export const manualXpBodySchema = z.object({
  amount: z
    .number({ error: ERR.MANUAL_XP_AMOUNT })
    .int(ERR.MANUAL_XP_AMOUNT)
    .min(-MANUAL_XP_MAX, ERR.MANUAL_XP_AMOUNT)
    .max(MANUAL_XP_MAX, ERR.MANUAL_XP_AMOUNT)
    .refine((n) => n !== 0, ERR.MANUAL_XP_AMOUNT),
  reason: cleanText('content', ERR.MANUAL_XP_REASON)
    .trim()
    .min(1, ERR.MANUAL_XP_REASON)
    .max(MANUAL_XP_REASON_MAX, ERR.MANUAL_XP_REASON),
});
export type ManualXpInput = z.infer<typeof manualXpBodySchema>;

/**
 * A question as a play asked it, kept with the play (raid_plays.questions): the report reads this,
 * never the raid as it is now. Answer ids are those the students' answers name.
 */
export interface PlayQuestionSnapshot {
  questionId: string;
  text: string;
  equationMode: boolean;
  answers: { answerId: string; text: string; isCorrect: boolean }[];
  /** Live plays since issue 21: the question was shown to the class (older plays: unknown). */
  asked?: boolean;
  /** Live plays since issue 21: the students its share counts (present at the reveal, or answered). */
  counted?: number;
  /** Since issue 23: the kind (absent: 'choice'), its settings and the explanation when played. */
  kind?: QuestionKind;
  settings?: NumberSettings | TextSettings | PollSettings | null;
  explanation?: string | null;
  /** Typed answers the teacher accepted afterwards in the report (normalised by the judge). */
  accepted?: string[];
}

// ----- responses -----

const iso = z.string();
/** The resolved period every answer echoes. */
export const rangeSchema = z.object({ period: z.enum(PERIODS), from: iso, to: iso });

/** One bucket of a time series: the day (yyyy-MM-dd, Europe/Paris) and its count. */
export const dayCountSchema = z.object({ day: z.string(), count: z.number().int() });

export const personalAnalyticsSchema = z.object({
  range: rangeSchema,
  totals: z.object({
    /** The teacher's own session logs (connections). */
    connections: z.number().int(),
    /** Summons (random calls of a pupil, "Invocations" in French) in the teacher's live rooms. */
    summons: z.number().int(),
    /** Codex phrases displayed on the board. */
    codexDisplays: z.number().int(),
    /** Raids the teacher created in the period. */
    raidsCreated: z.number().int(),
    /** Raid plays started (live) or homework sent in the period. */
    raidsStarted: z.number().int(),
  }),
  /** Per day, for the charts (only days with a count). */
  series: z.object({
    connections: z.array(dayCountSchema),
    summons: z.array(dayCountSchema),
    codexDisplays: z.array(dayCountSchema),
    raidsCreated: z.array(dayCountSchema),
    raidsStarted: z.array(dayCountSchema),
  }),
});
export type PersonalAnalytics = z.infer<typeof personalAnalyticsSchema>;

export const classRowSchema = z.object({
  schoolclassId: z.uuid(),
  schoolclassName: z.string(),
  level: z.number().int(),
  subjectId: z.uuid(),
  subjectCode: z.string(),
  studentsCount: z.number().int(),
  /** Homework finished by a student (one per student and homework), in the period. */
  individualRaidsCompleted: z.number().int(),
  /** Live raid plays that reached VICTORY or DEFEAT in the period. */
  collectiveRaidsCompleted: z.number().int(),
  /** Victories / completed live plays, 0..1; null when none completed. */
  victoryRate: z.number().nullable(),
});
export const classesAnalyticsSchema = z.object({ range: rangeSchema, classes: z.array(classRowSchema) });
export type ClassRow = z.infer<typeof classRowSchema>;
export type ClassesAnalytics = z.infer<typeof classesAnalyticsSchema>;

export const studentRowSchema = z.object({
  studentId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  /** Codex phrases written to this teacher in this class and subject, in the period (deleted ones included). */
  phrasesCreated: z.number().int(),
  /** Approved or displayed / phrases created, 0..1; null when none. */
  acceptanceRate: z.number().nullable(),
  /** Right answers / answers in live raids of this class and subject, 0..1; null when none. */
  liveGoodAnswerRate: z.number().nullable(),
  liveAnswers: z.number().int(),
  /** Right answers / answers in homework of this class and subject, 0..1; null when none. */
  homeworkGoodAnswerRate: z.number().nullable(),
  homeworkAnswers: z.number().int(),
  xp: z.number().int(),
  level: z.number().int(),
  levelProgression: z.number().int(),
});
export const classStudentsAnalyticsSchema = z.object({
  range: rangeSchema,
  schoolclassId: z.uuid(),
  schoolclassName: z.string(),
  subjectId: z.uuid(),
  subjectCode: z.string(),
  students: z.array(studentRowSchema),
});
export type StudentRow = z.infer<typeof studentRowSchema>;
export type ClassStudentsAnalytics = z.infer<typeof classStudentsAnalyticsSchema>;

/** Most wrong values (numbers, texts) and wrong orders a report lists per question. */
export const REPORT_TOP_VALUES = 5;
export const REPORT_TOP_ORDERS = 3;

export const RAID_RESULTS = ['VICTORY', 'DEFEAT'] as const;
export const raidPlaySchema = z.object({
  id: z.uuid(),
  /** Null once the raid was deleted (the report stays). */
  raidId: z.uuid().nullable(),
  /** The title when the play started. */
  raidTitle: z.string(),
  kind: z.enum(PLAY_KINDS),
  /** The homework this play is (kind homework), else null. */
  homeworkRaidId: z.uuid().nullable(),
  startedAt: iso,
  /** Live: when the raid ended; homework: null while it is on going. */
  endedAt: iso.nullable(),
  /** Live: VICTORY or DEFEAT once ended; homework: null. */
  result: z.enum(RAID_RESULTS).nullable(),
  /** Students who answered at least one question. */
  participants: z.number().int(),
  /** Right answers / answers, 0..1; null when none. */
  goodAnswerRate: z.number().nullable(),
});
export const raidPlayListSchema = z.object({ range: rangeSchema, plays: z.array(raidPlaySchema) });
export type RaidPlay = z.infer<typeof raidPlaySchema>;
export type RaidPlayList = z.infer<typeof raidPlayListSchema>;

export const reportAnswerOptionSchema = z.object({
  answerId: z.uuid(),
  text: z.string(),
  isCorrect: z.boolean(),
  /** Students who chose it. */
  chosenBy: z.number().int(),
});
export const reportQuestionSchema = z.object({
  questionId: z.uuid(),
  position: z.number().int(),
  text: z.string(),
  equationMode: z.boolean(),
  answers: z.array(reportAnswerOptionSchema),
  /** Students who answered it. */
  answered: z.number().int(),
  correct: z.number().int(),
  /**
   * Whether the class was shown it: false for a question of a live raid that ended before it (older
   * live plays and homework: true when someone answered it, or for homework always).
   */
  asked: z.boolean(),
  /**
   * The students the share counts: live, those present at its reveal or who answered (as the board
   * counted them); homework and older plays, those who answered.
   */
  counted: z.number().int(),
  /** correct / counted, 0..1 (shared/game/share.ts, as the board shows it); null when nobody was counted. */
  shareCorrect: z.number().nullable(),
  /** The wrong answer chosen most often (ties: lowest position); null when no wrong answer was chosen. */
  mostChosenWrong: z.object({ answerId: z.uuid(), text: z.string(), chosenBy: z.number().int() }).nullable(),
  /** Students whose answer was partly right (some right answers ticked, issue 21); not in `correct`. */
  partial: z.number().int().optional(),
  /**
   * A question with several right answers: the right answer most often left unticked by those who
   * did not get it all (ties: lowest position); null when none was missed.
   */
  mostMissed: z
    .object({ answerId: z.uuid(), text: z.string(), missedBy: z.number().int() })
    .nullable()
    .optional(),
  /** Mean and median time to answer, ms; null when nobody answered. */
  meanTimeMs: z.number().int().nullable(),
  medianTimeMs: z.number().int().nullable(),
  /** Issue 23: the kind (absent: a choice). A poll is never right nor wrong: no share, no score. */
  kind: z.enum(QUESTION_KINDS).optional(),
  /** A number's unit, shown next to the values. */
  unit: z.string().nullable().optional(),
  /**
   * A number or a text: the wrong answers most given, grouped by the judge's normalisation (a number
   * by its value, a text without case, accents or extra spaces), most given first (at most
   * REPORT_TOP_VALUES). `value` is the spelling given most often in the group, `key` what the
   * teacher accepts.
   */
  wrongValues: z.array(z.object({ key: z.string(), value: z.string(), count: z.number().int() })).optional(),
  /** An order: the wrong orders most given (answer ids in the pupils' order), most given first. */
  wrongOrders: z.array(z.object({ answerIds: z.array(z.uuid()), count: z.number().int() })).optional(),
  /** A typed poll: every value given, grouped, most given first (a choice poll counts its answers' chosenBy). */
  pollValues: z.array(z.object({ value: z.string(), count: z.number().int() })).optional(),
  /** Typed answers the teacher accepted afterwards (normalised keys). */
  accepted: z.array(z.string()).optional(),
  /**
   * Issue 23, a projected report (`?words=safe`) of a text or a word poll: typed answers the codex's
   * profanity filter held back (left out of `wrongValues` and `pollValues`, never sent).
   */
  filtered: z.number().int().optional(),
});
export const reportStudentAnswerSchema = z.object({
  questionId: z.uuid(),
  answerIds: z.array(z.uuid()),
  /** What the pupil typed (number, text, typed poll; issue 23), else null or absent. */
  value: z.string().nullable().optional(),
  /** A projected report: what was typed is a rude word, held back by the filter (`value` is null). */
  filtered: z.boolean().optional(),
  correct: z.boolean(),
  /**
   * Right, partly right or wrong (shared/game/scoring.ts), whatever the play's scoring mode; 'none'
   * for a poll (issue 23).
   */
  verdict: z.enum(['right', 'partial', 'wrong', 'none']).optional(),
  timeMs: z.number().int().nullable(),
});
export const reportStudentSchema = z.object({
  studentId: z.uuid(),
  /** Absent from a report projected with names hidden (`names=hidden`): names never leave the server. */
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  username: z.string().optional(),
  /** Questions answered, polls included (a poll is never in `correct`, nor in a score's total). */
  answered: z.number().int(),
  correct: z.number().int(),
  /** Answers partly right (not counted in `correct`). */
  partial: z.number().int().optional(),
  /** One per question answered, in question order; a question not answered is absent. */
  answers: z.array(reportStudentAnswerSchema),
});
export const raidReportSchema = z.object({
  play: raidPlaySchema,
  schoolclassId: z.uuid(),
  schoolclassName: z.string(),
  subjectId: z.uuid(),
  subjectCode: z.string(),
  questions: z.array(reportQuestionSchema),
  students: z.array(reportStudentSchema),
});
export type RaidReport = z.infer<typeof raidReportSchema>;

export const manualXpResultSchema = z.object({
  studentId: z.uuid(),
  /** The gain applied after SPEC point 4's rules (divided by active professors). */
  applied: z.number().int(),
  xp: z.number().int(),
  level: z.number().int(),
  levelProgression: z.number().int(),
  powerXp: z.number().int(),
});
export type ManualXpResult = z.infer<typeof manualXpResultSchema>;

/** A point of the student's XP curve: after each gain (raid, homework, manual XP). */
export const xpPointSchema = z.object({
  at: iso,
  /** Cumulated XP after this gain. */
  xp: z.number().int(),
  level: z.number().int(),
  gain: z.number().int(),
  source: z.enum(['live', 'homework', 'manual', 'summon']),
  /** The teacher's reason, for manual XP. */
  reason: z.string().nullable(),
});
export const studentOwnStatsSchema = z.object({
  range: rangeSchema,
  xp: z.number().int(),
  level: z.number().int(),
  levelProgression: z.number().int(),
  xpHistory: z.array(xpPointSchema),
  raidsPlayed: z.object({ live: z.number().int(), homework: z.number().int() }),
  subjects: z.array(
    z.object({
      subjectId: z.uuid(),
      subjectCode: z.string(),
      answers: z.number().int(),
      correct: z.number().int(),
      /** 0..1; null when no answer. */
      goodAnswerRate: z.number().nullable(),
    }),
  ),
});
/** A teacher's page about one pupil (issue 21): the pupil's progress in that teacher's classes only. */
export const pupilPageSchema = z.object({
  student: z.object({
    studentId: z.uuid(),
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
  }),
  classes: z.array(
    z.object({
      schoolclassId: z.uuid(),
      schoolclassName: z.string(),
      subjectId: z.uuid(),
      subjectCode: z.string(),
    }),
  ),
  stats: studentOwnStatsSchema,
  plays: z.array(
    z.object({
      playId: z.uuid(),
      raidTitle: z.string(),
      kind: z.enum(PLAY_KINDS),
      startedAt: z.string(),
      /** The pupil's last answer in this play. */
      answeredAt: z.string(),
      schoolclassId: z.uuid(),
      subjectId: z.uuid(),
      answers: z.number().int(),
      correct: z.number().int(),
      goodAnswerRate: z.number().nullable(),
    }),
  ),
});
export type PupilPage = z.infer<typeof pupilPageSchema>;
export const pupilParamsSchema = z.object({ studentId: z.uuid({ error: ERR.NOT_FOUND }) });
export type XpPoint = z.infer<typeof xpPointSchema>;
export type StudentOwnStats = z.infer<typeof studentOwnStatsSchema>;

export const sessionLogAmountSchema = z.object({
  userId: z.uuid(),
  amount: z.number().int(),
  range: rangeSchema,
});
export const sessionLogAmountsSchema = z.object({
  range: rangeSchema,
  amounts: z.array(z.object({ userId: z.uuid(), amount: z.number().int() })),
});
export type SessionLogAmount = z.infer<typeof sessionLogAmountSchema>;
export type SessionLogAmounts = z.infer<typeof sessionLogAmountsSchema>;
