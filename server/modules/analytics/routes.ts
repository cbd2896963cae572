// Analytics routes (SPEC points 2 and 7, issue 13). A teacher reads only the classes they teach:
// another teacher's class, play or student answers 404, as if it did not exist. Each read counts
// against a per-user budget (ANALYTICS_READS_PER_MINUTE): a page opens five or six of them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptAnswerBodySchema,
  acceptAnswerResultSchema,
  classesAnalyticsSchema,
  classStudentsAnalyticsSchema,
  classSubjectParamsSchema,
  manualXpBodySchema,
  manualXpParamsSchema,
  manualXpResultSchema,
  periodQuerySchema,
  personalAnalyticsSchema,
  playParamsSchema,
  playsQuerySchema,
  pupilPageSchema,
  pupilParamsSchema,
  raidPlayListSchema,
  raidReportSchema,
  reportQuerySchema,
  sessionLogAmountQuerySchema,
  sessionLogAmountSchema,
  sessionLogAmountsSchema,
  sessionLogBatchBodySchema,
  studentOwnStatsSchema,
  userIdParamsSchema,
} from '../../../shared/schemas/analytics.js';
import { callerOf, professorOf, studentOf } from '../../lib/contract.js';
import { notFound } from '../../lib/errors.js';
import {
  assertInClass,
  assertTeachesClass,
  assertTeachesStudent,
  countableUsers,
} from '../../policies/index.js';
import { acceptAnswer } from './accept.js';
import { ensureHomeworkPlay } from './answers.js';
import { rangeDto, resolvePeriod } from './periods.js';
import {
  addManualXp,
  classes,
  classStudents,
  homeworkClass,
  ownStats,
  personal,
  playClass,
  plays,
  pupilPage,
  report,
  sessionLogAmounts,
} from './service.js';

