// Regressions of the security review: each case failed before its fix.
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.js';
import { createMailer } from '../../server/mail/mailer.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { linkIn } from './helpers/smtp.js';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    {},
    (app) => {
      // A query that fails the way a bug would, with a value that must not reach the log.
      app.get('/api/__db-boom', async () => app.deps.db.execute(sql`select ${'Param-S3cret-Value'}::int`));
    },
    { level: 'info', stream: logStream },
  );
});
afterAll(async () => {
  await ctx.close();
});

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: token ? bearer(token) : {} });

describe('an access token follows the account, not only its signature', () => {
  it('a teacher rejected after sign-in loses access at once, not 15 minutes later', async () => {
    const admin = await signin(ctx.app, DEMO.admin);
    const professor = await signin(ctx.app, DEMO.sciences);
    expect((await req('GET', `/api/users/${professor.id}`, professor.accessToken)).statusCode).toBe(200);
    const rej = await req('PUT', `/api/users/${professor.id}/reject`, admin.accessToken);
    expect(rej.json()).toEqual({ id: professor.id, status: 'REJECTED' });
    for (const [method, url, payload] of [
      ['GET', `/api/users/${professor.id}`],
      ['PUT', `/api/users/${professor.id}`, { firstName: 'Encore' }],
      ['PUT', `/api/professors/${professor.professorId}`, { powerMode: true }],
      ['POST', '/api/users/check-password', { password: DEMO.sciences.password }],
    ] as const) {
      const res = await req(method, url, professor.accessToken, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'ERRORS.UNAUTHORIZED' });
    }
    const refresh = await req('POST', '/api/auth/refresh', undefined, {
      refreshToken: professor.refreshToken,
    });
    expect(refresh.statusCode).toBe(401);
    // Back to work for the other tests.
    await req('PUT', `/api/users/${professor.id}/active`, admin.accessToken);
    expect((await signin(ctx.app, DEMO.sciences)).id).toBe(professor.id);
  });

  it('an admin demoted after sign-in can no longer decide access requests', async () => {
    const admin = await signin(ctx.app, DEMO.admin);
    await ctx.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    try {
      const list = await req('GET', '/api/users/pending/freemium', admin.accessToken);
      expect(list.statusCode).toBe(403);
    } finally {
      await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    }
  });

  it('an admin cannot reject their own account (nobody could approve it again)', async () => {
    const admin = await signin(ctx.app, DEMO.admin);
    const res = await req('PUT', `/api/users/${admin.id}/reject`, admin.accessToken);
    expect(res.statusCode).toBe(403);
    expect((await signin(ctx.app, DEMO.admin)).id).toBe(admin.id);
  });
});

