// Bug reports: storing one, and the periodic sweep of expired screenshots.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { tickets, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { renderMail } from '../../mail/messages.js';
import { SCREENSHOT_SWEEP_INTERVAL_MS, screenshotsDir, sweepScreenshots } from './screenshots.js';

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

/** Reports an administrator's list shows per page, newest first. */
export const TICKETS_PER_PAGE = 50;

/** One page of the reports, newest first, with who sent each (a signed-in caller) and whether a screenshot is kept. */
export async function listTickets(db: Deps['db'], page: number) {
  const [{ n }] = await db.select({ n: count() }).from(tickets);
  const rows = await db
    .select({
      id: tickets.id,
      summary: tickets.summary,
      description: tickets.description,
      fromRouteName: tickets.fromRouteName,
      fromRoutePath: tickets.fromRoutePath,
      screenshotPath: tickets.screenshotPath,
      createdAt: tickets.createdAt,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(TICKETS_PER_PAGE)
    .offset((page - 1) * TICKETS_PER_PAGE);
  return {
    total: Number(n),
    page,
    perPage: TICKETS_PER_PAGE,
    tickets: rows.map((r) => ({
      id: r.id,
      summary: r.summary,
      description: r.description,
      fromRouteName: r.fromRouteName,
      fromRoutePath: r.fromRoutePath,
      hasScreenshot: !!r.screenshotPath,
      createdAt: r.createdAt.toISOString(),
      reporter: r.role
        ? { role: r.role, firstName: r.firstName, lastName: r.lastName, username: r.username }
        : null,
    })),
  };
}

/** A report's screenshot (bytes and type); 404 when the report or its screenshot is gone. */
export async function ticketScreenshot(db: Deps['db'], uploadsDir: string, ticketId: string) {
  const [row] = await db
    .select({ file: tickets.screenshotPath })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  // The stored name is ours (uuid.png or uuid.jpg): anything else is not read.
  if (!row?.file || !/^[0-9a-f-]{36}\.(png|jpg)$/.test(row.file)) throw notFound();
  const bytes = await readFile(path.join(screenshotsDir(uploadsDir), row.file)).catch(() => null);
  if (!bytes) throw notFound();
  return { bytes, type: row.file.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/**
 * Tells the instance's administrators (ADMIN_EMAILS) that a report arrived: its summary, the page
 * it came from and a link to the list. Neither the description nor who sent it leave the instance
 * (a pupil may have written their name): the administrator reads them on the list. A mail that
 * cannot be sent never loses the report.
 */
export async function mailAdmins(
  deps: Deps,
  log: FastifyBaseLogger,
  t: { summary: string; fromRoutePath?: string; screenshot: boolean },
) {
  const to = deps.config.ADMIN_EMAILS;
  if (!to.length) return;
  const known = await deps.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, to));
  const link = `${deps.config.PUBLIC_URL}/admin/tickets`;
  for (const address of to) {
    const lang = known.find((k) => k.email?.toLowerCase() === address)?.language ?? 'fr';
    const mail = renderMail(t.screenshot ? 'adminNewTicketScreenshot' : 'adminNewTicket', lang, {
      summary: t.summary,
      page: t.fromRoutePath ?? '–',
      link,
    });
    await deps.mailer.send({ to: address, ...mail, link }).catch((err: unknown) => {
      log.warn(
        { err: err instanceof Error ? err.message : 'unknown' },
        'bug report mail to an administrator failed',
      );
    });
  }
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
