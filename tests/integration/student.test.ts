// Student account and homework practice (server/modules/student): every route, its errors, and who
// may call it.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  homeworkCompletions,
  homeworkRaids,
  questions,
  raids,
  schoolclasses,
  studentAvatarUnlocks,
  students,
  users,
} from '../../server/db/schema.js';
import { parisDay } from '../../shared/homework-schedule.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { multiAnswerRaid } from './helpers/game.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const req = (method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
async function student(n: number) {
  const u = await signin(ctx.app, {
    login: `eleve${String(n).padStart(2, '0')}`,
    password: DEMO.student.password,
  });
  return { ...u, studentId: u.studentId as string };
}
const db = () => ctx.database.db;

async function classCode(name: string) {
  const [c] = await db().select().from(schoolclasses).where(eq(schoolclasses.name, name));
  return c.code as string;
}
async function homeworkByName(name: string) {
  const [h] = await db().select().from(homeworkRaids).where(eq(homeworkRaids.name, name));
  return h;
}
/** The questions of a raid with their correct answer ids (what the test knows, not the student). */
async function key(raidId: string) {
  const qs = await db()
    .select()
    .from(questions)
    .where(eq(questions.raidId, raidId))
    .orderBy(asc(questions.position));
  const as = await db()
    .select()
    .from(answers)
    .where(
      inArray(
        answers.questionId,
        qs.map((q) => q.id),
      ),
    );
  return qs.map((q) => {
    const mine = as.filter((a) => a.questionId === q.id);
    return {
      id: q.id,
      right: mine.filter((a) => a.isCorrect).map((a) => a.id),
      wrong: mine.filter((a) => !a.isCorrect).map((a) => a.id),
    };
  });
}
async function setGar(userId: string, isGar: boolean) {
  await db().update(users).set({ isGar }).where(eq(users.id, userId));
}

describe('GET /api/students/{id} and /api/students/findOne', () => {
  it('answers a student their own progress and names, nothing secret', async () => {
    const s = await student(3);
    const res = await req('GET', `/api/students/${s.studentId}`, s.accessToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: s.studentId, studentId: s.studentId, userId: s.id });
    expect(body.user).toMatchObject({ username: 'eleve03' });
    expect(typeof body.coin).toBe('number');
    expect(typeof body.level).toBe('number');
    expect(res.body).not.toMatch(/passwordHash|generatedPassword/);
    const byUser = await req('GET', `/api/students/findOne?userId=${s.id}`, s.accessToken);
    expect(byUser.json()).toEqual(body);
    const byId = await req('GET', `/api/students/findOne?id=${s.studentId}`, s.accessToken);
    expect(byId.json()).toEqual(body);
  });

  it('hides another student (404), refuses teachers (403) and anonymous callers (401)', async () => {
    const s = await student(3);
    const other = await student(31);
    const prof = await signin(ctx.app, DEMO.admin);
    expect((await req('GET', `/api/students/${other.studentId}`, s.accessToken)).statusCode).toBe(404);
    expect((await req('GET', `/api/students/findOne?userId=${other.id}`, s.accessToken)).statusCode).toBe(
      404,
    );
    expect((await req('GET', `/api/students/findOne?id=${other.studentId}`, s.accessToken)).statusCode).toBe(
      404,
    );
    expect((await req('GET', `/api/students/${s.studentId}`, prof.accessToken)).statusCode).toBe(403);
    expect((await req('GET', `/api/students/findOne?userId=${s.id}`, prof.accessToken)).statusCode).toBe(403);
    expect((await req('GET', `/api/students/${s.studentId}`)).statusCode).toBe(401);
    expect((await req('GET', '/api/students/not-a-uuid', s.accessToken)).statusCode).toBe(400);
    const noQuery = await req('GET', '/api/students/findOne', s.accessToken);
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json().message).toBe('VALIDATION.REQUIRED');
  });
});

