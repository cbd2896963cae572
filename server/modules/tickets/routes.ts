// Bug reports: summary, description, optional screenshot (JPG or PNG, 20 MB), where it came from.
// Anonymous reports are counted per address and day; screenshots are kept a limited time within a
// disk budget (screenshots.ts).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCREENSHOT_MAX_BYTES } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { cleanText } from '../../../shared/text.js';
import { badRequest } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { screenshotStore } from './screenshots.js';
import { createTicket, listTickets, mailAdmins, ticketScreenshot } from './service.js';

/** Reports without an account one address (as the app sees it: TRUST_PROXY) may send a day. */
export const ANONYMOUS_TICKETS_PER_DAY = 10;

const ticketSchema = z.object({
  summary: cleanText('content').trim().min(1, ERR.REQUIRED).max(200, ERR.INVALID_BODY),
  description: cleanText('content').trim().min(1, ERR.REQUIRED).max(5000, ERR.INVALID_BODY),
  fromRouteName: z.string().max(100).optional(),
  fromRoutePath: z.string().max(500).optional(),
});

const ticketListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  tickets: z.array(
    z.object({
      id: z.uuid(),
      summary: z.string(),
      description: z.string(),
      fromRouteName: z.string().nullable(),
      fromRoutePath: z.string().nullable(),
      hasScreenshot: z.boolean(),
      createdAt: z.string(),
      reporter: z
        .object({
          role: z.string(),
          firstName: z.string().nullable(),
          lastName: z.string().nullable(),
          username: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type TicketList = z.infer<typeof ticketListSchema>;

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
      await mailAdmins(deps, req.log, {
        summary: body.summary,
        fromRoutePath: body.fromRoutePath,
        screenshot: !!screenshotPath,
      });
      return reply.status(201).send(row);
    },
  );

  app.get(
    '/tickets',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The bug reports, newest first, a page at a time (administrators)',
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: ticketListSchema },
      },
    },
    async (req) => listTickets(deps.db, req.query.page),
  );

  app.get(
    '/tickets/:id/screenshot',
    {
      config: { access: 'admin' },
      schema: {
        summary: "A bug report's screenshot (administrators; never cached)",
        params: z.object({ id: z.uuid({ error: ERR.NOT_FOUND }) }),
        response: { 200: z.string().describe('The PNG or JPEG image, as sent') },
      },
    },
    async (req, reply) => {
      const { bytes, type } = await ticketScreenshot(deps.db, deps.uploadsDir, req.params.id);
      // The image's bytes as they are: the response schema documents them, it does not serialize them.
      return (reply as FastifyReply)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .type(type)
        .send(bytes);
    },
  );
}
