// Every route of the OpenAPI document (/api/docs/json) that needs a caller (all its sections, the teacher administration and
// student world included): anonymous → 401, wrong role or another user → 403/404 (another teacher on
// prof-demo's class, chapter, raid, homework and codex phrase), the right caller → 2xx. And no answer, of any route, carries a password hash, an encrypted
// generated password or a refresh token other than the caller's own fresh one.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professors, raids } from '../../server/db/schema.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, signUpWithCode, type TestContext } from './helpers/app.js';
import { docRoutes } from './helpers/openapi.js';

let ctx: TestContext;
const bodies: { route: string; body: string; ownFresh: string | null }[] = [];
/** Every refresh token handed out so far: none may show up again in another answer. */
const issuedRefreshTokens = new Set<string>();

/**
 * admin: prof-demo (5e B, maths); teacher: prof-sciences (2nde A); student: eleve01 (5e B);
 * otherStudent: eleve31 (2nde A); richStudent: eleve20 (5e B, level 5, unlock offers and coins);
 * freshStudent: signed up with a code, no avatar yet, an e-mail on the account.
 */
type Who =
  | 'anonymous'
  | 'admin'
  | 'professor'
  | 'student'
  | 'otherStudent'
  | 'richStudent'
  | 'freshStudent'
  | 'forged';
let users: Record<Exclude<Who, 'anonymous' | 'forged'>, StoredUser>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function call(
  who: Who,
  method: Method,
  url: string,
  payload?: object | Buffer,
  extraHeaders: Record<string, string> = {},
): Promise<{ statusCode: number; body: string; json: () => Record<string, unknown> }> {
  const headers = {
    ...extraHeaders,
    ...(who === 'anonymous'
      ? {}
      : who === 'forged'
        ? bearer(`${users.admin.accessToken.split('.')[0]}.forged`)
        : bearer(users[who].accessToken)),
  };
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
    professor: await signinAs(DEMO.sciences),
    student: await signinAs(DEMO.student),
    otherStudent: await signinAs(DEMO.studentOfOtherClass),
    richStudent: await signinAs({ login: 'eleve20', password: DEMO.student.password }),
    // Set in the next hook: a student who signs up with a class code.
    freshStudent: undefined as unknown as StoredUser,
  };
});
afterAll(async () => {
  await ctx.close();
});

// ---- Fixtures: prof-demo's demo data for the refused callers, and throwaways for the allowed ones ----

/** A setup request, outside the recorded answers. */
async function setup(who: StoredUser, method: Method, url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, payload, headers: bearer(who.accessToken) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
let unique = 0;
const fx = {
  maths: '',
  physics: '',
  demoClassId: '', // 5e B
  demoChapterId: '', // Fractions et puissances
  demoRaidId: '', // Les fractions (shared in the library)
  demoHomeworkId: '', // Les fractions, ongoing in 5e B
  question: { id: '', answerId: '' }, // of that homework
  demoPhraseId: '', // a PENDING phrase written to prof-demo
  sciencesChapterId: '',
  generatedFor: '', // user id of eleve29 (5e B)
  removable: '', // student id of eleve30 (5e B)
  ownedAvatarId: '', // eleve01's avatar
  starterAvatarId: '',
  offerAvatarId: '', // in a pending unlock offer of eleve20
  joinCode: '', // of a class eleve01 is not in
};
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
const newClass = async () =>
  (await setup(users.admin, 'POST', '/api/schoolclasses', classBody(`Jetable ${++unique}`))).id as string;
const newChapter = async () =>
  (
    await setup(users.admin, 'POST', '/api/chapters', {
      name: `Jetable ${++unique}`,
      level: 4,
      subjectId: fx.maths,
    })
  ).id as string;
const newRaid = async () =>
  (
    await setup(
      users.admin,
      'POST',
      `/api/chapters/${fx.demoChapterId}/raids`,
      raidBody(`Jetable ${++unique}`),
    )
  ).id as string;
const newHomework = async () =>
  (
    await setup(users.admin, 'POST', '/api/homeworkRaids', {
      raidId: await newRaid(),
      name: `Devoir ${++unique}`,
      targets: [{ schoolclassId: fx.demoClassId, subjectId: fx.maths }],
    })
  ).ids[0] as string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201cb2e0c0e0000000049454e44ae426082',
    'hex',
  ),
]);
function multipart(field: string, filename: string, type: string, data: Buffer) {
  const b = 'authzboundary';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}