describe('POST /api/students/join', () => {
  it('adds a second class with its code and answers its name; a second join is refused', async () => {
    const s = await student(4);
    const code = await classCode('2nde A');
    const res = await req('POST', '/api/students/join', s.accessToken, { code, studentId: s.studentId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '2nde A' });
    const record = (await req('GET', `/api/users/${s.id}`, s.accessToken)).json();
    expect(record.student.schoolclasses.map((c: { name: string }) => c.name).sort()).toEqual([
      '2nde A',
      '5e B',
    ]);
    // Two teachers now: live and homework XP are divided by two.
    expect(record.student.activeProfessorsCount).toBe(2);
    const again = await req('POST', '/api/students/join', s.accessToken, { code, studentId: s.studentId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Schoolclass already joined.');
    const own = await req('POST', '/api/students/join', s.accessToken, {
      code: await classCode('5e B'),
      studentId: s.studentId,
    });
    expect(own.json().message).toBe('Schoolclass already joined.');
  });

  it('refuses an empty code, a malformed code and an unknown code', async () => {
    const s = await student(5);
    const empty = await req('POST', '/api/students/join', s.accessToken, {
      code: '',
      studentId: s.studentId,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'GENERIC_FORM.ERRORS.REQUIRED_FIELD', field: 'code' });
    const missing = await req('POST', '/api/students/join', s.accessToken, { studentId: s.studentId });
    expect(missing.json().message).toBe('GENERIC_FORM.ERRORS.REQUIRED_FIELD');
    const letters = await req('POST', '/api/students/join', s.accessToken, {
      code: 'abc',
      studentId: s.studentId,
    });
    expect(letters.json().message).toBe('VALIDATION.INVALID_CODE');
    const taken = new Set([await classCode('5e B'), await classCode('2nde A')]);
    const unknown = ['000000', '999999', '123456'].find((c) => !taken.has(c)) as string;
    const res = await req('POST', '/api/students/join', s.accessToken, {
      code: unknown,
      studentId: s.studentId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('VALIDATION.INVALID_CODE');
  });

  it('refuses an expired code', async () => {
    const s = await student(6);
    const code = await classCode('2nde A');
    await db()
      .update(schoolclasses)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schoolclasses.name, '2nde A'));
    try {
      const res = await req('POST', '/api/students/join', s.accessToken, { code, studentId: s.studentId });
      expect(res.statusCode).toBe(404);
    } finally {
      await db()
        .update(schoolclasses)
        .set({ codeExpiresAt: new Date(Date.now() + 86400_000) })
        .where(eq(schoolclasses.name, '2nde A'));
    }
  });

  it('joins only for oneself, never for a teacher, anonymous caller or school sign-on student', async () => {
    const s = await student(7);
    const other = await student(8);
    const prof = await signin(ctx.app, DEMO.admin);
    const code = await classCode('2nde A');
    const forOther = await req('POST', '/api/students/join', s.accessToken, {
      code,
      studentId: other.studentId,
    });
    expect(forOther.statusCode).toBe(404);
    const otherRecord = (await req('GET', `/api/users/${other.id}`, other.accessToken)).json();
    expect(otherRecord.student.schoolclasses).toHaveLength(1);
    expect(
      (await req('POST', '/api/students/join', prof.accessToken, { code, studentId: s.studentId }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('POST', '/api/students/join', undefined, { code, studentId: s.studentId })).statusCode,
    ).toBe(401);
    await setGar(s.id, true);
    try {
      const gar = await req('POST', '/api/students/join', s.accessToken, { code, studentId: s.studentId });
      expect(gar.statusCode).toBe(403);
    } finally {
      await setGar(s.id, false);
    }
  });

  it('slows down a student guessing codes (429 after 10 tries in 10 minutes)', async () => {
    const s = await student(9);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await req('POST', '/api/students/join', s.accessToken, {
        code: '000001',
        studentId: s.studentId,
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 10).every((x) => x === 404 || x === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another student is not slowed down by it.
    const t = await student(10);
    const r = await req('POST', '/api/students/join', t.accessToken, {
      code: '000001',
      studentId: t.studentId,
    });
    expect(r.statusCode).not.toBe(429);
  });
});

describe('PUT /api/students/{id}/password', () => {
  const NEW = 'Trottinette-Rouge-42!';

  it('checks the current password first and shows the error on that field', async () => {
    const s = await student(11);
    const res = await req('PUT', `/api/students/${s.studentId}/password`, s.accessToken, {
      currentPassword: 'not-my-password-1',
      newPassword: NEW,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'VALIDATION.CURRENT_PASSWORD_INCORRECT',
      field: 'currentPassword',
    });
    const back = await signin(ctx.app, { login: 'eleve11', password: DEMO.student.password });
    expect(back.studentId).toBe(s.studentId);
  });

  it('applies the sign-up rules to the new password', async () => {
    const s = await student(12);
    const put = (newPassword: string) =>
      req('PUT', `/api/students/${s.studentId}/password`, s.accessToken, {
        currentPassword: DEMO.student.password,
        newPassword,
      });
    expect((await put('short1')).json()).toMatchObject({
      message: 'VALIDATION.PASSWORD_TOO_SHORT',
      field: 'newPassword',
    });
    expect((await put('onlyletterslong')).json().message).toBe('VALIDATION.PASSWORD_NEEDS_SYMBOL_OR_DIGIT');
    expect((await put('password1')).json()).toEqual({
      message: 'VALIDATION.PASSWORD_TOO_WEAK',
      field: 'newPassword',
    });
    const empty = await req('PUT', `/api/students/${s.studentId}/password`, s.accessToken, {
      newPassword: NEW,
    });
    expect(empty.json()).toMatchObject({ message: 'VALIDATION.REQUIRED', field: 'currentPassword' });
  });

  it('changes it, drops the teacher-generated copy and signs the other devices out', async () => {
    const s = await student(13);
    const otherDevice = await student(13);
    await db()
      .update(students)
      .set({ generatedPasswordEnc: 'x', passwordChangedByStudent: false })
      .where(eq(students.id, s.studentId));
    const res = await req('PUT', `/api/students/${s.studentId}/password`, s.accessToken, {
      currentPassword: DEMO.student.password,
      newPassword: NEW,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh).toMatchObject({ id: s.id, studentId: s.studentId, role: 'STUDENT' });
    expect(typeof fresh.refreshToken).toBe('string');
    const [row] = await db().select().from(students).where(eq(students.id, s.studentId));
    expect(row.generatedPasswordEnc).toBeNull();
    expect(row.passwordChangedByStudent).toBe(true);
    const refresh = (token: string) => req('POST', '/api/auth/refresh', undefined, { refreshToken: token });
    expect((await refresh(otherDevice.refreshToken)).statusCode).toBe(401);
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(200);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { login: 'eleve13', password: DEMO.student.password },
    });
    expect(old.statusCode).toBe(401);
    expect((await signin(ctx.app, { login: 'eleve13', password: NEW })).id).toBe(s.id);
  });

  it('is refused for another student, a teacher, an anonymous caller and a school sign-on student', async () => {
    const s = await student(14);
    const other = await student(15);
    const prof = await signin(ctx.app, DEMO.admin);
    const body = { currentPassword: DEMO.student.password, newPassword: NEW };
    expect(
      (await req('PUT', `/api/students/${other.studentId}/password`, s.accessToken, body)).statusCode,
    ).toBe(404);
    expect(
      (await req('PUT', `/api/students/${s.studentId}/password`, prof.accessToken, body)).statusCode,
    ).toBe(403);
    expect((await req('PUT', `/api/students/${s.studentId}/password`, undefined, body)).statusCode).toBe(401);
    await setGar(s.id, true);
    try {
      expect(
        (await req('PUT', `/api/students/${s.studentId}/password`, s.accessToken, body)).statusCode,
      ).toBe(403);
    } finally {
      await setGar(s.id, false);
    }
    // Nothing changed for either of them.
    await signin(ctx.app, { login: 'eleve14', password: DEMO.student.password });
    await signin(ctx.app, { login: 'eleve15', password: DEMO.student.password });
  });
});

describe('PUT /api/students/{id}/account', () => {
  it('completes an account that carries an e-mail: names and username kept, the address removed', async () => {
    const s = await student(16);
    await db().update(users).set({ email: 'legacy16@example.org' }).where(eq(users.id, s.id));
    const bad = await req('PUT', `/api/students/${s.studentId}/account`, s.accessToken, {
      firstName: 'A',
      lastName: 'Durand',
      userName: 'eleve16',
    });
    expect(bad.json()).toMatchObject({ message: 'VALIDATION.NAME_TOO_SHORT', field: 'firstName' });
    const taken = await req('PUT', `/api/students/${s.studentId}/account`, s.accessToken, {
      firstName: 'Lina',
      lastName: 'Durand',
      userName: 'eleve17',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'VALIDATION.USERNAME_TAKEN', field: 'userName' });
    const ok = await req('PUT', `/api/students/${s.studentId}/account`, s.accessToken, {
      firstName: 'Lina',
      lastName: 'Durand',
      userName: 'lina-durand',
    });
    expect(ok.statusCode).toBe(200);
    const record = (await req('GET', `/api/users/${s.id}`, s.accessToken)).json();
    expect(record).toMatchObject({ email: null, firstName: 'Lina', username: 'lina-durand' });
  });

  it('is refused without an e-mail, for another student, teachers and anonymous callers', async () => {
    const s = await student(18);
    const other = await student(19);
    const prof = await signin(ctx.app, DEMO.admin);
    const body = { firstName: 'Lina', lastName: 'Durand', userName: 'someone-new' };
    expect((await req('PUT', `/api/students/${s.studentId}/account`, s.accessToken, body)).statusCode).toBe(
      403,
    );
    expect(
      (await req('PUT', `/api/students/${other.studentId}/account`, s.accessToken, body)).statusCode,
    ).toBe(404);
    expect(
      (await req('PUT', `/api/students/${s.studentId}/account`, prof.accessToken, body)).statusCode,
    ).toBe(403);
    expect((await req('PUT', `/api/students/${s.studentId}/account`, undefined, body)).statusCode).toBe(401);
  });
});

describe('school sign-on (GAR) students keep the identity the school gives them', () => {
  const FORBIDDEN = { message: 'ERRORS.FORBIDDEN' };
  const identity = async (userId: string) => {
    const [u] = await db().select().from(users).where(eq(users.id, userId));
    return { firstName: u.firstName, lastName: u.lastName, username: u.username, email: u.email };
  };

  it('refuses a name or username change on PUT /users/{id}, not the other settings', async () => {
    const s = await student(35);
    const before = await identity(s.id);
    await setGar(s.id, true);
    try {
      for (const body of [
        { firstName: 'Pirate' },
        { lastName: 'Pirate' },
        { userName: 'gar-pirate' },
        { firstName: 'Pirate', language: 'en' },
      ]) {
        const res = await req('PUT', `/api/users/${s.id}`, s.accessToken, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
      expect(await identity(s.id)).toEqual(before);
      const [u] = await db().select().from(users).where(eq(users.id, s.id));
      expect(u.language).toBe('fr');
      // What the school does not own stays theirs to choose.
      const lang = await req('PUT', `/api/users/${s.id}`, s.accessToken, { language: 'en' });
      expect(lang.statusCode).toBe(200);
      expect(lang.json()).toMatchObject({ isGar: true, language: 'en', username: before.username });
    } finally {
      await setGar(s.id, false);
    }
  });

  it('refuses PUT /students/{id}/account even with an e-mail on the account', async () => {
    const s = await student(36);
    await db().update(users).set({ email: 'gar36@example.org' }).where(eq(users.id, s.id));
    const before = await identity(s.id);
    await setGar(s.id, true);
    try {
      const res = await req('PUT', `/api/students/${s.studentId}/account`, s.accessToken, {
        firstName: 'Lina',
        lastName: 'Durand',
        userName: 'gar-lina',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
      expect(await identity(s.id)).toEqual({ ...before, email: 'gar36@example.org' });
    } finally {
      await setGar(s.id, false);
    }
  });

  it('refuses the password change with the forbidden key, the old password still works', async () => {
    const s = await student(37);
    const [before] = await db().select().from(users).where(eq(users.id, s.id));
    await setGar(s.id, true);
    try {
      const res = await req('PUT', `/api/students/${s.studentId}/password`, s.accessToken, {
        currentPassword: DEMO.student.password,
        newPassword: 'Trottinette-Rouge-42!',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
      const [after] = await db().select().from(users).where(eq(users.id, s.id));
      expect(after.passwordHash).toBe(before.passwordHash);
    } finally {
      await setGar(s.id, false);
    }
    await signin(ctx.app, { login: 'eleve37', password: DEMO.student.password });
  });
});

describe('the database refuses negative balances and progress', () => {
  /** The PostgreSQL error behind drizzle's wrapper (PGlite and node-postgres alike). */
  async function refusal(query: PromiseLike<unknown>) {
    try {
      await query;
    } catch (err) {
      let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
      while (e && !e.code && e.cause) e = e.cause as typeof e;
      return { code: e?.code, constraint: e?.constraint };
    }
    throw new Error('the database accepted it');
  }

  it('refuses a negative coin balance, XP, progression, power XP and a level below 1', async () => {
    const s = await student(34);
    const row = async () => (await db().select().from(students).where(eq(students.id, s.studentId)))[0];
    const before = await row();
    const where = eq(students.id, s.studentId);
    expect(await refusal(db().update(students).set({ coin: -1 }).where(where))).toEqual({
      code: '23514',
      constraint: 'students_coin_ck',
    });
    // What a purchase without the `coin >= price` guard would do.
    expect(
      await refusal(
        db()
          .update(students)
          .set({ coin: sql`${students.coin} - ${before.coin + 30}` })
          .where(where),
      ),
    ).toEqual({ code: '23514', constraint: 'students_coin_ck' });
    expect((await refusal(db().update(students).set({ xp: -1 }).where(where))).constraint).toBe(
      'students_xp_ck',
    );
    expect((await refusal(db().update(students).set({ level: 0 }).where(where))).constraint).toBe(
      'students_level_ck',
    );
    expect((await refusal(db().update(students).set({ levelProgression: -1 }).where(where))).constraint).toBe(
      'students_level_progression_ck',
    );
    expect((await refusal(db().update(students).set({ powerXp: -1 }).where(where))).constraint).toBe(
      'students_power_xp_ck',
    );
    expect(await row()).toEqual(before);
    // Zero is a balance like any other.
    await db().update(students).set({ coin: 0 }).where(where);
    expect((await row()).coin).toBe(0);
    await db().update(students).set({ coin: before.coin }).where(where);
  });
});

describe('GET /api/homeworkRaids/{studentId} and /api/homeworkRaids/count/{id}', () => {
  it('lists the ongoing homework of the student’s classes with teacher, subject and completion', async () => {
    const s = await student(20);
    const res = await req('GET', `/api/homeworkRaids/${s.studentId}`, s.accessToken);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((h: { name: string }) => h.name).sort()).toEqual([
      'Les fractions',
      'Puissances et Pythagore',
    ]);
    expect(list[0]).toMatchObject({
      isOnGoing: true,
      schoolclassName: '5e B',
      professor: { civility: 'MME' },
      user: { firstName: 'Claire', lastName: 'Fontaine' },
      subject: { code: 'MATHEMATICS' },
      questionCount: 9,
      answeredCount: 0,
      completion: null,
    });
    expect((await req('GET', `/api/homeworkRaids/count/${s.studentId}`, s.accessToken)).json()).toEqual({
      count: 2,
    });
  });

  it('shows nothing of another class and hides a stopped homework', async () => {
    const s = await student(32);
    expect((await req('GET', `/api/homeworkRaids/${s.studentId}`, s.accessToken)).json()).toEqual([]);
    expect((await req('GET', `/api/homeworkRaids/count/${s.studentId}`, s.accessToken)).json()).toEqual({
      count: 0,
    });
    const h = await homeworkByName('Puissances et Pythagore');
    await db().update(homeworkRaids).set({ isOnGoing: false }).where(eq(homeworkRaids.id, h.id));
    try {
      const t = await student(21);
      const list = (await req('GET', `/api/homeworkRaids/${t.studentId}`, t.accessToken)).json();
      expect(list.map((x: { name: string }) => x.name)).toEqual(['Les fractions']);
    } finally {
      await db().update(homeworkRaids).set({ isOnGoing: true }).where(eq(homeworkRaids.id, h.id));
    }
  });

  it('is refused for another student, teachers and anonymous callers', async () => {
    const s = await student(20);
    const other = await student(22);
    const prof = await signin(ctx.app, DEMO.admin);
    for (const url of [
      `/api/homeworkRaids/${other.studentId}`,
      `/api/homeworkRaids/count/${other.studentId}`,
    ]) {
      expect((await req('GET', url, s.accessToken)).statusCode).toBe(404);
    }
    for (const url of [`/api/homeworkRaids/${s.studentId}`, `/api/homeworkRaids/count/${s.studentId}`]) {
      expect((await req('GET', url, prof.accessToken)).statusCode).toBe(403);
      expect((await req('GET', url)).statusCode).toBe(401);
    }
  });
});

describe('homework practice', () => {
  const base = (studentId: string, homeworkId: string) => `/api/students/${studentId}/homework/${homeworkId}`;

  it('serves the questions without their correct answers, images under /uploads/questions', async () => {
    const s = await student(23);
    const h = await homeworkByName('Puissances et Pythagore');
    const res = await req('GET', base(s.studentId, h.id), s.accessToken);
    expect(res.statusCode).toBe(200);
    const play = res.json();
    expect(play.title).toBe('Puissances et Pythagore');
    expect(play.homework).toMatchObject({ id: h.id, raidId: h.raidId, schoolclassId: h.schoolclassId });
    expect(play.questions).toHaveLength(9);
    expect(res.body).not.toMatch(/isCorrect|correctAnswerIds/);
    for (const q of play.questions) {
      expect(q.given).toBeNull();
      for (const a of q.answers) expect(Object.keys(a).sort()).toEqual(['id', 'text']);
    }
    expect(play.questions.find((q: { image: string | null }) => q.image).image).toBe(
      '/uploads/questions/triangle-rectangle.png',
    );
    // "Lesquels sont des carrés parfaits ?" has several right answers: the phone lets the student pick several.
    expect(play.questions.find((q: { text: string }) => q.text.startsWith('Lesquels')).multiple).toBe(true);
    expect(play.questions[0].multiple).toBe(false);
  });

  it('orders the answers per student, the same at every reload (the right one is not always A)', async () => {
    const a = await student(23);
    const b = await student(25);
    const h = await homeworkByName('Les fractions');
    const order = async (s: { studentId: string; accessToken: string }) =>
      (await req('GET', base(s.studentId, h.id), s.accessToken))
        .json()
        .questions.map((q: { answers: { id: string }[] }) => q.answers.map((x) => x.id).join(','));
    const first = await order(a);
    expect(await order(a)).toEqual(first);
    expect(await order(b)).not.toEqual(first);
    const k = await key(h.raidId);
    const firstIsRight = first.filter((o: string, i: number) => k[i].right.includes(o.split(',')[0])).length;
    expect(firstIsRight).toBeLessThan(k.length);
  });

  it('records one answer per question, resumes after a reload, and refuses to answer twice', async () => {
    const s = await student(24);
    const h = await homeworkByName('Les fractions');
    const k = await key(h.raidId);
    const right = await req('POST', `${base(s.studentId, h.id)}/answer`, s.accessToken, {
      questionId: k[0].id,
      answerIds: k[0].right,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      correct: true,
      correctAnswerIds: k[0].right,
      verdict: 'right',
      credit: 1,
      missedIds: [],
      explanation: null,
      explanationImage: null,
    });
    const wrong = await req('POST', `${base(s.studentId, h.id)}/answer`, s.accessToken, {
      questionId: k[1].id,
      answerIds: [k[1].wrong[0]],
    });
    expect(wrong.json()).toMatchObject({
      correct: false,
      correctAnswerIds: k[1].right,
      verdict: 'wrong',
      credit: 0,
    });
    const twice = await req('POST', `${base(s.studentId, h.id)}/answer`, s.accessToken, {
      questionId: k[1].id,
      answerIds: k[1].right,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('STUDENT.ERRORS.ALREADY_ANSWERED');
    const reload = (await req('GET', base(s.studentId, h.id), s.accessToken)).json();
    expect(reload.questions[0].given).toEqual({
      answerIds: k[0].right,
      value: null,
      correct: true,
      verdict: 'right',
      correctAnswerIds: k[0].right,
      explanation: null,
      explanationImage: null,
    });
    expect(reload.questions[1].given).toMatchObject({ correct: false, answerIds: [k[1].wrong[0]] });
    expect(reload.questions[2].given).toBeNull();
    expect(reload.homework.answeredCount).toBe(2);
  });

  it('refuses answers that are not of that question, unknown questions and empty answers', async () => {
    const s = await student(26);
    const h = await homeworkByName('Les fractions');
    const k = await key(h.raidId);
    const url = `${base(s.studentId, h.id)}/answer`;
    const foreign = await req('POST', url, s.accessToken, {
      questionId: k[0].id,
      answerIds: [k[1].right[0]],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: 'STUDENT.ERRORS.UNKNOWN_ANSWER', field: 'answerIds' });
    const other = await homeworkByName('Puissances et Pythagore');
    const otherQ = (await key(other.raidId))[0];
    expect(
      (await req('POST', url, s.accessToken, { questionId: otherQ.id, answerIds: otherQ.right })).statusCode,
    ).toBe(404);
    const empty = await req('POST', url, s.accessToken, { questionId: k[0].id, answerIds: [] });
    expect(empty.json()).toMatchObject({ message: 'VALIDATION.REQUIRED', field: 'answerIds' });
    // None of these counted.
    expect((await req('GET', base(s.studentId, h.id), s.accessToken)).json().homework.answeredCount).toBe(0);
  });

  it('finishes with score, XP, coins and level; a second completion is refused', async () => {
    const s = await student(27);
    const h = await homeworkByName('Les fractions');
    const k = await key(h.raidId);
    // 95 % of the way: this homework raises the level.
    await db()
      .update(students)
      .set({ level: 2, levelProgression: 95, xp: 195, coin: 10 })
      .where(eq(students.id, s.studentId));
    const offersBefore = await db()
      .select()
      .from(studentAvatarUnlocks)
      .where(eq(studentAvatarUnlocks.studentId, s.studentId));
    for (const [i, q] of k.entries()) {
      const answerIds = i < 7 ? q.right : [q.wrong[0]];
      const r = await req('POST', `${base(s.studentId, h.id)}/answer`, s.accessToken, {
        questionId: q.id,
        answerIds,
      });
      expect(r.statusCode).toBe(200);
    }
    const res = await req('POST', `${base(s.studentId, h.id)}/finish`, s.accessToken);
    expect(res.statusCode).toBe(200);
    // 7 right of 9: 7 × 10 XP + 20 (at least half right), 7 + 5 coins; one teacher, so no division.
    expect(res.json()).toEqual({
      score: 7,
      bestScore: 7,
      tries: 1,
      maxTries: 1,
      late: false,
      total: 9,
      xpGained: 90,
      coinsGained: 12,
      previousLevel: 2,
      level: 3,
      levelProgression: 85,
      coin: 22,
    });
    const [row] = await db().select().from(students).where(eq(students.id, s.studentId));
    expect(row).toMatchObject({ xp: 285, level: 3, levelProgression: 85, coin: 22 });
    // The level gained brings an avatar unlock offer, in the same transaction.
    const offers = await db()
      .select()
      .from(studentAvatarUnlocks)
      .where(eq(studentAvatarUnlocks.studentId, s.studentId));
    expect(offers.length).toBe(offersBefore.length + 1);
    const [done] = await db()
      .select()
      .from(homeworkCompletions)
      .where(
        and(eq(homeworkCompletions.homeworkRaidId, h.id), eq(homeworkCompletions.studentId, s.studentId)),
      );
    expect(done).toMatchObject({ score: 7, total: 9, xpGained: 90 });
    const again = await req('POST', `${base(s.studentId, h.id)}/finish`, s.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('STUDENT.ERRORS.RAID_ALREADY_COMPLETED');
    const late = await req('POST', `${base(s.studentId, h.id)}/answer`, s.accessToken, {
      questionId: k[0].id,
      answerIds: k[0].right,
    });
    expect(late.json().message).toBe('STUDENT.ERRORS.RAID_ALREADY_COMPLETED');
    const [after] = await db().select().from(students).where(eq(students.id, s.studentId));
    expect(after.xp).toBe(285);
    // The list and the count show it done; the play view still opens, with the answers given.
    const list = (await req('GET', `/api/homeworkRaids/${s.studentId}`, s.accessToken)).json();
    expect(list.find((x: { id: string }) => x.id === h.id).completion).toMatchObject({ score: 7, total: 9 });
    expect((await req('GET', `/api/homeworkRaids/count/${s.studentId}`, s.accessToken)).json()).toEqual({
      count: 1,
    });
    expect((await req('GET', base(s.studentId, h.id), s.accessToken)).json().homework.completion.score).toBe(
      7,
    );
  });

  it('divides the XP by the number of teachers and counts unanswered questions as wrong', async () => {
    const s = await student(28);
    await req('POST', '/api/students/join', s.accessToken, {
      code: await classCode('2nde A'),
      studentId: s.studentId,
    });
    const [before] = await db().select().from(students).where(eq(students.id, s.studentId));
    const h = await homeworkByName('Puissances et Pythagore');
    const k = await key(h.raidId);
    await req('POST', `${base(s.studentId, h.id)}/answer`, s.accessToken, {
      questionId: k[0].id,
      answerIds: k[0].right,
    });
    const res = (await req('POST', `${base(s.studentId, h.id)}/finish`, s.accessToken)).json();
    // 1 right of 9: 10 + 5 XP, halved by two teachers (7); coins are not divided.
    expect(res).toMatchObject({ score: 1, total: 9, xpGained: 7, coinsGained: 1 });
    const [after] = await db().select().from(students).where(eq(students.id, s.studentId));
    expect(after.xp - before.xp).toBe(7);
    expect(after.coin - before.coin).toBe(1);
  });

  it('cannot be played once the teacher stopped it', async () => {
    const s = await student(29);
    const h = await homeworkByName('Puissances et Pythagore');
    const k = await key(h.raidId);
    await db().update(homeworkRaids).set({ isOnGoing: false }).where(eq(homeworkRaids.id, h.id));
    try {
      const open = await req('GET', base(s.studentId, h.id), s.accessToken);
      expect(open.statusCode).toBe(409);
      expect(open.json().message).toBe('STUDENT.ERRORS.HOMEWORK_STOPPED');
      const answer = await req('POST', `${base(s.studentId, h.id)}/answer`, s.accessToken, {
        questionId: k[0].id,
        answerIds: k[0].right,
      });
      expect(answer.json().message).toBe('STUDENT.ERRORS.HOMEWORK_STOPPED');
      const finish = await req('POST', `${base(s.studentId, h.id)}/finish`, s.accessToken);
      expect(finish.statusCode).toBe(409);
      expect(finish.json().message).toBe('STUDENT.ERRORS.HOMEWORK_STOPPED');
    } finally {
      await db().update(homeworkRaids).set({ isOnGoing: true }).where(eq(homeworkRaids.id, h.id));
    }
  });

  it('is refused to a student of another class, another student, teachers and anonymous callers', async () => {
    const mine = await student(30);
    const outsider = await student(33);
    const prof = await signin(ctx.app, DEMO.admin);
    const h = await homeworkByName('Les fractions');
    const k = await key(h.raidId);
    const body = { questionId: k[0].id, answerIds: k[0].right };
    // A student of 2nde A asking with their own id: the homework of 5e B is not theirs.
    expect((await req('GET', base(outsider.studentId, h.id), outsider.accessToken)).statusCode).toBe(404);
    expect(
      (await req('POST', `${base(outsider.studentId, h.id)}/answer`, outsider.accessToken, body)).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', `${base(outsider.studentId, h.id)}/finish`, outsider.accessToken)).statusCode,
    ).toBe(404);
    // Someone else's id in the path.
    expect((await req('GET', base(mine.studentId, h.id), outsider.accessToken)).statusCode).toBe(404);
    expect(
      (await req('POST', `${base(mine.studentId, h.id)}/answer`, outsider.accessToken, body)).statusCode,
    ).toBe(404);
    expect((await req('POST', `${base(mine.studentId, h.id)}/finish`, outsider.accessToken)).statusCode).toBe(
      404,
    );
    for (const token of [prof.accessToken, undefined]) {
      const status = token ? 403 : 401;
      expect((await req('GET', base(mine.studentId, h.id), token)).statusCode).toBe(status);
      expect((await req('POST', `${base(mine.studentId, h.id)}/answer`, token, body)).statusCode).toBe(
        status,
      );
      expect((await req('POST', `${base(mine.studentId, h.id)}/finish`, token)).statusCode).toBe(status);
    }
    // An unknown homework id.
    expect(
      (await req('GET', base(mine.studentId, '00000000-0000-4000-8000-000000000000'), mine.accessToken))
        .statusCode,
    ).toBe(404);
    // Nothing was recorded for the student whose id was used.
    expect(
      (await req('GET', base(mine.studentId, h.id), mine.accessToken)).json().homework.answeredCount,
    ).toBe(0);
    const [r] = await db().select().from(raids).where(eq(raids.id, h.raidId));
    expect(r.isHomework).toBe(true);
  });
});

describe('homework as teachers set it: dates, tries, several right answers (issue 21)', () => {
  const base = (studentId: string, homeworkId: string) => `/api/students/${studentId}/homework/${homeworkId}`;
  let prof: Awaited<ReturnType<typeof signin>>;
  let target: { schoolclassId: string; subjectId: string };
  let raidId: string;
  const day = (offsetDays: number) => parisDay(new Date(Date.now() + offsetDays * 86_400_000));

  beforeAll(async () => {
    prof = await signin(ctx.app, DEMO.admin);
    const targets = (
      await req('GET', `/api/homeworkRaids/professors/${prof.professorId}/targets`, prof.accessToken)
    ).json() as {
      schoolclassId: string;
      schoolclassName: string;
      subjectId: string;
    }[];
    const t = targets.find((x) => x.schoolclassName === '5e B');
    if (!t) throw new Error('5e B is not a target');
    target = { schoolclassId: t.schoolclassId, subjectId: t.subjectId };
    raidId = await multiAnswerRaid(ctx.app, prof.accessToken, target.subjectId, 'Écritures de 5');
  });

  const send = (over: object) =>
    req('POST', '/api/homeworkRaids', prof.accessToken, {
      raidId,
      name: 'Écritures de 5',
      targets: [target],
      ...over,
    });

  it('refuses a due date already over or before the start, and a number of tries out of 1..5', async () => {
    for (const [over, key] of [
      [{ dueOn: day(-1) }, 'HOMEWORK.ERRORS.DUE_PAST'],
      [{ startsOn: day(3), dueOn: day(2) }, 'HOMEWORK.ERRORS.DUE_BEFORE_START'],
      [{ dueOn: '2026-02-30' }, 'HOMEWORK.ERRORS.INVALID_DATE'],
      [{ maxTries: 6 }, 'ERRORS.INVALID_BODY'],
    ] as const) {
      const res = await send(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(key);
    }
  });

  it('shows a homework before its start date as upcoming, not to do and not playable', async () => {
    const s = await student(1);
    const sent = await send({ startsOn: day(2), dueOn: day(4) });
    expect(sent.statusCode).toBe(201);
    const list = (await req('GET', `/api/homeworkRaids/${s.studentId}`, s.accessToken)).json() as {
      id: string;
      name: string;
      upcoming: boolean;
      startsOn: string | null;
      dueOn: string | null;
    }[];
    const h = list.find((x) => x.name === 'Écritures de 5');
    expect(h).toMatchObject({ upcoming: true, startsOn: day(2), dueOn: day(4) });
    expect((await req('GET', `/api/homeworkRaids/count/${s.studentId}`, s.accessToken)).json()).toEqual({
      count: 2,
    });
    const play = await req('GET', base(s.studentId, h?.id as string), s.accessToken);
    expect(play.statusCode).toBe(409);
    expect(play.json().message).toBe('STUDENT.ERRORS.HOMEWORK_NOT_STARTED');
    // Stopped again so the next test can send the same raid to the class.
    expect((await req('PATCH', `/api/homeworkRaids/${h?.id}/stop`, prof.accessToken)).statusCode).toBe(200);
  });

  it('partial credit, two tries: the best score is kept, a better try pays only the difference, late work is marked', async () => {
    const s = await student(2);
    const sent = await send({ maxTries: 2, multiScoring: 'partial' });
    expect(sent.statusCode).toBe(201);
    const [homeworkId] = sent.json().ids as string[];
    const url = base(s.studentId, homeworkId);
    const play = (await req('GET', url, s.accessToken)).json() as {
      homework: { maxTries: number; multiScoring: string; overdue: boolean };
      questions: { id: string; toPick: number; answers: { id: string; text: string }[] }[];
    };
    expect(play.homework).toMatchObject({ maxTries: 2, multiScoring: 'partial', overdue: false });
    const [multi, single] = play.questions;
    expect([multi.toPick, single.toPick]).toEqual([2, 1]);
    const id = (q: (typeof play.questions)[number], text: string) =>
      q.answers.find((a) => a.text === text)?.id as string;
    const answer = (q: (typeof play.questions)[number], texts: string[]) =>
      req('POST', `${url}/answer`, s.accessToken, {
        questionId: q.id,
        answerIds: texts.map((x) => id(q, x)),
      });
    const [xp0] = await db().select().from(students).where(eq(students.id, s.studentId));

    // Try 1: √25 alone (half), 2 + 2 wrong: 0.5 / 2.
    const half = await answer(multi, ['√25']);
    expect(half.json()).toMatchObject({
      correct: false,
      verdict: 'partial',
      credit: 0.5,
      missedIds: [id(multi, '5')],
    });
    await answer(single, ['5']);
    const first = (await req('POST', `${url}/finish`, s.accessToken)).json();
    expect(first).toMatchObject({ score: 0.5, bestScore: 0.5, tries: 1, maxTries: 2, late: false });
    // 10 XP a right answer (×0.5), +5 below half right.
    // Half of 2 is not "at least half right": no bonus coins; 0.5 coin rounds to 1.
    expect(first.coinsGained).toBe(1);

    // Try 2, after the due date (moved into the past as a fixture): all right, marked late.
    await db()
      .update(homeworkRaids)
      .set({ dueOn: day(-1) })
      .where(eq(homeworkRaids.id, homeworkId));
    expect((await req('POST', `${url}/finish`, s.accessToken)).statusCode).toBe(409);
    // Nobody else starts a new try for this pupil: another pupil 404, the teacher 403.
    const other = await student(3);
    expect((await req('POST', `${url}/retry`, other.accessToken)).statusCode).toBe(404);
    expect((await req('POST', `${url}/retry`, prof.accessToken)).statusCode).toBe(403);
    expect((await req('POST', `${url}/retry`, s.accessToken)).json()).toEqual({ ok: true });
    const again = (await req('GET', url, s.accessToken)).json() as { questions: { given: unknown }[] };
    expect(again.questions.map((q) => q.given)).toEqual([null, null]);
    await answer(multi, ['√25', '5']);
    await answer(single, ['4']);
    const second = (await req('POST', `${url}/finish`, s.accessToken)).json();
    expect(second).toMatchObject({ score: 2, bestScore: 2, tries: 2, late: true });
    expect(second.coinsGained).toBe(2 + 5 - 1);
    const [xp2] = await db().select().from(students).where(eq(students.id, s.studentId));
    // Both tries together pay exactly the best try's reward (one teacher here: no division).
    expect(xp2.coin - xp0.coin).toBe(2 + 5);

    // No tries left.
    const third = await req('POST', `${url}/retry`, s.accessToken);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('STUDENT.ERRORS.NO_TRIES_LEFT');
    const [done] = await db()
      .select()
      .from(homeworkCompletions)
      .where(
        and(
          eq(homeworkCompletions.homeworkRaidId, homeworkId),
          eq(homeworkCompletions.studentId, s.studentId),
        ),
      );
    expect(done).toMatchObject({ score: 2, tries: 2, late: true, retrying: false });

    // The teacher's list shows the dates, the tries and who was late.
    const mine = (
      await req('GET', `/api/homeworkRaids/professors/${prof.professorId}`, prof.accessToken)
    ).json() as {
      id: string;
      lateCount: number;
      maxTries: number;
      dueOn: string;
    }[];
    expect(mine.find((h) => h.id === homeworkId)).toMatchObject({
      lateCount: 1,
      maxTries: 2,
      dueOn: day(-1),
    });
  });
});
