// Every route of docs/protocol.md that needs a caller: anonymous → 401, wrong role or another user →
// 403/404, the right caller → 2xx. And no answer, of any route, carries a password hash, an encrypted
// generated password or a refresh token other than the caller's own fresh one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/app.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
const bodies: { route: string; body: string; ownFresh: string | null }[] = [];
/** Every refresh token handed out so far: none may show up again in another answer. */
const issuedRefreshTokens = new Set<string>();

type Who = 'anonymous' | 'admin' | 'teacher' | 'student' | 'otherStudent' | 'forged';
let users: Record<Exclude<Who, 'anonymous' | 'forged'>, StoredUser>;

async function call(
  who: Who,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<{ statusCode: number; body: string; json: () => Record<string, unknown> }> {
  const headers =
    who === 'anonymous'
      ? {}
      : who === 'forged'
        ? bearer(`${users.admin.accessToken.split('.')[0]}.forged`)
        : bearer(users[who].accessToken);
  const res = await ctx.app.inject({ method, url, payload, headers });
  record(`${method} ${url}`, res.body);
  return res as never;
}

function record(route: string, body: string) {
  let fresh: string | null = null;
  try {
    const parsed = JSON.parse(body) as { refreshToken?: unknown };
    if (typeof parsed?.refreshToken === 'string') fresh = parsed.refreshToken;
  } catch {}
  if (fresh) {
    expect(issuedRefreshTokens.has(fresh), `${route} answers a refresh token already issued`).toBe(false);
    issuedRefreshTokens.add(fresh);
  }
  bodies.push({ route, body, ownFresh: fresh });
}

async function signinAs(who: { login: string; password: string }) {
  const u = await signin(ctx.app, who);
  issuedRefreshTokens.add(u.refreshToken);
  return u;
}

beforeAll(async () => {
  ctx = await createTestContext();
  users = {
    admin: await signinAs(DEMO.admin),
    teacher: await signinAs(DEMO.sciences),
    student: await signinAs(DEMO.student),
    otherStudent: await signinAs(DEMO.studentOfOtherClass),
  };
});
afterAll(async () => {
  await ctx.close();
});

interface Case {
  /** As in docs/protocol.md, with :params and the /api prefix. */
  route: string;
  url: () => string;
  body?: () => object;
  /** Callers that must be refused, and how. */
  refused: [Exclude<Who, 'anonymous' | 'forged'>, 403 | 404][];
  /** A caller that may (2xx). */
  allowed: Exclude<Who, 'anonymous' | 'forged'>;
}

const cases: Case[] = [
  {
    route: 'POST /api/users/check-password',
    url: () => '/api/users/check-password',
    body: () => ({ password: DEMO.student.password }),
    refused: [],
    allowed: 'student',
  },
  {
    route: 'GET /api/users/:id',
    url: () => `/api/users/${users.student.id}`,
    refused: [
      ['otherStudent', 404],
      ['teacher', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/users/:id',
    url: () => `/api/users/${users.admin.id}`,
    refused: [
      ['student', 404],
      ['teacher', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/users/:id',
    url: () => `/api/users/${users.student.id}`,
    body: () => ({ firstName: 'Emma' }),
    refused: [
      ['otherStudent', 403],
      ['teacher', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'PUT /api/users/:id',
    url: () => `/api/users/${users.teacher.id}`,
    body: () => ({ language: 'fr' }),
    refused: [
      ['student', 403],
      ['admin', 403],
    ],
    allowed: 'teacher',
  },
  {
    route: 'GET /api/users/pending/freemium',
    url: () => '/api/users/pending/freemium',
    refused: [
      ['student', 403],
      ['teacher', 403],
    ],
    allowed: 'admin',
  },
  ...(['active', 'reject', 'approve-ent'] as const).map(
    (action): Case => ({
      route: `PUT /api/users/:id/${action}`,
      // The admin decides on prof-sciences; 'reject' last would lock it out, so it is re-activated below.
      url: () => `/api/users/${users.teacher.id}/${action}`,
      refused: [
        ['student', 403],
        ['teacher', 403],
      ],
      allowed: 'admin',
    }),
  ),
  {
    route: 'GET /api/users/:id/changelog',
    url: () => `/api/users/${users.student.id}/changelog`,
    refused: [
      ['otherStudent', 403],
      ['teacher', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'PUT /api/users/:id/changelog',
    url: () => `/api/users/${users.student.id}/changelog`,
    refused: [
      ['otherStudent', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'POST /api/session-logs/',
    url: () => '/api/session-logs/',
    body: () => ({ userId: users.student.id }),
    refused: [
      ['otherStudent', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/professors/:id',
    url: () => `/api/professors/${users.admin.professorId}`,
    refused: [
      ['student', 403],
      ['teacher', 403],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/professors/:id',
    url: () => `/api/professors/${users.admin.professorId}`,
    body: () => ({ shareRaids: true }),
    refused: [
      ['student', 403],
      ['teacher', 403],
    ],
    allowed: 'admin',
  },
];

describe('every route that needs a caller', () => {
  it('covers each such route of the platform and live-game sections of docs/protocol.md', () => {
    // The teacher-administration and student-world modules prove the same rules route by route in
    // their own files (classes, raids, question-import, library, codex, avatars, student .test.ts).
    const doc = readFileSync(path.join(ROOT_DIR, 'docs/protocol.md'), 'utf8').split(
      '## Teacher administration and student world',
    )[0];
    const needed: string[] = [];
    for (const line of doc.split('\n')) {
      // An escaped pipe (`student\|professor`) is not a column separator.
      const cols = line
        .replace(/\\\|/g, '¦')
        .split('|')
        .map((c) => c.trim());
      if (cols.length < 5 || !/^[A-Z, ]+$/.test(cols[1]) || cols[1] === 'Method') continue;
      if (cols[3] === 'anyone') continue;
      for (const method of cols[1].split(',').map((m) => m.trim()))
        for (const p of cols[2].split(',').map((x) => x.trim()))
          needed.push(`${method} /api${p.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    expect(needed.length).toBeGreaterThan(8);
    const covered = new Set(cases.map((c) => c.route));
    expect(needed.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const c of cases) {
    const method = c.route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
    it(`${c.route} (${c.allowed}): anonymous 401, forged 401, ${c.refused.map((r) => r.join(' ')).join(', ') || 'no one else'}`, async () => {
      for (const who of ['anonymous', 'forged'] as const) {
        const res = await call(who, method, c.url(), c.body?.());
        expect(res.statusCode, who).toBe(401);
        expect(res.json()).toEqual({ message: 'ERRORS.UNAUTHORIZED' });
      }
      for (const [who, status] of c.refused) {
        const res = await call(who, method, c.url(), c.body?.());
        expect(res.statusCode, who).toBe(status);
        expect(res.json().message).toMatch(/^ERRORS\.(FORBIDDEN|NOT_FOUND)$/);
      }
      const ok = await call(c.allowed, method, c.url(), c.body?.());
      expect(ok.statusCode, ok.body).toBeLessThan(300);
      if (c.route.endsWith('/reject')) await call('admin', 'PUT', `/api/users/${users.teacher.id}/active`);
    });
  }

  it('a student cannot probe another user’s password: check-password only reads the caller’s own', async () => {
    const res = await call('student', 'POST', '/api/users/check-password', { password: DEMO.admin.password });
    expect(res.json()).toEqual({ isPasswordCorrect: false });
  });

  it('mass assignment: role, status, admin flag or password are not taken from a profile update', async () => {
    const res = await call('student', 'PUT', `/api/users/${users.student.id}`, {
      role: 'PROFESSOR',
      isAdmin: true,
      status: 'REJECTED',
      passwordHash: 'x',
      email: 'pirate@ac-lyon.fr',
      id: users.admin.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: users.student.id, role: 'STUDENT', isAdmin: false, email: null });
    expect((await signinAs(DEMO.student)).role).toBe('STUDENT');
  });
});

describe('public routes and token routes', () => {
  it('answer without leaking, and hand out only fresh tokens', async () => {
    await call('anonymous', 'GET', '/api/subjects');
    await call('anonymous', 'GET', '/api/avatars?userType=student');
    await call('anonymous', 'GET', '/api/changelog');
    await call('anonymous', 'GET', '/api/auth/check-username/eleve01');
    await call('anonymous', 'GET', '/api/users/check/email?email=prof-demo%40demo.classe-raid.fr');
    await call('anonymous', 'POST', '/api/auth/signin', {
      login: 'eleve02',
      password: DEMO.student.password,
    });
    const s = await call('anonymous', 'POST', '/api/auth/signin', {
      login: 'eleve09',
      password: DEMO.student.password,
    });
    const r = await call('anonymous', 'POST', '/api/auth/refresh', { refreshToken: s.json().refreshToken });
    expect(r.statusCode).toBe(200);
    await call('anonymous', 'POST', '/api/auth/logout', { refreshToken: r.json().refreshToken });
    const again = await call('anonymous', 'POST', '/api/auth/refresh', {
      refreshToken: r.json().refreshToken,
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('no answer leaks a secret', () => {
  it('no password hash, encrypted generated password or someone else’s refresh token in any body', async () => {
    // The stored secrets themselves, so that a leak under any field name is caught.
    const rows = (await ctx.database.db.execute(
      sql`select password_hash as h from users union all select generated_password_enc from students where generated_password_enc is not null union all select token_hash from refresh_tokens`,
    )) as unknown as { rows: { h: string }[] } | { h: string }[];
    const stored = ('rows' in rows ? rows.rows : rows).map((r) => r.h).filter(Boolean);
    expect(stored.length).toBeGreaterThan(40);
    expect(bodies.length).toBeGreaterThan(40);
    for (const { route, body, ownFresh } of bodies) {
      for (const word of [
        'passwordHash',
        'password_hash',
        'generatedPasswordEnc',
        'generated_password_enc',
        '$argon2',
      ])
        expect(body, `${route}: ${word}`).not.toContain(word);
      for (const s of stored) expect(body.includes(s), `${route} leaks a stored secret`).toBe(false);
      for (const t of issuedRefreshTokens)
        if (t !== ownFresh) expect(body.includes(t), `${route} leaks a refresh token`).toBe(false);
    }
  });
});
