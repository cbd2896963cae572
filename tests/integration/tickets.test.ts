// Bug reports cannot be turned into a flood (issue 10): anonymous reports have a daily quota per
// address (as TRUST_PROXY says to read it), screenshots are deleted after their retention and all
// together stay within a disk budget. Each context has its own data directory and Redis prefix.
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../server/db/schema.js';
import { ANONYMOUS_TICKETS_PER_DAY } from '../../server/modules/tickets/routes.js';
import { sweepScreenshots } from '../../server/modules/tickets/screenshots.js';
import { ERR } from '../../shared/errors.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

const PNG_HEADER = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG of `kb` kilobytes (its first bytes are a real PNG; the rest is padding). */
const png = (kb = 0) => Buffer.concat([PNG_HEADER, Buffer.alloc(kb * 1024)]);
const DAY_MS = 24 * 60 * 60 * 1000;

function ticketForm(summary: string, screenshot?: Buffer) {
  const boundary = '----crtickets';
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="summary"\r\n\r\n${summary}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nrien ne marche\r\n`,
    ),
  ];
  if (screenshot)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="capture.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      screenshot,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function report(
  c: TestContext,
  opts: {
    summary?: string;
    screenshot?: Buffer;
    token?: string;
    forwardedFor?: string;
    remoteAddress?: string;
  },
) {
  const form = ticketForm(opts.summary ?? 'Bug', opts.screenshot);
  return c.app.inject({
    method: 'POST',
    url: '/api/tickets',
    payload: form.payload,
    remoteAddress: opts.remoteAddress ?? '203.0.113.10',
    headers: {
      ...form.headers,
      ...(opts.token ? bearer(opts.token) : {}),
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
  });
}

/** Behind a proxy (TRUST_PROXY), with 1 MB for all screenshots. */
let proxied: TestContext;
/** Reached directly: X-Forwarded-For is whatever a client wrote. */
let direct: TestContext;
/** A screenshot left by a report of 40 days ago, before the server started. */
let expiredAtStart: string;

beforeAll(async () => {
  proxied = await createTestContext({ TRUST_PROXY: '1', SCREENSHOTS_MAX_MB: '1' }, (app) => {
    const dir = path.join(app.deps.uploadsDir, 'tickets');
    mkdirSync(dir, { recursive: true });
    expiredAtStart = path.join(dir, 'old-report.png');
    writeFileSync(expiredAtStart, png());
    const old = new Date(Date.now() - 40 * DAY_MS);
    utimesSync(expiredAtStart, old, old);
  });
  direct = await createTestContext();
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
});

describe('anonymous bug reports', () => {
  it('are limited per address and day, the address read from the proxy when TRUST_PROXY is set', async () => {
    for (let i = 0; i < ANONYMOUS_TICKETS_PER_DAY; i++)
      expect((await report(proxied, { forwardedFor: '198.51.100.7', summary: `Bug ${i}` })).statusCode).toBe(
        201,
      );
    const refused = await report(proxied, { forwardedFor: '198.51.100.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: ERR.TOO_MANY_REQUESTS });
    // Another school behind the same proxy still reports, and so does a signed-in user of the first.
    expect((await report(proxied, { forwardedFor: '198.51.100.8' })).statusCode).toBe(201);
    const user = await signin(proxied.app, DEMO.student);
    expect(
      (await report(proxied, { forwardedFor: '198.51.100.7', token: user.accessToken })).statusCode,
    ).toBe(201);
  });

  it('cannot get a fresh quota by writing X-Forwarded-For when the server is reached directly', async () => {
    for (let i = 0; i < ANONYMOUS_TICKETS_PER_DAY; i++)
      expect(
        (await report(direct, { remoteAddress: '192.0.2.50', forwardedFor: `10.9.0.${i}` })).statusCode,
      ).toBe(201);
    const refused = await report(direct, { remoteAddress: '192.0.2.50', forwardedFor: '10.9.1.1' });
    expect(refused.statusCode).toBe(429);
  });
});

describe('a logged-out token', () => {
  it('files the report as anonymous: not attributed to the account, counted in the address quota', async () => {
    const user = await signin(direct.app, { login: 'eleve05', password: DEMO.student.password });
    const signedIn = await report(direct, { remoteAddress: '192.0.2.90', token: user.accessToken });
    expect(signedIn.statusCode).toBe(201);
    const out = await direct.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: user.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const after = await report(direct, { remoteAddress: '192.0.2.90', token: user.accessToken });
    expect(after.statusCode).toBe(201);
    const rows = await direct.database.db
      .select({ id: tickets.id, userId: tickets.userId })
      .from(tickets)
      .where(inArray(tickets.id, [signedIn.json().id, after.json().id]));
    const byId = new Map(rows.map((r) => [r.id, r.userId]));
    expect(byId.get(signedIn.json().id)).toBe(user.id);
    expect(byId.get(after.json().id)).toBeNull();
    // The revoked token is anonymous, so it shares the address's daily quota (one report already).
    for (let i = 1; i < ANONYMOUS_TICKETS_PER_DAY; i++)
      expect(
        (await report(direct, { remoteAddress: '192.0.2.90', token: user.accessToken })).statusCode,
      ).toBe(201);
    expect((await report(direct, { remoteAddress: '192.0.2.90', token: user.accessToken })).statusCode).toBe(
      429,
    );
  });
});

describe('screenshots', () => {
  it('deletes at start a screenshot older than its retention', () => {
    expect(existsSync(expiredAtStart)).toBe(false);
  });

  it('are deleted after 30 days, the report kept', async () => {
    const user = await signin(proxied.app, DEMO.admin);
    const res = await report(proxied, { summary: 'Capture', screenshot: png(), token: user.accessToken });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    const [row] = await proxied.database.db.select().from(tickets).where(eq(tickets.id, id));
    const file = path.join(proxied.app.deps.uploadsDir, 'tickets', row.screenshotPath ?? '');
    expect(existsSync(file)).toBe(true);

    // 29 days later the screenshot is still there; 31 days later it is gone, not the report.
    await sweepScreenshots(proxied.database.db, proxied.app.deps.uploadsDir, 30, Date.now() + 29 * DAY_MS);
    expect(existsSync(file)).toBe(true);
    await sweepScreenshots(proxied.database.db, proxied.app.deps.uploadsDir, 30, Date.now() + 31 * DAY_MS);
    expect(existsSync(file)).toBe(false);
    const [after] = await proxied.database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(after).toMatchObject({ summary: 'Capture', screenshotPath: null });
  });

  it('refuse a PNG declaring 100,000 x 100,000 pixels, or cut short, with a translated 400 at once', async () => {
    const user = await signin(proxied.app, { login: 'eleve06', password: DEMO.student.password });
    const huge = Buffer.from(PNG_HEADER);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    for (const [file, message] of [
      [huge, ERR.IMAGE_TOO_LARGE],
      [PNG_HEADER.subarray(0, 40), ERR.IMAGE_TYPE],
    ] as const) {
      const sentAt = performance.now();
      const res = await report(proxied, { screenshot: file, token: user.accessToken });
      expect(performance.now() - sentAt).toBeLessThanOrEqual(2000);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it('stay within the disk budget: past it a screenshot is refused with a translated error, none is deleted', async () => {
    const user = await signin(proxied.app, DEMO.sciences);
    const dir = path.join(proxied.app.deps.uploadsDir, 'tickets');
    expect((await report(proxied, { screenshot: png(600), token: user.accessToken })).statusCode).toBe(201);
    const kept = readdirSync(dir);
    const full = await report(proxied, { screenshot: png(600), token: user.accessToken });
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ message: ERR.SCREENSHOTS_FULL });
    expect(readdirSync(dir)).toEqual(kept);
    // The report itself can still be sent without its screenshot.
    expect((await report(proxied, { token: user.accessToken })).statusCode).toBe(201);
  });
});

describe('reports reach the administrators (issue 21)', () => {
  let admins: TestContext;
  beforeAll(async () => {
    admins = await createTestContext({ ADMIN_EMAILS: 'bugs@example.org' });
  });
  afterAll(async () => {
    await admins?.close();
  });

  it('mails ADMIN_EMAILS the summary, the page and a link to the list, never the description', async () => {
    const pupil = await signin(admins.app, DEMO.student);
    const res = await report(admins, {
      summary: 'Le bouton Valider ne répond plus',
      token: pupil.accessToken,
    });
    expect(res.statusCode).toBe(201);
    const mail = await admins.smtp.lastTo('bugs@example.org');
    expect(mail.subject).toContain('Le bouton Valider ne répond plus');
    expect(mail.text).toContain('http://localhost:3000/admin/tickets');
    expect(mail.text).not.toContain('rien ne marche');
    expect(mail.text).not.toContain('eleve01');
  });

  it('lists every report, newest first, with who sent it and its screenshot, to an administrator only', async () => {
    const pupil = await signin(admins.app, { login: 'eleve07', password: DEMO.student.password });
    const shot = png(2);
    const sent = await report(admins, { summary: 'Écran figé', screenshot: shot, token: pupil.accessToken });
    expect(sent.statusCode).toBe(201);
    const id = (sent.json() as { id: string }).id;
    const admin = await signin(admins.app, DEMO.admin);
    const list = await admins.app.inject({
      method: 'GET',
      url: '/api/tickets',
      headers: bearer(admin.accessToken),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json() as {
      total: number;
      tickets: {
        id: string;
        summary: string;
        description: string;
        hasScreenshot: boolean;
        reporter: { username: string } | null;
      }[];
    };
    expect(body.tickets[0]).toMatchObject({
      id,
      summary: 'Écran figé',
      description: 'rien ne marche',
      hasScreenshot: true,
      reporter: { username: 'eleve07' },
    });
    expect(body.total).toBeGreaterThanOrEqual(2);
    const image = await admins.app.inject({
      method: 'GET',
      url: `/api/tickets/${id}/screenshot`,
      headers: bearer(admin.accessToken),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(image.rawPayload, shot)).toBe(0);

    // Nobody else: another teacher, the pupil who sent it, nobody signed in; nor through /uploads.
    const professor = await signin(admins.app, DEMO.sciences);
    for (const url of ['/api/tickets', `/api/tickets/${id}/screenshot`]) {
      for (const who of [professor, pupil])
        expect(
          (await admins.app.inject({ method: 'GET', url, headers: bearer(who.accessToken) })).statusCode,
        ).toBe(403);
      expect((await admins.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const [row] = await admins.database.db.select().from(tickets).where(eq(tickets.id, id));
    for (const url of [
      `/uploads/tickets/${row.screenshotPath}`,
      `/uploads/questions/../tickets/${row.screenshotPath}`,
    ])
      expect((await admins.app.inject({ method: 'GET', url })).statusCode).not.toBe(200);
    // A report without a screenshot, or an unknown one: 404.
    const none = body.tickets.find((t) => !t.hasScreenshot);
    for (const missing of [none?.id, '00000000-0000-4000-8000-000000000000'])
      expect(
        (
          await admins.app.inject({
            method: 'GET',
            url: `/api/tickets/${missing}/screenshot`,
            headers: bearer(admin.accessToken),
          })
        ).statusCode,
      ).toBe(404);
  });
});
