// Bug reports: summary, description, optional screenshot (JPG or PNG, 20 MB), where it came from.
// Anonymous reports are counted per address and day; screenshots are kept a limited time within a
// disk budget (screenshots.ts).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SCREENSHOT_MAX_BYTES } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { cleanText } from '../../../shared/text.js';
import { tickets } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { SCREENSHOT_SWEEP_INTERVAL_MS, screenshotStore, sweepScreenshots } from './screenshots.js';

/** Reports without an account one address (as the app sees it: TRUST_PROXY) may send a day. */
export const ANONYMOUS_TICKETS_PER_DAY = 10;

const ticketSchema = z.object({
  summary: cleanText('content').trim().min(1, ERR.REQUIRED).max(200, ERR.INVALID_BODY),
  description: cleanText('content').trim().min(1, ERR.REQUIRED).max(5000, ERR.INVALID_BODY),
  fromRouteName: z.string().max(100).optional(),
  fromRoutePath: z.string().max(500).optional(),
});

export default async function ticketRoutes(app: FastifyInstance) {
  const { deps } = app;
  const { SCREENSHOT_RETENTION_DAYS, SCREENSHOTS_MAX_MB } = deps.config;
  const storeScreenshot = screenshotStore(deps.uploadsDir, SCREENSHOTS_MAX_MB * 1024 * 1024);
  const sweep = () =>
    sweepScreenshots(deps.db, deps.uploadsDir, SCREENSHOT_RETENTION_DAYS).then(
      ({ deleted }) => {
        if (deleted) app.log.info({ deleted }, 'expired bug-report screenshots deleted');
      },
      (err) => app.log.warn({ err }, 'bug-report screenshot sweep failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, SCREENSHOT_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.post('/tickets', async (req, reply) => {
    await deps.limiter.hit(`ticket:${req.auth?.sub ?? req.ip}`, 20, 3600);
    if (!req.auth)
      await deps.limiter.hit(`ticket-anonymous-day:${req.ip}`, ANONYMOUS_TICKETS_PER_DAY, 24 * 3600);
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
    const [row] = await deps.db
      .insert(tickets)
      .values({ ...body, userId: req.auth?.sub ?? null, screenshotPath })
      .returning({ id: tickets.id });
    req.log.info({ ticketId: row.id, from: body.fromRouteName }, 'bug report received');
    return reply.status(201).send({ id: row.id });
  });
}
