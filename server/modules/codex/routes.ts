// Codex routes of SPEC point 7 (registered under /api in server/app.ts), and the form's teacher list
// GET /professors/students/{studentId}. A student reaches only their own phrases, a teacher only the
// phrases written to them; anything else is 403 (another id in the path) or 404 (a phrase not theirs).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CODEX_STATUS } from '../../../shared/codex.js';
import { CODEX_MAX_LENGTH } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { cleanText } from '../../../shared/text.js';
import { forbidden } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { requireProfessor, requireStudent } from '../../plugins/auth.js';
import {
  changeStatus,
  createCodex,
  professorCodex,
  professorsOfStudent,
  studentCodex,
  studentsWithCodex,
  trashCodex,
} from './service.js';

const idParams = z.object({ id: z.uuid() });

/** Same keys as the form (shared/codex.ts); the server always needs the three ids it stores. */
const createSchema = z.object({
  professorId: z.uuid({ error: ERR.CODEX_PROFESSOR_REQUIRED }),
  subjectId: z.uuid({ error: ERR.CODEX_SUBJECT_REQUIRED }),
  schoolclassId: z.uuid({ error: ERR.CODEX_SCHOOLCLASS_REQUIRED }),
  text: cleanText('name', ERR.CODEX_TEXT_REQUIRED)
    .trim()
    .min(1, ERR.CODEX_TEXT_REQUIRED)
    .max(CODEX_MAX_LENGTH, ERR.CODEX_TEXT_TOO_LONG),
  studentId: z.uuid().optional(),
});

/** A teacher sets PENDING (restore from the trash), APPROVED or REJECTED; DISPLAYED is the game's. */
const statusSchema = z.object({
  status: z.union([
    z.literal(CODEX_STATUS.PENDING),
    z.literal(CODEX_STATUS.APPROVED),
    z.literal(CODEX_STATUS.REJECTED),
  ]),
});

export default async function codexRoutes(app: FastifyInstance) {
  const { db, limiter } = app.deps;

  app.get('/professors/students/:studentId', async (req) => {
    const caller = await requireStudent(req);
    const { studentId } = parse(z.object({ studentId: z.uuid() }), req.params);
    if (caller.studentId !== studentId) throw forbidden();
    return professorsOfStudent(db, studentId);
  });

  // SPEC point 7 writes POST /codex/; the path without the slash answers the same.
  const create = async (req: FastifyRequest, reply: FastifyReply) => {
    const caller = await requireStudent(req);
    const body = parse(createSchema, req.body);
    if (body.studentId && body.studentId !== caller.studentId) throw forbidden();
    // A child tapping Send in a loop, or a script: plenty for a lesson, not a flood for the teacher.
    await limiter.hit(`codex:student:${caller.studentId}`, 30, 600);
    const { professorId, subjectId, schoolclassId, text } = body;
    const created = await createCodex(db, caller.studentId, { professorId, subjectId, schoolclassId, text });
    return reply.status(201).send(created);
  };
  app.post('/codex/', create);
  app.post('/codex', create);

  app.put('/codex/:id', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    const { status } = parse(statusSchema, req.body);
    return changeStatus(db, caller.professorId, id, status);
  });

  app.delete('/codex/:id', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    return trashCodex(db, caller.professorId, id);
  });

  app.get('/codex/professors/:id', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(idParams, req.params);
    const { trash } = parse(z.object({ trash: z.enum(['true', 'false']).optional() }), req.query);
    if (caller.professorId !== id) throw forbidden();
    return professorCodex(db, id, trash === 'true');
  });

  app.get('/codex/students/:id', async (req) => {
    const caller = await requireStudent(req);
    const { id } = parse(idParams, req.params);
    if (caller.studentId !== id) throw forbidden();
    return studentCodex(db, id);
  });

  app.get(
    '/students/codex/subjects/:subjectId/schoolclasses/:schoolclassId/professors/:professorId',
    async (req) => {
      const caller = await requireProfessor(req);
      const p = parse(
        z.object({ subjectId: z.uuid(), schoolclassId: z.uuid(), professorId: z.uuid() }),
        req.params,
      );
      if (caller.professorId !== p.professorId) throw forbidden();
      return studentsWithCodex(db, p.professorId, p.subjectId, p.schoolclassId);
    },
  );
}
