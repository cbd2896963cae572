// Bug reports: summary, description, optional screenshot (JPG or PNG, 20 MB), where it came from.
// Anonymous reports are counted per address and day; screenshots are kept a limited time within a
// disk budget (screenshots.ts).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCREENSHOT_MAX_BYTES } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { cleanText } from '../../../shared/text.js';
import { badRequest } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { screenshotStore } from './screenshots.js';
import { createTicket } from './service.js';

/** Reports without an account one address (as the app sees it: TRUST_PROXY) may send a day. */
export const ANONYMOUS_TICKETS_PER_DAY = 10;

const ticketSchema = z.object({
  summary: cleanText('content').trim().min(1, ERR.REQUIRED).max(200, ERR.INVALID_BODY),
  description: cleanText('content').trim().min(1, ERR.REQUIRED).max(5000, ERR.INVALID_BODY),
  fromRouteName: z.string().max(100).optional(),
  fromRoutePath: z.string().max(500).optional(),
});

export default async function ticketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const storeScreenshot = screenshotStore(deps.uploadsDir, deps.config.SCREENSHOTS_MAX_MB * 1024 * 1024);

  app.post(
    '/tickets',
    {
      // Anyone may report a bug; a signed-in caller's report carries their account.
      config: { access: 'public' },
      // Counted before the upload is read: a broken body costs a report too.
      onRequest: async (req) => {
        await deps.limiter.hit(`ticket:${req.auth?.sub ?? req.ip}`, 20, 3600);
        if (!req.auth)
          await deps.limiter.hit(`ticket-anonymous-day:${req.ip}`, ANONYMOUS_TICKETS_PER_DAY, 24 * 3600);
      },
      schema: {
        summary:
          'Report a bug (multipart fields summary, description, fromRouteName, fromRoutePath; optional JPG or PNG `screenshot`)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(ERR.INVALID_BODY);
      const fields: Record<string, string> = {};
      let screenshot: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            const file = part as MultipartFile;
            const buf = await file.toBuffer();
            if (file.fieldname === 'screenshot' && buf.length > 0) screenshot = buf;
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        // The multipart plugin's own errors carry a status (413 file too large, limits); a body that is
        // not multipart at all (no boundary, cut short) comes from the parser without one.
        if (err instanceof Error && 'statusCode' in err) throw err;
        throw badRequest(ERR.INVALID_BODY);
      }
      const body = parse(ticketSchema, fields);
      const screenshotPath = screenshot ? await storeScreenshot(screenshot, SCREENSHOT_MAX_BYTES) : null;
      const row = await createTicket(deps.db, body, req.auth?.sub ?? null, screenshotPath);
      req.log.info({ ticketId: row.id, from: body.fromRouteName }, 'bug report received');
      return reply.status(201).send(row);
    },
  );
}
