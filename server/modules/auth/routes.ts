// Sign-in, sign-up, account activation and sessions (SPEC points 1 to 3). Every route is public: the
// caller has no access token yet (or only a refresh token).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeSignupSchema,
  professorSignupSchema,
  signinSchema,
  usernameSchema,
} from '../../../shared/schemas/account.js';
import { storedUserSchema } from '../../../shared/schemas/responses-account.js';
import { exchangeTicket } from '../sso/tickets.js';
import { usernameTaken } from '../users/queries.js';
import {
  activateProfessor,
  resendActivation,
  signin,
  signupProfessor,
  signupStudentWithCode,
} from './service.js';
import { revokeByToken, rotateRefreshToken } from './sessions.js';

const refreshSchema = z.object({ refreshToken: z.string().min(10).max(200) });
const pub = { access: 'public' } as const;

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/auth/signin',
    {
      config: pub,
      // School sign-on (GAR/ENT): the one-time ticket the sign-on redirect carried is exchanged for a
      // session (modules/sso/tickets.ts) whatever the body; an unknown, used or expired one answers
      // 401 'Invalid ticket.'.
      preValidation: async (req, reply) => {
        const ticket = (req.query as { ticket?: unknown }).ticket;
        if (ticket !== undefined) return reply.send(await exchangeTicket(deps, String(ticket), req.ip));
      },
      schema: {
        summary: 'Sign in with a username or e-mail and a password (or exchange a school sign-on `ticket`)',
        querystring: z.object({ ticket: z.string().max(4096).optional() }),
        body: signinSchema,
        response: { 200: storedUserSchema },
      },
    },
    async (req) => signin(deps, req.body.login, req.body.password, req.ip, req.body.device),
  );

  app.post(
    '/auth/refresh',
    {
      config: pub,
      schema: {
        summary: 'A new access token for a refresh token (the refresh token is rotated)',
        body: refreshSchema,
        response: { 200: storedUserSchema },
      },
    },
    async (req) => rotateRefreshToken(deps, req.body.refreshToken, req.ip),
  );

  app.post(
    '/auth/logout',
    {
      config: pub,
      schema: {
        summary: "Sign out: the refresh token's session is revoked",
        body: refreshSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await revokeByToken(deps, req.body.refreshToken);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/signup',
    {
      config: pub,
      schema: {
        summary: 'Teacher sign-up: an activation link is mailed',
        body: professorSignupSchema,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (req, reply) => reply.status(201).send(await signupProfessor(deps, req.body, req.ip)),
  );

  app.post(
    '/auth/resend-activation',
    {
      config: pub,
      schema: {
        summary: 'A new activation link for a teacher, proven by their password',
        body: signinSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await resendActivation(deps, req.body.login, req.body.password, req.ip);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/auth/activate',
    {
      config: pub,
      schema: {
        summary: "Activate a teacher's account with the mailed token",
        body: z.object({ token: z.string().min(10).max(200) }),
        response: { 200: z.object({ status: z.enum(['PENDING_APPROVAL', 'ACTIVE']) }) },
      },
    },
    async (req) => activateProfessor(deps, req.body.token),
  );

  app.post(
    '/auth/code-signup',
    {
      config: pub,
      schema: {
        summary: "Student sign-up with a class code: the student's first session",
        body: codeSignupSchema,
        response: { 201: storedUserSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await signupStudentWithCode(deps, req.body, req.ip, req.log)),
  );

  app.get(
    '/auth/check-username/:username',
    {
      config: pub,
      // Counted before the username is read: a malformed name costs a try too.
      onRequest: async (req) => deps.limiter.hit(`check-username:ip:${req.ip}`, 300, 600),
      schema: {
        summary: 'Whether a username is still free',
        params: z.object({ username: usernameSchema }),
        response: { 200: z.object({ available: z.boolean() }) },
      },
    },
    async (req) => ({ available: !(await usernameTaken(deps.db, req.params.username)) }),
  );
}
