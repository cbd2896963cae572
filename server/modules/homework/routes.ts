// The teacher's homework raids (SPEC points 5 and 7; docs/protocol.md, section "library"): send a raid
// to some of their classes, list, stop, delete. The student's homework routes
// (GET /homeworkRaids/{studentId}, /homeworkRaids/count/{id}) live in the student module.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { homeworkTargetDtoSchema, professorHomeworkDtoSchema } from '../../../shared/schemas/library.js';
import { noBody, professorOf } from '../../lib/contract.js';
import {
  deleteHomework,
  listProfessorHomework,
  listTargets,
  sendHomework,
  sendHomeworkSchema,
  stopHomework,
} from './service.js';

const idParam = z.object({ id: z.uuid() });
const professorParam = z.object({ professorId: z.uuid() });
const selfProfessor = { access: 'professor', self: { params: { professorId: 'professorId' } } } as const;

export default async function homeworkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/homeworkRaids/professors/:professorId/targets',
    {
      config: selfProfessor,
      schema: {
        summary: 'Your classes, with the subject of each link: where a homework may go',
        params: professorParam,
        response: { 200: z.array(homeworkTargetDtoSchema) },
      },
    },
    async (req) => listTargets(db, professorOf(req).professorId),
  );

  app.get(
    '/homeworkRaids/professors/:professorId',
    {
      config: selfProfessor,
      schema: {
        summary: 'Your homework raids, ongoing first',
        params: professorParam,
        response: { 200: z.array(professorHomeworkDtoSchema) },
      },
    },
    async (req) => listProfessorHomework(db, professorOf(req).professorId),
  );

  app.post(
    '/homeworkRaids',
    {
      config: { access: 'professor' },
      schema: {
        summary: 'Send one of your raids as homework to some of your classes',
        body: sendHomeworkSchema,
        response: { 201: z.object({ ids: z.array(z.uuid()) }) },
      },
    },
    async (req, reply) => {
      const ids = await sendHomework(db, professorOf(req).professorId, req.body);
      return reply.status(201).send({ ids });
    },
  );

  app.patch(
    '/homeworkRaids/:id/stop',
    {
      config: { access: 'professor' },
      schema: {
        summary: 'Stop one of your homework raids',
        params: idParam,
        body: noBody,
        response: { 200: professorHomeworkDtoSchema },
      },
    },
    async (req) => stopHomework(db, professorOf(req).professorId, req.params.id),
  );

  app.delete(
    '/homeworkRaids/:id',
    {
      config: { access: 'professor' },
      schema: {
        summary: "Delete one of your homework raids and its students' results",
        params: idParam,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (req, reply) => {
      await deleteHomework(db, professorOf(req).professorId, req.params.id);
      return reply.status(204).send(null);
    },
  );
}
