import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionLogs } from '../../db/schema.js';
import { parse } from '../../lib/validate.js';
import { assertSelf, requireAuth } from '../../plugins/auth.js';

export default async function sessionLogRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.post('/session-logs/', async (req, reply) => {
    const caller = await requireAuth(req);
    const { userId } = parse(z.object({ userId: z.uuid() }), req.body);
    assertSelf(caller, userId);
    await deps.limiter.hit(`session-log:${userId}`, 30, 600);
    const [row] = await deps.db.insert(sessionLogs).values({ userId }).returning({ id: sessionLogs.id });
    return reply.status(201).send({ id: row.id });
  });
}
