// Question import (issue 4): a teacher uploads a CSV or XLSX file; the answer is the questions read
// and a report line by line. Nothing is stored here: the raid form saves the raid in one transaction.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { IMPORT_XML_MAX_BYTES, type ImportResult, importMaxBytes } from '../../../shared/question-import.js';
import { QUESTIONS_PER_RAID_MAX } from '../../../shared/schemas/raid.js';
import { importResultSchema } from '../../../shared/schemas/responses-account.js';
import { raidQuestions } from '../../db/raid-questions.js';
import { professorOf } from '../../lib/contract.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { ownRaid } from '../raids/service.js';
import { type ExportQuestion, templateRows, toGift, toMoodleXml } from './export.js';
import { imagesLeftOut, readExportImages } from './export-images.js';
import { questionImportService } from './service.js';
import { buildXlsx } from './sheet-writer.js';

/** The raid exports (issue 23): each read back by the import unchanged. */
const EXPORTS = {
  moodle: { ext: 'xml', type: 'application/xml; charset=utf-8' },
  gift: { ext: 'gift.txt', type: 'text/plain; charset=utf-8' },
  xlsx: { ext: 'xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;

/** A file name from a raid's title: letters, digits and dashes (the title itself in filename*). */
const fileBase = (title: string) =>
  title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'raid';

/** A stored question as the exports write it. */
function exportQuestion(q: Awaited<ReturnType<typeof raidQuestions>>[number]): ExportQuestion {
  const settings = q.settings as Record<string, unknown> | null;
  return {
    kind: q.kind,
    text: q.text,
    equationMode: q.equationMode,
    answers: q.answers.map((a) => ({ text: a.text, isCorrect: a.isCorrect })),
    number: q.kind === 'number' ? (settings as ExportQuestion['number']) : null,
    textAnswer: q.kind === 'text' ? (settings as ExportQuestion['textAnswer']) : null,
    poll: q.kind === 'poll' ? ((settings as ExportQuestion['poll']) ?? { pollMode: 'choice' }) : null,
    explanation: q.explanation,
  };
}

/**
 * The raid form's questions so far (a JSON array of texts in the `existingQuestions` field). A form
 * may hold more than a raid's maximum before it is saved: every line is then refused as too many.
 */
const existingSchema = z.array(z.string().max(1000)).max(5 * QUESTIONS_PER_RAID_MAX);

const tooLarge = (fileName: string) =>
  new AppError(413, ERR.IMPORT_FILE_TOO_LARGE, {
    params: { maxMb: importMaxBytes(fileName) / (1024 * 1024) },
  });

export default async function questionImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // Files are read off the event loop, in a worker thread with a time budget (service.ts, pool.ts).
  const imports = questionImportService(app.log, deps.uploadsDir);
  app.addHook('onClose', () => imports.close());
  app.addHook('onListen', async () => imports.warm());

  app.get(
    '/raids/:raidId/export/:format',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "One of the caller's raids as a question file: Moodle XML (`moodle`), GIFT (`gift`) or the import template (`xlsx`)",
        params: z.object({ raidId: z.uuid(), format: z.enum(['moodle', 'gift', 'xlsx']) }),
        // The file's bytes as they are: the schema documents them, it does not serialize them.
        response: { 200: z.string().describe('The file: Moodle XML, GIFT text or an XLSX workbook') },
      },
    },
    async (req, reply) => {
      const { professorId } = professorOf(req);
      const raid = await ownRaid(deps.db, professorId, req.params.raidId);
      const stored = await raidQuestions(deps.db, raid.id);
      const questions = stored.map(exportQuestion);
      const { format } = req.params;
      // Only Moodle XML carries pictures (docs/decisions.md): the others say how many they leave out.
      let leftOut = imagesLeftOut(stored);
      if (format === 'moodle') {
        const read = await readExportImages(deps.uploadsDir, stored);
        for (const [i, images] of read.images.entries()) Object.assign(questions[i], images);
        leftOut = read.leftOut;
      }
      const body =
        format === 'moodle'
          ? Buffer.from(toMoodleXml(questions, raid.title))
          : format === 'gift'
            ? Buffer.from(toGift(questions))
            : Buffer.from(buildXlsx(templateRows(questions)));
      const { ext, type } = EXPORTS[format];
      const name = `${fileBase(raid.title)}.${ext}`;
      return (reply as FastifyReply)
        .header('content-type', type)
        .header(
          'content-disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`${raid.title}.${ext}`)}`,
        )
        .header('cache-control', 'no-store')
        .header('x-images-left-out', String(leftOut))
        .send(body);
    },
  );

  app.post(
    '/questions/import',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "Read questions from a CSV, XLSX, GIFT or Moodle XML file (multipart field `file`, 2 MB at most, 20 MB for Moodle XML; `existingQuestions`: a JSON array of the form's question texts). Nothing is stored but the pictures a Moodle XML file embeds, stored as uploaded question images.",
        consumes: ['multipart/form-data'],
        response: { 200: importResultSchema },
      },
    },
    async (req): Promise<ImportResult> => {
      const caller = professorOf(req);
      await deps.limiter.hit(`question-import:${caller.sub}`, 60, 600);
      if (!req.isMultipart()) throw badRequest(ERR.INVALID_BODY);
      let file: { name: string; data: Buffer } | null = null;
      let existingField = '[]';
      let current = '';
      try {
        for await (const part of req.parts({
          limits: { fileSize: IMPORT_XML_MAX_BYTES, fieldSize: 512 * 1024 },
        })) {
          if (part.type === 'file') {
            const name = part.filename ?? '';
            current = name;
            const data = await (part as MultipartFile).toBuffer();
            // Moodle XML may carry pictures: its own limit; the other formats keep theirs.
            if (part.fieldname === 'file' && data.length > importMaxBytes(name)) throw tooLarge(name);
            if (part.fieldname === 'file') file = { name, data };
          } else if (part.fieldname === 'existingQuestions' && typeof part.value === 'string') {
            existingField = part.value;
          }
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(current);
        // Other multipart limits carry their own status; a body that is not multipart at all does not.
        if (err instanceof Error && 'statusCode' in err) throw err;
        throw badRequest(ERR.INVALID_BODY);
      }
      let existingJson: unknown;
      try {
        existingJson = JSON.parse(existingField);
      } catch {
        throw badRequest(ERR.INVALID_BODY, { field: 'existingQuestions' });
      }
      const existing = parse(existingSchema, existingJson);
      if (!file) throw badRequest(ERR.IMPORT_FILE_EMPTY, { field: 'file' });
      const result = await imports.read(caller.sub, file, existing);
      req.log.info(
        {
          imported: result.questions.length,
          refused: result.report.length - result.questions.length,
        },
        'questions imported',
      );
      return result;
    },
  );
}
