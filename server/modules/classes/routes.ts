// Class administration (issue 4): a teacher's classes, their students and codes, and sharing a class
// with a colleague. Every route asks for a teacher and answers 404 for a class they are not linked to.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { schoolclassSchema, shareClassSchema } from '../../../shared/schemas/schoolclass.js';
import { forbidden } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { requireProfessor } from '../../plugins/auth.js';
import { renewCode, revokeCode } from '../schoolclasses/service.js';
import {
  assertLinked,
  classStudents,
  classTeachers,
  codeOf,
  createClass,
  deleteClass,
  findOwnLink,
  generatePassword,
  listClasses,
  ownClass,
  professorUsers,
  removeStudent,
  shareClass,
  updateClass,
} from './service.js';

const idParams = z.object({ id: z.uuid() });
const classBody = z.object({ schoolclassId: z.uuid() });

export default async function classesRoutes(app: FastifyInstance) {
  const { deps } = app;
  const { db } = deps;

  // ---- Classes ----
  app.get('/schoolclasses', async (req) => {
    const { professorId } = await requireProfessor(req);
    return listClasses(db, professorId);
  });

  app.post('/schoolclasses', async (req, reply) => {
    const { professorId } = await requireProfessor(req);
    const body = parse(schoolclassSchema, req.body);
    const id = await createClass(deps, professorId, body, req.log);
    return reply.status(201).send(await ownClass(db, professorId, id));
  });

  app.get('/schoolclasses/:id', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    return ownClass(db, professorId, id);
  });

  app.put('/schoolclasses/:id', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    await assertLinked(db, professorId, id);
    return updateClass(db, professorId, id, parse(schoolclassSchema, req.body));
  });

  app.delete('/schoolclasses/:id', async (req, reply) => {
    const { professorId } = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    await deleteClass(db, professorId, id);
    return reply.status(204).send();
  });

  // Removing a student from a class deletes the membership only.
  app.delete('/schoolclasses/:id/students/:studentId', async (req, reply) => {
    const { professorId } = await requireProfessor(req);
    const { id, studentId } = parse(z.object({ id: z.uuid(), studentId: z.uuid() }), req.params);
    await removeStudent(db, professorId, id, studentId);
    // At once: out of the class's live rooms, their answers refused from now on.
    await deps.evict.fromClass(studentId, id);
    return reply.status(204).send();
  });

  app.get('/students/users/schoolclasses/:schoolclassId', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { schoolclassId } = parse(z.object({ schoolclassId: z.uuid() }), req.params);
    return classStudents(deps, professorId, schoolclassId);
  });

  // ---- Registration codes ----
  app.patch('/professors/generate-code', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { schoolclassId } = parse(classBody, req.body);
    await assertLinked(db, professorId, schoolclassId);
    await renewCode(db, schoolclassId);
    return codeOf(await ownClass(db, professorId, schoolclassId));
  });

  app.patch('/professors/revoke-code', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { schoolclassId } = parse(classBody, req.body);
    await assertLinked(db, professorId, schoolclassId);
    await revokeCode(db, schoolclassId);
    return codeOf(await ownClass(db, professorId, schoolclassId));
  });

  // ---- Students of all the teacher's classes; a new password for one of them ----
  app.get('/professors/:id/users', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    if (id !== professorId) throw forbidden();
    return professorUsers(db, professorId);
  });

  app.put('/users/:id/password', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    await deps.limiter.hit(`generate-password:${professorId}`, 120, 600);
    return generatePassword(deps, professorId, id);
  });

  // ---- Teachers sharing a class ----
  app.get('/professorsSchoolclasses/schoolclass/:id', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    return classTeachers(db, professorId, id);
  });

  app.get('/professorsSchoolclasses/findOne', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { key, value } = parse(
      z.object({ key: z.enum(['id', 'schoolclassId', 'subjectId']), value: z.uuid() }),
      req.query,
    );
    return findOwnLink(db, professorId, key, value);
  });

  // SPEC point 7 writes POST /professorsSchoolclasses/; the path without the slash answers the same.
  const share = async (req: FastifyRequest, reply: FastifyReply) => {
    const { professorId } = await requireProfessor(req);
    return reply.status(201).send(await shareClass(db, professorId, parse(shareClassSchema, req.body)));
  };
  app.post('/professorsSchoolclasses/', share);
  app.post('/professorsSchoolclasses', share);
}
