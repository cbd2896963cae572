import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { classCodeSchema } from '../../../shared/schemas/account.js';
import { parse } from '../../lib/validate.js';
import { resolveClassCode } from './code-guard.js';

export default async function schoolclassRoutes(app: FastifyInstance) {
  const { deps } = app;

  // A registration code look-up: limited per code; misses count in the shared budget (code-guard.ts).
  app.get('/professorsSchoolclasses', async (req) => {
    const { code } = parse(z.object({ code: classCodeSchema }), req.query);
    await deps.limiter.hit(`code-lookup:code:${code}`, 200, 600);
    const schoolclass = await resolveClassCode(deps, code, req.ip, req.log);
    return {
      status: 'VALID',
      schoolclassId: schoolclass.id,
      name: schoolclass.name,
      planet: schoolclass.planet,
    };
  });
}
