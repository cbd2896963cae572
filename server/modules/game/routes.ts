// REST helpers of the live game: the raids a teacher can start, the rooms a student can join.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRaidsForGame, studentClassIds } from '../../game/loaders.js';
import { professorOf, studentOf } from '../../lib/contract.js';

const gameRaids = z.array(
  z.object({
    chapterId: z.uuid(),
    chapterName: z.string(),
    level: z.number(),
    raids: z.array(z.object({ id: z.uuid(), title: z.string(), questionCount: z.number() })),
  }),
);
const liveRooms = z.array(
  z.object({
    schoolclassId: z.string(),
    subjectId: z.string(),
    className: z.string(),
    /** Its board is gone (crash, laptop closed): shown as waiting for the teacher, not joinable. */
    waiting: z.literal(true).optional(),
  }),
);

export default async function gameRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/game/raids',
    {
      config: { access: 'professor' },
      schema: {
        summary: "The caller's chapters of a subject with their raids, to start one on the board",
        querystring: z.object({ subjectId: z.uuid() }),
        response: { 200: gameRaids },
      },
    },
    async (req) => listRaidsForGame(deps.db, professorOf(req).professorId, req.query.subjectId),
  );

  app.get(
    '/game/address',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          'The address phones in the classroom reach this server at (PUBLIC_URL, else its network address): for QR codes',
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async () => ({ url: deps.config.REACHABLE_URL }),
  );

  app.get(
    '/game/rooms/live',
    {
      config: { access: 'student' },
      schema: { summary: "The open rooms of the caller's classes", response: { 200: liveRooms } },
    },
    async (req) => {
      const { studentId } = studentOf(req);
      if (!app.game) return [];
      return app.game.service.liveRoomsFor(await studentClassIds(deps.db, studentId));
    },
  );
}
