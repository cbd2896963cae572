// Route contracts (server/lib/contract.ts): every route under /api declares who may call it and its
// schemas; the caller is checked before the body is read; answers carry only what the response schema
// names; the OpenAPI document at /api/docs/json lists every route with its caller, and the page at
// /api/docs loads nothing from another host.
import { eq, ne } from 'drizzle-orm';
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
  inClass,
  isSelfStudent,
  isSelfUser,
  moderatesPhrase,
  ownsChapter,
  ownsHomework,
  ownsRaid,
  taughtLinks,
  teachesClass,
  teachesStudent,
} from '../../server/policies/index.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

const ACCESS = ['public', 'signedIn', 'student', 'professor', 'admin', 'school'];

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
type SelfKind = 'studentId' | 'userId' | 'professorId';
interface SelfRule {
  params?: Record<string, SelfKind>;
  query?: Record<string, SelfKind>;
  body?: Record<string, SelfKind>;
  refuse?: 403 | 404;
}
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<string, { 'x-access'?: string; 'x-self'?: SelfRule; security?: unknown[]; description?: string }>
  >;
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
    // Self routes whose handlers forget to compare the ids with the caller: they must not leak.
    const leak = z.object({ secret: z.string() });
    app.withTypeProvider<ZodTypeProvider>().get(
      '/self-probe/:studentId',
      {
        config: { access: 'student', self: { params: { studentId: 'studentId' } } },
        schema: { hide: true, params: z.object({ studentId: z.uuid() }), response: { 200: leak } },
      },
      async () => ({ secret: 'a classmate sees this' }),
    );
    app.withTypeProvider<ZodTypeProvider>().post(
      '/self-probe',
      {
        config: { access: 'signedIn', self: { body: { userId: 'userId' }, refuse: 404 } },
        schema: {
          hide: true,
          body: z.object({ userId: z.uuid(), note: z.string().min(3) }),
          response: { 200: leak },
        },
      },
      async () => ({ secret: 'a classmate sees this' }),
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
    const professor = await signin(ctx.app, DEMO.admin);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/chapters',
      headers: bearer(professor.accessToken),
      payload: { name: '', level: 4, subjectId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'VALIDATION.REQUIRED', field: 'name' });
    const badParam = await ctx.app.inject({
      method: 'GET',
      url: '/api/raids/not-a-uuid',
      headers: bearer(professor.accessToken),
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

/**
 * Routes whose path names a person other than the caller on purpose (a teacher about a student of
 * theirs, an administrator about a teacher, a public look-up): their handlers check the relation
 * through server/policies/. Every other path naming a person must be the caller themself.
 */
const OTHERS_ON_PURPOSE: Record<string, string> = {
  'GET /api/users/{id}': 'the caller, or a teacher about a student of theirs',
  'PUT /api/users/{id}/active': 'an administrator approves a teacher',
  'PUT /api/users/{id}/reject': 'an administrator rejects a teacher',
  'PUT /api/users/{id}/approve-ent': 'an administrator approves a teacher for school sign-on',
  'PUT /api/users/{id}/password': 'a teacher gives a student of theirs a new password',
  'DELETE /api/schoolclasses/{id}/students/{studentId}': 'a teacher removes a student from a class',
  'POST /api/analytics/schoolclasses/{schoolclassId}/{subjectId}/students/{studentId}/xp':
    'a teacher gives XP to a student of theirs',
  'GET /api/session-logs/amount/users/{userId}': 'the caller, or a teacher about a student of theirs',
  'GET /api/analytics/students/{studentId}': "one of the pupil's teachers reads the pupil's page",
  'GET /api/professors/{id}/setup-status': 'public: whether a teacher still has to choose a character',
  'GET /api/students/{studentId}/data': "a teacher of the pupil's class exports the pupil's data",
  'DELETE /api/students/{studentId}': "a teacher of the pupil's class deletes the pupil for good",
  'PUT /api/schoolclasses/{id}/students/{studentId}/accommodations':
    "a teacher of the pupil's class sets the pupil's accommodations (issue 24)",
};

/** A path param that names a person: a student, a user or a teacher (or any id of a student route). */
function personParams(path: string, access: string | undefined): string[] {
  const out: string[] = [];
  for (const m of path.matchAll(/(?:\/([\w-]+))?\/\{(\w+)\}/g)) {
    const [, before, name] = m;
    if (['studentId', 'userId', 'professorId'].includes(name)) out.push(name);
    else if (name === 'id' && (['students', 'professors', 'users'].includes(before) || access === 'student'))
      out.push(name);
  }
  return out;
}

describe("self: a route about the caller's own record refuses anyone else, whatever its handler does", () => {
  it('a handler that forgets to compare the ids leaks nothing: the declared rule answers first', async () => {
    const me = await signin(ctx.app, DEMO.student);
    const other = await signin(ctx.app, DEMO.studentOfOtherClass);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/self-probe/${me.studentId}`,
      headers: bearer(other.accessToken),
    });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('classmate');
    // The caller themself passes.
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/self-probe/${me.studentId}`,
      headers: bearer(me.accessToken),
    });
    expect(own.json()).toEqual({ secret: 'a classmate sees this' });
    // A body id: refused before the rest of the body is judged (the note is too short).
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/self-probe',
      headers: bearer(other.accessToken),
      payload: { userId: me.id, note: '' },
    });
    expect(write.statusCode).toBe(404);
    expect(write.body).not.toContain('classmate');
  });

  it('every path that names a person is declared self, or listed as about others on purpose', () => {
    const undeclared: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${p}`;
        const names = personParams(p, op['x-access']);
        if (!names.length || OTHERS_ON_PURPOSE[key]) continue;
        const declared = Object.keys(op['x-self']?.params ?? {});
        for (const n of names) if (!declared.includes(n)) undeclared.push(`${key} {${n}}`);
      }
    expect(undeclared).toEqual([]);
    // The list names real routes only.
    for (const key of Object.keys(OTHERS_ON_PURPOSE)) {
      const [method, p] = key.split(' ');
      expect(doc.paths[p]?.[method.toLowerCase()], key).toBeDefined();
    }
  });

  it("another student's (or teacher's) ids get the declared refusal on every self route of the document", async () => {
    const student = await signin(ctx.app, DEMO.student);
    const otherStudent = await signin(ctx.app, DEMO.studentOfOtherClass);
    const professor = await signin(ctx.app, DEMO.admin);
    const otherProfessor = await signin(ctx.app, DEMO.sciences);
    const selfRoutes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-self'])
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path: p,
          op,
          rule: op['x-self'] as SelfRule,
        })),
    );
    expect(selfRoutes.length).toBeGreaterThan(25);
    for (const { method, path, op, rule } of selfRoutes) {
      const kinds = [rule.params, rule.query, rule.body].flatMap((f) => Object.values(f ?? {}));
      const aboutProfessor =
        kinds.includes('professorId') || ['professor', 'admin'].includes(op['x-access'] ?? '');
      const [caller, victim] = aboutProfessor ? [otherProfessor, professor] : [otherStudent, student];
      const idOf = (kind: SelfKind) =>
        (kind === 'userId'
          ? victim.id
          : kind === 'studentId'
            ? victim.studentId
            : victim.professorId) as string;
      const url =
        path.replace(/\{(\w+)\}/g, (_, name: string) =>
          rule.params?.[name] ? idOf(rule.params[name]) : '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        ) +
        (rule.query
          ? `?${new URLSearchParams(Object.entries(rule.query).map(([n, k]) => [n, idOf(k)]))}`
          : '');
      const body = rule.body
        ? Object.fromEntries(Object.entries(rule.body).map(([n, k]) => [n, idOf(k)]))
        : undefined;
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(caller.accessToken),
        payload: body,
      });
      const label = `${method} ${path}: ${res.body}`;
      expect(res.statusCode, label).toBe(rule.refuse ?? 403);
      expect(op.description, label).toContain('Only about the caller themself');
    }
  });
});

/**
 * Every call of SPEC point 7 (/work/shared/spec/SPEC.md), in its order, at its method and path under
 * /api; a query string is left out. A row with several paths or methods is one entry each. The
 * changelog's "storage listing" is this server's GET /changelog (docs/decisions.md).
 */
const SPEC_CALLS: [string, string][] = [
  ['POST', '/auth/signin'],
  ['POST', '/auth/signup'],
  ['POST', '/auth/code-signup'],
  ['GET', '/auth/check-username/{username}'],
  ['GET', '/gar/logout'],
  ['POST', '/session-logs/'],
  ['GET', '/session-logs/amount/users/{userId}'],
  ['POST', '/session-logs/amount/users/batch'],
  ['POST', '/users'],
  ['GET', '/users/{id}'],
  ['PUT', '/users/{id}'],
  ['GET', '/users/forgot-password/{email}'],
  ['PUT', '/users/reset-password/{token}'],
  ['GET', '/users/check/email'],
  ['POST', '/users/check-password'],
  ['PUT', '/users/{id}/password'],
  ['PUT', '/users/{id}/active'],
  ['PUT', '/users/{id}/reject'],
  ['PUT', '/users/{id}/approve-ent'],
  ['GET', '/users/pending/freemium'],
  ['GET', '/users/{id}/changelog'],
  ['GET', '/changelog'],
  ['POST', '/avatars'],
  ['GET', '/avatars/{id}'],
  ['GET', '/avatars/'],
  ['GET', '/avatars/students/{studentId}'],
  ['PUT', '/avatars/{avatarId}/students/{studentId}'],
  ['GET', '/professors/{id}'],
  ['GET', '/professors/students/{studentId}'],
  ['PUT', '/professors/{id}'],
  ['GET', '/professors/{id}/users'],
  ['PATCH', '/professors/generate-code'],
  ['PATCH', '/professors/revoke-code'],
  ['GET', '/students/{id}'],
  ['GET', '/students/users/schoolclasses/{schoolclassId}'],
  ['GET', '/students/findOne'],
  ['GET', '/students/codex/subjects/{subjectId}/schoolclasses/{schoolclassId}/professors/{professorId}'],
  ['POST', '/students/join'],
  ['PUT', '/studentAvatarUnlock/{studentId}'],
  ['GET', '/studentAvatarUnlock/findAll'],
  ['GET', '/studentAvatar/hasUnlockableSkin/{studentId}'],
  ['POST', '/studentAvatar/unlockSkin'],
  ['POST', '/codex/'],
  ['PUT', '/codex/{id}'],
  ['DELETE', '/codex/{id}'],
  ['GET', '/codex/professors/{id}'],
  ['GET', '/codex/students/{id}'],
  ['GET', '/homeworkRaids/{studentId}'],
  ['GET', '/homeworkRaids/count/{id}'],
  ['DELETE', '/homeworkRaids/{id}'],
  ['POST', '/usersAvatars/'],
  ['PUT', '/usersAvatars/{userId}/{avatarId}'],
  ['GET', '/usersAvatars/findAllByUserId/{id}'],
  ['GET', '/usersAvatars/getAmountOfNewAvatars/{id}'],
  ['POST', '/professorsSchoolclasses/'],
  ['GET', '/professorsSchoolclasses/findOne'],
  ['GET', '/professorsSchoolclasses/schoolclass/{id}'],
  ['GET', '/professorsSchoolclasses'],
];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and says who may call each declared operation', () => {
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths['/api/avatars/students/{studentId}']?.get;
    expect(op?.['x-access']).toBe('student');
    expect(op?.description).toContain('Only about the caller themself');
    expect(doc.paths['/api/chapters']?.post?.['x-access']).toBe('professor');
    expect(doc.paths['/api/subjects']?.get?.['x-access']).toBe('public');
    expect(doc.paths['/api/subjects']?.get?.security).toBeUndefined();
  });

  it('has every call of SPEC point 7 at its exact method and path', async () => {
    const missingCalls = SPEC_CALLS.filter(([method, p]) => !doc.paths[`/api${p}`]?.[method.toLowerCase()]);
    expect(missingCalls).toEqual([]);
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
    // In this chapter: a copy into a raid of another chapter of the teacher's is refused.
    expect(await ownsRaid(db, demo, raid.id, raid.chapterId)).toBe(true);
    const [otherChapter] = await db
      .insert(chapters)
      .values({ professorId: demo, name: 'Policies probe', level: 4, subjectId: chapter.subjectId })
      .returning();
    expect(await ownsRaid(db, demo, raid.id, otherChapter.id)).toBe(false);
    expect(await inClass(db, eleve01.id, fiveB.id)).toBe(true);
    const [otherClass] = await db.select().from(schoolclasses).where(ne(schoolclasses.id, fiveB.id));
    expect(await inClass(db, eleve01.id, otherClass.id)).toBe(false);
    // Where a homework may go: the (class, subject) pairs the teacher teaches, nothing of another's.
    const links = async (professorId: string) => {
      const t = taughtLinks(db, professorId);
      return db.select().from(t);
    };
    const demoLinks = await links(demo);
    expect(demoLinks.map((l) => l.schoolclassId)).toContain(fiveB.id);
    expect((await links(sciences)).map((l) => l.schoolclassId)).not.toContain(fiveB.id);
    for (const l of demoLinks) expect(await teachesClass(db, demo, l.schoolclassId, l.subjectId)).toBe(true);
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
