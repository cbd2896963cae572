// Question import (issue 4): a teacher uploads a CSV or XLSX file; the answer is the questions read
// and a report line by line. Nothing is stored here: the raid form saves the raid in one transaction.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { IMPORT_FILE_MAX_BYTES, type ImportResult } from '../../../shared/question-import.js';
import { QUESTIONS_PER_RAID_MAX } from '../../../shared/schemas/raid.js';
import { importResultSchema } from '../../../shared/schemas/responses-account.js';
import { teacherOf } from '../../lib/contract.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { questionImportService } from './service.js';

/**
 * The raid form's questions so far (a JSON array of texts in the `existingQuestions` field). A form
 * may hold more than a raid's maximum before it is saved: every line is then refused as too many.
 */
const existingSchema = z.array(z.string().max(1000)).max(5 * QUESTIONS_PER_RAID_MAX);

const tooLarge = () =>
  new AppError(413, ERR.IMPORT_FILE_TOO_LARGE, { params: { maxMb: IMPORT_FILE_MAX_BYTES / (1024 * 1024) } });

export default async function questionImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // Files are read off the event loop, in a worker thread with a time budget (service.ts, pool.ts).
  const imports = questionImportService(app.log);
  app.addHook('onClose', () => imports.close());
  app.addHook('onListen', async () => imports.warm());

  app.post(
    '/questions/import',
    {
      config: { access: 'teacher' },
      schema: {
        summary:
          "Read questions from a CSV or XLSX file (multipart field `file`, 2 MB at most; `existingQuestions`: a JSON array of the form's question texts). Nothing is stored.",
        consumes: ['multipart/form-data'],
        response: { 200: importResultSchema },
      },
    },
    async (req): Promise<ImportResult> => {
      const caller = teacherOf(req);
      await deps.limiter.hit(`question-import:${caller.sub}`, 60, 600);
      if (!req.isMultipart()) throw badRequest(ERR.INVALID_BODY);
      let file: { name: string; data: Buffer } | null = null;
      let existingField = '[]';
      try {
        for await (const part of req.parts({
          limits: { fileSize: IMPORT_FILE_MAX_BYTES, fieldSize: 512 * 1024 },
        })) {
          if (part.type === 'file') {
            const data = await (part as MultipartFile).toBuffer();
            if (part.fieldname === 'file') file = { name: part.filename ?? '', data };
          } else if (part.fieldname === 'existingQuestions' && typeof part.value === 'string') {
            existingField = part.value;
          }
        }
      } catch (err) {
        if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
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