describe('bad input answers a stable key, never a 500 nor a raw library message', () => {
  it('zod’s English messages are not sent to the client', async () => {
    const s = await signin(ctx.app, DEMO.student);
    const cases = [
      await req('GET', '/api/users/not-a-uuid', s.accessToken),
      await req('POST', '/api/auth/refresh', undefined, { refreshToken: 42 }),
      await req('POST', '/api/auth/refresh', undefined, { refreshToken: 'x'.repeat(100_000) }),
      await req('GET', '/api/avatars?userType=student&userType=professor'),
      await req('POST', '/api/auth/signin', undefined, [1, 2]),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('ERRORS.INVALID_BODY');
    }
  });

  it('a NUL character is refused before it reaches PostgreSQL', async () => {
    const s = await signin(ctx.app, { login: 'eleve08', password: DEMO.student.password });
    const a = await req('POST', '/api/auth/signin', undefined, { login: 'eleve\u000008', password: 'x' });
    expect(a.statusCode).toBe(400);
    expect(a.json()).toEqual({ message: 'ERRORS.INVALID_BODY', field: 'login' });
    const b = await req('PUT', `/api/users/${s.id}`, s.accessToken, { firstName: 'Zo\u0000é' });
    expect(b.statusCode).toBe(400);
    expect(b.json()).toEqual({ message: 'ERRORS.INVALID_BODY', field: 'firstName' });
    expect((await req('GET', `/api/users/${s.id}`, s.accessToken)).json().firstName).not.toContain('\u0000');
  });

  it('saving teacher preferences with nothing to change answers them unchanged', async () => {
    const p = await signin(ctx.app, DEMO.admin);
    const before = (await req('GET', `/api/professors/${p.professorId}`, p.accessToken)).json();
    const res = await req('PUT', `/api/professors/${p.professorId}`, p.accessToken, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
  });

  it('a multipart body without boundary or cut short is a 400', async () => {
    for (const [type, payload] of [
      ['multipart/form-data', 'abc'],
      [
        'multipart/form-data; boundary=xx',
        '--xx\r\nContent-Disposition: form-data; name="summary"\r\n\r\nabc',
      ],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/tickets',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({ message: 'ERRORS.INVALID_BODY' });
    }
  });

  it('a multipart form with too many fields is refused, not held in memory', async () => {
    const boundary = 'many';
    const parts = Array.from(
      { length: 50 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: `${parts.join('')}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'ERRORS.INVALID_BODY' });
  });

  it('a JSON body over 1 MB is a broken request, not an image too large', async () => {
    const res = await req('POST', '/api/auth/signin', undefined, { login: 'x'.repeat(2_000_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'ERRORS.INVALID_BODY' });
  });

  it('a URL that does not decode answers the usual shape, without echoing the path', async () => {
    const res = await req('GET', '/api/auth/check-username/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'ERRORS.INVALID_BODY' });
  });

  it('forgot-password accepts a long (valid) address', async () => {
    const email = `${'a'.repeat(60)}@${'b'.repeat(50)}.fr`;
    const res = await req('GET', `/api/users/forgot-password/${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'USERS.EMAIL_NOT_FOUND' });
  });

  it('an anonymous call is told to sign in before its body is judged', async () => {
    const res = await req('POST', '/api/session-logs/', undefined, { userId: 'x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits per account and per code', () => {
  it('sign-in failures count per account, whether by username or by e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const login = i % 2 ? 'prof-sciences' : 'prof-sciences@demo.classe-raid.fr';
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { login, password: `Faux-Mot-${i}!` },
        remoteAddress: '10.1.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('class code misses through code sign-up count like look-up misses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/code-signup',
        remoteAddress: '10.2.0.1',
        payload: {
          code: String(900000 + i),
          firstName: 'Paul',
          lastName: 'Marchand',
          username: 'devine-code',
          password: 'Trousse-Rouge-9!',
        },
      });
      statuses.push(res.statusCode);
    }
    // 60 misses are free; past them the address is slowed: one try per turn (the first turn is
    // at once), the next one within the second is told to wait.
    expect(statuses.slice(0, 61).every((s) => s === 404)).toBe(true);
    expect(statuses[61]).toBe(429);
    // The look-up shares the budget.
    const lookup = await ctx.app.inject({
      method: 'GET',
      url: '/api/professorsSchoolclasses?code=899999',
      remoteAddress: '10.2.0.1',
    });
    expect(lookup.statusCode).toBe(429);
  });
});

describe('secrets never reach the log', () => {
  it('reset tokens and addresses in URLs, tokens and passwords in bodies, query parameters', async () => {
    logLines.length = 0;
    await req('GET', '/api/users/forgot-password/prof-demo%40demo.classe-raid.fr');
    const token = decodeURIComponent(
      new URL(linkIn(await ctx.smtp.lastTo('prof-demo@demo.classe-raid.fr'))).pathname
        .split('/')
        .pop() as string,
    );
    await req('PUT', `/api/users/reset-password/${token}`, undefined, { newPassword: 'faible' });
    // The same route reached through a percent-encoded path.
    await req('PUT', `/api/users/reset-p%61ssword/${token}`, undefined, { newPassword: 'faible' });
    await req('POST', '/api/auth/signin?ticket=ST-Ticket-S3cret', undefined, {});
    await req('GET', '/api/users/check/email?email=secret-address%40ac-lyon.fr');
    await req('PUT', '/api/auth/activate', undefined, { token: 'Activation-S3cret-Token' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: '{"login":"prof-demo","password":"Body-S3cret-Pass" ',
      headers: { 'content-type': 'application/json' },
    });
    const boom = await req('GET', '/api/__db-boom');
    expect(boom.statusCode).toBe(500);

    const log = logLines.join('\n');
    expect(log).toContain('/api/users/reset-password/');
    expect(log).toContain('unhandled error');
    for (const secret of [
      token,
      'prof-demo@demo.classe-raid.fr',
      'prof-demo%40demo',
      'ST-Ticket-S3cret',
      'secret-address',
      'Activation-S3cret-Token',
      'Body-S3cret-Pass',
      'Param-S3cret-Value',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('the outbox logs no reset link in production', async () => {
    const lines: string[] = [];
    const log = { info: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })) };
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'cr-outbox-'));
    const mailer = createMailer({
      from: 'x@y',
      outboxDir,
      log: log as never,
    });
    await mailer.send({
      to: 'a@b.fr',
      subject: 's',
      text: 't',
      html: 'h',
      link: 'http://x/reset/Tok-S3cret',
    });
    expect(readdirSync(outboxDir)).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('Tok-S3cret');
  });
});

describe('races', () => {
  it('two sign-ups with the same username at once: one 201, the other USERNAME_TAKEN', async () => {
    const subjectId = (await req('GET', '/api/subjects')).json()[0].id;
    const body = (i: number) => ({
      firstName: 'Sophie',
      lastName: 'Durand',
      email: `course${i}@ac-lyon.fr`,
      phone: '0612345678',
      city: 'Lyon',
      department: 'Rhône',
      school: 'Collège des Iris',
      subjectIds: [subjectId],
      username: 'meme-pseudo',
      password: 'Tableau-Noir-2026!',
    });
    const res = await Promise.all([0, 1, 2].map((i) => req('POST', '/api/auth/signup', undefined, body(i))));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of res.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({ message: 'VALIDATION.USERNAME_TAKEN', field: 'username' });
  });
});
