// Route contracts (server/lib/contract.ts): every route under /api declares who may call it and its
// schemas; the caller is checked before the body is read; answers carry only what the response schema
// names; the OpenAPI document at /api/docs/json lists every route with its caller, and the page at
// /api/docs loads nothing from another host.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  chapters,
  codex,
  homeworkRaids,
  professors,
  raids,
  schoolclasses,
  students,
  users,
} from '../../server/db/schema.js';
import {
  isSelfStudent,
  isSelfUser,
  moderatesPhrase,
  ownsChapter,
  ownsHomework,
  ownsRaid,
  teachesClass,
  teachesStudent,
} from '../../server/policies/index.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

const ACCESS = ['public', 'signedIn', 'student', 'teacher', 'admin', 'school'];

/** What is missing from a route's declaration; empty when it is complete. */
function missing(c: FastifyInstance['routeContracts'][number]): string[] {
  const out: string[] = [];
  if (!c.access || !ACCESS.includes(c.access)) out.push('config.access');
  if (!c.schema.includes('response')) out.push('schema.response');
  if (c.url.includes(':') && !c.schema.includes('params')) out.push('schema.params');
  if (['POST', 'PUT', 'PATCH'].includes(c.method) && !c.schema.includes('body') && !c.multipart)
    out.push('schema.body');
  return out;
}

let ctx: TestContext;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, { 'x-access'?: string; security?: unknown[]; description?: string }>>;
};

beforeAll(async () => {
  ctx = await createTestContext({}, (app) => {
    // A declared route whose handler returns more than its response schema names.
    app.withTypeProvider<ZodTypeProvider>().get(
      '/contract-probe',
      {
        config: { access: 'public' },
        schema: { hide: true, response: { 200: z.object({ id: z.string(), name: z.string() }) } },
      },
      async () => ({ id: 'a', name: 'Emma', passwordHash: '$argon2id$secret', isAdmin: true }) as never,
    );
  });
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await ctx.close();
});

const apiRoutes = () =>
  ctx.app.routeContracts.filter((c) => c.url.startsWith('/api/') && !c.url.startsWith('/api/docs'));

describe('every route declares its caller and its schemas', () => {
  it('no route under /api lacks config.access or its schemas', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const undeclared = routes
      .map((c) => ({ route: `${c.method} ${c.url}`, missing: missing(c) }))
      .filter((r) => r.missing.length > 0);
    expect(undeclared).toEqual([]);
  });

  it('a declared response is a whitelist: keys the schema does not name never leave the server', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/contract-probe' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', name: 'Emma' });
    expect(res.body).not.toContain('argon2');
  });

  it('a schema failure answers the same 400, key and field as parse() did', async () => {
    const teacher = await signin(ctx.app, DEMO.admin);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/chapters',
      headers: bearer(teacher.accessToken),
      payload: { name: '', level: 4, subjectId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'VALIDATION.REQUIRED', field: 'name' });
    const badParam = await ctx.app.inject({
      method: 'GET',
      url: '/api/raids/not-a-uuid',
      headers: bearer(teacher.accessToken),
    });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json()).toEqual({ message: 'ERRORS.INVALID_BODY', field: 'raidId' });
  });
});