const image = multipart('image', 'q.png', 'image/png', PNG);
const csv = multipart(
  'file',
  'questions.csv',
  'text/csv',
  Buffer.from('Question;Réponse 1;Correcte 1;Réponse 2;Correcte 2\nCombien font 2 + 2 ?;4;x;5;\n', 'utf8'),
);

beforeAll(async () => {
  const { admin, student } = users;
  const subjects = (await ctx.app.inject({ method: 'GET', url: '/api/subjects' })).json() as {
    id: string;
    code: string;
  }[];
  const subject = (code: string) => subjects.find((x) => x.code === code)?.id as string;
  fx.maths = subject('MATHEMATICS');
  fx.physics = subject('PHYSICS_CHEMISTRY');
  fx.demoClassId = (await setup(admin, 'GET', '/api/schoolclasses')).find(
    (c: { name: string }) => c.name === '5e B',
  ).id;
  fx.demoChapterId = (await setup(admin, 'GET', '/api/chapters')).find(
    (c: { name: string }) => c.name === 'Fractions et puissances',
  ).id;
  fx.sciencesChapterId = (await setup(users.professor, 'GET', '/api/chapters'))[0].id;
  fx.demoRaidId = (await setup(admin, 'GET', `/api/chapters/${fx.demoChapterId}/raids`)).find(
    (r: { title: string }) => r.title === 'Les fractions',
  ).id;
  // prof-demo shares it: it is in prof-sciences's library.
  await ctx.database.db.update(raids).set({ shared: true }).where(eq(raids.id, fx.demoRaidId));
  await ctx.database.db
    .update(professors)
    .set({ shareRaids: true })
    .where(eq(professors.id, admin.professorId as string));
  fx.demoHomeworkId = (await setup(admin, 'GET', `/api/homeworkRaids/professors/${admin.professorId}`)).find(
    (h: { name: string }) => h.name === 'Les fractions',
  ).id;
  const play = await setup(
    student,
    'GET',
    `/api/students/${student.studentId}/homework/${fx.demoHomeworkId}`,
  );
  fx.question = { id: play.questions[0].id, answerId: play.questions[0].answers[0].id };
  fx.demoPhraseId = (await setup(admin, 'GET', `/api/codex/professors/${admin.professorId}`)).find(
    (c: { status: number }) => c.status === 0,
  ).id;
  const roster = (await setup(admin, 'GET', `/api/students/users/schoolclasses/${fx.demoClassId}`)) as {
    username: string;
    userId: string;
    studentId: string;
  }[];
  fx.generatedFor = roster.find((x) => x.username === 'eleve29')?.userId as string;
  fx.removable = roster.find((x) => x.username === 'eleve30')?.studentId as string;
  fx.ownedAvatarId = (await setup(student, 'GET', `/api/usersAvatars/findAllByUserId/${student.id}`))[0].id;
  fx.starterAvatarId = (
    await ctx.app.inject({ method: 'GET', url: '/api/avatars?userType=student&starter=true' })
  ).json()[0].id;
  fx.offerAvatarId = (
    await setup(
      users.richStudent,
      'GET',
      `/api/studentAvatarUnlock/findAll?studentId=${users.richStudent.studentId}`,
    )
  )[0].avatarId1;
  // A class with a live code: eleve01 joins it, and a new student signs up with it.
  const scratch = await newClass();
  fx.joinCode = (
    await setup(admin, 'PATCH', '/api/professors/generate-code', { schoolclassId: scratch })
  ).code;
  users.freshStudent = await signUpWithCode(ctx, fx.joinCode, 'authz-nouvelle', 'nina.perrin@example.fr');
  issuedRefreshTokens.add(users.freshStudent.refreshToken);
});

