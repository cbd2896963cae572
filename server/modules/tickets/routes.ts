// Bug reports: summary, description, optional screenshot (JPG or PNG, 20 MB), where it came from.
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SCREENSHOT_MAX_BYTES } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { cleanText } from '../../../shared/text.js';
import { tickets } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { storeImage } from '../../lib/images.js';
import { parse } from '../../lib/validate.js';

const ticketSchema = z.object({
  summary: cleanText('content').trim().min(1, ERR.REQUIRED).max(200, ERR.INVALID_BODY),
  description: cleanText('content').trim().min(1, ERR.REQUIRED).max(5000, ERR.INVALID_BODY),
  fromRouteName: z.string().max(100).optional(),
  fromRoutePath: z.string().max(500).optional(),
});

export default async function ticketRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.post('/tickets', async (req, reply) => {
    await deps.limiter.hit(`ticket:${req.auth?.sub ?? req.ip}`, 20, 3600);
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
    const screenshotPath = screenshot
      ? await storeImage(path.join(deps.uploadsDir, 'tickets'), screenshot, SCREENSHOT_MAX_BYTES)
      : null;
    const [row] = await deps.db
      .insert(tickets)
      .values({ ...body, userId: req.auth?.sub ?? null, screenshotPath })
      .returning({ id: tickets.id });
    req.log.info({ ticketId: row.id, from: body.fromRouteName }, 'bug report received');
    return reply.status(201).send({ id: row.id });
  });
}
