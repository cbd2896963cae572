import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { classCodeSchema } from '../../../shared/schemas/account.js';
import { AppError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { findClassByLiveCode } from './service.js';

export default async function schoolclassRoutes(app: FastifyInstance) {
  const { deps } = app;

  // A registration code look-up: limited per code and, for failures, per address (guessing codes).
  app.get('/professorsSchoolclasses', async (req) => {
    const { code } = parse(z.object({ code: classCodeSchema }), req.query);
    await deps.limiter.hit(`code-lookup:code:${code}`, 200, 600);
    const schoolclass = await findClassByLiveCode(deps.db, code);
    if (!schoolclass) {
      await deps.limiter.hit(`code-lookup-miss:ip:${req.ip}`, 60, 600);
      throw new AppError(404, ERR.INVALID_CODE, { field: 'code' });
    }
    return {
      status: 'VALID',
      schoolclassId: schoolclass.id,
      name: schoolclass.name,
      planet: schoolclass.planet,
    };
  });
}
