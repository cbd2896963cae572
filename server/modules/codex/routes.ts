// Codex routes of SPEC point 7 (registered under /api in server/app.ts), and the form's teacher list
// GET /professors/students/{studentId}. A student reaches only their own phrases, a teacher only the
// phrases written to them; anything else is 403 (another id in the path) or 404 (a phrase not theirs).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODEX_STATUS } from '../../../shared/codex.js';
import { CODEX_MAX_LENGTH } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import {
  phraseDtoSchema,
  studentProfessorDtoSchema,
  studentWithCodexDtoSchema,
} from '../../../shared/schemas/codex.js';
import { cleanText } from '../../../shared/text.js';
import { professorOf, studentOf } from '../../lib/contract.js';
import {
  changeStatus,
  createPhrase,
  professorCodex,
  professorsOfStudent,
  studentCodex,
  studentsWithCodex,
  trashPhrase,
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

export default async function codexRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, limiter } = app.deps;
  /** A board on its codex screen for this class learns at once what is left to show (issue 21). */
  const liveCodex = async (professorId: string, e: { schoolclassId: string; subjectId: string }) => {
    await app.game?.service
      .codexChanged({ professorId }, { schoolclassId: e.schoolclassId, subjectId: e.subjectId })
      .catch((err) => app.log.warn({ err }, 'codex: live board not told'));
  };

  app.get(
    '/professors/students/:studentId',
    {
      config: { access: 'student', self: { params: { studentId: 'studentId' } } },
      schema: {
        summary: "The teachers of the student's classes, with the (class, subject) pairs they teach",
        params: z.object({ studentId: z.uuid() }),
        response: { 200: z.array(studentProfessorDtoSchema) },
      },
    },
    async (req) => professorsOfStudent(db, studentOf(req).studentId),
  );

  // SPEC point 7 writes POST /codex/; the path without the slash answers the same.
  for (const url of ['/codex/', '/codex']) {
    app.post(
      url,
      {
        config: { access: 'student', self: { body: { studentId: 'studentId' } } },
        schema: {
          summary: 'Write a codex phrase to a teacher of one of your classes',
          body: createSchema,
          response: { 201: phraseDtoSchema },
        },
      },
      async (req, reply) => {
        const caller = studentOf(req);
        const body = req.body;
        // A child tapping Send in a loop, or a script: plenty for a lesson, not a flood for the teacher.
        await limiter.hit(`codex:student:${caller.studentId}`, 30, 600);
        const { professorId, subjectId, schoolclassId, text } = body;
        const created = await createPhrase(db, caller.studentId, {
          professorId,
          subjectId,
          schoolclassId,
          text,
        });
        return reply.status(201).send(created);
      },
    );
  }

  app.put(
    '/codex/:id',
    {
      config: { access: 'professor' },
      schema: {
        summary: 'Approve, reject or restore a phrase written to you',
        params: idParams,
        body: statusSchema,
        response: { 200: phraseDtoSchema },
      },
    },
    async (req) => {
      const professor = professorOf(req);
      const changed = await changeStatus(db, professor.professorId, req.params.id, req.body.status);
      await liveCodex(professor.professorId, changed);
      return changed;
    },
  );

  app.delete(
    '/codex/:id',
    {
      config: { access: 'professor' },
      schema: {
        summary: 'Move a phrase written to you to the trash',
        params: idParams,
        response: { 200: phraseDtoSchema },
      },
    },
    async (req) => {
      const professor = professorOf(req);
      const trashed = await trashPhrase(db, professor.professorId, req.params.id);
      await liveCodex(professor.professorId, trashed);
      return trashed;
    },
  );

  app.get(
    '/codex/professors/:id',
    {
      config: { access: 'professor', self: { params: { id: 'professorId' } } },
      schema: {
        summary: 'The phrases written to you (the trash with trash=true)',
        params: idParams,
        querystring: z.object({ trash: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(phraseDtoSchema) },
      },
    },
    async (req) => professorCodex(db, professorOf(req).professorId, req.query.trash === 'true'),
  );

  app.get(
    '/codex/students/:id',
    {
      config: { access: 'student', self: { params: { id: 'studentId' } } },
      schema: {
        summary: 'Your own codex phrases',
        params: idParams,
        response: { 200: z.array(phraseDtoSchema) },
      },
    },
    async (req) => studentCodex(db, studentOf(req).studentId),
  );

  app.get(
    '/students/codex/subjects/:subjectId/schoolclasses/:schoolclassId/professors/:professorId',
    {
      config: { access: 'professor', self: { params: { professorId: 'professorId' } } },
      schema: {
        summary: 'The students of a class you teach who wrote to you in this subject',
        params: z.object({ subjectId: z.uuid(), schoolclassId: z.uuid(), professorId: z.uuid() }),
        response: { 200: z.array(studentWithCodexDtoSchema) },
      },
    },
    async (req) => {
      const p = req.params;
      return studentsWithCodex(db, professorOf(req).professorId, p.subjectId, p.schoolclassId);
    },
  );
}
