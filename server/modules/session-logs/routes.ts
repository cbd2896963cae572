// A session log: the client records each sign-in of the caller (SPEC point 7, POST /session-logs/).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../lib/contract.js';
import { recordSessionLog } from './service.js';

export default async function sessionLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.post(
    '/session-logs/',
    {
      config: { access: 'signedIn', self: { body: { userId: 'userId' } } },
      schema: {
        summary: 'Record a session of the caller (30 per 10 minutes)',
        body: z.object({ userId: z.uuid() }),
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (req, reply) => {
      const userId = callerOf(req).sub;
      await deps.limiter.hit(`session-log:${userId}`, 30, 600);
      return reply.status(201).send({ id: await recordSessionLog(deps.db, userId) });
    },
  );
}
