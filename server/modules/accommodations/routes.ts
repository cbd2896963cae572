// Accommodations (issue 24): a teacher of the pupil's class sets them from the class page; the pupil
// reads theirs and sets the display ones in Options. Never part of a room's snapshot (the board).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import {
  accommodationsSchema,
  displayPrefsSchema,
  pupilAccommodationsSchema,
} from '../../../shared/schemas/accommodations.js';
import { professorOf, studentOf } from '../../lib/contract.js';
import { accommodationsOf, classAccommodations, setAccommodations, setOwnDisplay } from './service.js';

const uuid = z.uuid({ error: ERR.INVALID_BODY });

export default async function accommodationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/schoolclasses/:id/accommodations',
    {
      config: { access: 'professor' },
      schema: {
        summary: "The accommodations of your class's pupils who have any (never why)",
        params: z.object({ id: uuid }),
        response: { 200: z.array(pupilAccommodationsSchema) },
      },
    },
    async (req) => classAccommodations(db, professorOf(req).professorId, req.params.id),
  );

  app.put(
    '/schoolclasses/:id/students/:studentId/accommodations',
    {
      config: { access: 'professor' },
      schema: {
        summary: "Set a pupil's accommodations (a pupil of one of your classes)",
        params: z.object({ id: uuid, studentId: uuid }),
        body: accommodationsSchema,
        response: { 200: accommodationsSchema },
      },
    },
    async (req) =>
      setAccommodations(db, professorOf(req).professorId, req.params.id, req.params.studentId, req.body),
  );

  app.get(
    '/students/:id/accommodations',
    {
      config: { access: 'student', self: { params: { id: 'studentId' }, refuse: 404 } },
      schema: {
        summary: 'Your own accommodations (the display settings and the extra time your teacher set)',
        params: z.object({ id: uuid }),
        response: { 200: accommodationsSchema },
      },
    },
    async (req) => accommodationsOf(db, studentOf(req).studentId),
  );

  app.put(
    '/students/:id/display',
    {
      config: { access: 'student', self: { params: { id: 'studentId' }, refuse: 404 } },
      schema: {
        summary: 'Your own display settings: read-aloud, reading-friendly display, fewer animations',
        params: z.object({ id: uuid }),
        body: displayPrefsSchema,
        response: { 200: accommodationsSchema },
      },
    },
    async (req) => setOwnDisplay(db, studentOf(req).studentId, req.body),
  );
}
