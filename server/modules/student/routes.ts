// The student's own account and homework practice (SPEC points 4 and 7). Every route is for the
// signed-in student about themselves: another student's id answers 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import {
  classCodeSchema,
  nameSchema,
  passwordSchema,
  usernameSchema,
} from '../../../shared/schemas/account.js';
import {
  homeworkAnswerResultSchema,
  homeworkFinishResultSchema,
  homeworkPlayDtoSchema,
  homeworkRaidDtoSchema,
  storedUserSchema,
  studentDtoSchema,
} from '../../../shared/schemas/responses-account.js';
import { noBody, studentOf } from '../../lib/contract.js';
import { notFound } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import {
  answerHomework,
  assertOwnStudent,
  changePassword,
  completeAccount,
  countHomeworkToDo,
  finishHomework,
  getHomeworkPlay,
  getStudent,
  joinClass,
  listHomework,
} from './service.js';

const uuid = z.uuid({ error: ERR.INVALID_BODY });
const idParams = z.object({ id: uuid });
const studentParams = z.object({ studentId: uuid });
const homeworkParams = z.object({ studentId: uuid, homeworkId: uuid });
const byId = { access: 'student', self: 'id' } as const;
const byStudentId = { access: 'student', self: 'studentId' } as const;

/** The calling student, who must be `studentId` (anyone else: 404). */
function self(req: FastifyRequest, studentId: string) {
  const caller = studentOf(req);
  assertOwnStudent(caller, studentId);
  return caller;
}

export default async function studentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/students/findOne',
    {
      config: { access: 'student', self: 'id' },
      schema: {
        summary: "The calling student's profile, by student id or user id",
        querystring: z
          .object({ id: uuid.optional(), userId: uuid.optional() })
          .refine((v) => v.id || v.userId, { message: ERR.REQUIRED, path: ['userId'] }),
        response: { 200: studentDtoSchema },
      },
    },
    async (req) => {
      const caller = studentOf(req);
      const q = req.query;
      if ((q.id && q.id !== caller.studentId) || (q.userId && q.userId !== caller.sub)) throw notFound();
      return getStudent(deps.db, caller.studentId);
    },
  );

  app.get(
    '/students/:id',
    {
      config: byId,
      schema: {
        summary: "The calling student's profile: coins, XP, level, avatar",
        params: idParams,
        response: { 200: studentDtoSchema },
      },
    },
    async (req) => getStudent(deps.db, self(req, req.params.id).studentId),
  );

  app.post(
    '/students/join',
    {
      config: { access: 'student', self: 'studentId' },
      schema: {
        summary: 'Join a class with its code',
        body: z.object({ code: z.string({ error: 'GENERIC_FORM.ERRORS.REQUIRED_FIELD' }), studentId: uuid }),
        response: { 200: z.object({ name: z.string(), schoolclassId: z.uuid() }) },
      },
    },
    async (req) => {
      const caller = self(req, req.body.studentId);
      // The code's format is checked once the student is known to be the caller (another id: 404).
      const { code } = parse(z.object({ code: classCodeSchema }), { code: req.body.code });
      return joinClass(deps, caller, code, req.ip, req.log);
    },
  );

  app.put(
    '/students/:id/password',
    {
      config: byId,
      schema: {
        summary: "Change the student's password: the other devices are signed out, a fresh session answers",
        params: idParams,
        body: z.object({
          currentPassword: z.string({ error: ERR.REQUIRED }).min(1, ERR.REQUIRED).max(128, ERR.INVALID_BODY),
          newPassword: passwordSchema,
        }),
        response: { 200: storedUserSchema },
      },
    },
    async (req) =>
      changePassword(deps, self(req, req.params.id), req.body.currentPassword, req.body.newPassword),
  );

  app.put(
    '/students/:id/account',
    {
      config: byId,
      schema: {
        summary: "Complete a student's account (names and username)",
        params: idParams,
        body: z.object({ firstName: nameSchema, lastName: nameSchema, userName: usernameSchema }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (req) => completeAccount(deps, self(req, req.params.id), req.body),
  );

  app.get(
    '/homeworkRaids/count/:id',
    {
      config: byId,
      schema: {
        summary: 'How many homework raids the student still has to do',
        params: idParams,
        response: { 200: z.object({ count: z.number() }) },
      },
    },
    async (req) => countHomeworkToDo(deps.db, self(req, req.params.id).studentId),
  );

  app.get(
    '/homeworkRaids/:studentId',
    {
      config: byStudentId,
      schema: {
        summary: "The ongoing homework of the student's classes",
        params: studentParams,
        response: { 200: z.array(homeworkRaidDtoSchema) },
      },
    },
    async (req) => listHomework(deps.db, self(req, req.params.studentId).studentId),
  );

  app.get(
    '/students/:studentId/homework/:homeworkId',
    {
      config: byStudentId,
      schema: {
        summary: 'A homework to play: its questions without the correct answers (given ones resume)',
        params: homeworkParams,
        response: { 200: homeworkPlayDtoSchema },
      },
    },
    async (req) => getHomeworkPlay(deps.db, self(req, req.params.studentId).studentId, req.params.homeworkId),
  );

  app.post(
    '/students/:studentId/homework/:homeworkId/answer',
    {
      config: byStudentId,
      schema: {
        summary: 'Answer one homework question: whether it was right and the correct answers',
        params: homeworkParams,
        body: z.object({
          questionId: uuid,
          answerIds: z.array(uuid).min(1, ERR.REQUIRED).max(20, ERR.INVALID_BODY),
        }),
        response: { 200: homeworkAnswerResultSchema },
      },
    },
    async (req) =>
      answerHomework(deps.db, self(req, req.params.studentId).studentId, req.params.homeworkId, req.body),
  );

  app.post(
    '/students/:studentId/homework/:homeworkId/finish',
    {
      config: byStudentId,
      schema: {
        summary: 'Finish a homework: score, XP and coins gained',
        params: homeworkParams,
        body: noBody,
        response: { 200: homeworkFinishResultSchema },
      },
    },
    async (req) => finishHomework(deps.db, self(req, req.params.studentId).studentId, req.params.homeworkId),
  );
}
