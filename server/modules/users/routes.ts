// User accounts: e-mail and password checks, password reset, the account record, the administrator's
// approval of teachers (SPEC points 1 to 3) and the changelog's "last viewed" mark.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeSignupSchema,
  emailSchema,
  resetPasswordSchema,
  updateUserSchema,
} from '../../../shared/schemas/account.js';
import {
  pendingProfessorSchema,
  storedUserSchema,
  userRecordSchema,
} from '../../../shared/schemas/responses-account.js';
import { callerOf, noBody } from '../../lib/contract.js';
import { signupStudentWithCode } from '../auth/service.js';
import { emailTaken } from './queries.js';
import type { ApprovalAction } from './service.js';
import {
  checkPassword,
  decideProfessor,
  forgotPassword,
  getUserRecord,
  listPendingProfessors,
  resetPassword,
  setChangelogViewed,
  updateUser,
} from './service.js';

const idParams = z.object({ id: z.uuid() });
const lastViewed = z.object({ lastChangelogViewedAt: z.string().nullable() });

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /** A route about the caller's own account: the `id` in the path is theirs (anyone else: 403). */
  const selfUser = { access: 'signedIn', self: { params: { id: 'userId' } } } as const;

  // SPEC point 7's "POST /users, create": a student creates their account with a class code (the
  // spec's student registration). Same rules, limits and answer as POST /auth/code-signup: a valid
  // code is what lets an anonymous caller create an account (teachers sign up by e-mail).
  app.post(
    '/users',
    {
      config: { access: 'public' },
      schema: {
        summary:
          "Create a student account with a class code: the student's first session (as POST /auth/code-signup)",
        body: codeSignupSchema,
        response: { 201: storedUserSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await signupStudentWithCode(deps, req.body, req.ip, req.log)),
  );

  app.get(
    '/users/check/email',
    {
      config: { access: 'public' },
      // Counted before the address is read: a malformed address costs a try too.
      onRequest: async (req) => deps.limiter.hit(`check-email:ip:${req.ip}`, 300, 600),
      schema: {
        summary: 'Whether an e-mail address already has an account (teacher sign-up form)',
        querystring: z.object({ email: emailSchema }),
        response: { 200: z.object({ emailExists: z.boolean() }) },
      },
    },
    async (req) => ({ emailExists: await emailTaken(deps.db, req.query.email) }),
  );

  app.post(
    '/users/check-password',
    {
      config: { access: 'signedIn' },
      schema: {
        summary: "Whether a password is the caller's own (before a sensitive change)",
        body: z.object({ password: z.string().min(1).max(128) }),
        response: { 200: z.object({ isPasswordCorrect: z.boolean() }) },
      },
    },
    async (req) => checkPassword(deps, callerOf(req), req.body.password),
  );

  app.get(
    '/users/pending/freemium',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Teachers waiting for approval',
        response: { 200: z.array(pendingProfessorSchema) },
      },
    },
    async () => listPendingProfessors(deps),
  );

  app.get(
    '/users/forgot-password/:email',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Mail a teacher a password reset link (students ask their teacher)',
        params: z.object({ email: emailSchema }),
        response: { 200: z.object({ sent: z.boolean() }) },
      },
    },
    async (req) => forgotPassword(deps, req.params.email, req.ip),
  );

  app.put(
    '/users/reset-password/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a new password with the mailed reset link; every session is signed out',
        params: z.object({ token: z.string().min(10).max(200) }),
        body: resetPasswordSchema,
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (req) => resetPassword(deps, req.params.token, req.body.newPassword),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        summary: 'A user account: the caller, or a student of the calling teacher',
        params: idParams,
        response: { 200: userRecordSchema },
      },
    },
    async (req) => getUserRecord(deps, callerOf(req), req.params.id),
  );

  app.put(
    '/users/:id',
    {
      config: selfUser,
      schema: {
        summary: "Change the caller's own names, username, avatar or language",
        params: idParams,
        body: updateUserSchema,
        response: { 200: userRecordSchema },
      },
    },
    async (req) => updateUser(deps, callerOf(req), req.params.id, req.body),
  );

  const decisions: Record<ApprovalAction, string> = {
    active: 'Approve a teacher',
    reject: 'Reject a teacher (their sessions end)',
    'approve-ent': 'Approve a teacher for school sign-on (ENT)',
  };
  for (const action of Object.keys(decisions) as ApprovalAction[]) {
    app.put(
      `/users/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          summary: decisions[action],
          params: idParams,
          body: noBody,
          response: { 200: z.object({ id: z.uuid(), status: z.string() }) },
        },
      },
      async (req) => decideProfessor(deps, callerOf(req), req.params.id, action),
    );
  }

  app.get(
    '/users/:id/changelog',
    {
      config: selfUser,
      schema: {
        summary: 'When the caller last read the changelog',
        params: idParams,
        response: { 200: lastViewed },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const record = await getUserRecord(deps, caller, caller.sub);
      return { lastChangelogViewedAt: record.lastChangelogViewedAt };
    },
  );

  app.put(
    '/users/:id/changelog',
    {
      config: selfUser,
      schema: {
        summary: 'Mark the changelog read by the caller',
        params: idParams,
        body: noBody,
        response: { 200: lastViewed },
      },
    },
    async (req) => setChangelogViewed(deps, callerOf(req).sub),
  );
}
