// REST helpers of the live game: the raids a teacher can start, the rooms a student can join.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listRaidsForGame, studentClassIds } from '../../game/loaders.js';
import { parse } from '../../lib/validate.js';
import { requireProfessor, requireStudent } from '../../plugins/auth.js';

export default async function gameRoutes(app: FastifyInstance) {
  const { deps } = app;

  app.get('/game/raids', async (req) => {
    const caller = await requireProfessor(req);
    const { subjectId } = parse(z.object({ subjectId: z.uuid() }), req.query);
    return listRaidsForGame(deps.db, caller.professorId, subjectId);
  });

  app.get('/game/rooms/live', async (req) => {
    const caller = await requireStudent(req);
    if (!app.game) return [];
    return app.game.service.liveRoomsFor(await studentClassIds(deps.db, caller.studentId));
  });
}
