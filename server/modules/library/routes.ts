// The shared library (SPEC point 1; docs/protocol.md, section "library"): search the raids other
// teachers share, read one, copy it (or some of its questions) into one of the caller's chapters.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  copyResultDtoSchema,
  libraryRaidDetailDtoSchema,
  libraryRaidDtoSchema,
} from '../../../shared/schemas/library.js';
import { professorOf } from '../../lib/contract.js';
import { copyFromLibrary, copySchema, libraryQuerySchema, libraryRaid, searchLibrary } from './library.js';

const raidParam = z.object({ raidId: z.uuid() });
const professor = { access: 'professor' } as const;

export default async function libraryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, uploadsDir } = app.deps;

  app.get(
    '/library/raids',
    {
      config: professor,
      schema: {
        summary: 'Search the raids other teachers share, newest first',
        querystring: libraryQuerySchema,
        response: { 200: z.array(libraryRaidDtoSchema) },
      },
    },
    async (req) => searchLibrary(db, professorOf(req).professorId, req.query),
  );

  app.get(
    '/library/raids/:raidId',
    {
      config: professor,
      schema: {
        summary: 'A shared raid with its questions and answers',
        params: raidParam,
        response: { 200: libraryRaidDetailDtoSchema },
      },
    },
    async (req) => libraryRaid(db, professorOf(req).professorId, req.params.raidId),
  );

  app.post(
    '/library/raids/:raidId/copy',
    {
      config: professor,
      schema: {
        summary: 'Copy a shared raid, or some of its questions, into one of your chapters',
        params: raidParam,
        body: copySchema,
        response: { 201: copyResultDtoSchema },
      },
    },
    async (req, reply) => {
      const result = await copyFromLibrary(
        db,
        uploadsDir,
        professorOf(req).professorId,
        req.params.raidId,
        req.body,
      );
      return reply.status(201).send(result);
    },
  );
}
