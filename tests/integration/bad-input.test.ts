// Malformed input on every POST and PUT route (and the params and queries of the others): always a
// 4xx with a stable message key, never a 500; and a valid request right after still works.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolclasses } from '../../server/db/schema.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { linkIn } from './helpers/smtp.js';

let ctx: TestContext;
let admin: StoredUser;
let student: StoredUser;
let subjectId: string;
let code: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signin(ctx.app, DEMO.admin);
  student = await signin(ctx.app, DEMO.student);
  subjectId = (await ctx.app.inject({ method: 'GET', url: '/api/subjects' })).json()[0].id;
  const me = (
    await ctx.app.inject({ method: 'GET', url: `/api/users/${admin.id}`, headers: bearer(admin.accessToken) })
  ).json();
  const [row] = await ctx.database.db
    .select({ code: schoolclasses.code })
    .from(schoolclasses)
    .where(eq(schoolclasses.id, me.professor.schoolclasses[0].id));
  code = row.code as string;
});
afterAll(async () => {
  await ctx.close();
});

const LITERAL_MESSAGES = ['Invalid ticket.', 'Schoolclass already joined.'];
const HUGE = 'x'.repeat(100_000);
let address = 0;
/** A new client address per request: the per-address limits must not be what answers. */
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

type Method = 'POST' | 'PUT' | 'GET';
interface Sent {
  label: string;
  payload?: string | object;
  contentType?: string;
}

async function send(method: Method, url: string, token: string | undefined, s: Sent) {
  const headers: Record<string, string> = token ? bearer(token) : {};
  if (s.contentType) headers['content-type'] = s.contentType;
  else if (s.payload !== undefined) headers['content-type'] = 'application/json';
  const payload =
    typeof s.payload === 'string' || s.payload === undefined ? s.payload : JSON.stringify(s.payload);
  return ctx.app.inject({ method, url, headers, payload, remoteAddress: nextAddress() });
}

function expectStableRefusal(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  const { message } = JSON.parse(res.body) as { message: string };
  const stable = /^[A-Z_]+(\.[A-Z_]+)+$/.test(message) || LITERAL_MESSAGES.includes(message);
  expect(stable, `${label}: message ${JSON.stringify(message)}`).toBe(true);
  expect(res.body, label).not.toMatch(/stack|postgres|drizzle|zod|Error:/i);
}

/** Whole-body shapes that are never a valid JSON body for our routes. */
const BROKEN_BODIES: Sent[] = [
  { label: 'JSON null', payload: 'null' },
  { label: 'JSON array', payload: '[]' },
  { label: 'JSON array of objects', payload: '[{"a":1}]' },
  { label: 'JSON string', payload: '"hello"' },
  { label: 'JSON number', payload: '42' },
  { label: 'cut JSON', payload: '{"password": "Un-Secret-1", ' },
  { label: 'not JSON', payload: 'login=a&password=b', contentType: 'application/x-www-form-urlencoded' },
  { label: 'text', payload: 'hello', contentType: 'text/plain' },
  { label: 'empty JSON', payload: '', contentType: 'application/json' },
  { label: 'prototype pollution', payload: '{"__proto__": {"isAdmin": true}}' },
  { label: 'over 1 MB', payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }) },
];

/** Each field of a valid body replaced by something of the wrong type or size, or removed. */
function fieldMutations(valid: Record<string, unknown>, optional: string[] = []): Sent[] {
  const out: Sent[] = [];
  for (const [k, v] of Object.entries(valid)) {
    const swap = (label: string, x: unknown) =>
      out.push({ label: `${k}: ${label}`, payload: { ...valid, [k]: x } });
    if (!optional.includes(k)) {
      const { [k]: _, ...rest } = valid;
      out.push({ label: `${k}: missing`, payload: rest });
    }
    swap('number', 12345);
    if (typeof v !== 'boolean') swap('boolean', true);
    swap('null', null);
    swap('array', [v]);
    swap('nested object', { nested: { deep: v } });
    if (typeof v === 'string' || Array.isArray(v)) {
      swap('100 KB string', HUGE);
      swap('NUL character', `${String(v)}\u0000`);
      swap('empty string', '');
    } else swap('string', 'oui');
  }
  return out;
}

