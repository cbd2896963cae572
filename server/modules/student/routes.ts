// The student's own account and homework practice (SPEC points 4 and 7). Every route is for the
// signed-in student about themselves: another student's id answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { ORDER_ITEMS_MAX, ORDER_ITEMS_MIN, TYPED_ANSWER_MAX } from '../../../shared/questions/kinds.js';
import { classCode, nameSchema, passwordSchema, usernameSchema } from '../../../shared/schemas/account.js';
import {
  homeworkAnswerResultSchema,
  homeworkFinishResultSchema,
  homeworkPlayDtoSchema,
  homeworkRaidDtoSchema,
  storedUserSchema,
  studentDtoSchema,
} from '../../../shared/schemas/responses-account.js';
import { noBody, type SelfRule, studentOf } from '../../lib/contract.js';
import {
  answerHomework,
  changePassword,
  completeAccount,
  countHomeworkToDo,
  finishHomework,
  getHomeworkPlay,
  getStudent,
  joinClass,
  listHomework,
  retryHomework,
} from './service.js';

const uuid = z.uuid({ error: ERR.INVALID_BODY });
const idParams = z.object({ id: uuid });
const studentParams = z.object({ studentId: uuid });
/** The code a student types to join a class; absent, the form's own "required" key. */
const joinCodeSchema = classCode('GENERIC_FORM.ERRORS.REQUIRED_FIELD');
const homeworkParams = z.object({ studentId: uuid, homeworkId: uuid });
/** A student route about the caller's own record; another student's id answers 404. */
const selfBy = (ids: Omit<SelfRule, 'refuse'>) => ({
  access: 'student' as const,
  self: { ...ids, refuse: 404 as const },
});
const byId = selfBy({ params: { id: 'studentId' } });
const byStudentId = selfBy({ params: { studentId: 'studentId' } });

export default async function studentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/students/findOne',
    {
      config: selfBy({ query: { id: 'studentId', userId: 'userId' } }),
      schema: {
        summary: "The calling student's profile, by student id or user id",
        querystring: z
          .object({ id: uuid.optional(), userId: uuid.optional() })
          .refine((v) => v.id || v.userId, { message: ERR.REQUIRED, path: ['userId'] }),
        response: { 200: studentDtoSchema },
      },
    },
    async (req) => {
      return getStudent(deps.db, studentOf(req).studentId);
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
    async (req) => getStudent(deps.db, studentOf(req).studentId),
  );

  app.post(
    '/students/join',
    {
      config: selfBy({ body: { studentId: 'studentId' } }),
      schema: {
        summary: 'Join a class with its code',
        body: z.object({ code: joinCodeSchema, studentId: uuid }),
        response: { 200: z.object({ name: z.string(), schoolclassId: z.uuid() }) },
      },
    },
    async (req) => joinClass(deps, studentOf(req), req.body.code, req.ip, req.log),
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
    async (req) => changePassword(deps, studentOf(req), req.body.currentPassword, req.body.newPassword),
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
    async (req) => completeAccount(deps, studentOf(req), req.body),
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
    async (req) => countHomeworkToDo(deps.db, studentOf(req).studentId),
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
    async (req) => listHomework(deps.db, studentOf(req).studentId),
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
    async (req) => getHomeworkPlay(deps.db, studentOf(req).studentId, req.params.homeworkId),
  );

  app.post(
    '/students/:studentId/homework/:homeworkId/answer',
    {
      config: byStudentId,
      schema: {
        summary: 'Answer one homework question: whether it was right and the correct answers',
        params: homeworkParams,
        // Exactly one of: the choices ticked, an order's items in the pupil's order, what was typed (issue 23).
        body: z
          .object({
            questionId: uuid,
            answerIds: z.array(uuid).min(1, ERR.REQUIRED).max(20, ERR.INVALID_BODY).optional(),
            order: z
              .array(uuid)
              .min(ORDER_ITEMS_MIN, ERR.ANSWER_WRONG_SHAPE)
              .max(ORDER_ITEMS_MAX, ERR.ANSWER_WRONG_SHAPE)
              .optional(),
            value: z.string().max(TYPED_ANSWER_MAX, ERR.ANSWER_TOO_LONG_TYPED).optional(),
          })
          .refine(
            (b) => [b.answerIds, b.order, b.value].filter((x) => x !== undefined).length === 1,
            ERR.ANSWER_WRONG_SHAPE,
          ),
        response: { 200: homeworkAnswerResultSchema },
      },
    },
    async (req) => answerHomework(deps.db, studentOf(req).studentId, req.params.homeworkId, req.body),
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
    async (req) => finishHomework(deps.db, studentOf(req).studentId, req.params.homeworkId),
  );

  app.post(
    '/students/:studentId/homework/:homeworkId/retry',
    {
      config: byStudentId,
      schema: {
        summary: 'Start a new try of a finished homework while tries are left (the best score is kept)',
        params: homeworkParams,
        body: noBody,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => retryHomework(deps.db, studentOf(req).studentId, req.params.homeworkId),
  );
}
