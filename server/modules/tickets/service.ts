// Bug reports: storing one, and the periodic sweep of expired screenshots.
import type { FastifyInstance } from 'fastify';
import { tickets } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { SCREENSHOT_SWEEP_INTERVAL_MS, sweepScreenshots } from './screenshots.js';

export interface TicketInput {
  summary: string;
  description: string;
  fromRouteName?: string;
  fromRoutePath?: string;
}

export async function createTicket(
  db: Deps['db'],
  input: TicketInput,
  userId: string | null,
  screenshotPath: string | null,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(tickets)
    .values({ ...input, userId, screenshotPath })
    .returning({ id: tickets.id });
  return { id: row.id };
}

/** Expired screenshots are deleted when the server is ready, then every sweep interval until it closes. */
export function scheduleScreenshotSweep(app: FastifyInstance, deps: Deps) {
  const sweep = () =>
    sweepScreenshots(deps.db, deps.uploadsDir, deps.config.SCREENSHOT_RETENTION_DAYS).then(
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
}
