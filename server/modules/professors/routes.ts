// A teacher's own preferences: power mode and raid sharing (SPEC point 3).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { professors } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { requireProfessor } from '../../plugins/auth.js';

const prefsSchema = z.object({ powerMode: z.boolean().optional(), shareRaids: z.boolean().optional() });

export default async function professorRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/professors/:id', async (req) => {
    const caller = requireProfessor(req);
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    if (caller.professorId !== id) throw forbidden();
    const [p] = await db
      .select({
        id: professors.id,
        civility: professors.civility,
        powerMode: professors.powerMode,
        shareRaids: professors.shareRaids,
      })
      .from(professors)
      .where(eq(professors.id, id));
    return p;
  });

  app.put('/professors/:id', async (req) => {
    const caller = requireProfessor(req);
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    if (caller.professorId !== id) throw forbidden();
    const body = parse(prefsSchema, req.body);
    const [p] = await db
      .update(professors)
      .set(body)
      .where(eq(professors.id, id))
      .returning({ id: professors.id, powerMode: professors.powerMode, shareRaids: professors.shareRaids });
    return p;
  });
}
