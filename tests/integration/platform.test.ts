import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
beforeAll(async () => {
  // A route that fails the way a bug would, to prove a 5xx never shows internals.
  ctx = await createTestContext({}, (app) => {
    app.get('/api/__boom', async () => {
      throw new Error('secret stack detail: connection string postgres://user:pw@db');
    });
  });
});
afterAll(async () => {
  await ctx.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----crtest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('errors', () => {
  it('an unknown route under /api is a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'ERRORS.NOT_FOUND' });
  });

  it('a broken JSON body is a 400 with a stable key', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: '{"login": "prof-demo", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'ERRORS.INVALID_BODY' });
  });

  it('a 5xx never shows internals', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'ERRORS.GENERIC' });
    expect(res.body).not.toContain('secret');
  });

  it('sends security headers and no permissive CORS', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subjects' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('reference data', () => {
  it('lists the 32 subjects in their four groups', async () => {
    const subjects = (await ctx.app.inject({ method: 'GET', url: '/api/subjects' })).json() as {
      code: string;
      group: string;
    }[];
    expect(subjects).toHaveLength(32);
    expect(new Set(subjects.map((s) => s.group))).toEqual(
      new Set(['MAIN', 'MODERN_LANGUAGES', 'ANCIENT_LANGUAGES', 'OTHER']),
    );
    expect(subjects.map((s) => s.code)).toContain('CORSICAN');
  });

  it('serves the avatar images the catalogue names', async () => {
    const [a] = (
      await ctx.app.inject({ method: 'GET', url: '/api/avatars?userType=student&starter=true' })
    ).json();
    const img = await ctx.app.inject({ method: 'GET', url: a.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const one = await ctx.app.inject({ method: 'GET', url: `/api/avatars/${a.id}` });
    expect(one.json()).toEqual(a);
  });
});

describe('POST /api/tickets', () => {
  it('stores a bug report with where it came from and a screenshot', async () => {
    const user = await signin(ctx.app, DEMO.student);
    const body = multipart(
      {
        summary: 'Le bouton ne répond pas',
        description: 'Sur la page des raids',
        fromRouteName: 'raid-list',
        fromRoutePath: '/student/raid-list',
      },
      { name: 'capture.png', type: 'image/png', data: PNG },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.statusCode).toBe(201);
    const { tickets } = await import('../../server/db/schema.js');
    const rows = await ctx.database.db.select().from(tickets);
    expect(rows).toEqual([
      expect.objectContaining({
        summary: 'Le bouton ne répond pas',
        fromRouteName: 'raid-list',
        userId: user.id,
      }),
    ]);
    expect(rows[0].screenshotPath).toMatch(/\.png$/);
  });

  it('refuses a missing summary and a screenshot that is not an image', async () => {
    const noSummary = multipart({ description: 'x' });
    const r1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: noSummary.payload,
      headers: noSummary.headers,
    });
    expect(r1.json()).toMatchObject({ message: 'VALIDATION.REQUIRED', field: 'summary' });
    const notImage = multipart(
      { summary: 's', description: 'd' },
      { name: 'a.png', type: 'image/png', data: Buffer.from('<script>') },
    );
    const r2 = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: notImage.payload,
      headers: notImage.headers,
    });
    expect(r2.json()).toEqual({ message: 'VALIDATION.IMAGE_TYPE' });
  });

  it('refuses a screenshot over 20 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(21 * 1024 * 1024)]);
    const body = multipart(
      { summary: 's', description: 'd' },
      { name: 'big.png', type: 'image/png', data: big },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'VALIDATION.IMAGE_TOO_LARGE' });
  });
});
