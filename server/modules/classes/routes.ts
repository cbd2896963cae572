// Classes (issue 4, SPEC point 7): a teacher's classes, their students and registration codes, the
// code look-up of registration, and sharing a class with a colleague. Every teacher route answers 404
// for a class the caller is not linked to (server/policies). Queries live in service.ts, the class code
// in code.ts and code-guard.ts.

import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { classCodeSchema } from '../../../shared/schemas/account.js';
import {
  classCodeDtoSchema,
  classCodeLookupDtoSchema,
  classProfessorDtoSchema,
  classStudentDtoSchema,
  generatedPasswordDtoSchema,
  professorStudentDtoSchema,
  rosterResultSchema,
  schoolclassDtoSchema,
  schoolclassSchema,
  shareClassSchema,
} from '../../../shared/schemas/schoolclass.js';
import { ssoDivisionClasses } from '../../db/schema.js';
import { noBody, professorOf } from '../../lib/contract.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { lookupClassCode, markCodeShown } from './code-guard.js';
import { createRoster, ROSTER_FILE_MAX_BYTES, readRoster, rosterTarget } from './roster.js';
import {
  assertLinked,
  classProfessors,
  classStudents,
  createClass,
  deleteClass,
  findOwnLink,
  generateClassCode,
  generatePassword,
  listClasses,
  ownClass,
  professorUsers,
  removeStudentNow,
  revokeClassCode,
  shareClass,
  updateClass,
} from './service.js';

const idParams = z.object({ id: z.uuid() });
const classBody = z.object({ schoolclassId: z.uuid() });
const professor = { access: 'professor' } as const;
const noContent = { 204: z.null().describe('Deleted') };

