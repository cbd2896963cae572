import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import {
  codeSignupSchema,
  signinSchema,
  teacherSignupSchema,
  usernameSchema,
} from '../../../shared/schemas/account.js';
import { badRequest } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { exchangeTicket } from '../sso/tickets.js';
import { usernameTaken } from '../users/queries.js';
import {
  activateTeacher,
  resendActivation,
  signin,
  signupStudentWithCode,
  signupTeacher,
} from './service.js';
import { revokeByToken, rotateRefreshToken } from './sessions.js';

const refreshSchema = z.object({ refreshToken: z.string().min(10).max(200) });

export default async function authRoutes(app: FastifyInstance) {
  const { deps } = app;

  app.post('/auth/signin', async (req) => {
    const query = req.query as { ticket?: string };
    // School sign-on (GAR/ENT): the one-time ticket the sign-on redirect carried (modules/sso/tickets.ts).
    if (query.ticket !== undefined) return exchangeTicket(deps, String(query.ticket), req.ip);
    const body = parse(signinSchema, req.body);
    return signin(deps, body.login, body.password, req.ip);
  });

  app.post('/auth/refresh', async (req) => {
    const { refreshToken } = parse(refreshSchema, req.body);
    return rotateRefreshToken(deps, refreshToken);
  });

  app.post('/auth/logout', async (req, reply) => {
    const { refreshToken } = parse(refreshSchema, req.body);
    await revokeByToken(deps, refreshToken);
    return reply.status(204).send();
  });

  app.post('/auth/signup', async (req, reply) => {
    const body = parse(teacherSignupSchema, req.body);
    const result = await signupTeacher(deps, body, req.ip);
    return reply.status(201).send(result);
  });

  app.post('/auth/resend-activation', async (req, reply) => {
    const body = parse(signinSchema, req.body);
    await resendActivation(deps, body.login, body.password, req.ip);
    return reply.status(204).send();
  });

  app.put('/auth/activate', async (req) => {
    const { token } = parse(z.object({ token: z.string().min(10).max(200) }), req.body);
    return activateTeacher(deps, token);
  });

  app.post('/auth/code-signup', async (req, reply) => {
    const body = parse(codeSignupSchema, req.body);
    const user = await signupStudentWithCode(deps, body, req.ip, req.log);
    return reply.status(201).send(user);
  });

  app.get('/auth/check-username/:username', async (req) => {
    await deps.limiter.hit(`check-username:ip:${req.ip}`, 300, 600);
    const r = usernameSchema.safeParse((req.params as { username: string }).username);
    if (!r.success)
      throw badRequest(r.error.issues[0]?.message ?? ERR.INVALID_USERNAME, { field: 'username' });
    return { available: !(await usernameTaken(deps.db, r.data)) };
  });
}
