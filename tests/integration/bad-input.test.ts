// Malformed input on every POST, PUT and PATCH route of the OpenAPI document (and the params and queries
// of the others): always a 4xx with a stable message key, never a 500, nothing stored; and a valid
// request right after still works.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chapters,
  codex,
  homeworkAnswers,
  homeworkRaids,
  professors,
  professorsSchoolclasses,
  questions,
  raidPlays,
  raids,
  schoolclasses,
  studentAnswers,
  students,
  studentsSchoolclasses,
  users,
  usersAvatars,
} from '../../server/db/schema.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, signUpWithCode, type TestContext } from './helpers/app.js';
import { docRoutes } from './helpers/openapi.js';
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

type Method = 'POST' | 'PUT' | 'PATCH' | 'GET' | 'DELETE';
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
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  token?: () => string;
  valid: () => Record<string, unknown>;
  optional?: string[];
  /** The route reads no body: only broken JSON is refused, any JSON shape is ignored. */
  noBody?: boolean;
  /** Runs the valid request and checks it worked (and that nothing was corrupted). */
  check: (res: { statusCode: number; json: () => Record<string, unknown> }) => void | Promise<void>;
  /** What the route stores (a count, a record): the same after every refused request. */
  stored?: () => Promise<unknown>;
}

let signupCount = 0;
const professorBody = () => ({
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

// ---- Fixtures of the issue-4 routes ----
const db = () => ctx.database.db;
const rows = async (table: PgTable) => (await db().select({ n: count() }).from(table))[0].n;
async function record(table: PgTable, where: SQL | undefined) {
  const [r] = await db().select().from(table).where(where);
  return r;
}
async function as(token: string, method: Method | 'DELETE', url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, payload, headers: bearer(token) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
const classBody = (name: string) => ({ name, level: 4, subjectId: fx.maths, planet: 'xaih' });
const raidBody = (title: string) => ({
  title,
  shared: false,
  questions: [
    {
      text: 'Combien font 2 + 2 ?',
      equationMode: false,
      imagePath: null,
      answers: [
        { text: '4', isCorrect: true },
        { text: '5', isCorrect: false },
      ],
    },
  ],
});
const fx = {
  maths: '',
  physics: '',
  demoClassId: '', // 5e B
  classId: '', // a class of prof-demo's
  chapterId: '', // a chapter of prof-demo's
  raidId: '', // a raid of that chapter
  libraryRaidId: '', // prof-sciences's, shared
  libraryQuestionId: '',
  stoppableHomeworkId: '',
  homeworkId: '', // Les fractions, ongoing in 5e B
  question: { id: '', answerId: '' },
  phraseId: '', // a PENDING phrase written to prof-demo
  generatedFor: '', // eleve29's user id
  ownedAvatarId: '',
  starterAvatarId: '',
  offerAvatarId: '',
  joinCode: '',
  unconfirmed: { username: 'fuzz-unconfirmed', password: 'Tableau-Noir-2026!' },
  fresh: undefined as unknown as StoredUser,
  rich: undefined as unknown as StoredUser,
  /** An ended live play of 5e B with a text question that eleve01 answered wrong ("Aiacciu"). */
  typedPlay: { id: '', questionId: '' },
};

beforeAll(async () => {
  const token = admin.accessToken;
  const subjects = (await ctx.app.inject({ method: 'GET', url: '/api/subjects' })).json() as {
    id: string;
    code: string;
  }[];
  fx.maths = subjects.find((x) => x.code === 'MATHEMATICS')?.id as string;
  fx.physics = subjects.find((x) => x.code === 'PHYSICS_CHEMISTRY')?.id as string;
  fx.demoClassId = (await as(token, 'GET', '/api/schoolclasses')).find(
    (c: { name: string }) => c.name === '5e B',
  ).id;
  fx.classId = (await as(token, 'POST', '/api/schoolclasses', classBody('Fuzz'))).id;
  fx.chapterId = (
    await as(token, 'POST', '/api/chapters', { name: 'Fuzz', level: 4, subjectId: fx.maths })
  ).id;
  fx.raidId = (await as(token, 'POST', `/api/chapters/${fx.chapterId}/raids`, raidBody('Fuzz'))).id;
  const [shared] = await db()
    .update(raids)
    .set({ shared: true })
    .where(eq(raids.title, 'Vitesse et forces'))
    .returning({ id: raids.id, professorId: raids.professorId });
  await db().update(professors).set({ shareRaids: true }).where(eq(professors.id, shared.professorId));
  fx.libraryRaidId = shared.id;
  fx.libraryQuestionId = (await as(token, 'GET', `/api/library/raids/${shared.id}`)).questions[0].id;
  const homework = (await as(token, 'GET', `/api/homeworkRaids/professors/${admin.professorId}`)) as {
    id: string;
    name: string;
  }[];
  fx.homeworkId = homework.find((h) => h.name === 'Les fractions')?.id as string;
  fx.stoppableHomeworkId = homework.find((h) => h.name === 'Puissances et Pythagore')?.id as string;
  const play = await as(
    student.accessToken,
    'GET',
    `/api/students/${student.studentId}/homework/${fx.homeworkId}`,
  );
  fx.question = { id: play.questions[0].id, answerId: play.questions[0].answers[0].id };
  fx.phraseId = (await as(token, 'GET', `/api/codex/professors/${admin.professorId}`)).find(
    (c: { status: number }) => c.status === 0,
  ).id;
  fx.generatedFor = (await as(token, 'GET', `/api/students/users/schoolclasses/${fx.demoClassId}`)).find(
    (x: { username: string }) => x.username === 'eleve29',
  ).userId;
  fx.ownedAvatarId = (
    await as(student.accessToken, 'GET', `/api/usersAvatars/findAllByUserId/${student.id}`)
  )[0].id;
  fx.starterAvatarId = (
    await ctx.app.inject({ method: 'GET', url: '/api/avatars?userType=student&starter=true' })
  ).json()[0].id;
  fx.rich = await signin(ctx.app, { login: 'eleve20', password: DEMO.student.password });
  fx.typedPlay = { id: randomUUID(), questionId: randomUUID() };
  await db()
    .insert(raidPlays)
    .values({
      id: fx.typedPlay.id,
      professorId: admin.professorId,
      schoolclassId: fx.demoClassId,
      subjectId: fx.maths,
      kind: 'live',
      raidTitle: 'Fuzz typed',
      questions: [
        {
          questionId: fx.typedPlay.questionId,
          text: 'Capitale de la Corse ?',
          equationMode: false,
          answers: [],
          kind: 'text',
          settings: { accepted: ['Ajaccio'], ignoreCase: true, ignoreAccents: true, allowTypo: false },
        },
      ],
      endedAt: new Date(),
      result: 'DEFEAT',
    });
  await db()
    .insert(studentAnswers)
    .values({
      playId: fx.typedPlay.id,
      questionId: fx.typedPlay.questionId,
      studentId: student.studentId as string,
      answerIds: [],
      value: 'Aiacciu',
      correct: false,
    });
  fx.offerAvatarId = (
    await as(fx.rich.accessToken, 'GET', `/api/studentAvatarUnlock/findAll?studentId=${fx.rich.studentId}`)
  )[0].avatarId1;
  // A class eleve01 is not in; a student signs up with its code, with no avatar, and gets an e-mail.
  const other = (await as(token, 'POST', '/api/schoolclasses', classBody('Fuzz à rejoindre'))).id;
  fx.joinCode = (await as(token, 'PATCH', '/api/professors/generate-code', { schoolclassId: other })).code;
  fx.fresh = await signUpWithCode(ctx, fx.joinCode, 'fuzz-nina', 'nina.perrin@example.fr');
  // A teacher whose address is not confirmed yet.
  const pending = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { ...professorBody(), username: fx.unconfirmed.username, password: fx.unconfirmed.password },
  });
  expect(pending.statusCode, pending.body).toBe(201);
});

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
    valid: professorBody,
    optional: ['civility', 'language'],
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'PUT /api/auth/activate': {
    method: 'PUT',
    url: () => '/api/auth/activate',
    valid: () => ({ token: 'abcdefghijklmnop' }),
    check: async () => {
      const body = professorBody();
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
  'POST /api/users': {
    method: 'POST',
    url: () => '/api/users',
    valid: () => ({
      code,
      firstName: 'Lina',
      lastName: 'Rossi',
      username: `fuzz-users-${++studentCount}`,
      password: 'Cartable-Vert-7!',
    }),
    check: (res) => expect(res.statusCode).toBe(201),
    stored: () => rows(users),
  },
  'POST /api/avatars': {
    method: 'POST',
    url: () => '/api/avatars',
    valid: () => ({ userType: 'student', starter: true, ids: [] }),
    optional: ['userType', 'starter', 'ids'],
    check: (res) => {
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    },
  },
  // Issue 24: a pupil's accommodations (their teacher) and their own display settings.
  'PUT /api/schoolclasses/:id/students/:studentId/accommodations': {
    method: 'PUT',
    url: () => `/api/schoolclasses/${fx.demoClassId}/students/${student.studentId}/accommodations`,
    token: () => admin.accessToken,
    valid: () => ({ extraTime: 'third', readAloud: true, readingFriendly: false, fewerAnimations: false }),
    check: (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        extraTime: 'third',
        readAloud: true,
        readingFriendly: false,
        fewerAnimations: false,
      });
    },
  },
  'PUT /api/students/:id/display': {
    method: 'PUT',
    url: () => `/api/students/${student.studentId}/display`,
    token: () => student.accessToken,
    valid: () => ({ readAloud: true, readingFriendly: true, fewerAnimations: false }),
    check: (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ readAloud: true, readingFriendly: true, fewerAnimations: false });
    },
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
  'POST /api/analytics/schoolclasses/:schoolclassId/:subjectId/students/:studentId/xp': {
    method: 'POST',
    url: () => `/api/analytics/schoolclasses/${fx.demoClassId}/${fx.maths}/students/${student.studentId}/xp`,
    token: () => admin.accessToken,
    valid: () => ({ amount: 2, reason: 'Bonne participation' }),
    check: (res) => expect(res.statusCode).toBeLessThan(300),
  },
  'POST /api/analytics/plays/:playId/accept': {
    method: 'POST',
    url: () => `/api/analytics/plays/${fx.typedPlay.id}/accept`,
    token: () => admin.accessToken,
    valid: () => ({ questionId: fx.typedPlay.questionId, value: 'Aiacciu' }),
    stored: async () =>
      (
        await db()
          .select({ correct: studentAnswers.correct })
          .from(studentAnswers)
          .where(eq(studentAnswers.playId, fx.typedPlay.id))
      ).map((r) => r.correct),
    check: (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ accepted: ['aiacciu'], changed: 1 });
    },
  },
  'POST /api/session-logs/amount/users/batch': {
    method: 'POST',
    url: () => '/api/session-logs/amount/users/batch',
    token: () => admin.accessToken,
    valid: () => ({ userIds: [student.id], period: 'year' }),
    optional: ['period'],
    check: (res) => expect(res.statusCode).toBe(200),
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
        url: () => `/api/users/${pendingProfessorId}/${action}`,
        token: () => admin.accessToken,
        valid: () => ({}),
        noBody: true,
        check: (res) => expect(res.statusCode).toBe(200),
      } satisfies Route,
    ]),
  ),
  'POST /api/auth/resend-activation': {
    method: 'POST',
    url: () => '/api/auth/resend-activation',
    valid: () => ({ login: fx.unconfirmed.username, password: fx.unconfirmed.password }),
    check: (res) => expect(res.statusCode).toBe(204),
  },

  // ---- Teacher administration (prof-demo) ----
  'POST /api/schoolclasses': {
    method: 'POST',
    url: () => '/api/schoolclasses',
    token: () => admin.accessToken,
    valid: () => classBody('Fuzz 4e'),
    stored: () => rows(schoolclasses),
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'PUT /api/schoolclasses/:id': {
    method: 'PUT',
    url: () => `/api/schoolclasses/${fx.classId}`,
    token: () => admin.accessToken,
    valid: () => classBody('Fuzz renommée'),
    stored: () => record(schoolclasses, eq(schoolclasses.id, fx.classId)),
    check: (res) => expect(res.json()).toMatchObject({ name: 'Fuzz renommée' }),
  },
  'PUT /api/users/:id/password': {
    method: 'PUT',
    url: () => `/api/users/${fx.generatedFor}/password`,
    token: () => admin.accessToken,
    valid: () => ({}),
    noBody: true,
    stored: () => record(users, eq(users.id, fx.generatedFor)),
    check: (res) => expect(res.json()).toMatchObject({ userId: fx.generatedFor }),
  },
  'PATCH /api/professors/generate-code': {
    method: 'PATCH',
    url: () => '/api/professors/generate-code',
    token: () => admin.accessToken,
    valid: () => ({ schoolclassId: fx.classId }),
    stored: () => record(schoolclasses, eq(schoolclasses.id, fx.classId)),
    check: (res) => expect(res.json()).toMatchObject({ code: expect.stringMatching(/^\d{6}$/) }),
  },
  'PATCH /api/professors/revoke-code': {
    method: 'PATCH',
    url: () => '/api/professors/revoke-code',
    token: () => admin.accessToken,
    valid: () => ({ schoolclassId: fx.classId }),
    stored: () => record(schoolclasses, eq(schoolclasses.id, fx.classId)),
    check: (res) => expect(res.json()).toMatchObject({ code: null }),
  },
  'POST /api/professorsSchoolclasses/': {
    method: 'POST',
    url: () => '/api/professorsSchoolclasses/',
    token: () => admin.accessToken,
    valid: () => ({ schoolclassId: fx.classId, login: 'prof-sciences', subjectId: fx.physics }),
    stored: () => rows(professorsSchoolclasses),
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'POST /api/chapters': {
    method: 'POST',
    url: () => '/api/chapters',
    token: () => admin.accessToken,
    valid: () => ({ name: 'Chapitre fuzz', level: 4, subjectId: fx.maths }),
    stored: () => rows(chapters),
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'PUT /api/chapters/:chapterId': {
    method: 'PUT',
    url: () => `/api/chapters/${fx.chapterId}`,
    token: () => admin.accessToken,
    valid: () => ({ name: 'Chapitre renommé', level: 3, subjectId: fx.maths }),
    stored: () => record(chapters, eq(chapters.id, fx.chapterId)),
    check: (res) => expect(res.json()).toMatchObject({ name: 'Chapitre renommé', level: 3 }),
  },
  'POST /api/chapters/:chapterId/raids': {
    method: 'POST',
    url: () => `/api/chapters/${fx.chapterId}/raids`,
    token: () => admin.accessToken,
    valid: () => raidBody('Raid fuzz'),
    optional: ['shared'], // false when absent (raidSaveSchema)
    stored: () => rows(raids),
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'PUT /api/raids/:raidId': {
    method: 'PUT',
    url: () => `/api/raids/${fx.raidId}`,
    token: () => admin.accessToken,
    valid: () => raidBody('Raid remplacé'),
    optional: ['shared'], // false when absent (raidSaveSchema)
    stored: async () =>
      (await send('GET', `/api/raids/${fx.raidId}`, admin.accessToken, { label: 'read' })).json(),
    check: (res) => expect(res.json()).toMatchObject({ title: 'Raid remplacé' }),
  },
  'POST /api/library/raids/:raidId/copy': {
    method: 'POST',
    url: () => `/api/library/raids/${fx.libraryRaidId}/copy`,
    token: () => admin.accessToken,
    valid: () => ({ chapterId: fx.chapterId, targetRaidId: fx.raidId, questionIds: [fx.libraryQuestionId] }),
    optional: ['targetRaidId', 'questionIds'],
    stored: async () => [await rows(raids), await rows(questions)],
    check: (res) => expect(res.json()).toMatchObject({ raidId: fx.raidId, copied: 1 }),
  },
  'POST /api/homeworkRaids': {
    method: 'POST',
    url: () => '/api/homeworkRaids',
    token: () => admin.accessToken,
    valid: () => ({
      raidId: fx.raidId,
      name: 'Devoir fuzz',
      targets: [{ schoolclassId: fx.demoClassId, subjectId: fx.maths }],
    }),
    stored: () => rows(homeworkRaids),
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'PATCH /api/homeworkRaids/:id/stop': {
    method: 'PATCH',
    url: () => `/api/homeworkRaids/${fx.stoppableHomeworkId}/stop`,
    token: () => admin.accessToken,
    valid: () => ({}),
    noBody: true,
    check: (res) => expect(res.json()).toMatchObject({ isOnGoing: false }),
  },
  'PUT /api/codex/:id': {
    method: 'PUT',
    url: () => `/api/codex/${fx.phraseId}`,
    token: () => admin.accessToken,
    valid: () => ({ status: 1 }),
    stored: () => record(codex, eq(codex.id, fx.phraseId)),
    check: (res) => expect(res.json()).toMatchObject({ status: 1 }),
  },

  // ---- Student world (eleve01, eleve20, and a student who signed up with a code) ----
  'POST /api/codex/': {
    method: 'POST',
    url: () => '/api/codex/',
    token: () => student.accessToken,
    valid: () => ({
      professorId: admin.professorId,
      subjectId: fx.maths,
      schoolclassId: fx.demoClassId,
      text: 'Une phrase qui résiste',
      studentId: student.studentId,
    }),
    optional: ['studentId'],
    stored: () => rows(codex),
    check: (res) => expect(res.statusCode).toBe(201),
  },
  'PUT /api/avatars/:avatarId/students/:studentId': {
    method: 'PUT',
    url: () => `/api/avatars/${fx.ownedAvatarId}/students/${student.studentId}`,
    token: () => student.accessToken,
    valid: () => ({}),
    noBody: true,
    check: (res) => expect(res.statusCode).toBe(200),
  },
  'PUT /api/usersAvatars/:userId/:avatarId': {
    method: 'PUT',
    url: () => `/api/usersAvatars/${student.id}/${fx.ownedAvatarId}`,
    token: () => student.accessToken,
    valid: () => ({}),
    noBody: true,
    check: (res) => expect(res.statusCode).toBe(200),
  },
  'PATCH /api/usersAvatars/:userId/seen': {
    method: 'PATCH',
    url: () => `/api/usersAvatars/${student.id}/seen`,
    token: () => student.accessToken,
    valid: () => ({}),
    noBody: true,
    check: (res) => expect(res.json()).toEqual({ amount: 0 }),
  },
  'POST /api/usersAvatars/': {
    method: 'POST',
    url: () => '/api/usersAvatars/',
    token: () => fx.fresh.accessToken,
    valid: () => ({ userId: fx.fresh.id, avatarId: fx.starterAvatarId }),
    stored: () => rows(usersAvatars),
    check: (res) => expect(res.json()).toMatchObject({ id: fx.starterAvatarId }),
  },
  'PUT /api/studentAvatarUnlock/:studentId': {
    method: 'PUT',
    url: () => `/api/studentAvatarUnlock/${fx.rich.studentId}?avatarId=${fx.offerAvatarId}`,
    token: () => fx.rich.accessToken,
    valid: () => ({}),
    noBody: true,
    check: (res) => expect(res.statusCode).toBe(200),
  },
  'POST /api/studentAvatar/unlockSkin': {
    method: 'POST',
    url: () => '/api/studentAvatar/unlockSkin',
    token: () => fx.rich.accessToken,
    valid: () => ({ studentId: fx.rich.studentId }),
    stored: async () => [
      await record(students, eq(students.id, fx.rich.studentId as string)),
      await rows(usersAvatars),
    ],
    check: (res) => expect(res.json()).toMatchObject({ coin: 70 }),
  },
  'POST /api/students/join': {
    method: 'POST',
    url: () => '/api/students/join',
    token: () => student.accessToken,
    valid: () => ({ code: fx.joinCode, studentId: student.studentId }),
    stored: () => rows(studentsSchoolclasses),
    check: (res) => expect(res.statusCode).toBe(200),
  },
  'POST /api/students/:studentId/homework/:homeworkId/answer': {
    method: 'POST',
    url: () => `/api/students/${student.studentId}/homework/${fx.homeworkId}/answer`,
    token: () => student.accessToken,
    valid: () => ({ questionId: fx.question.id, answerIds: [fx.question.answerId] }),
    stored: () => rows(homeworkAnswers),
    check: (res) => expect(res.json()).toMatchObject({ correct: expect.any(Boolean) }),
  },
  'POST /api/students/:studentId/homework/:homeworkId/finish': {
    method: 'POST',
    url: () => `/api/students/${student.studentId}/homework/${fx.homeworkId}/finish`,
    token: () => student.accessToken,
    valid: () => ({}),
    noBody: true,
    check: (res) => expect(res.json()).toMatchObject({ total: expect.any(Number) }),
  },
  // The demo homework allows one try, now spent: the valid request is answered, and refused as such.
  'POST /api/students/:studentId/homework/:homeworkId/retry': {
    method: 'POST',
    url: () => `/api/students/${student.studentId}/homework/${fx.homeworkId}/retry`,
    token: () => student.accessToken,
    valid: () => ({}),
    noBody: true,
    check: (res) => expect(res.json().message).toMatch(/^STUDENT\.ERRORS\./),
  },
  // Last for the new student: the account loses its e-mail, the password change ends its sessions.
  'PUT /api/students/:id/account': {
    method: 'PUT',
    url: () => `/api/students/${fx.fresh.studentId}/account`,
    token: () => fx.fresh.accessToken,
    valid: () => ({ firstName: 'Nina', lastName: 'Perrin', userName: 'fuzz-nina' }),
    stored: () => record(users, eq(users.id, fx.fresh.id)),
    check: (res) => expect(res.json()).toEqual({ ok: true }),
  },
  'PUT /api/students/:id/password': {
    method: 'PUT',
    url: () => `/api/students/${fx.fresh.studentId}/password`,
    token: () => fx.fresh.accessToken,
    valid: () => ({ currentPassword: 'Trousse-Rouge-9!', newPassword: 'Gomme-Verte-2026!' }),
    stored: () => record(users, eq(users.id, fx.fresh.id)),
    check: (res) => expect(res.statusCode).toBe(200),
  },

  // Near the end: it ends the admin's sessions (she keeps her password and signs in again).
  'PUT /api/professors/:id/password': {
    method: 'PUT',
    url: () => `/api/professors/${admin.professorId}/password`,
    token: () => admin.accessToken,
    valid: () => ({ currentPassword: DEMO.admin.password, newPassword: DEMO.admin.password }),
    check: async (res) => {
      expect(res.statusCode).toBe(200);
      admin = await signin(ctx.app, DEMO.admin);
    },
  },

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
let pendingProfessorId: string;

describe('malformed JSON bodies on every POST, PUT and PATCH route', () => {
  beforeAll(async () => {
    const res = await send('POST', '/api/auth/signup', undefined, {
      label: 'pending',
      payload: professorBody(),
    });
    pendingProfessorId = res.json().id;
  });

  it('covers every POST, PUT and PATCH route of the OpenAPI document (/api/docs/json)', async () => {
    // A route the document lists with and without a trailing slash is one route.
    const oneSlash = (key: string) => key.replace(/(.)\/$/, '$1');
    const needed = [
      ...new Set(
        (await docRoutes(ctx.app))
          .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))
          .map((r) => oneSlash(r.key)),
      ),
    ];
    // At least the 45 that the hand-kept tables of docs/protocol.md listed before the document.
    expect(needed.length).toBeGreaterThanOrEqual(45);
    const covered = new Set([...Object.keys(routes), ...FUZZED_ELSEWHERE].map(oneSlash));
    expect(needed.filter((r) => !covered.has(r))).toEqual([]);
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
      const before = await r.stored?.();
      for (const s of sent)
        expectStableRefusal(await send(r.method, r.url(), token, s), `${name} ${s.label}`);
      if (r.stored) expect(await r.stored(), `${name}: stored data changed`).toEqual(before);
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

/**
 * Routes whose bad input is tried outside the JSON table above. Broken multipart forms: below, and for
 * the GAR's form post in
 * tests/integration/school-sign-on.test.ts (garbage and an XML bomb answer the same refusal, quickly),
 * as for the divisions call, whose only allowed caller is a GAR teacher (… a teacher cannot create the
 * class of a division that is not theirs), and for the SCHOOL role's calls, whose only callers are a
 * school's management signed in through the GAR (school-role.test.ts › broken bodies and garbage ids).
 */
const FUZZED_ELSEWHERE = [
  'POST /api/tickets',
  // A class list is a multipart upload: its refusals (too large, too long, no names, empty, not a
  // CSV) are in tests/integration/class-list-import.test.ts.
  'POST /api/schoolclasses/:id/students/import',
  'POST /api/raids/images',
  'POST /api/questions/import',
  'POST /api/gar/acs',
  'POST /api/sso/divisions/:code/class',
  // The SCHOOL role's decisions: tests/integration/school-role.test.ts (broken bodies and garbage ids).
  'PUT /api/school/teachers/:id/approve-ent',
  'PUT /api/school/teachers/:id/reject',
];

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

describe('teacher uploads (multipart) with broken forms', () => {
  const b = 'fuzzup';
  const filePart = (field: string, filename: string, type: string, data: Buffer | string) =>
    Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(data),
      Buffer.from('\r\n'),
    ]);
  const textPart = (field: string, value: string) =>
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`);
  const form = (label: string, ...parts: Buffer[]) => ({
    label,
    payload: Buffer.concat([...parts, Buffer.from(`--${b}--\r\n`)]).toString('latin1'),
    contentType: `multipart/form-data; boundary=${b}`,
  });
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(
      '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201cb2e0c0e0000000049454e44ae426082',
      'hex',
    ),
  ]);
  const common = (field: string): Sent[] => [
    form('no part'),
    form('a text field instead of the file', textPart(field, 'hello')),
    form('another field', filePart('other', 'a.png', 'image/png', PNG)),
    { label: 'no boundary', payload: 'abc', contentType: 'multipart/form-data' },
    {
      label: 'cut form',
      payload: `--${b}\r\nContent-Disposition: form-data; name="${field}"`,
      contentType: `multipart/form-data; boundary=${b}`,
    },
    { label: 'JSON object', payload: { [field]: 'x' } },
    ...BROKEN_BODIES.slice(0, 5),
  ];

  it('POST /api/raids/images refuses each with a stable key and stores no file, then takes an image', async () => {
    const cases: Sent[] = [
      ...common('image'),
      form('GIF bytes', filePart('image', 'a.png', 'image/png', 'GIF89a\u0000\u0000')),
      form('text bytes', filePart('image', 'a.png', 'image/png', 'hello')),
      form('empty file', filePart('image', 'a.png', 'image/png', '')),
      form('NUL bytes', filePart('image', 'a\u0000.png', 'image/png', Buffer.alloc(64))),
    ];
    const files = () => {
      try {
        return readdirSync(path.join(ctx.dataDir, 'uploads', 'questions')).length;
      } catch {
        return 0;
      }
    };
    const before = files();
    for (const s of cases)
      expectStableRefusal(await send('POST', '/api/raids/images', admin.accessToken, s), `images ${s.label}`);
    expect(files()).toBe(before);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/raids/images',
      payload: Buffer.concat([filePart('image', 'q.png', 'image/png', PNG), Buffer.from(`--${b}--\r\n`)]),
      headers: { ...bearer(admin.accessToken), 'content-type': `multipart/form-data; boundary=${b}` },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('POST /api/questions/import refuses each with a stable key, then reads a valid file', async () => {
    const csv = 'Question;Réponse 1;Correcte 1;Réponse 2;Correcte 2\nCombien font 2 + 2 ?;4;x;5;\n';
    const cases: Sent[] = [
      ...common('file'),
      form('binary bytes', filePart('file', 'q.csv', 'text/csv', Buffer.alloc(64))),
      form('empty file', filePart('file', 'q.csv', 'text/csv', '')),
      form('unknown type', filePart('file', 'q.exe', 'application/octet-stream', csv)),
      form(
        'bad existingQuestions',
        textPart('existingQuestions', '{"a":'),
        filePart('file', 'q.csv', 'text/csv', csv),
      ),
      form(
        'existingQuestions object',
        textPart('existingQuestions', '{"a":1}'),
        filePart('file', 'q.csv', 'text/csv', csv),
      ),
      form(
        'existingQuestions NUL',
        textPart('existingQuestions', '["a\\u0000"]'),
        filePart('file', 'q.csv', 'text/csv', csv),
      ),
      form(
        'huge existingQuestions',
        textPart('existingQuestions', JSON.stringify(Array(1001).fill('x'))),
        filePart('file', 'q.csv', 'text/csv', csv),
      ),
    ];
    const before = await rows(questions);
    for (const s of cases)
      expectStableRefusal(
        await send('POST', '/api/questions/import', admin.accessToken, s),
        `import ${s.label}`,
      );
    expect(await rows(questions)).toBe(before);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/questions/import',
      payload: Buffer.concat([filePart('file', 'q.csv', 'text/csv', csv), Buffer.from(`--${b}--\r\n`)]),
      headers: { ...bearer(admin.accessToken), 'content-type': `multipart/form-data; boundary=${b}` },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().questions).toHaveLength(1);
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
        ['GET', `/api/students/${g}/data`, admin.accessToken],
        ['GET', `/api/students/${g}/my-data`, student.accessToken],
        ['DELETE', `/api/students/${g}`, admin.accessToken],
        ['GET', `/api/avatars/${g}`, undefined],
      ] as [Method, string, string | undefined][]) {
        expectStableRefusal(await send(method, url, token, { label: g, payload: {} }), `${method} ${url}`);
      }
    }
    // A well-formed id of nobody.
    const nobody = '00000000-0000-4000-8000-000000000000';
    const res = await send('GET', `/api/users/${nobody}`, admin.accessToken, { label: 'nobody' });
    expect(res.statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/students/${nobody}/data`],
      ['DELETE', `/api/students/${nobody}`],
    ] as const)
      expect((await send(method, url, admin.accessToken, { label: 'nobody' })).statusCode).toBe(404);
    // The export's format: json or csv, once.
    for (const q of ['format=xml', 'format=', 'format=json&format=csv', `format=${'x'.repeat(400)}`])
      expectStableRefusal(
        await send('GET', `/api/students/${student.studentId}/my-data?${q}`, student.accessToken, {
          label: q,
        }),
        q,
      );
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
