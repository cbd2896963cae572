// The teacher's homework raids (SPEC points 5 and 7; docs/protocol.md, section "library"): send a raid
// to some of their classes, list, stop, delete. The student's homework routes
// (GET /homeworkRaids/{studentId}, /homeworkRaids/count/{id}) live in the student module.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { homeworkTargetDtoSchema, teacherHomeworkDtoSchema } from '../../../shared/schemas/library.js';
import { noBody, teacherOf } from '../../lib/contract.js';
import {
  deleteHomework,
  listTargets,
  listTeacherHomework,
  sendHomework,
  sendHomeworkSchema,
  stopHomework,
} from './service.js';

const idParam = z.object({ id: z.uuid() });
const professorParam = z.object({ professorId: z.uuid() });
const selfTeacher = { access: 'teacher', self: { params: { professorId: 'professorId' } } } as const;

export default async function homeworkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/homeworkRaids/professors/:professorId/targets',
    {
      config: selfTeacher,
      schema: {
        summary: 'Your classes, with the subject of each link: where a homework may go',
        params: professorParam,
        response: { 200: z.array(homeworkTargetDtoSchema) },
      },
    },
    async (req) => listTargets(db, teacherOf(req).professorId),
  );

  app.get(
    '/homeworkRaids/professors/:professorId',
    {
      config: selfTeacher,
      schema: {
        summary: 'Your homework raids, ongoing first',
        params: professorParam,
        response: { 200: z.array(teacherHomeworkDtoSchema) },
      },
    },
    async (req) => listTeacherHomework(db, teacherOf(req).professorId),
  );

  app.post(
    '/homeworkRaids',
    {
      config: { access: 'teacher' },
      schema: {
        summary: 'Send one of your raids as homework to some of your classes',
        body: sendHomeworkSchema,
        response: { 201: z.object({ ids: z.array(z.uuid()) }) },
      },
    },
    async (req, reply) => {
      const ids = await sendHomework(db, teacherOf(req).professorId, req.body);
      return reply.status(201).send({ ids });
    },
  );

  app.patch(
    '/homeworkRaids/:id/stop',
    {
      config: { access: 'teacher' },
      schema: {
        summary: 'Stop one of your homework raids',
        params: idParam,
        body: noBody,
        response: { 200: teacherHomeworkDtoSchema },
      },
    },
    async (req) => stopHomework(db, teacherOf(req).professorId, req.params.id),
  );

  app.delete(
    '/homeworkRaids/:id',
    {
      config: { access: 'teacher' },
      schema: {
        summary: "Delete one of your homework raids and its students' results",
        params: idParam,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (req, reply) => {
      await deleteHomework(db, teacherOf(req).professorId, req.params.id);
      return reply.status(204).send(null);
    },
  );
}
