// The shared library and the teacher's homework raids (issue 4; docs/protocol.md, section "library").
// The student's homework routes (GET /homeworkRaids/{studentId}, /homeworkRaids/count/{id}) live in
// the student module.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { requireProfessor } from '../../plugins/auth.js';
import {
  deleteHomework,
  listTargets,
  listTeacherHomework,
  sendHomework,
  sendHomeworkSchema,
  stopHomework,
} from './homework.js';
import { copyFromLibrary, copySchema, libraryQuerySchema, libraryRaid, searchLibrary } from './library.js';

const idParam = z.object({ id: z.uuid() });
const professorParam = z.object({ professorId: z.uuid() });
const raidParam = z.object({ raidId: z.uuid() });

export default async function libraryRoutes(app: FastifyInstance) {
  const { db, uploadsDir } = app.deps;

  /** The caller, who must be the teacher named in the path. */
  async function selfProfessor(req: FastifyRequest) {
    const caller = await requireProfessor(req);
    const { professorId } = parse(professorParam, req.params);
    if (caller.professorId !== professorId) throw forbidden();
    return caller;
  }

  // ---- Library ----
  app.get('/library/raids', async (req) => {
    const caller = await requireProfessor(req);
    return searchLibrary(db, caller.professorId, parse(libraryQuerySchema, req.query));
  });

  app.get('/library/raids/:raidId', async (req) => {
    const caller = await requireProfessor(req);
    const { raidId } = parse(raidParam, req.params);
    return libraryRaid(db, caller.professorId, raidId);
  });

  app.post('/library/raids/:raidId/copy', async (req, reply) => {
    const caller = await requireProfessor(req);
    const { raidId } = parse(raidParam, req.params);
    const body = parse(copySchema, req.body);
    const result = await copyFromLibrary(db, uploadsDir, caller.professorId, raidId, body);
    return reply.status(201).send(result);
  });

  // ---- Homework (teacher side) ----
  app.get('/homeworkRaids/professors/:professorId/targets', async (req) => {
    const caller = await selfProfessor(req);
    return listTargets(db, caller.professorId);
  });

  app.get('/homeworkRaids/professors/:professorId', async (req) => {
    const caller = await selfProfessor(req);
    return listTeacherHomework(db, caller.professorId);
  });

  app.post('/homeworkRaids', async (req, reply) => {
    const caller = await requireProfessor(req);
    const body = parse(sendHomeworkSchema, req.body);
    const ids = await sendHomework(db, caller.professorId, body);
    return reply.status(201).send({ ids });
  });

  app.patch('/homeworkRaids/:id/stop', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(idParam, req.params);
    return stopHomework(db, caller.professorId, id);
  });

  app.delete('/homeworkRaids/:id', async (req, reply) => {
    const caller = await requireProfessor(req);
    const { id } = parse(idParam, req.params);
    await deleteHomework(db, caller.professorId, id);
    return reply.status(204).send();
  });
}