interface Route {
  method: 'POST' | 'PUT';
  url: () => string;
  token?: () => string;
  valid: () => Record<string, unknown>;
  optional?: string[];
  /** The route reads no body: only broken JSON is refused, any JSON shape is ignored. */
  noBody?: boolean;
  /** Runs the valid request and checks it worked (and that nothing was corrupted). */
  check: (res: { statusCode: number; json: () => Record<string, unknown> }) => void | Promise<void>;
}

let signupCount = 0;
const teacherBody = () => ({
  civility: 'MME',
  firstName: 'Sophie',
  lastName: 'Durand',
  email: `fuzz${++signupCount}@ac-lyon.fr`,
  phone: '06 12 34 56 78',
  city: 'Villeurbanne',
  department: 'Rhône',
  school: 'Collège Les Iris',
  subjectIds: [subjectId],
  username: `fuzz-prof-${signupCount}`,
  password: 'Tableau-Noir-2026!',
  language: 'fr',
});
let studentCount = 0;

const routes: Record<string, Route> = {
  'POST /api/auth/signin': {
    method: 'POST',
    url: () => '/api/auth/signin',
    valid: () => ({ login: 'eleve10', password: DEMO.student.password }),
    check: (res) => expect(res.statusCode).toBe(200),
  },
  'POST /api/auth/refresh': {
    method: 'POST',
    url: () => '/api/auth/refresh',
    valid: () => ({ refreshToken: 'abcdefghijklmnop' }),
    check: async () => {
      const u = await signin(ctx.app, DEMO.student);
      const res = await send('POST', '/api/auth/refresh', undefined, {
        label: 'valid',
        payload: { refreshToken: u.refreshToken },
      });
      expect(res.statusCode).toBe(200);
    },
  },
  'POST /api/auth/logout': {
    method: 'POST',
    url: () => '/api/auth/logout',
    valid: () => ({ refreshToken: 'abcdefghijklmnop' }),
    check: (res) => expect(res.statusCode).toBe(204),
  },
  'POST /api/auth/signup': {
    method: 'POST',
    url: () => '/api/auth/signup',
    valid: teacherBody,
    optional: ['civility', 'language'],
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'PUT /api/auth/activate': {
    method: 'PUT',
    url: () => '/api/auth/activate',
    valid: () => ({ token: 'abcdefghijklmnop' }),
    check: async () => {
      const body = teacherBody();
      expect(
        (await send('POST', '/api/auth/signup', undefined, { label: 'signup', payload: body })).statusCode,
      ).toBe(201);
      const token = new URL(linkIn(await ctx.smtp.lastTo(body.email))).searchParams.get('token');
      const res = await send('PUT', '/api/auth/activate', undefined, { label: 'valid', payload: { token } });
      expect(res.json()).toEqual({ status: 'PENDING_APPROVAL' });
    },
  },
  'POST /api/auth/code-signup': {
    method: 'POST',
    url: () => '/api/auth/code-signup',
    valid: () => ({
      code,
      firstName: 'Nina',
      lastName: 'Perrin',
      username: `fuzz-eleve-${++studentCount}`,
      password: 'Trousse-Rouge-9!',
    }),
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'POST /api/users/check-password': {
    method: 'POST',
    url: () => '/api/users/check-password',
    token: () => student.accessToken,
    valid: () => ({ password: DEMO.student.password }),
    check: (res) => expect(res.json()).toEqual({ isPasswordCorrect: true }),
  },
  'PUT /api/users/:id': {
    method: 'PUT',
    url: () => `/api/users/${student.id}`,
    token: () => student.accessToken,
    valid: () => ({ firstName: 'Emma', lastName: 'Martin', userName: 'eleve01', language: 'fr' }),
    optional: ['firstName', 'lastName', 'userName', 'language'],
    check: (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: 'Emma', username: 'eleve01', language: 'fr' });
    },
  },
  'POST /api/session-logs/': {
    method: 'POST',
    url: () => '/api/session-logs/',
    token: () => student.accessToken,
    valid: () => ({ userId: student.id }),
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'PUT /api/professors/:id': {
    method: 'PUT',
    url: () => `/api/professors/${admin.professorId}`,
    token: () => admin.accessToken,
    valid: () => ({ powerMode: true, shareRaids: false }),
    optional: ['powerMode', 'shareRaids'],
    check: (res) => expect(res.json()).toMatchObject({ powerMode: true, shareRaids: false }),
  },
  'PUT /api/users/:id/changelog': {
    method: 'PUT',
    url: () => `/api/users/${student.id}/changelog`,
    token: () => student.accessToken,
    valid: () => ({}),
    noBody: true,
    check: (res) => expect(res.statusCode).toBe(200),
  },
  ...Object.fromEntries(
    (['active', 'approve-ent', 'reject'] as const).map((action) => [
      `PUT /api/users/:id/${action}`,
      {
        method: 'PUT',
        url: () => `/api/users/${pendingTeacherId}/${action}`,
        token: () => admin.accessToken,
        valid: () => ({}),
        noBody: true,
        check: (res) => expect(res.statusCode).toBe(200),
      } satisfies Route,
    ]),
  ),
  // Last: it changes prof-sciences's password.
  'PUT /api/users/reset-password/:token': {
    method: 'PUT',
    url: () => '/api/users/reset-password/abcdefghijklmnop',
    valid: () => ({ newPassword: 'Nouvelle-Craie-2027?' }),
    check: async () => {
      await send('GET', '/api/users/forgot-password/prof-sciences%40demo.classe-raid.fr', undefined, {
        label: 'forgot',
      });
      const token = new URL(linkIn(await ctx.smtp.lastTo('prof-sciences@demo.classe-raid.fr'))).pathname
        .split('/')
        .pop() as string;
      const res = await send('PUT', `/api/users/reset-password/${token}`, undefined, {
        label: 'valid',
        payload: { newPassword: 'Nouvelle-Craie-2027?' },
      });
      expect(res.json()).toEqual({ ok: true });
      await signin(ctx.app, { login: 'prof-sciences', password: 'Nouvelle-Craie-2027?' });
    },
  },
};
let pendingTeacherId: string;

describe('malformed JSON bodies on every POST and PUT route', () => {
  beforeAll(async () => {
    const res = await send('POST', '/api/auth/signup', undefined, {
      label: 'pending',
      payload: teacherBody(),
    });
    pendingTeacherId = res.json().id;
  });

  for (const [name, r] of Object.entries(routes)) {
    it(name, async () => {
      const token = r.token?.();
      const sent = r.noBody
        ? BROKEN_BODIES.filter((b) =>
            ['cut JSON', 'over 1 MB', 'prototype pollution', 'empty JSON'].includes(b.label),
          )
        : [
            ...BROKEN_BODIES,
            {
              label: 'deep nesting',
              payload: `{"${Object.keys(r.valid())[0]}":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`,
            },
            ...fieldMutations(r.valid(), r.optional),
            ...(r.optional && r.optional.length === Object.keys(r.valid()).length
              ? []
              : [{ label: 'empty object', payload: {} }]),
          ];
      for (const s of sent)
        expectStableRefusal(await send(r.method, r.url(), token, s), `${name} ${s.label}`);
      // Still works, nothing corrupted.
      const res = await send(r.method, r.url(), token, { label: 'valid', payload: r.valid() });
      await r.check(res);
    });
  }

  it('the student whose profile was fuzzed is intact', async () => {
    const rec = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${student.id}`,
        headers: bearer(student.accessToken),
      })
    ).json();
    expect(rec).toMatchObject({
      firstName: 'Emma',
      lastName: 'Martin',
      username: 'eleve01',
      role: 'STUDENT',
    });
    expect((await signin(ctx.app, DEMO.student)).id).toBe(student.id);
  });
});

describe('POST /api/tickets (multipart) with broken forms', () => {
  const form = (fields: Record<string, string>, extra = '') => {
    const b = 'fuzz';
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    return {
      label: JSON.stringify(Object.keys(fields)),
      payload: `${parts.join('')}${extra}--${b}--\r\n`,
      contentType: `multipart/form-data; boundary=${b}`,
    };
  };
  it('refuses each with a stable key, then takes a valid report', async () => {
    const cases: Sent[] = [
      form({}),
      form({ summary: 'Résumé' }),
      form({ description: 'Détails' }),
      form({ summary: HUGE, description: 'd' }),
      form({ summary: 's', description: 'd'.repeat(70_000) }),
      form({ summary: 'a\u0000b', description: 'd' }),
      form({ summary: '   ', description: 'd' }),
      form({ summary: 's', description: 'd', fromRoutePath: HUGE }),
      form(
        { summary: 's', description: 'd' },
        '--fuzz\r\nContent-Disposition: form-data; name="screenshot"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nGIF89a\r\n',
      ),
      { label: 'no boundary', payload: 'abc', contentType: 'multipart/form-data' },
      { label: 'JSON', payload: { summary: 's', description: 'd' } },
      ...BROKEN_BODIES.slice(0, 4),
    ];
    for (const s of cases)
      expectStableRefusal(await send('POST', '/api/tickets', undefined, s), `tickets ${s.label}`);
    const ok = await send(
      'POST',
      '/api/tickets',
      undefined,
      form({ summary: 'Bouton', description: 'Rien' }),
    );
    expect(ok.statusCode).toBe(201);
  });
});

describe('garbage in params and queries', () => {
  const garbage = [
    'not-a-uuid',
    '12345678-1234-1234-1234-1234567890123',
    "' or 1=1 --",
    '%00',
    '%E9t%C3%A9',
    '%F0%9F%9A%80',
    'a'.repeat(400),
    '..%2F..%2Fetc%2Fpasswd',
  ];
  it('id params of signed-in routes', async () => {
    for (const g of garbage) {
      for (const [method, url, token] of [
        ['GET', `/api/users/${g}`, student.accessToken],
        ['PUT', `/api/users/${g}`, student.accessToken],
        ['GET', `/api/users/${g}/changelog`, student.accessToken],
        ['PUT', `/api/users/${g}/active`, admin.accessToken],
        ['GET', `/api/professors/${g}`, admin.accessToken],
        ['GET', `/api/avatars/${g}`, undefined],
      ] as [Method, string, string | undefined][]) {
        expectStableRefusal(await send(method, url, token, { label: g, payload: {} }), `${method} ${url}`);
      }
    }
    // A well-formed id of nobody.
    const nobody = '00000000-0000-4000-8000-000000000000';
    const res = await send('GET', `/api/users/${nobody}`, admin.accessToken, { label: 'nobody' });
    expect(res.statusCode).toBe(404);
  });

  it('public params and queries', async () => {
    for (const g of garbage) {
      for (const url of [
        `/api/auth/check-username/${g}`,
        `/api/users/forgot-password/${g}`,
        `/api/users/check/email?email=${g}`,
        `/api/professorsSchoolclasses?code=${g}`,
        `/api/avatars?userType=${g}`,
        `/api/avatars?starter=${g}`,
      ]) {
        const res = await send('GET', url, undefined, { label: g });
        if (res.statusCode < 400) continue; // e.g. a username that happens to be valid
        expectStableRefusal(res, url);
      }
    }
    for (const url of [
      '/api/professorsSchoolclasses?code=1&code=2',
      '/api/users/check/email?email=a@b.fr&email=c@d.fr',
      '/api/avatars?userType=student&userType=professor',
      '/api/professorsSchoolclasses',
    ])
      expectStableRefusal(await send('GET', url, undefined, { label: url }), url);
    const ok = await send('GET', `/api/professorsSchoolclasses?code=${code}`, undefined, { label: 'valid' });
    expect(ok.json()).toMatchObject({ status: 'VALID' });
  });
});
