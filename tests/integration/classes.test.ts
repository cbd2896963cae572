// Class administration (issue 4): classes, students and their passwords, codes, sharing a class.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkRaids, students, users } from '../../server/db/schema.js';
import { verifyPassword } from '../../server/lib/passwords.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let prof: StoredUser; // prof-demo: 5e B (maths)
let sciences: StoredUser; // prof-sciences: 2nde A (physics)
let student: StoredUser;
let subjects: { id: string; code: string }[];
let demoClassId: string; // 5e B
let sciencesClassId: string; // 2nde A

beforeAll(async () => {
  ctx = await createTestContext();
  prof = await signin(ctx.app, DEMO.admin);
  sciences = await signin(ctx.app, DEMO.sciences);
  student = await signin(ctx.app, DEMO.student);
  subjects = (await ctx.app.inject({ method: 'GET', url: '/api/subjects' })).json();
  demoClassId = (await req('GET', '/api/schoolclasses', prof.accessToken)).json()[0].id;
  sciencesClassId = (await req('GET', '/api/schoolclasses', sciences.accessToken)).json()[0].id;
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function req(method: Method, url: string, token?: string, payload?: object) {
  return ctx.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
}
const subject = (code: string) => subjects.find((s) => s.code === code)?.id as string;
const newClass = (over: object = {}) => ({
  name: '4e C',
  level: 4,
  subjectId: subject('MATHEMATICS'),
  planet: 'xaih',
  ...over,
});
async function createClass(token: string, over: object = {}) {
  const res = await req('POST', '/api/schoolclasses', token, newClass(over));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}
async function studentsOf(classId: string, token = prof.accessToken) {
  const res = await req('GET', `/api/students/users/schoolclasses/${classId}`, token);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    studentId: string;
    userId: string;
    username: string;
    password: string | null;
    passwordChangedByStudent: boolean;
  }[];
}

describe('classes', () => {
  it('lists only the caller’s classes, with student count, subject and a live code', async () => {
    const mine = (await req('GET', '/api/schoolclasses', prof.accessToken)).json();
    expect(mine).toEqual([
      expect.objectContaining({
        name: '5e B',
        level: 5,
        planet: 'nebula',
        subjectCode: 'MATHEMATICS',
        studentCount: 30,
        code: expect.stringMatching(/^\d{6}$/),
      }),
    ]);
    const theirs = (await req('GET', '/api/schoolclasses', sciences.accessToken)).json();
    expect(theirs.map((c: { name: string }) => c.name)).toEqual(['2nde A']);
  });

  it('creates a class linked to its creator with the class subject; it appears on their home', async () => {
    const c = await createClass(sciences.accessToken, { name: '  1re S2 ', level: 1, planet: 'nefer' });
    expect(c).toMatchObject({ name: '1re S2', level: 1, planet: 'nefer', studentCount: 0, code: null });
    const professors = (
      await req('GET', `/api/professorsSchoolclasses/schoolclass/${c.id}`, sciences.accessToken)
    ).json();
    expect(professors).toEqual([expect.objectContaining({ subjectCode: 'MATHEMATICS', isMe: true })]);
    const record = (await req('GET', `/api/users/${sciences.id}`, sciences.accessToken)).json();
    expect(record.professor.schoolclasses.map((x: { name: string }) => x.name)).toContain('1re S2');
    // Nothing of it reaches another teacher.
    const other = (await req('GET', '/api/schoolclasses', prof.accessToken)).json();
    expect(other.map((x: { id: string }) => x.id)).not.toContain(c.id);
  });

  it('refuses a bad class form with the field’s message', async () => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'VALIDATION.REQUIRED', 'name'],
      [{ name: 'x'.repeat(51) }, 'CLASSES.ERRORS.NAME_TOO_LONG', 'name'],
      [{ level: 7 }, 'CLASSES.ERRORS.LEVEL_REQUIRED', 'level'],
      [{ level: undefined }, 'CLASSES.ERRORS.LEVEL_REQUIRED', 'level'],
      [{ subjectId: '' }, 'CLASSES.ERRORS.SUBJECT_REQUIRED', 'subjectId'],
      [{ planet: 'mars' }, 'CLASSES.ERRORS.WORLD_REQUIRED', 'planet'],
    ];
    for (const [over, message, field] of cases) {
      const res = await req('POST', '/api/schoolclasses', prof.accessToken, newClass(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    // A name of exactly 50 characters is fine.
    await createClass(prof.accessToken, { name: 'y'.repeat(50) });
  });

  it('answers "Class creation error" for a subject that does not exist', async () => {
    const res = await req(
      'POST',
      '/api/schoolclasses',
      prof.accessToken,
      newClass({ subjectId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'CLASSES.ERRORS.CREATE_FAILED', field: 'subjectId' });
  });

  it('reads and updates a class; the creator’s link follows the new subject', async () => {
    const c = await createClass(prof.accessToken, { name: 'Atelier' });
    expect((await req('GET', `/api/schoolclasses/${c.id}`, prof.accessToken)).json().name).toBe('Atelier');
    const res = await req(
      'PUT',
      `/api/schoolclasses/${c.id}`,
      prof.accessToken,
      newClass({
        name: 'Atelier sciences',
        level: -1,
        subjectId: subject('PHYSICS_CHEMISTRY'),
        planet: 'preia',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Atelier sciences',
      level: -1,
      planet: 'preia',
      subjectCode: 'PHYSICS_CHEMISTRY',
    });
    const professors = (
      await req('GET', `/api/professorsSchoolclasses/schoolclass/${c.id}`, prof.accessToken)
    ).json();
    expect(professors.map((t: { subjectCode: string }) => t.subjectCode)).toEqual(['PHYSICS_CHEMISTRY']);
    const bad = await req(
      'PUT',
      `/api/schoolclasses/${c.id}`,
      prof.accessToken,
      newClass({ name: 'z'.repeat(51) }),
    );
    expect(bad.json()).toEqual({ message: 'CLASSES.ERRORS.NAME_TOO_LONG', field: 'name' });
  });

  it('deletes a class of one teacher; a shared class is only left', async () => {
    const solo = await createClass(prof.accessToken, { name: 'À supprimer' });
    expect((await req('DELETE', `/api/schoolclasses/${solo.id}`, prof.accessToken)).statusCode).toBe(204);
    expect((await req('GET', `/api/schoolclasses/${solo.id}`, prof.accessToken)).statusCode).toBe(404);

    const shared = await createClass(prof.accessToken, { name: 'Partagée' });
    const ok = await req('POST', '/api/professorsSchoolclasses/', prof.accessToken, {
      schoolclassId: shared.id,
      login: 'prof-sciences',
      subjectId: subject('PHYSICS_CHEMISTRY'),
    });
    expect(ok.statusCode).toBe(201);
    expect((await req('DELETE', `/api/schoolclasses/${shared.id}`, prof.accessToken)).statusCode).toBe(204);
    expect((await req('GET', `/api/schoolclasses/${shared.id}`, prof.accessToken)).statusCode).toBe(404);
    const kept = await req('GET', `/api/schoolclasses/${shared.id}`, sciences.accessToken);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().name).toBe('Partagée');
  });
});

describe('students of a class', () => {
  it('lists the class’s students; a password the student chose is never shown', async () => {
    const list = await studentsOf(demoClassId);
    expect(list).toHaveLength(30);
    const e1 = list.find((s) => s.username === 'eleve01');
    expect(e1).toMatchObject({ firstName: 'Emma', password: null, passwordChangedByStudent: true });
    expect(JSON.stringify(list)).not.toMatch(/argon2|passwordHash|generatedPasswordEnc/);
  });

  it('a teacher generates a readable password: it signs in, ends old sessions, is stored encrypted', async () => {
    const target = await signin(ctx.app, { login: 'eleve05', password: DEMO.student.password });
    const res = await req('PUT', `/api/users/${target.id}/password`, prof.accessToken);
    expect(res.statusCode).toBe(200);
    const { password } = res.json();
    expect(password).toMatch(/^[A-Z][a-z]+-[A-Z][a-z]+-\d{2,3}[!?#+]$/);
    // The table shows it.
    const row = (await studentsOf(demoClassId)).find((s) => s.username === 'eleve05');
    expect(row).toMatchObject({ password, passwordChangedByStudent: false });
    // Stored: an argon2 hash and an encrypted copy, never the plain text.
    const [u] = await ctx.database.db.select().from(users).where(eq(users.id, target.id));
    expect(await verifyPassword(u.passwordHash, password)).toBe(true);
    const [s] = await ctx.database.db.select().from(students).where(eq(students.userId, target.id));
    expect(s.generatedPasswordEnc).toBeTruthy();
    expect(s.generatedPasswordEnc).not.toContain(password);
    // The old password and the old refresh token no longer work.
    const old = await req('POST', '/api/auth/signin', undefined, {
      login: 'eleve05',
      password: DEMO.student.password,
    });
    expect(old.statusCode).toBe(401);
    const refresh = await req('POST', '/api/auth/refresh', undefined, { refreshToken: target.refreshToken });
    expect(refresh.statusCode).toBe(401);
    const fresh = await req('POST', '/api/auth/signin', undefined, { login: 'eleve05', password });
    expect(fresh.statusCode).toBe(200);
  });

  it('once the student sets their own password, the teacher no longer reads it', async () => {
    const res = await req(
      'PUT',
      `/api/users/${(await signin(ctx.app, { login: 'eleve06', password: DEMO.student.password })).id}/password`,
      prof.accessToken,
    );
    const generated = res.json().password as string;
    const s = await signin(ctx.app, { login: 'eleve06', password: generated });
    const own = 'Mon-Velo-Rouge-2026!';
    const change = await req('PUT', `/api/students/${s.studentId}/password`, s.accessToken, {
      currentPassword: generated,
      newPassword: own,
    });
    expect(change.statusCode).toBe(200);
    const row = (await studentsOf(demoClassId)).find((x) => x.username === 'eleve06');
    expect(row).toMatchObject({ password: null, passwordChangedByStudent: true });
  });

  it('a teacher cannot generate a password for a student outside their classes', async () => {
    const other = await signin(ctx.app, DEMO.studentOfOtherClass);
    expect((await req('PUT', `/api/users/${other.id}/password`, prof.accessToken)).statusCode).toBe(404);
    expect((await req('PUT', `/api/users/${sciences.id}/password`, prof.accessToken)).statusCode).toBe(404);
    expect((await req('PUT', `/api/users/${student.id}/password`, student.accessToken)).statusCode).toBe(403);
    expect((await req('PUT', `/api/users/${student.id}/password`)).statusCode).toBe(401);
    // And eleve31 can still sign in with their password.
    await signin(ctx.app, DEMO.studentOfOtherClass);
  });

  it('refuses a password for a school sign-on student', async () => {
    const target = await signin(ctx.app, { login: 'eleve07', password: DEMO.student.password });
    await ctx.database.db.update(users).set({ isGar: true }).where(eq(users.id, target.id));
    const res = await req('PUT', `/api/users/${target.id}/password`, prof.accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('CLASSES.ERRORS.SSO_PASSWORD');
    await ctx.database.db.update(users).set({ isGar: false }).where(eq(users.id, target.id));
  });

  it('removes a student from a class only (the account stays)', async () => {
    const c = await createClass(prof.accessToken, { name: 'Club' });
    const gen = (
      await req('PATCH', '/api/professors/generate-code', prof.accessToken, { schoolclassId: c.id })
    ).json();
    const s = await signin(ctx.app, { login: 'eleve10', password: DEMO.student.password });
    expect(
      (await req('POST', '/api/students/join', s.accessToken, { code: gen.code, studentId: s.studentId }))
        .statusCode,
    ).toBe(200);
    expect((await studentsOf(c.id)).map((x) => x.username)).toEqual(['eleve10']);
    // Another teacher cannot remove them.
    const del = `/api/schoolclasses/${c.id}/students/${s.studentId}`;
    expect((await req('DELETE', del, sciences.accessToken)).statusCode).toBe(404);
    expect((await req('DELETE', del, s.accessToken)).statusCode).toBe(403);
    expect((await req('DELETE', del, prof.accessToken)).statusCode).toBe(204);
    expect(await studentsOf(c.id)).toEqual([]);
    expect((await req('DELETE', del, prof.accessToken)).statusCode).toBe(404);
    // Still a member of 5e B and able to sign in.
    expect((await studentsOf(demoClassId)).map((x) => x.username)).toContain('eleve10');
    await signin(ctx.app, { login: 'eleve10', password: DEMO.student.password });
  });

  it('GET /professors/{id}/users lists the students of the caller’s classes only', async () => {
    const mine = (await req('GET', `/api/professors/${prof.professorId}/users`, prof.accessToken)).json();
    const names = mine.map((u: { username: string }) => u.username);
    expect(names).toContain('eleve01');
    expect(names).not.toContain('eleve31');
    expect(JSON.stringify(mine)).not.toMatch(/password/i);
    expect(
      (await req('GET', `/api/professors/${prof.professorId}/users`, sciences.accessToken)).statusCode,
    ).toBe(403);
    expect(
      (await req('GET', `/api/professors/${prof.professorId}/users`, student.accessToken)).statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/professors/${prof.professorId}/users`)).statusCode).toBe(401);
  });
});

describe('registration codes', () => {
  it('generates a six-digit code valid one month; a new one replaces the old; revoking ends it', async () => {
    const c = await createClass(prof.accessToken, { name: 'Code' });
    const first = await req('PATCH', '/api/professors/generate-code', prof.accessToken, {
      schoolclassId: c.id,
    });
    expect(first.statusCode).toBe(200);
    const a = first.json();
    expect(a.code).toMatch(/^\d{6}$/);
    const days = (new Date(a.codeExpiresAt).getTime() - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(30);
    expect(days).toBeLessThanOrEqual(31);
    const lookup = (code: string) => req('GET', `/api/professorsSchoolclasses?code=${code}`);
    expect((await lookup(a.code)).json()).toMatchObject({
      status: 'VALID',
      schoolclassId: c.id,
      name: 'Code',
    });

    const b = (
      await req('PATCH', '/api/professors/generate-code', prof.accessToken, { schoolclassId: c.id })
    ).json();
    expect(b.code).not.toBe(a.code);
    expect((await lookup(a.code)).statusCode).toBe(404);
    expect((await lookup(b.code)).statusCode).toBe(200);

    const revoked = await req('PATCH', '/api/professors/revoke-code', prof.accessToken, {
      schoolclassId: c.id,
    });
    expect(revoked.json()).toEqual({ schoolclassId: c.id, code: null, codeExpiresAt: null });
    const gone = await lookup(b.code);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('VALIDATION.INVALID_CODE');
    const s = await signin(ctx.app, { login: 'eleve11', password: DEMO.student.password });
    expect(
      (await req('POST', '/api/students/join', s.accessToken, { code: b.code, studentId: s.studentId }))
        .statusCode,
    ).toBe(404);
  });

  it('the code look-up is limited per code', async () => {
    const c = await createClass(prof.accessToken, { name: 'Limite' });
    const { code } = (
      await req('PATCH', '/api/professors/generate-code', prof.accessToken, { schoolclassId: c.id })
    ).json();
    const statuses: number[] = [];
    for (let i = 0; i < 201; i++)
      statuses.push((await req('GET', `/api/professorsSchoolclasses?code=${code}`)).statusCode);
    expect(statuses.slice(0, 200).every((s) => s === 200)).toBe(true);
    expect(statuses[200]).toBe(429);
    // Another class's code is not affected.
    const mine = (await req('GET', `/api/schoolclasses/${demoClassId}`, prof.accessToken)).json();
    expect((await req('GET', `/api/professorsSchoolclasses?code=${mine.code}`)).statusCode).toBe(200);
  });

  it('only a teacher of the class changes its code', async () => {
    for (const path of ['/api/professors/generate-code', '/api/professors/revoke-code']) {
      expect(
        (await req('PATCH', path, sciences.accessToken, { schoolclassId: demoClassId })).statusCode,
      ).toBe(404);
      expect((await req('PATCH', path, student.accessToken, { schoolclassId: demoClassId })).statusCode).toBe(
        403,
      );
      expect((await req('PATCH', path, undefined, { schoolclassId: demoClassId })).statusCode).toBe(401);
      const bad = await req('PATCH', path, prof.accessToken, {});
      expect(bad.statusCode).toBe(400);
    }
    // 5e B's code still works after those refusals.
    const mine = (await req('GET', `/api/schoolclasses/${demoClassId}`, prof.accessToken)).json();
    expect((await req('GET', `/api/professorsSchoolclasses?code=${mine.code}`)).statusCode).toBe(200);
  });

  it('an expired code answers nothing', async () => {
    const c = await createClass(prof.accessToken, { name: 'Périmée' });
    const { code } = (
      await req('PATCH', '/api/professors/generate-code', prof.accessToken, { schoolclassId: c.id })
    ).json();
    const { schoolclasses } = await import('../../server/db/schema.js');
    await ctx.database.db
      .update(schoolclasses)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schoolclasses.id, c.id));
    expect((await req('GET', `/api/professorsSchoolclasses?code=${code}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/schoolclasses/${c.id}`, prof.accessToken)).json().code).toBeNull();
  });
});

describe('sharing a class', () => {
  it('adds a colleague by username or e-mail with their subject; they then reach the class', async () => {
    const c = await createClass(prof.accessToken, { name: 'Co-enseignement' });
    expect((await req('GET', `/api/schoolclasses/${c.id}`, sciences.accessToken)).statusCode).toBe(404);
    const res = await req('POST', '/api/professorsSchoolclasses', prof.accessToken, {
      schoolclassId: c.id,
      login: 'PROF-SCIENCES',
      subjectId: subject('PHYSICS_CHEMISTRY'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subjectCode: 'PHYSICS_CHEMISTRY', isMe: false, schoolclassId: c.id });
    expect((await req('GET', `/api/schoolclasses/${c.id}`, sciences.accessToken)).statusCode).toBe(200);
    const professors = (
      await req('GET', `/api/professorsSchoolclasses/schoolclass/${c.id}`, sciences.accessToken)
    ).json();
    expect(professors.map((t: { subjectCode: string; isMe: boolean }) => [t.subjectCode, t.isMe])).toEqual([
      ['MATHEMATICS', false],
      ['PHYSICS_CHEMISTRY', true],
    ]);
    const again = await req('POST', '/api/professorsSchoolclasses/', prof.accessToken, {
      schoolclassId: c.id,
      login: 'prof-sciences',
      subjectId: subject('PHYSICS_CHEMISTRY'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'CLASSES.ERRORS.ALREADY_SHARED', field: 'login' });
  });

  it('refuses an unknown colleague, a student, a class not the caller’s', async () => {
    const body = (over: object) => ({
      schoolclassId: demoClassId,
      login: 'prof-sciences',
      subjectId: subject('ENGLISH'),
      ...over,
    });
    const unknown = await req(
      'POST',
      '/api/professorsSchoolclasses/',
      prof.accessToken,
      body({ login: 'nobody-here' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('CLASSES.ERRORS.COLLEAGUE_NOT_FOUND');
    const aStudent = await req(
      'POST',
      '/api/professorsSchoolclasses/',
      prof.accessToken,
      body({ login: 'eleve02' }),
    );
    expect(aStudent.json().message).toBe('CLASSES.ERRORS.COLLEAGUE_NOT_FOUND');
    const empty = await req('POST', '/api/professorsSchoolclasses/', prof.accessToken, body({ login: ' ' }));
    expect(empty.json()).toEqual({ message: 'VALIDATION.REQUIRED', field: 'login' });
    const noSubject = await req(
      'POST',
      '/api/professorsSchoolclasses/',
      prof.accessToken,
      body({ subjectId: 'x' }),
    );
    expect(noSubject.json()).toEqual({ message: 'CLASSES.ERRORS.SUBJECT_REQUIRED', field: 'subjectId' });
    const notMine = await req(
      'POST',
      '/api/professorsSchoolclasses/',
      sciences.accessToken,
      body({ login: 'prof-demo' }),
    );
    expect(notMine.statusCode).toBe(404);
    expect(
      (await req('POST', '/api/professorsSchoolclasses/', student.accessToken, body({}))).statusCode,
    ).toBe(403);
    expect((await req('POST', '/api/professorsSchoolclasses/', undefined, body({}))).statusCode).toBe(401);
  });

  it('findOne answers the caller’s own link only', async () => {
    const mine = await req(
      'GET',
      `/api/professorsSchoolclasses/findOne?key=schoolclassId&value=${demoClassId}`,
      prof.accessToken,
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ schoolclassId: demoClassId, subjectCode: 'MATHEMATICS', isMe: true });
    const theirs = await req(
      'GET',
      `/api/professorsSchoolclasses/findOne?key=schoolclassId&value=${demoClassId}`,
      sciences.accessToken,
    );
    expect(theirs.statusCode).toBe(404);
    const bad = await req(
      'GET',
      `/api/professorsSchoolclasses/findOne?key=password&value=${demoClassId}`,
      prof.accessToken,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('authorisation on every class route', () => {
  const routes = (classId: string, studentId: string): [Method, string, object?][] => [
    ['GET', `/api/schoolclasses/${classId}`],
    ['PUT', `/api/schoolclasses/${classId}`, newClass()],
    ['DELETE', `/api/schoolclasses/${classId}`],
    ['DELETE', `/api/schoolclasses/${classId}/students/${studentId}`],
    ['GET', `/api/students/users/schoolclasses/${classId}`],
    ['GET', `/api/professorsSchoolclasses/schoolclass/${classId}`],
    ['PATCH', '/api/professors/generate-code', { schoolclassId: classId }],
    ['PATCH', '/api/professors/revoke-code', { schoolclassId: classId }],
  ];

  it('another teacher gets 404 and changes nothing', async () => {
    for (const [method, url, body] of routes(demoClassId, student.studentId as string)) {
      const res = await req(method, url, sciences.accessToken, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const c = (await req('GET', `/api/schoolclasses/${demoClassId}`, prof.accessToken)).json();
    expect(c).toMatchObject({ name: '5e B', studentCount: 30, level: 5 });
  });

  it('a student gets 403, an anonymous caller 401, on every route', async () => {
    const all: [Method, string, object?][] = [
      ...routes(sciencesClassId, student.studentId as string),
      ['GET', '/api/schoolclasses'],
      ['POST', '/api/schoolclasses', newClass()],
      ['GET', `/api/professorsSchoolclasses/findOne?key=schoolclassId&value=${demoClassId}`],
    ];
    for (const [method, url, body] of all) {
      expect((await req(method, url, student.accessToken, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await req(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a bad id is a 400, an unknown class a 404', async () => {
    expect((await req('GET', '/api/schoolclasses/nope', prof.accessToken)).statusCode).toBe(400);
    expect(
      (await req('GET', '/api/schoolclasses/00000000-0000-4000-8000-000000000000', prof.accessToken))
        .statusCode,
    ).toBe(404);
  });
});

describe('leaving a shared class', () => {
  type Homework = { id: string; schoolclassId: string; isOnGoing: boolean; name: string };
  const homeworkOf = async (who: StoredUser) =>
    (
      await req('GET', `/api/homeworkRaids/professors/${who.professorId}`, who.accessToken)
    ).json() as Homework[];
  const codexOf = async (who: StoredUser, query = '') =>
    (await req('GET', `/api/codex/professors/${who.professorId}${query}`, who.accessToken)).json() as {
      id: string;
      schoolclassId: string;
    }[];
  const studentHomework = async (s: StoredUser) =>
    (await req('GET', `/api/homeworkRaids/${s.studentId}`, s.accessToken)).json() as Homework[];

  it('stops the leaver’s homework for that class and hides it and its codex from them; the colleague keeps everything', async () => {
    const physics = subject('PHYSICS_CHEMISTRY');
    // prof-sciences joins 5e B (physics) and sends a raid there and to their own 2nde A.
    const shared = await req('POST', '/api/professorsSchoolclasses/', prof.accessToken, {
      schoolclassId: demoClassId,
      login: 'prof-sciences',
      subjectId: physics,
    });
    expect(shared.statusCode).toBe(201);
    const [chapter] = (await req('GET', '/api/chapters', sciences.accessToken)).json();
    const [raid] = (await req('GET', `/api/chapters/${chapter.id}/raids`, sciences.accessToken)).json();
    const sent = await req('POST', '/api/homeworkRaids', sciences.accessToken, {
      raidId: raid.id,
      name: 'Devoir de physique',
      targets: [
        { schoolclassId: demoClassId, subjectId: physics },
        { schoolclassId: sciencesClassId, subjectId: physics },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // A student of 5e B sees it, and writes a phrase to each teacher.
    const pupil = await signin(ctx.app, { login: 'eleve12', password: DEMO.student.password });
    const physicsHw = (await studentHomework(pupil)).find((h) => h.name === 'Devoir de physique') as Homework;
    expect(physicsHw).toMatchObject({ schoolclassId: demoClassId, isOnGoing: true });
    const play = await req(
      'GET',
      `/api/students/${pupil.studentId}/homework/${physicsHw.id}`,
      pupil.accessToken,
    );
    expect(play.statusCode).toBe(200);
    const question = play.json().questions[0] as { id: string; answers: { id: string }[] };
    const toSciences = await req('POST', '/api/codex/', pupil.accessToken, {
      professorId: sciences.professorId,
      subjectId: physics,
      schoolclassId: demoClassId,
      text: 'Vive la physique en 5e B',
    });
    expect(toSciences.statusCode).toBe(201);
    const phraseId = toSciences.json().id as string;
    const toProf = await req('POST', '/api/codex/', pupil.accessToken, {
      professorId: prof.professorId,
      subjectId: subject('MATHEMATICS'),
      schoolclassId: demoClassId,
      text: 'Vive les maths en 5e B',
    });
    expect(toProf.statusCode).toBe(201);
    expect((await codexOf(sciences)).map((c) => c.id)).toContain(phraseId);

    const profHomeworkBefore = await homeworkOf(prof);
    const profCodexBefore = await codexOf(prof);
    const profTrashBefore = await codexOf(prof, '?trash=true');
    expect(profHomeworkBefore.filter((h) => h.isOnGoing).length).toBeGreaterThanOrEqual(2);

    // prof-sciences leaves 5e B.
    expect((await req('DELETE', `/api/schoolclasses/${demoClassId}`, sciences.accessToken)).statusCode).toBe(
      204,
    );

    // Nothing of 5e B in the leaver's homework list, targets or codex table (trash included).
    const theirs = await homeworkOf(sciences);
    expect(theirs.filter((h) => h.schoolclassId === demoClassId)).toEqual([]);
    expect(theirs).toEqual([
      expect.objectContaining({
        name: 'Devoir de physique',
        schoolclassId: sciencesClassId,
        isOnGoing: true,
      }),
    ]);
    const targets = (
      await req('GET', `/api/homeworkRaids/professors/${sciences.professorId}/targets`, sciences.accessToken)
    ).json() as { schoolclassId: string }[];
    expect(targets.map((t) => t.schoolclassId)).not.toContain(demoClassId);
    expect(targets.map((t) => t.schoolclassId)).toContain(sciencesClassId);
    expect((await codexOf(sciences)).filter((c) => c.schoolclassId === demoClassId)).toEqual([]);
    expect((await codexOf(sciences, '?trash=true')).filter((c) => c.schoolclassId === demoClassId)).toEqual(
      [],
    );
    // Nor can they act on them any more.
    expect(
      (await req('PATCH', `/api/homeworkRaids/${physicsHw.id}/stop`, sciences.accessToken)).statusCode,
    ).toBe(404);
    expect((await req('DELETE', `/api/homeworkRaids/${physicsHw.id}`, sciences.accessToken)).statusCode).toBe(
      404,
    );
    expect((await req('PUT', `/api/codex/${phraseId}`, sciences.accessToken, { status: 1 })).statusCode).toBe(
      404,
    );
    expect((await req('DELETE', `/api/codex/${phraseId}`, sciences.accessToken)).statusCode).toBe(404);

    // The students of 5e B no longer have that homework to play; the row (and any result) stays, stopped.
    expect((await studentHomework(pupil)).map((h) => h.id)).not.toContain(physicsHw.id);
    const stopped = await req(
      'GET',
      `/api/students/${pupil.studentId}/homework/${physicsHw.id}`,
      pupil.accessToken,
    );
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().message).toBe('STUDENT.ERRORS.HOMEWORK_STOPPED');
    const answer = await req(
      'POST',
      `/api/students/${pupil.studentId}/homework/${physicsHw.id}/answer`,
      pupil.accessToken,
      { questionId: question.id, answerIds: [question.answers[0].id] },
    );
    expect(answer.statusCode).toBe(409);
    const [row] = await ctx.database.db
      .select()
      .from(homeworkRaids)
      .where(eq(homeworkRaids.id, physicsHw.id));
    expect(row.isOnGoing).toBe(false);
    // The student's own phrase list still holds what they wrote.
    const own = (await req('GET', `/api/codex/students/${pupil.studentId}`, pupil.accessToken)).json();
    expect(own.map((c: { id: string }) => c.id)).toContain(phraseId);
    // And they can no longer write to the teacher who left.
    const again = await req('POST', '/api/codex/', pupil.accessToken, {
      professorId: sciences.professorId,
      subjectId: physics,
      schoolclassId: demoClassId,
      text: 'Encore une phrase',
    });
    expect(again.statusCode).toBe(404);

    // The remaining teacher's class, homework and codex are untouched.
    expect(await homeworkOf(prof)).toEqual(profHomeworkBefore);
    expect(await codexOf(prof)).toEqual(profCodexBefore);
    expect(await codexOf(prof, '?trash=true')).toEqual(profTrashBefore);
    const stillThere = (await studentHomework(pupil)).filter((h) => h.schoolclassId === demoClassId);
    expect(stillThere.length).toBe(profHomeworkBefore.filter((h) => h.isOnGoing).length);
    expect((await req('GET', `/api/schoolclasses/${demoClassId}`, prof.accessToken)).json()).toMatchObject({
      name: '5e B',
      studentCount: 30,
    });
    // The leaver's homework for their own class is still ongoing for its students.
    const other = (await studentHomework(await signin(ctx.app, DEMO.studentOfOtherClass))).map((h) => h.name);
    expect(other).toContain('Devoir de physique');

    // Added to the class again, they find their old homework there, stopped, and their phrases back.
    await req('POST', '/api/professorsSchoolclasses/', prof.accessToken, {
      schoolclassId: demoClassId,
      login: 'prof-sciences',
      subjectId: physics,
    });
    expect((await homeworkOf(sciences)).find((h) => h.id === physicsHw.id)).toMatchObject({
      isOnGoing: false,
    });
    expect((await codexOf(sciences)).map((c) => c.id)).toContain(phraseId);
  });

  it('a raid sent only to a class its teacher leaves is no longer marked as sent (they could not delete that homework)', async () => {
    const physics = subject('PHYSICS_CHEMISTRY');
    // prof-sciences is linked to 5e B again by the test above; a raid of theirs goes to 5e B only.
    const [chapter] = (await req('GET', '/api/chapters', sciences.accessToken)).json();
    const made = await req('POST', `/api/chapters/${chapter.id}/raids`, sciences.accessToken, {
      title: 'Raid pour la 5e B seulement',
      shared: false,
      questions: [
        {
          text: 'Quelle est la formule de l’eau ?',
          equationMode: false,
          imagePath: null,
          answers: [
            { text: 'H2O', isCorrect: true },
            { text: 'CO2', isCorrect: false },
          ],
        },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const raidId = made.json().id as string;
    const raidOf = async () =>
      (
        (await req('GET', `/api/chapters/${chapter.id}/raids`, sciences.accessToken)).json() as {
          id: string;
          isHomework: boolean;
        }[]
      ).find((r) => r.id === raidId);
    const sent = await req('POST', '/api/homeworkRaids', sciences.accessToken, {
      raidId,
      name: 'Devoir de la 5e B',
      targets: [{ schoolclassId: demoClassId, subjectId: physics }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await raidOf()).toMatchObject({ isHomework: true });

    expect((await req('DELETE', `/api/schoolclasses/${demoClassId}`, sciences.accessToken)).statusCode).toBe(
      204,
    );
    // The raid is theirs to edit, delete or send again, without a "sent" mark they cannot clear.
    expect(await raidOf()).toMatchObject({ isHomework: false });
  });
});