export const ANALYTICS_READS_PER_MINUTE = 120;
/** Manual XP additions per teacher per minute. */
export const MANUAL_XP_PER_MINUTE = 60;
/** Typed answers accepted afterwards per teacher per minute (issue 23). */
export const ACCEPT_PER_MINUTE = 60;

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const budget = (userId: string) =>
    app.deps.limiter.hit(`analytics:${userId}`, ANALYTICS_READS_PER_MINUTE, 60);

  app.get(
    '/analytics/personal',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "The teacher's own activity: connections, summons, codex displays, raids created and started",
        querystring: periodQuerySchema,
        response: { 200: personalAnalyticsSchema },
      },
    },
    async (req) => {
      const t = professorOf(req);
      await budget(t.sub);
      return personal(db, t.professorId, t.sub, resolvePeriod(req.query));
    },
  );

  app.get(
    '/analytics/schoolclasses',
    {
      config: { access: 'professor' },
      schema: {
        summary: "The teacher's classes per subject: students, raids completed, victory rate",
        querystring: periodQuerySchema,
        response: { 200: classesAnalyticsSchema },
      },
    },
    async (req) => {
      const t = professorOf(req);
      await budget(t.sub);
      return classes(db, t.professorId, resolvePeriod(req.query));
    },
  );

  app.get(
    '/analytics/schoolclasses/:schoolclassId/:subjectId',
    {
      config: { access: 'professor' },
      schema: {
        summary: "A class's students in a subject: phrases, acceptance, good-answer rates, XP and level",
        params: classSubjectParamsSchema,
        querystring: periodQuerySchema,
        response: { 200: classStudentsAnalyticsSchema },
      },
    },
    async (req) => {
      const t = professorOf(req);
      await budget(t.sub);
      const { schoolclassId, subjectId } = req.params;
      await assertTeachesClass(db, t.professorId, schoolclassId, subjectId);
      return classStudents(db, t.professorId, schoolclassId, subjectId, resolvePeriod(req.query));
    },
  );

  app.get(
    '/analytics/schoolclasses/:schoolclassId/:subjectId/plays',
    {
      config: { access: 'professor' },
      schema: {
        summary: 'The raids a class played in a subject, live and homework, newest first',
        params: classSubjectParamsSchema,
        querystring: playsQuerySchema,
        response: { 200: raidPlayListSchema },
      },
    },
    async (req) => {
      const t = professorOf(req);
      await budget(t.sub);
      const { schoolclassId, subjectId } = req.params;
      await assertTeachesClass(db, t.professorId, schoolclassId, subjectId);
      return plays(db, schoolclassId, subjectId, resolvePeriod(req.query), req.query.kind);
    },
  );

  app.post(
    '/analytics/schoolclasses/:schoolclassId/:subjectId/students/:studentId/xp',
    {
      config: { access: 'professor' },
      schema: {
        summary: 'Manual XP with a reason, applied by the XP rules and shown to the student',
        params: manualXpParamsSchema,
        body: manualXpBodySchema,
        response: { 201: manualXpResultSchema },
      },
    },
    async (req, reply) => {
      const t = professorOf(req);
      const { schoolclassId, subjectId, studentId } = req.params;
      await app.deps.limiter.hit(`manual-xp:${t.sub}`, MANUAL_XP_PER_MINUTE, 60);
      await assertTeachesClass(db, t.professorId, schoolclassId, subjectId);
      await assertInClass(db, studentId, schoolclassId);
      const out = await addManualXp(
        db,
        { professorId: t.professorId, schoolclassId, subjectId, studentId },
        req.body,
      );
      return reply.status(201).send(out);
    },
  );

  app.get(
    '/analytics/plays/:playId',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "The report of one play: each question's success, most chosen wrong answer, time; each student's answers. Projected: `words=safe` holds rude typed words back; `names=hidden` also leaves the pupils' names out",
        params: playParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: raidReportSchema },
      },
    },
    async (req) => {
      const t = professorOf(req);
      await budget(t.sub);
      const { playId } = req.params;
      const where = (await playClass(db, playId)) ?? (await homeworkClass(db, playId));
      if (!where) throw notFound();
      await assertTeachesClass(db, t.professorId, where.schoolclassId, where.subjectId);
      // A homework sent before issue 13 and never answered has no play yet: it gets one now.
      if ('homework' in where) await ensureHomeworkPlay(db, playId);
      // Projected (issue 23): rude typed words never leave the server; with names hidden, neither
      // do the pupils' names (the desk's report, without a parameter, is whole).
      const hideNames = req.query.names === 'hidden';
      return report(db, req.params.playId, { safeWords: hideNames || req.query.words === 'safe', hideNames });
    },
  );

  app.post(
    '/analytics/plays/:playId/accept',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "Accept a typed answer the rules refused: every pupil's answer of the play with the same normalised value becomes right, scores and XP recomputed once",
        params: playParamsSchema,
        body: acceptAnswerBodySchema,
        response: { 200: acceptAnswerResultSchema },
      },
    },
    async (req) => {
      const t = professorOf(req);
      await app.deps.limiter.hit(`accept-answer:${t.sub}`, ACCEPT_PER_MINUTE, 60);
      const { playId } = req.params;
      // Whoever may read the report may accept in it; anyone else: as if the play did not exist.
      const where = await playClass(db, playId);
      if (!where) throw notFound();
      await assertTeachesClass(db, t.professorId, where.schoolclassId, where.subjectId);
      return acceptAnswer(db, t.professorId, playId, req.body);
    },
  );

  app.get(
    '/analytics/students/:studentId',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "A teacher's page about one pupil: XP over time, raids and homework answered, good answers, in that teacher's classes only",
        params: pupilParamsSchema,
        querystring: periodQuerySchema,
        response: { 200: pupilPageSchema },
      },
    },
    async (req) => {
      const t = professorOf(req);
      await budget(t.sub);
      const { studentId } = req.params;
      // Only the pupil's own teachers: anyone else's pupil is as if it did not exist.
      await assertTeachesStudent(db, t.professorId, studentId);
      return pupilPage(db, t.professorId, studentId, resolvePeriod(req.query));
    },
  );

  app.get(
    '/analytics/me',
    {
      config: { access: 'student' },
      schema: {
        summary: "The student's own progress: XP and level over time, raids played, good answers per subject",
        querystring: periodQuerySchema,
        response: { 200: studentOwnStatsSchema },
      },
    },
    async (req) => {
      const s = studentOf(req);
      await budget(s.sub);
      return ownStats(db, s.studentId, resolvePeriod(req.query));
    },
  );

  app.get(
    '/session-logs/amount/users/:userId',
    {
      config: { access: 'signedIn' },
      schema: {
        summary:
          "How many sessions a user opened in the period (the caller, or a student of the teacher's classes)",
        params: userIdParamsSchema,
        querystring: sessionLogAmountQuerySchema,
        response: { 200: sessionLogAmountSchema },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      await budget(caller.sub);
      const { userId } = req.params;
      const { schoolclassId } = req.query;
      let allowed = userId === caller.sub && !schoolclassId;
      if (!allowed && caller.professorId) {
        if (schoolclassId) await assertTeachesClass(db, caller.professorId, schoolclassId);
        allowed = (await countableUsers(db, caller, caller.professorId, [userId], schoolclassId)).has(userId);
      }
      if (!allowed) throw notFound();
      const r = resolvePeriod(req.query);
      const [one] = await sessionLogAmounts(db, [userId], r);
      return { userId, amount: one.amount, range: rangeDto(r) };
    },
  );

  app.post(
    '/session-logs/amount/users/batch',
    {
      config: { access: 'professor' },
      schema: {
        summary: "Sessions per user in the period, for the teacher and the students of the teacher's classes",
        body: sessionLogBatchBodySchema,
        response: { 200: sessionLogAmountsSchema },
      },
    },
    async (req) => {
      const t = professorOf(req);
      await budget(t.sub);
      const { schoolclassId } = req.body;
      if (schoolclassId) await assertTeachesClass(db, t.professorId, schoolclassId);
      const userIds = [...new Set(req.body.userIds)];
      const ok = await countableUsers(db, t, t.professorId, userIds, schoolclassId);
      // One user the teacher may not see answers 404 for the whole batch: no partial leak.
      if (userIds.some((u) => !ok.has(u))) throw notFound();
      const r = resolvePeriod(req.body);
      return { range: rangeDto(r), amounts: await sessionLogAmounts(db, userIds, r) };
    },
  );
}
