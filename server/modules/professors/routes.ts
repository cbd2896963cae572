// A teacher's own account: preferences (power mode, raid sharing; SPEC point 3) and the information of
// "My information" (SPEC point 2). Also the public set-up look-up of the /settings/{professorId} link.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { passwordSchema } from '../../../shared/schemas/account.js';
import { professorAccountSchema } from '../../../shared/schemas/responses.js';
import { storedUserSchema } from '../../../shared/schemas/responses-account.js';
import { professorOf } from '../../lib/contract.js';
import { notFound } from '../../lib/errors.js';
import { changeProfessorPassword } from './password.js';
import { account, accountUpdateSchema, setupStatus, updateAccount } from './service.js';

const byId = z.object({ id: z.uuid() });
/** The teacher's own account: the `id` in the path is theirs (anyone else: 403). */
const selfProfessor = { access: 'professor', self: { params: { id: 'professorId' } } } as const;

export default async function professorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, limiter } = app.deps;

  app.get(
    '/professors/:id',
    {
      config: selfProfessor,
      schema: {
        summary: "The teacher's own account: preferences, identity, contact, school and subjects",
        params: byId,
        response: { 200: professorAccountSchema },
      },
    },
    async (req) => {
      return account(db, professorOf(req).professorId);
    },
  );

  app.put(
    '/professors/:id/password',
    {
      config: selfProfessor,
      schema: {
        summary:
          "Change the teacher's own password: the current one first, then the sign-up rules; every other session is ended and fresh tokens answered (not for school sign-on accounts)",
        params: byId,
        body: z.object({
          currentPassword: z.string({ error: ERR.REQUIRED }).min(1, ERR.REQUIRED).max(128, ERR.INVALID_BODY),
          newPassword: passwordSchema,
        }),
        response: { 200: storedUserSchema },
      },
    },
    async (req) => {
      const caller = professorOf(req);
      return changeProfessorPassword(app.deps, caller, req.body.currentPassword, req.body.newPassword);
    },
  );

  app.put(
    '/professors/:id',
    {
      config: selfProfessor,
      schema: {
        summary:
          'Change preferences and "My information" (only the fields sent; not for school sign-on accounts)',
        params: byId,
        body: accountUpdateSchema,
        response: { 200: professorAccountSchema },
      },
    },
    async (req) => {
      const caller = professorOf(req);
      return updateAccount(db, caller.professorId, caller.sub, req.body);
    },
  );

  // Public (the /settings/{professorId} link): whether this teacher still has to choose a character.
  // Answers nothing else; unknown ids are 404. Limited per address: ids are not to be probed.
  app.get(
    '/professors/:id/setup-status',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether an active teacher still has to choose a character (30 per 10 minutes per address)',
        params: byId,
        response: { 200: z.object({ needsSetup: z.boolean() }) },
      },
      // The limit counts before the id is checked, as before.
      preValidation: async (req) => {
        await limiter.hit(`setup-status:ip:${req.ip}`, 30, 600);
      },
    },
    async (req) => {
      const status = await setupStatus(db, req.params.id);
      if (!status) throw notFound();
      return status;
    },
  );
}
