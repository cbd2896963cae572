// The student's own account and homework practice (docs/protocol.md, section `student`). Every route
// is for the signed-in student about themselves: another student's id answers 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import {
  classCodeSchema,
  nameSchema,
  passwordSchema,
  usernameSchema,
} from '../../../shared/schemas/account.js';
import { notFound } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { requireStudent } from '../../plugins/auth.js';
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

export default async function studentRoutes(app: FastifyInstance) {
  const { deps } = app;

  app.get('/students/findOne', async (req) => {
    const caller = await requireStudent(req);
    const q = parse(
      z
        .object({ id: uuid.optional(), userId: uuid.optional() })
        .refine((v) => v.id || v.userId, { message: ERR.REQUIRED, path: ['userId'] }),
      req.query,
    );
    if ((q.id && q.id !== caller.studentId) || (q.userId && q.userId !== caller.sub)) throw notFound();
    return getStudent(deps.db, caller.studentId);
  });

  app.get('/students/:id', async (req) => {
    const caller = await requireStudent(req);
    const { id } = parse(idParams, req.params);
    assertOwnStudent(caller, id);
    return getStudent(deps.db, id);
  });

  app.post('/students/join', async (req) => {
    const caller = await requireStudent(req);
    const body = parse(
      z.object({ code: z.string({ error: 'GENERIC_FORM.ERRORS.REQUIRED_FIELD' }), studentId: uuid }),
      req.body,
    );
    assertOwnStudent(caller, body.studentId);
    const { code } = parse(z.object({ code: classCodeSchema }), { code: body.code });
    return joinClass(deps, caller, code, req.ip, req.log);
  });

  app.put('/students/:id/password', async (req) => {
    const caller = await requireStudent(req);
    const { id } = parse(idParams, req.params);
    assertOwnStudent(caller, id);
    const body = parse(
      z.object({
        currentPassword: z.string({ error: ERR.REQUIRED }).min(1, ERR.REQUIRED).max(128, ERR.INVALID_BODY),
        newPassword: passwordSchema,
      }),
      req.body,
    );
    return changePassword(deps, caller, body.currentPassword, body.newPassword);
  });

  app.put('/students/:id/account', async (req) => {
    const caller = await requireStudent(req);
    const { id } = parse(idParams, req.params);
    assertOwnStudent(caller, id);
    const body = parse(
      z.object({ firstName: nameSchema, lastName: nameSchema, userName: usernameSchema }),
      req.body,
    );
    return completeAccount(deps, caller, body);
  });

  app.get('/homeworkRaids/count/:id', async (req) => {
    const caller = await requireStudent(req);
    const { id } = parse(idParams, req.params);
    assertOwnStudent(caller, id);
    return countHomeworkToDo(deps.db, id);
  });

  app.get('/homeworkRaids/:studentId', async (req) => {
    const caller = await requireStudent(req);
    const { studentId } = parse(studentParams, req.params);
    assertOwnStudent(caller, studentId);
    return listHomework(deps.db, studentId);
  });

  app.get('/students/:studentId/homework/:homeworkId', async (req) => {
    const caller = await requireStudent(req);
    const { studentId, homeworkId } = parse(homeworkParams, req.params);
    assertOwnStudent(caller, studentId);
    return getHomeworkPlay(deps.db, studentId, homeworkId);
  });

  app.post('/students/:studentId/homework/:homeworkId/answer', async (req) => {
    const caller = await requireStudent(req);
    const { studentId, homeworkId } = parse(homeworkParams, req.params);
    assertOwnStudent(caller, studentId);
    const body = parse(
      z.object({
        questionId: uuid,
        answerIds: z.array(uuid).min(1, ERR.REQUIRED).max(20, ERR.INVALID_BODY),
      }),
      req.body,
    );
    return answerHomework(deps.db, studentId, homeworkId, body);
  });

  app.post('/students/:studentId/homework/:homeworkId/finish', async (req) => {
    const caller = await requireStudent(req);
    const { studentId, homeworkId } = parse(homeworkParams, req.params);
    assertOwnStudent(caller, studentId);
    return finishHomework(deps.db, studentId, homeworkId);
  });
}
