// Families' data rights (GDPR, issue 14): a teacher of one of the pupil's classes (or the
// administrator) exports one pupil's data or deletes the pupil for good; a pupil downloads their own.
// JSON, or CSV as a zip of one file per section (csv.ts). Exports are counted per caller.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { DATA_EXPORT_FORMATS, type PupilData, pupilDataSchema } from '../../../shared/schemas/data-export.js';
import type { Deps } from '../../deps.js';
import { callerOf, studentOf } from '../../lib/contract.js';
import { notFound } from '../../lib/errors.js';
import { assertActsForPupil, assertSelfStudent } from '../../policies/index.js';
import { pupilDataZip } from './csv.js';
import { erasePupil } from './erase.js';
import { exportPupilData } from './export.js';

/** Exports one caller may ask for in an hour: a class of 35 exported one by one, with room to spare. */
export const EXPORTS_PER_HOUR = 60;
/** Deletions one caller may make in an hour. */
export const DELETIONS_PER_HOUR = 60;

const studentParams = z.object({ studentId: z.uuid({ error: ERR.INVALID_BODY }) });
const formatQuery = z.object({
  format: z.enum(DATA_EXPORT_FORMATS, { error: ERR.INVALID_BODY }).default('json'),
});
const exportResponse = {
  200: pupilDataSchema.describe(
    'The JSON export (format=json); with format=csv, a zip (application/zip) of one CSV per section',
  ),
};

/** A file name safe everywhere: letters, digits, dashes. */
const safe = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'eleve';

async function sendExport(
  deps: Deps,
  reply: FastifyReply,
  callerId: string,
  studentId: string,
  format: (typeof DATA_EXPORT_FORMATS)[number],
): Promise<PupilData | FastifyReply> {
  await deps.limiter.hit(`data-export:${callerId}`, EXPORTS_PER_HOUR, 3600);
  const data = await exportPupilData(deps.db, studentId);
  if (!data) throw notFound();
  const day = data.exportedAt.slice(0, 10);
  const base = `donnees-${safe(data.account.username)}-${day}`;
  reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${base}.zip"`)
      .send(Buffer.from(pupilDataZip(data)));
  }
  reply.header('content-disposition', `attachment; filename="${base}.json"`);
  return data;
}

export default async function dataRightsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/students/:studentId/data',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "Export one pupil's data (a teacher of one of the pupil's classes, or the administrator): JSON or a zip of CSV files",
        params: studentParams,
        querystring: formatQuery,
        response: exportResponse,
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      await assertActsForPupil(deps.db, caller, req.params.studentId);
      return sendExport(deps, reply, caller.sub, req.params.studentId, req.query.format);
    },
  );

  app.get(
    '/students/:studentId/my-data',
    {
      config: { access: 'student', self: { params: { studentId: 'studentId' }, refuse: 404 } },
      schema: {
        summary: 'Download your own data (the pupil): JSON or a zip of CSV files',
        params: studentParams,
        querystring: formatQuery,
        response: exportResponse,
      },
    },
    async (req, reply) => {
      const caller = studentOf(req);
      await assertSelfStudent(caller, req.params.studentId);
      return sendExport(deps, reply, caller.sub, caller.studentId, req.query.format);
    },
  );

  app.delete(
    '/students/:studentId',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          'Delete a pupil for good (a teacher of one of their classes, or the administrator): account, answers, phrases, avatars, events, sessions, bug reports',
        params: studentParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      await deps.limiter.hit(`data-erase:${caller.sub}`, DELETIONS_PER_HOUR, 3600);
      await assertActsForPupil(deps.db, caller, req.params.studentId);
      await erasePupil(deps, req.params.studentId);
      req.log.info({ studentId: req.params.studentId, by: caller.sub }, 'pupil deleted for good');
      return reply.status(204).send(null);
    },
  );
}