interface Case {
  /** As in docs/protocol.md, with :params and the /api prefix. */
  route: string;
  url: () => string;
  body?: () => object | Buffer;
  /** Extra request headers (a multipart content type). */
  headers?: () => Record<string, string>;
  /** Callers that must be refused, and how. */
  refused: [Exclude<Who, 'anonymous' | 'forged'>, 403 | 404][];
  /** A caller that may (2xx). */
  allowed: Exclude<Who, 'anonymous' | 'forged'>;
  /**
   * The allowed caller's own resource, for a route that destroys or replaces what it reaches: the
   * refused callers try prof-demo's demo data, the allowed one a throwaway of its own.
   */
  own?: () => Promise<{ url?: string; body?: object }>;
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
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/users/:id',
    url: () => `/api/users/${users.admin.id}`,
    refused: [
      ['student', 404],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/users/:id',
    url: () => `/api/users/${users.student.id}`,
    body: () => ({ firstName: 'Emma' }),
    refused: [
      ['otherStudent', 403],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'PUT /api/users/:id',
    url: () => `/api/users/${users.professor.id}`,
    body: () => ({ language: 'fr' }),
    refused: [
      ['student', 403],
      ['admin', 403],
    ],
    allowed: 'professor',
  },
  {
    route: 'GET /api/users/pending/freemium',
    url: () => '/api/users/pending/freemium',
    refused: [
      ['student', 403],
      ['professor', 403],
    ],
    allowed: 'admin',
  },
  ...(['active', 'reject', 'approve-ent'] as const).map(
    (action): Case => ({
      route: `PUT /api/users/:id/${action}`,
      // The admin decides on prof-sciences; 'reject' last would lock it out, so it is re-activated below.
      url: () => `/api/users/${users.professor.id}/${action}`,
      refused: [
        ['student', 403],
        ['professor', 403],
      ],
      allowed: 'admin',
    }),
  ),
  {
    route: 'GET /api/users/:id/changelog',
    url: () => `/api/users/${users.student.id}/changelog`,
    refused: [
      ['otherStudent', 403],
      ['professor', 403],
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
      ['professor', 403],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/professors/:id',
    url: () => `/api/professors/${users.admin.professorId}`,
    body: () => ({ shareRaids: true }),
    refused: [
      ['student', 403],
      ['professor', 403],
    ],
    allowed: 'admin',
  },
  {
    // The teacher keeps her password (same value) and signs in again below: it ends her sessions.
    route: 'PUT /api/professors/:id/password',
    url: () => `/api/professors/${users.professor.professorId}/password`,
    body: () => ({ currentPassword: DEMO.sciences.password, newPassword: DEMO.sciences.password }),
    refused: [
      ['student', 403],
      ['admin', 403],
    ],
    allowed: 'professor',
  },
  // ---- School sign-on: a teacher's divisions (the GAR's or the ENT's) ----
  {
    route: 'GET /api/sso/subjects',
    url: () => '/api/sso/subjects',
    refused: [['student', 403]],
    allowed: 'professor',
  },
  {
    route: 'GET /api/sso/divisions',
    url: () => '/api/sso/divisions',
    refused: [['student', 403]],
    allowed: 'professor',
  },
  // ---- Analytics (issue 13): the teacher's own classes, the student's own stats ----
  {
    route: 'GET /api/analytics/personal',
    url: () => '/api/analytics/personal?period=year',
    refused: [['student', 403]],
    allowed: 'professor',
  },
  {
    route: 'GET /api/analytics/schoolclasses',
    url: () => '/api/analytics/schoolclasses?period=year',
    refused: [['student', 403]],
    allowed: 'professor',
  },
  {
    route: 'GET /api/analytics/schoolclasses/:schoolclassId/:subjectId',
    url: () => `/api/analytics/schoolclasses/${fx.demoClassId}/${fx.maths}?period=year`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/analytics/schoolclasses/:schoolclassId/:subjectId/plays',
    url: () => `/api/analytics/schoolclasses/${fx.demoClassId}/${fx.maths}/plays?period=year`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'POST /api/analytics/schoolclasses/:schoolclassId/:subjectId/students/:studentId/xp',
    url: () =>
      `/api/analytics/schoolclasses/${fx.demoClassId}/${fx.maths}/students/${users.student.studentId}/xp`,
    body: () => ({ amount: 1, reason: 'Participation' }),
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/analytics/me',
    url: () => '/api/analytics/me?period=year',
    refused: [
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/session-logs/amount/users/:userId',
    // The student may count their own sessions; another student may not.
    url: () => `/api/session-logs/amount/users/${users.student.id}?period=year`,
    refused: [
      ['otherStudent', 404],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'POST /api/session-logs/amount/users/batch',
    url: () => '/api/session-logs/amount/users/batch',
    body: () => ({ userIds: [users.student.id], period: 'year' }),
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  // ---- Teacher administration: classes, codes and students ----
  {
    route: 'GET /api/schoolclasses',
    url: () => '/api/schoolclasses',
    refused: [['student', 403]],
    allowed: 'admin',
  },
  {
    route: 'POST /api/schoolclasses',
    url: () => '/api/schoolclasses',
    body: () => classBody('Nouvelle classe'),
    refused: [['student', 403]],
    allowed: 'professor',
  },
  {
    route: 'GET /api/schoolclasses/:id',
    url: () => `/api/schoolclasses/${fx.demoClassId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/schoolclasses/:id',
    url: () => `/api/schoolclasses/${fx.demoClassId}`,
    body: () => ({ name: '5e B', level: 5, subjectId: fx.maths, planet: 'nebula' }),
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'DELETE /api/schoolclasses/:id',
    url: () => `/api/schoolclasses/${fx.demoClassId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
    own: async () => ({ url: `/api/schoolclasses/${await newClass()}` }),
  },
  {
    route: 'DELETE /api/schoolclasses/:id/students/:studentId',
    url: () => `/api/schoolclasses/${fx.demoClassId}/students/${fx.removable}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/students/users/schoolclasses/:schoolclassId',
    url: () => `/api/students/users/schoolclasses/${fx.demoClassId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/users/:id/password',
    url: () => `/api/users/${fx.generatedFor}/password`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/professors/:id/users',
    url: () => `/api/professors/${users.admin.professorId}/users`,
    refused: [
      ['student', 403],
      ['professor', 403],
    ],
    allowed: 'admin',
  },
  ...(['generate-code', 'revoke-code'] as const).map(
    (action): Case => ({
      route: `PATCH /api/professors/${action}`,
      url: () => `/api/professors/${action}`,
      body: () => ({ schoolclassId: fx.demoClassId }),
      refused: [
        ['student', 403],
        ['professor', 404],
      ],
      allowed: 'admin',
    }),
  ),
  {
    route: 'GET /api/professorsSchoolclasses/schoolclass/:id',
    url: () => `/api/professorsSchoolclasses/schoolclass/${fx.demoClassId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/professorsSchoolclasses/findOne',
    url: () => `/api/professorsSchoolclasses/findOne?key=schoolclassId&value=${fx.demoClassId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  ...['/api/professorsSchoolclasses/', '/api/professorsSchoolclasses'].map(
    (url): Case => ({
      route: 'POST /api/professorsSchoolclasses/',
      url: () => url,
      // prof-sciences tries to bring prof-demo into 5e B, which is not theirs.
      body: () => ({ schoolclassId: fx.demoClassId, login: 'prof-demo', subjectId: fx.physics }),
      refused: [
        ['student', 403],
        ['professor', 404],
      ],
      allowed: 'admin',
      // 5e B stays prof-demo's alone: the share goes to a throwaway class.
      own: async () => ({
        body: { schoolclassId: await newClass(), login: 'prof-sciences', subjectId: fx.physics },
      }),
    }),
  ),

  // ---- Chapters, raids, questions ----
  {
    route: 'GET /api/chapters',
    url: () => '/api/chapters',
    refused: [['student', 403]],
    allowed: 'admin',
  },
  {
    route: 'POST /api/chapters',
    url: () => '/api/chapters',
    body: () => ({ name: `Chapitre ${++unique}`, level: 4, subjectId: fx.maths }),
    refused: [['student', 403]],
    allowed: 'admin',
  },
  {
    route: 'GET /api/chapters/:chapterId',
    url: () => `/api/chapters/${fx.demoChapterId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/chapters/:chapterId',
    url: () => `/api/chapters/${fx.demoChapterId}`,
    body: () => ({ name: 'Fractions et puissances', level: 5, subjectId: fx.maths }),
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'DELETE /api/chapters/:chapterId',
    url: () => `/api/chapters/${fx.demoChapterId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
    own: async () => ({ url: `/api/chapters/${await newChapter()}` }),
  },
  {
    route: 'GET /api/chapters/:chapterId/raids',
    url: () => `/api/chapters/${fx.demoChapterId}/raids`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'POST /api/chapters/:chapterId/raids',
    url: () => `/api/chapters/${fx.demoChapterId}/raids`,
    body: () => raidBody(`Raid ${++unique}`),
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/raids/:raidId',
    url: () => `/api/raids/${fx.demoRaidId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/raids/:raidId/export/:format',
    url: () => `/api/raids/${fx.demoRaidId}/export/gift`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/raids/:raidId',
    url: () => `/api/raids/${fx.demoRaidId}`,
    body: () => raidBody('Raid remplacé'),
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
    own: async () => ({ url: `/api/raids/${await newRaid()}` }),
  },
  {
    route: 'DELETE /api/raids/:raidId',
    url: () => `/api/raids/${fx.demoRaidId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
    own: async () => ({ url: `/api/raids/${await newRaid()}` }),
  },
  {
    route: 'POST /api/raids/images',
    url: () => '/api/raids/images',
    body: () => image.body,
    headers: () => image.headers,
    refused: [['student', 403]],
    allowed: 'professor',
  },
  {
    route: 'POST /api/questions/import',
    url: () => '/api/questions/import',
    body: () => csv.body,
    headers: () => csv.headers,
    refused: [['student', 403]],
    allowed: 'admin',
  },

  // ---- Library, homework ----
  {
    route: 'GET /api/library/raids',
    url: () => '/api/library/raids',
    refused: [['student', 403]],
    allowed: 'professor',
  },
  {
    route: 'GET /api/library/raids/:raidId',
    url: () => `/api/library/raids/${fx.demoRaidId}`,
    // Not in its own author's library.
    refused: [
      ['student', 403],
      ['admin', 404],
    ],
    allowed: 'professor',
  },
  {
    route: 'POST /api/library/raids/:raidId/copy',
    url: () => `/api/library/raids/${fx.demoRaidId}/copy`,
    // Into prof-demo's chapter: not prof-sciences's to fill.
    body: () => ({ chapterId: fx.demoChapterId }),
    refused: [
      ['student', 403],
      ['professor', 404],
      ['admin', 404],
    ],
    allowed: 'professor',
    own: async () => ({ body: { chapterId: fx.sciencesChapterId } }),
  },
  {
    route: 'GET /api/homeworkRaids/professors/:professorId/targets',
    url: () => `/api/homeworkRaids/professors/${users.admin.professorId}/targets`,
    refused: [
      ['student', 403],
      ['professor', 403],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/homeworkRaids/professors/:professorId',
    url: () => `/api/homeworkRaids/professors/${users.admin.professorId}`,
    refused: [
      ['student', 403],
      ['professor', 403],
    ],
    allowed: 'admin',
  },
  {
    route: 'POST /api/homeworkRaids',
    url: () => '/api/homeworkRaids',
    // prof-demo's raid to prof-demo's class.
    body: () => ({
      raidId: fx.demoRaidId,
      name: 'Devoir',
      targets: [{ schoolclassId: fx.demoClassId, subjectId: fx.maths }],
    }),
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
    own: async () => ({
      body: {
        raidId: await newRaid(),
        name: 'Devoir',
        targets: [{ schoolclassId: fx.demoClassId, subjectId: fx.maths }],
      },
    }),
  },
  {
    route: 'PATCH /api/homeworkRaids/:id/stop',
    url: () => `/api/homeworkRaids/${fx.demoHomeworkId}/stop`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
    own: async () => ({ url: `/api/homeworkRaids/${await newHomework()}/stop` }),
  },
  {
    route: 'DELETE /api/homeworkRaids/:id',
    url: () => `/api/homeworkRaids/${fx.demoHomeworkId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
    own: async () => ({ url: `/api/homeworkRaids/${await newHomework()}` }),
  },

  // ---- Codex ----
  {
    route: 'GET /api/professors/students/:studentId',
    url: () => `/api/professors/students/${users.student.studentId}`,
    refused: [
      ['otherStudent', 403],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'POST /api/codex/',
    url: () => '/api/codex/',
    body: () => ({
      professorId: users.admin.professorId,
      subjectId: fx.maths,
      schoolclassId: fx.demoClassId,
      text: `Une phrase ${++unique}`,
    }),
    // eleve31 is not in 5e B.
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/codex/students/:id',
    url: () => `/api/codex/students/${users.student.studentId}`,
    refused: [
      ['otherStudent', 403],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/codex/professors/:id',
    url: () => `/api/codex/professors/${users.admin.professorId}`,
    refused: [
      ['student', 403],
      ['professor', 403],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/codex/:id',
    url: () => `/api/codex/${fx.demoPhraseId}`,
    body: () => ({ status: 1 }),
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'DELETE /api/codex/:id',
    url: () => `/api/codex/${fx.demoPhraseId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/students/codex/subjects/:subjectId/schoolclasses/:schoolclassId/professors/:professorId',
    url: () =>
      `/api/students/codex/subjects/${fx.maths}/schoolclasses/${fx.demoClassId}/professors/${users.admin.professorId}`,
    refused: [
      ['student', 403],
      ['professor', 403],
    ],
    allowed: 'admin',
  },

  // ---- Avatars and skin shop: the student themselves (another student 404, a teacher 403) ----
  {
    route: 'GET /api/avatars/students/:studentId',
    url: () => `/api/avatars/students/${users.student.studentId}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'PUT /api/avatars/:avatarId/students/:studentId',
    url: () => `/api/avatars/${fx.ownedAvatarId}/students/${users.student.studentId}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'PUT /api/usersAvatars/:userId/:avatarId',
    url: () => `/api/usersAvatars/${users.student.id}/${fx.ownedAvatarId}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/usersAvatars/findAllByUserId/:id',
    url: () => `/api/usersAvatars/findAllByUserId/${users.student.id}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/usersAvatars/getAmountOfNewAvatars/:id',
    url: () => `/api/usersAvatars/getAmountOfNewAvatars/${users.student.id}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'PATCH /api/usersAvatars/:userId/seen',
    url: () => `/api/usersAvatars/${users.student.id}/seen`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'POST /api/usersAvatars/',
    url: () => '/api/usersAvatars/',
    body: () => ({ userId: users.freshStudent.id, avatarId: fx.starterAvatarId }),
    refused: [
      ['otherStudent', 404],
      ['student', 404],
      ['professor', 403],
    ],
    allowed: 'freshStudent',
  },
  {
    route: 'GET /api/studentAvatarUnlock/findAll',
    url: () => `/api/studentAvatarUnlock/findAll?studentId=${users.richStudent.studentId}`,
    refused: [
      ['student', 404],
      ['professor', 403],
    ],
    allowed: 'richStudent',
  },
  {
    route: 'PUT /api/studentAvatarUnlock/:studentId',
    url: () => `/api/studentAvatarUnlock/${users.richStudent.studentId}?avatarId=${fx.offerAvatarId}`,
    refused: [
      ['student', 404],
      ['professor', 403],
    ],
    allowed: 'richStudent',
  },
  {
    route: 'GET /api/studentAvatar/hasUnlockableSkin/:studentId',
    url: () => `/api/studentAvatar/hasUnlockableSkin/${users.richStudent.studentId}`,
    refused: [
      ['student', 404],
      ['professor', 403],
    ],
    allowed: 'richStudent',
  },
  {
    route: 'POST /api/studentAvatar/unlockSkin',
    url: () => '/api/studentAvatar/unlockSkin',
    body: () => ({ studentId: users.richStudent.studentId }),
    refused: [
      ['student', 404],
      ['professor', 403],
    ],
    allowed: 'richStudent',
  },

  // ---- Accommodations (issue 24): a teacher of the pupil's class; the pupil for their own display ----
  {
    route: 'GET /api/schoolclasses/:id/accommodations',
    url: () => `/api/schoolclasses/${fx.demoClassId}/accommodations`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'PUT /api/schoolclasses/:id/students/:studentId/accommodations',
    url: () => `/api/schoolclasses/${fx.demoClassId}/students/${users.student.studentId}/accommodations`,
    body: () => ({ extraTime: 'third', readAloud: false, readingFriendly: false, fewerAnimations: false }),
    refused: [
      ['student', 403],
      ['otherStudent', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/students/:id/accommodations',
    url: () => `/api/students/${users.student.studentId}/accommodations`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'PUT /api/students/:id/display',
    url: () => `/api/students/${users.student.studentId}/display`,
    body: () => ({ readAloud: false, readingFriendly: false, fewerAnimations: false }),
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },

  // ---- Families' data rights (issue 14): a teacher of the pupil's class or the admin; the pupil for their own ----
  {
    route: 'GET /api/students/:studentId/data',
    url: () => `/api/students/${users.student.studentId}/data`,
    refused: [
      ['student', 403],
      ['otherStudent', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/students/:studentId/my-data',
    url: () => `/api/students/${users.student.studentId}/my-data`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'DELETE /api/students/:studentId',
    url: () => `/api/students/${users.student.studentId}`,
    refused: [
      ['student', 403],
      ['otherStudent', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
    // eleve01 stays: the admin deletes a pupil of hers who signed up for this.
    own: async () => {
      const pupil = await signUpWithCode(ctx, fx.joinCode, `authz-efface-${++unique}`);
      return { url: `/api/students/${pupil.studentId}` };
    },
  },
  // ---- Student account and homework practice (another student 404, a teacher 403) ----
  {
    route: 'GET /api/students/:id',
    url: () => `/api/students/${users.student.studentId}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/students/findOne',
    url: () => `/api/students/findOne?userId=${users.student.id}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'POST /api/students/join',
    url: () => '/api/students/join',
    body: () => ({ code: fx.joinCode, studentId: users.student.studentId }),
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/homeworkRaids/:studentId',
    url: () => `/api/homeworkRaids/${users.student.studentId}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/homeworkRaids/count/:id',
    url: () => `/api/homeworkRaids/count/${users.student.studentId}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'GET /api/students/:studentId/homework/:homeworkId',
    url: () => `/api/students/${users.student.studentId}/homework/${fx.demoHomeworkId}`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'POST /api/students/:studentId/homework/:homeworkId/answer',
    url: () => `/api/students/${users.student.studentId}/homework/${fx.demoHomeworkId}/answer`,
    body: () => ({ questionId: fx.question.id, answerIds: [fx.question.answerId] }),
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  {
    route: 'POST /api/students/:studentId/homework/:homeworkId/finish',
    url: () => `/api/students/${users.student.studentId}/homework/${fx.demoHomeworkId}/finish`,
    refused: [
      ['otherStudent', 404],
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
  // Last for the new student: the account loses its e-mail, and the password change ends its sessions.
  {
    route: 'PUT /api/students/:id/account',
    url: () => `/api/students/${users.freshStudent.studentId}/account`,
    body: () => ({ firstName: 'Nina', lastName: 'Perrin', userName: 'authz-nouvelle' }),
    refused: [
      ['student', 404],
      ['professor', 403],
    ],
    allowed: 'freshStudent',
  },
  {
    route: 'PUT /api/students/:id/password',
    url: () => `/api/students/${users.freshStudent.studentId}/password`,
    body: () => ({ currentPassword: 'Trousse-Rouge-9!', newPassword: 'Gomme-Verte-2026!' }),
    refused: [
      ['student', 404],
      ['professor', 403],
    ],
    allowed: 'freshStudent',
  },

  // ---- The live game's REST helpers ----
  {
    route: 'GET /api/game/address',
    url: () => '/api/game/address',
    refused: [['student', 403]],
    allowed: 'admin',
  },
  {
    route: 'GET /api/tickets',
    url: () => '/api/tickets',
    refused: [
      ['student', 403],
      ['professor', 403],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/analytics/students/:studentId',
    url: () => `/api/analytics/students/${users.student.studentId}`,
    refused: [
      ['student', 403],
      ['professor', 404],
    ],
    allowed: 'admin',
  },
  {
    route: 'GET /api/game/raids',
    url: () => `/api/game/raids?subjectId=${fx.maths}`,
    refused: [['student', 403]],
    allowed: 'admin',
  },
  {
    route: 'GET /api/game/rooms/live',
    url: () => '/api/game/rooms/live',
    refused: [
      ['professor', 403],
      ['admin', 403],
    ],
    allowed: 'student',
  },
];

/** `POST /api/codex/` and `POST /api/codex` are one route (SPEC point 7 writes the slash). */
const oneSlash = (key: string) => key.replace(/(.)\/$/, '$1');

/**
 * Routes whose allowed case needs what the demo school lacks (a GAR teacher with divisions, a raid
 * already played): their refusals are proven in the file named.
 */
const PROVEN_ELSEWHERE: Record<string, string> = {
  // The demo school has no raid played yet: the report of a play is refused to others there.
  'GET /api/analytics/plays/:playId':
    'tests/integration/analytics.test.ts › answers 404 for a class, a play, a student and their sessions that are not theirs',
  // Accepting a typed answer needs a play with typed answers, built by the file that proves it.
  'POST /api/analytics/plays/:playId/accept':
    'tests/integration/accept-answer.test.ts › no caller, another teacher, a pupil, an unknown play, a value nobody gave and a choice question are refused',
  'POST /api/sso/divisions/:code/class':
    'tests/integration/school-sign-on.test.ts › a teacher cannot create the class of a division that is not theirs',
  // The SCHOOL role's only callers come through the school sign-on (a management profile of the GAR).
  'GET /api/school/usage':
    'tests/integration/school-role.test.ts › its routes: anonymous and forged 401, teachers and pupils 403',
  'GET /api/school/teachers':
    'tests/integration/school-role.test.ts › its routes: anonymous and forged 401, teachers and pupils 403',
  'GET /api/school/classes':
    'tests/integration/school-role.test.ts › its routes: anonymous and forged 401, teachers and pupils 403',
  'PUT /api/school/teachers/:id/approve-ent':
    'tests/integration/school-role.test.ts › the head of the same school approves its teacher; another school’s head cannot (404)',
  'PUT /api/school/teachers/:id/reject':
    'tests/integration/school-role.test.ts › its routes: anonymous and forged 401, teachers and pupils 403',
  // A screenshot needs a report with one, filed by the test that reads it back.
  'GET /api/tickets/:id/screenshot':
    'tests/integration/tickets.test.ts › lists every report, newest first, with who sent it and its screenshot, to an administrator only',
  // Importing creates accounts: proven on a class of its own.
  'POST /api/schoolclasses/:id/students/import':
    "tests/integration/class-list-import.test.ts › is refused for another teacher's class (404), to pupils (403) and without a token (401)",
  // A new try needs a homework with tries left and one done.
  'POST /api/students/:studentId/homework/:homeworkId/retry':
    'tests/integration/student.test.ts › partial credit, two tries: the best score is kept, a better try pays only the difference, late work is marked',
};

describe('every route that needs a caller', () => {
  it('covers each route of the OpenAPI document (/api/docs/json) that needs a caller', async () => {
    // The module files (classes, raids, question-import, library, codex, avatars, student .test.ts)
    // prove the same rules in more detail; this is the one place that lists them all. A route the
    // document lists with and without a trailing slash is one route.
    const doc = await docRoutes(ctx.app);
    const needed = [...new Set(doc.filter((r) => r.access !== 'public').map((r) => oneSlash(r.key)))];
    // As many as the hand-kept tables of docs/protocol.md listed before the document replaced them.
    expect(needed.length).toBeGreaterThanOrEqual(76);
    expect(needed).toContain('GET /api/game/rooms/live');
    expect(needed).toContain('PATCH /api/professors/generate-code');
    const covered = new Set([...cases.map((c) => oneSlash(c.route)), ...Object.keys(PROVEN_ELSEWHERE)]);
    expect(needed.filter((r) => !covered.has(r))).toEqual([]);
    // And no case names a route the server does not have.
    const known = new Set(doc.map((r) => oneSlash(r.key)));
    expect(cases.map((c) => c.route).filter((r) => !known.has(oneSlash(r)))).toEqual([]);
  });

  for (const c of cases) {
    const method = c.route.split(' ')[0] as Method;
    it(`${c.route} (${c.allowed}): anonymous 401, forged 401, ${c.refused.map((r) => r.join(' ')).join(', ') || 'no one else'}`, async () => {
      const headers = () => c.headers?.() ?? {};
      for (const who of ['anonymous', 'forged'] as const) {
        const res = await call(who, method, c.url(), c.body?.(), headers());
        expect(res.statusCode, who).toBe(401);
        expect(res.json()).toEqual({ message: 'ERRORS.UNAUTHORIZED' });
      }
      for (const [who, status] of c.refused) {
        const res = await call(who, method, c.url(), c.body?.(), headers());
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        expect(res.json().message).toMatch(/^ERRORS\.(FORBIDDEN|NOT_FOUND)$/);
      }
      const own = (await c.own?.()) ?? {};
      const ok = await call(c.allowed, method, own.url ?? c.url(), own.body ?? c.body?.(), headers());
      expect(ok.statusCode, ok.body).toBeLessThan(300);
      // A rejection ends the teacher's sessions (issue 10): re-activated, they sign in again.
      if (c.route.endsWith('/reject') || c.route === 'PUT /api/professors/:id/password') {
        await call('admin', 'PUT', `/api/users/${users.professor.id}/active`);
        users.professor = await signinAs(DEMO.sciences);
      }
    });
  }

  it('POST /api/sso/divisions/:code/class: anonymous and forged 401, a student 403, a teacher who did not come through the school sign-on 403', async () => {
    const url = '/api/sso/divisions/5B/class';
    for (const who of ['anonymous', 'forged'] as const)
      expect((await call(who, 'POST', url, {})).statusCode).toBe(401);
    expect((await call('student', 'POST', url, {})).statusCode).toBe(403);
    const body = { subjectId: fx.maths };
    expect((await call('professor', 'POST', url, body)).statusCode).toBe(403);
  });

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
