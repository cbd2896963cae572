// A teacher's own preferences: power mode and raid sharing (SPEC point 3).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { professors } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { requireProfessor } from '../../plugins/auth.js';

const prefsSchema = z.object({ powerMode: z.boolean().optional(), shareRaids: z.boolean().optional() });
const prefsColumns = {
  id: professors.id,
  civility: professors.civility,
  powerMode: professors.powerMode,
  shareRaids: professors.shareRaids,
};

export default async function professorRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/professors/:id', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    if (caller.professorId !== id) throw forbidden();
    const [p] = await db.select(prefsColumns).from(professors).where(eq(professors.id, id));
    return p;
  });

  app.put('/professors/:id', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    if (caller.professorId !== id) throw forbidden();
    const body = parse(prefsSchema, req.body);
    // Nothing to change (an empty body): answer the current preferences; drizzle refuses an empty SET.
    if (body.powerMode === undefined && body.shareRaids === undefined) {
      const [p] = await db.select(prefsColumns).from(professors).where(eq(professors.id, id));
      return p;
    }
    const [p] = await db.update(professors).set(body).where(eq(professors.id, id)).returning(prefsColumns);
    return p;
  });
}