describe('the caller is checked before the body is read', () => {
  const broken = [
    { label: 'no body', payload: undefined },
    { label: 'cut JSON', payload: '{"name":' },
    { label: 'JSON null', payload: 'null' },
  ];
  it('no token answers 401 on every declared non-public route of the OpenAPI document, whatever the body', async () => {
    const declared = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-access'] && !['public', 'undeclared'].includes(op['x-access'] as string))
        .map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })),
    );
    expect(declared.length).toBeGreaterThan(20);
    for (const { method, path, op } of declared) {
      expect(op.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
      const url = path.replace(/\{\w+\}/g, '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
      for (const b of broken) {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: { 'content-type': 'application/json' },
          payload: b.payload,
        });
        expect(res.statusCode, `${method} ${path} ${b.label}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual({ message: 'ERRORS.UNAUTHORIZED' });
      }
    }
  });
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and says who may call each declared operation', () => {
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths['/api/avatars/students/{studentId}']?.get;
    expect(op?.['x-access']).toBe('student');
    expect(op?.description).toContain('Only about the caller themself');
    expect(doc.paths['/api/chapters']?.post?.['x-access']).toBe('teacher');
    expect(doc.paths['/api/subjects']?.get?.['x-access']).toBe('public');
    expect(doc.paths['/api/subjects']?.get?.security).toBeUndefined();
  });

  it('has the avatar calls of SPEC point 7 at their exact method and path', async () => {
    for (const [method, p] of [
      ['post', '/api/avatars'],
      ['get', '/api/avatars/{id}'],
      ['get', '/api/avatars/'],
      ['get', '/api/avatars/students/{studentId}'],
      ['put', '/api/avatars/{avatarId}/students/{studentId}'],
      ['put', '/api/studentAvatarUnlock/{studentId}'],
      ['get', '/api/studentAvatarUnlock/findAll'],
      ['get', '/api/studentAvatar/hasUnlockableSkin/{studentId}'],
      ['post', '/api/studentAvatar/unlockSkin'],
      ['post', '/api/usersAvatars/'],
      ['put', '/api/usersAvatars/{userId}/{avatarId}'],
      ['get', '/api/usersAvatars/findAllByUserId/{id}'],
      ['get', '/api/usersAvatars/getAmountOfNewAvatars/{id}'],
      ['post', '/api/session-logs/'],
      ['post', '/api/users'],
      ['get', '/api/professors/{id}'],
      ['put', '/api/professors/{id}'],
    ])
      expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
    const list = await ctx.app.inject({ method: 'GET', url: '/api/avatars/?userType=professor' });
    expect(list.statusCode).toBe(200);
    const avatars = list.json() as { id: string; userType: string }[];
    expect(avatars.length).toBeGreaterThan(0);
    expect(avatars.every((a) => a.userType === 'professor')).toBe(true);
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/avatars',
      payload: { ids: [avatars[0].id] },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual([avatars[0]]);
  });

  it('is readable at /api/docs with scripts and styles from this server only', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(2);
    for (const r of refs) {
      expect(r, r).toMatch(/^(\/api\/docs\/|\.\/)/);
      const asset = await ctx.app.inject({ method: 'GET', url: r.replace(/^\.\//, '/api/docs/') });
      expect(asset.statusCode, r).toBe(200);
    }
    const init = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    // Comments aside, no address of another host; and the page's policy allows this server only.
    expect(init.body.replace(/\/\/ .*$/gm, '')).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(String(page.headers['content-security-policy'])).not.toMatch(/https?:\/\//);
  });
});

describe('policies: who may touch what', () => {
  it('a teacher touches only the classes, students, chapters, raids, phrases and homework that are theirs', async () => {
    const { db } = ctx.database;
    const professorOf = async (username: string) =>
      (
        await db
          .select({ id: professors.id })
          .from(professors)
          .innerJoin(users, eq(users.id, professors.userId))
          .where(eq(users.username, username))
      )[0].id;
    const demo = await professorOf('prof-demo');
    const sciences = await professorOf('prof-sciences');
    const [fiveB] = await db.select().from(schoolclasses).where(eq(schoolclasses.name, '5e B'));
    const [eleve01] = await db
      .select({ id: students.id, userId: students.userId })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.username, 'eleve01'));
    const [chapter] = await db.select().from(chapters).where(eq(chapters.professorId, demo));
    const [raid] = await db.select().from(raids).where(eq(raids.professorId, demo));
    const [phrase] = await db.select().from(codex).where(eq(codex.professorId, demo));
    const [homework] = await db.select().from(homeworkRaids).where(eq(homeworkRaids.professorId, demo));
    expect([chapter, raid, phrase, homework].every(Boolean)).toBe(true);

    expect(await teachesClass(db, demo, fiveB.id)).toBe(true);
    expect(await teachesClass(db, sciences, fiveB.id)).toBe(false);
    expect(await teachesStudent(db, demo, eleve01.id)).toBe(true);
    expect(await teachesStudent(db, sciences, eleve01.id)).toBe(false);
    expect(await ownsChapter(db, demo, chapter.id)).toBe(true);
    expect(await ownsChapter(db, sciences, chapter.id)).toBe(false);
    expect(await ownsRaid(db, demo, raid.id)).toBe(true);
    expect(await ownsRaid(db, sciences, raid.id)).toBe(false);
    expect(await moderatesPhrase(db, demo, phrase.id)).toBe(true);
    expect(await moderatesPhrase(db, sciences, phrase.id)).toBe(false);
    expect(await ownsHomework(db, demo, homework.id)).toBe(true);
    expect(await ownsHomework(db, sciences, homework.id)).toBe(false);

    const student = await signin(ctx.app, DEMO.student);
    const claims = ctx.app.deps.signer.verify(student.accessToken);
    if (!claims) throw new Error('token does not verify');
    expect(isSelfStudent(claims, eleve01.id)).toBe(true);
    expect(isSelfUser(claims, eleve01.userId)).toBe(true);
    expect(isSelfStudent(claims, fiveB.id)).toBe(false);
    expect(isSelfUser(claims, fiveB.id)).toBe(false);
  });
});