export default async function classesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps;

  // ---- Classes ----
  app.get(
    '/schoolclasses',
    {
      config: professor,
      schema: { summary: 'Your classes, newest first', response: { 200: z.array(schoolclassDtoSchema) } },
    },
    async (req) => {
      const classes = await listClasses(db, professorOf(req).professorId);
      // The list shows each live code: it is on show at the teacher's address (code-guard.ts).
      for (const c of classes) if (c.code) await markCodeShown(deps, c.code, req.ip);
      return classes;
    },
  );

  app.post(
    '/schoolclasses',
    {
      config: professor,
      schema: { summary: 'Create a class', body: schoolclassSchema, response: { 201: schoolclassDtoSchema } },
    },
    async (req, reply) => {
      const { professorId } = professorOf(req);
      const id = await createClass(deps, professorId, req.body, req.log);
      return reply.status(201).send(await ownClass(db, professorId, id));
    },
  );

  app.get(
    '/schoolclasses/:id',
    {
      config: professor,
      schema: { summary: 'One of your classes', params: idParams, response: { 200: schoolclassDtoSchema } },
    },
    async (req) => {
      const c = await ownClass(db, professorOf(req).professorId, req.params.id);
      // The class page shows the live code and its QR code: on show at the teacher's address.
      if (c.code) await markCodeShown(deps, c.code, req.ip);
      return c;
    },
  );

  app.put(
    '/schoolclasses/:id',
    {
      config: professor,
      schema: {
        summary: 'Change one of your classes',
        params: idParams,
        body: schoolclassSchema,
        response: { 200: schoolclassDtoSchema },
      },
    },
    async (req) => updateClass(db, professorOf(req).professorId, req.params.id, req.body),
  );

  app.delete(
    '/schoolclasses/:id',
    {
      config: professor,
      schema: {
        summary: 'Leave one of your classes (the last teacher to leave deletes it)',
        params: idParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      await deleteClass(db, professorOf(req).professorId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Removing a student from a class deletes the membership only.
  app.delete(
    '/schoolclasses/:id/students/:studentId',
    {
      config: professor,
      schema: {
        summary: 'Remove a student from one of your classes (the account stays)',
        params: z.object({ id: z.uuid(), studentId: z.uuid() }),
        response: noContent,
      },
    },
    async (req, reply) => {
      await removeStudentNow(deps, professorOf(req).professorId, req.params.id, req.params.studentId);
      return reply.status(204).send(null);
    },
  );

  // Pupils' accounts from the class list a school's software exports (issue 21). `create=false`
  // (the default) only reads the file and answers its line-by-line report; `create=true` creates.
  app.post(
    '/schoolclasses/:id/students/import',
    {
      config: professor,
      schema: {
        summary:
          "Create pupils' accounts from a class list (multipart field `file`: CSV of last name, first name and optionally class, 256 KB at most; field `create`: true to create, else a preview)",
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: rosterResultSchema },
      },
    },
    async (req, reply) => {
      const { professorId, sub } = professorOf(req);
      await deps.limiter.hit(`roster-import:${sub}`, 30, 600);
      await assertLinked(db, professorId, req.params.id);
      // A class of the school's directory (GAR, ENT) gets its pupils from the directory.
      const [sso] = await db
        .select({ id: ssoDivisionClasses.id })
        .from(ssoDivisionClasses)
        .where(eq(ssoDivisionClasses.schoolclassId, req.params.id));
      if (sso) throw conflict(ERR.ROSTER_SSO_CLASS);
      if (!req.isMultipart()) throw badRequest(ERR.INVALID_BODY);
      let file: Buffer | null = null;
      let create = false;
      try {
        for await (const part of req.parts({
          limits: { fileSize: ROSTER_FILE_MAX_BYTES, fieldSize: 64, files: 1 },
        })) {
          if (part.type === 'file') {
            const data = await (part as MultipartFile).toBuffer();
            if (part.fieldname === 'file') file = data;
          } else if (part.fieldname === 'create') create = part.value === 'true';
        }
      } catch (err) {
        if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, ERR.ROSTER_FILE_TOO_LARGE, {
            params: { maxKb: ROSTER_FILE_MAX_BYTES / 1024 },
          });
        if (err instanceof Error && 'statusCode' in err) throw err;
        throw badRequest(ERR.INVALID_BODY);
      }
      if (!file) throw badRequest(ERR.IMPORT_FILE_EMPTY, { field: 'file' });
      const lines = readRoster(file, await rosterTarget(db, req.params.id));
      const created = create ? await createRoster(deps, req.params.id, lines) : [];
      // Counts only: never a name nor a password in the log.
      req.log.info(
        {
          lines: lines.length,
          created: created.length,
          refused: lines.filter((l) => l.status === 'refused').length,
        },
        create ? 'pupils imported from a class list' : 'class list read',
      );
      // The passwords are in this answer only: no cache keeps it.
      reply.header('cache-control', 'no-store');
      return { created: create, lines, pupils: created };
    },
  );

  app.get(
    '/students/users/schoolclasses/:schoolclassId',
    {
      config: professor,
      schema: {
        summary: 'The students of one of your classes, with their generated password while they keep it',
        params: z.object({ schoolclassId: z.uuid() }),
        response: { 200: z.array(classStudentDtoSchema) },
      },
    },
    async (req) => classStudents(deps, professorOf(req).professorId, req.params.schoolclassId),
  );

  // ---- Registration codes ----
  // A registration code look-up: limited per code; misses count in the shared budget (code-guard.ts).
  app.get(
    '/professorsSchoolclasses',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The class a registration code opens',
        querystring: z.object({ code: classCodeSchema }),
        response: { 200: classCodeLookupDtoSchema },
      },
    },
    async (req) => lookupClassCode(deps, req.query.code, req.ip, req.log),
  );

  app.patch(
    '/professors/generate-code',
    {
      config: professor,
      schema: {
        summary: 'A new registration code for one of your classes',
        body: classBody,
        response: { 200: classCodeDtoSchema },
      },
    },
    async (req) => {
      const generated = await generateClassCode(db, professorOf(req).professorId, req.body.schoolclassId);
      // The code goes up on the board: pupils behind this address get in without waiting a turn.
      if (generated.code) await markCodeShown(deps, generated.code, req.ip);
      return generated;
    },
  );

  app.patch(
    '/professors/revoke-code',
    {
      config: professor,
      schema: {
        summary: 'Revoke the registration code of one of your classes',
        body: classBody,
        response: { 200: classCodeDtoSchema },
      },
    },
    async (req) => revokeClassCode(db, professorOf(req).professorId, req.body.schoolclassId),
  );

  // ---- Students of all the teacher's classes; a new password for one of them ----
  app.get(
    '/professors/:id/users',
    {
      config: { access: 'professor', self: { params: { id: 'professorId' } } },
      schema: {
        summary: 'The students of all your classes',
        params: idParams,
        response: { 200: z.array(professorStudentDtoSchema) },
      },
    },
    async (req) => professorUsers(db, professorOf(req).professorId),
  );

  app.put(
    '/users/:id/password',
    {
      config: professor,
      schema: {
        summary: 'A new readable password for a student of one of your classes (their sessions end)',
        params: idParams,
        body: noBody,
        response: { 200: generatedPasswordDtoSchema },
      },
    },
    async (req) => generatePassword(deps, professorOf(req).professorId, req.params.id),
  );

  // ---- Teachers sharing a class ----
  app.get(
    '/professorsSchoolclasses/schoolclass/:id',
    {
      config: professor,
      schema: {
        summary: 'The teachers of one of your classes, with their subjects',
        params: idParams,
        response: { 200: z.array(classProfessorDtoSchema) },
      },
    },
    async (req) => classProfessors(db, professorOf(req).professorId, req.params.id),
  );

  app.get(
    '/professorsSchoolclasses/findOne',
    {
      config: professor,
      schema: {
        summary: 'Your first class link whose key has this value',
        querystring: z.object({ key: z.enum(['id', 'schoolclassId', 'subjectId']), value: z.uuid() }),
        response: { 200: classProfessorDtoSchema },
      },
    },
    async (req) => findOwnLink(db, professorOf(req).professorId, req.query.key, req.query.value),
  );

  // SPEC point 7 writes POST /professorsSchoolclasses/; the path without the slash answers the same.
  for (const url of ['/professorsSchoolclasses/', '/professorsSchoolclasses']) {
    app.post(
      url,
      {
        config: professor,
        schema: {
          summary: 'Share one of your classes with a colleague who teaches a subject in it',
          body: shareClassSchema,
          response: { 201: classProfessorDtoSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await shareClass(db, professorOf(req).professorId, req.body)),
    );
  }
}
