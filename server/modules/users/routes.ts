import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emailSchema, resetPasswordSchema, updateUserSchema } from '../../../shared/schemas/account.js';
import { parse } from '../../lib/validate.js';
import { assertSelf, requireAdmin, requireAuth } from '../../plugins/auth.js';
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

export default async function userRoutes(app: FastifyInstance) {
  const { deps } = app;

  app.get('/users/check/email', async (req) => {
    await deps.limiter.hit(`check-email:ip:${req.ip}`, 300, 600);
    const { email } = parse(z.object({ email: emailSchema }), req.query);
    return { emailExists: await emailTaken(deps.db, email) };
  });

  app.post('/users/check-password', async (req) => {
    const caller = await requireAuth(req);
    const { password } = parse(z.object({ password: z.string().min(1).max(128) }), req.body);
    return checkPassword(deps, caller, password);
  });

  app.get('/users/pending/freemium', async (req) => {
    await requireAdmin(req);
    return listPendingProfessors(deps);
  });

  app.get('/users/forgot-password/:email', async (req) => {
    const { email } = parse(z.object({ email: emailSchema }), req.params);
    return forgotPassword(deps, email, req.ip);
  });

  app.put('/users/reset-password/:token', async (req) => {
    const { token } = parse(z.object({ token: z.string().min(10).max(200) }), req.params);
    const { newPassword } = parse(resetPasswordSchema, req.body);
    return resetPassword(deps, token, newPassword);
  });

  app.get('/users/:id', async (req) => {
    const caller = await requireAuth(req);
    const { id } = parse(idParams, req.params);
    return getUserRecord(deps, caller, id);
  });

  app.put('/users/:id', async (req) => {
    const caller = await requireAuth(req);
    const { id } = parse(idParams, req.params);
    return updateUser(deps, caller, id, parse(updateUserSchema, req.body));
  });

  for (const action of ['active', 'reject', 'approve-ent'] as ApprovalAction[]) {
    app.put(`/users/:id/${action}`, async (req) => {
      const caller = await requireAdmin(req);
      const { id } = parse(idParams, req.params);
      return decideProfessor(deps, caller, id, action);
    });
  }

  app.get('/users/:id/changelog', async (req) => {
    const caller = await requireAuth(req);
    const { id } = parse(idParams, req.params);
    assertSelf(caller, id);
    const record = await getUserRecord(deps, caller, id);
    return { lastChangelogViewedAt: record.lastChangelogViewedAt };
  });

  app.put('/users/:id/changelog', async (req) => {
    const caller = await requireAuth(req);
    const { id } = parse(idParams, req.params);
    assertSelf(caller, id);
    return setChangelogViewed(deps, id);
  });
}
