import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { linkIn } from './helpers/smtp.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

describe('GET /api/users/{id}', () => {
  it('answers a student their own record with level data and classes', async () => {
    const s = await signin(ctx.app, DEMO.student);
    const res = await req('GET', `/api/users/${s.id}`, s.accessToken);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ role: 'STUDENT', username: 'eleve01', firstName: 'Emma', email: null });
    expect(r.student.schoolclasses.map((c: { name: string }) => c.name)).toEqual(['5e B']);
    expect(r.student.activeProfessorsCount).toBe(1);
    expect(r.avatar.image).toMatch(/^\/assets\/avatars\/eleves\/body\/[a-z0-9]+\.webp$/);
    expect(r).not.toHaveProperty('passwordHash');
  });

  it('answers a teacher their classes', async () => {
    const p = await signin(ctx.app, DEMO.admin);
    const r = (await req('GET', `/api/users/${p.id}`, p.accessToken)).json();
    expect(r.isAdmin).toBe(true);
    expect(r.professor.schoolclasses).toEqual([
      expect.objectContaining({ name: '5e B', level: 5, planet: 'nebula', subjectCode: 'MATHEMATICS' }),
    ]);
  });

  it('lets a teacher read a student of their class, not of another class', async () => {
    const prof = await signin(ctx.app, DEMO.admin);
    const mine = await signin(ctx.app, DEMO.student);
    const notMine = await signin(ctx.app, DEMO.studentOfOtherClass);
    expect((await req('GET', `/api/users/${mine.id}`, prof.accessToken)).statusCode).toBe(200);
    // prof-demo is admin; prof-sciences is not, and does not teach 5e B.
    const sciences = await signin(ctx.app, DEMO.sciences);
    expect((await req('GET', `/api/users/${mine.id}`, sciences.accessToken)).statusCode).toBe(404);
    expect((await req('GET', `/api/users/${notMine.id}`, sciences.accessToken)).statusCode).toBe(200);
  });

  it('hides other users from a student and from anonymous callers', async () => {
    const a = await signin(ctx.app, DEMO.student);
    const b = await signin(ctx.app, DEMO.studentOfOtherClass);
    expect((await req('GET', `/api/users/${b.id}`, a.accessToken)).statusCode).toBe(404);
    expect((await req('GET', `/api/users/${b.id}`)).statusCode).toBe(401);
    expect((await req('GET', '/api/users/not-a-uuid', a.accessToken)).statusCode).toBe(400);
  });
});

describe('PUT /api/users/{id}', () => {
  it('changes names and username of oneself', async () => {
    const s = await signin(ctx.app, { login: 'eleve02', password: DEMO.student.password });
    const res = await req('PUT', `/api/users/${s.id}`, s.accessToken, {
      firstName: 'Lucas',
      lastName: 'Bernardin',
      userName: 'lucas-b',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Bernardin', username: 'lucas-b' });
    expect(
      (
        await req('POST', '/api/auth/signin', undefined, {
          login: 'lucas-b',
          password: DEMO.student.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a taken username, a short name and another user', async () => {
    const s = await signin(ctx.app, { login: 'eleve03', password: DEMO.student.password });
    const other = await signin(ctx.app, { login: 'eleve04', password: DEMO.student.password });
    expect(
      (await req('PUT', `/api/users/${s.id}`, s.accessToken, { userName: 'eleve04' })).json(),
    ).toMatchObject({
      message: 'VALIDATION.USERNAME_TAKEN',
    });
    expect((await req('PUT', `/api/users/${s.id}`, s.accessToken, { firstName: 'C' })).json()).toMatchObject({
      message: 'VALIDATION.NAME_TOO_SHORT',
    });
    expect(
      (await req('PUT', `/api/users/${other.id}`, s.accessToken, { firstName: 'Pirate' })).statusCode,
    ).toBe(403);
    const still = (await req('GET', `/api/users/${other.id}`, other.accessToken)).json();
    expect(still.firstName).toBe('Hugo');
  });

  it('lets a teacher choose a professor avatar, never a student one', async () => {
    const p = await signin(ctx.app, DEMO.sciences);
    expect(p.avatarId).toBeNull();
    const profAvatars = (await req('GET', '/api/avatars?userType=professor')).json();
    const studentAvatars = (await req('GET', '/api/avatars?userType=student')).json();
    expect(profAvatars.length).toBeGreaterThanOrEqual(8);
    const bad = await req('PUT', `/api/users/${p.id}`, p.accessToken, { avatarId: studentAvatars[0].id });
    expect(bad.json()).toMatchObject({ message: 'AVATARS.NOT_ALLOWED' });
    const ok = await req('PUT', `/api/users/${p.id}`, p.accessToken, { avatarId: profAvatars[1].id });
    expect(ok.json().avatar.id).toBe(profAvatars[1].id);
    const again = await signin(ctx.app, DEMO.sciences);
    expect(again.avatarId).toBe(profAvatars[1].id);
  });

  it('lets a student equip only an avatar they own', async () => {
    const s = await signin(ctx.app, { login: 'eleve07', password: DEMO.student.password });
    const locked = (await req('GET', '/api/avatars?userType=student&starter=false')).json()[0];
    const res = await req('PUT', `/api/users/${s.id}`, s.accessToken, { avatarId: locked.id });
    expect(res.json()).toMatchObject({ message: 'AVATARS.NOT_ALLOWED' });
  });
});

describe('e-mail and password checks', () => {
  it('GET /users/check/email tells whether an address is used', async () => {
    expect((await req('GET', '/api/users/check/email?email=prof-demo%40demo.classe-raid.fr')).json()).toEqual(
      { emailExists: true },
    );
    expect((await req('GET', '/api/users/check/email?email=libre%40ac-lyon.fr')).json()).toEqual({
      emailExists: false,
    });
    expect((await req('GET', '/api/users/check/email?email=nope')).json()).toMatchObject({
      message: 'VALIDATION.INVALID_EMAIL',
    });
  });

  it('POST /users/check-password checks the caller’s own password', async () => {
    const s = await signin(ctx.app, DEMO.student);
    expect(
      (
        await req('POST', '/api/users/check-password', s.accessToken, { password: DEMO.student.password })
      ).json(),
    ).toEqual({
      isPasswordCorrect: true,
    });
    expect(
      (await req('POST', '/api/users/check-password', s.accessToken, { password: 'faux' })).json(),
    ).toEqual({
      isPasswordCorrect: false,
    });
    expect((await req('POST', '/api/users/check-password', undefined, { password: 'x' })).statusCode).toBe(
      401,
    );
  });
});

describe('forgot and reset password', () => {
  it('sends a link to a teacher, and the link sets a new password once', async () => {
    const res = await req('GET', '/api/users/forgot-password/prof-sciences%40demo.classe-raid.fr');
    expect(res.json()).toEqual({ sent: true });
    const mail = await ctx.smtp.lastTo('prof-sciences@demo.classe-raid.fr');
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    const link = new URL(linkIn(mail));
    expect(link.pathname).toMatch(/^\/forgot-password\/professor\/.+/);
    const token = decodeURIComponent(link.pathname.split('/').pop() as string);

    const weak = await req('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'azerty123',
    });
    expect(weak.json()).toMatchObject({ message: 'VALIDATION.PASSWORD_TOO_WEAK' });

    const ok = await req('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'Nouvelle-Craie-2027?',
    });
    expect(ok.json()).toEqual({ ok: true });
    expect(
      (
        await req('POST', '/api/auth/signin', undefined, {
          login: 'prof-sciences',
          password: 'Nouvelle-Craie-2027?',
        })
      ).statusCode,
    ).toBe(200);
    const reused = await req('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'Encore-Autre-2028?',
    });
    expect(reused.json()).toEqual({ message: 'USERS.INVALID_LINK' });

    // Leave the demo teacher as the other tests expect it.
    await req('GET', '/api/users/forgot-password/prof-sciences%40demo.classe-raid.fr');
    const back = new URL(linkIn(await ctx.smtp.lastTo('prof-sciences@demo.classe-raid.fr'))).pathname
      .split('/')
      .pop();
    expect(back).not.toBe(link.pathname.split('/').pop());
    const restore = await req('PUT', `/api/users/reset-password/${back}`, undefined, {
      newPassword: DEMO.sciences.password,
    });
    expect(restore.json()).toEqual({ ok: true });
  });

  it('says no account is associated with an unknown address', async () => {
    const res = await req('GET', '/api/users/forgot-password/inconnu%40ac-lyon.fr');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'USERS.EMAIL_NOT_FOUND' });
  });
});

describe('student sign-up with a class code', () => {
  async function liveCode() {
    const admin = await signin(ctx.app, DEMO.admin);
    const me = (await req('GET', `/api/users/${admin.id}`, admin.accessToken)).json();
    const classId = me.professor.schoolclasses[0].id as string;
    const { schoolclasses } = await import('../../server/db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [row] = await ctx.database.db.select().from(schoolclasses).where(eq(schoolclasses.id, classId));
    return { code: row.code as string, classId };
  }

  it('looks a live code up, and refuses an empty or unknown one', async () => {
    const { code, classId } = await liveCode();
    expect((await req('GET', `/api/professorsSchoolclasses?code=${code}`)).json()).toMatchObject({
      status: 'VALID',
      schoolclassId: classId,
      name: '5e B',
    });
    const unknown = await req(
      'GET',
      `/api/professorsSchoolclasses?code=${code === '000000' ? '111111' : '000000'}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'VALIDATION.INVALID_CODE' });
    expect((await req('GET', '/api/professorsSchoolclasses?code=')).json()).toMatchObject({
      message: 'GENERIC_FORM.ERRORS.REQUIRED_FIELD',
    });
  });

  it('creates a signed-in student in the class with the chosen starter avatar', async () => {
    const { code } = await liveCode();
    const starter = (await req('GET', '/api/avatars?userType=student&starter=true')).json()[0];
    const res = await req('POST', '/api/auth/code-signup', undefined, {
      code,
      firstName: 'Nina',
      lastName: 'Perrin',
      username: 'nina-p',
      password: 'Trousse-Rouge-9!',
      avatarId: starter.id,
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ role: 'STUDENT', avatarId: starter.id });
    const rec = (await req('GET', `/api/users/${user.id}`, user.accessToken)).json();
    expect(rec.student.schoolclasses[0].name).toBe('5e B');
    // The teacher of 5e B can now read the new student.
    const prof = await signin(ctx.app, DEMO.admin);
    expect((await req('GET', `/api/users/${user.id}`, prof.accessToken)).statusCode).toBe(200);
  });

  it('refuses an expired code, a taken username and a weak password without creating anything', async () => {
    const { code, classId } = await liveCode();
    const base = {
      code,
      firstName: 'Paul',
      lastName: 'Marchand',
      username: 'paul-m',
      password: 'Trousse-Rouge-9!',
    };
    expect(
      (await req('POST', '/api/auth/code-signup', undefined, { ...base, username: 'eleve10' })).json(),
    ).toMatchObject({
      message: 'VALIDATION.USERNAME_TAKEN',
      field: 'username',
    });
    expect(
      (await req('POST', '/api/auth/code-signup', undefined, { ...base, password: 'paul12345' })).json(),
    ).toMatchObject({
      message: 'VALIDATION.PASSWORD_TOO_WEAK',
    });
    const locked = (await req('GET', '/api/avatars?userType=student&starter=false')).json()[0];
    expect(
      (await req('POST', '/api/auth/code-signup', undefined, { ...base, avatarId: locked.id })).json(),
    ).toMatchObject({
      message: 'AVATARS.NOT_ALLOWED',
    });
    const { schoolclasses } = await import('../../server/db/schema.js');
    const { eq } = await import('drizzle-orm');
    await ctx.database.db
      .update(schoolclasses)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schoolclasses.id, classId));
    const expired = await req('POST', '/api/auth/code-signup', undefined, base);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ message: 'VALIDATION.INVALID_CODE' });
    expect((await req('GET', '/api/auth/check-username/paul-m')).json()).toEqual({ available: true });
  });
});

describe('POST /api/users (SPEC point 7: create)', () => {
  async function liveCode() {
    const admin = await signin(ctx.app, DEMO.admin);
    const me = (await req('GET', `/api/users/${admin.id}`, admin.accessToken)).json();
    const classId = me.professor.schoolclasses[0].id as string;
    const { schoolclasses } = await import('../../server/db/schema.js');
    const { eq } = await import('drizzle-orm');
    // A code valid for a month again (an earlier test expired it).
    const [row] = await ctx.database.db
      .update(schoolclasses)
      .set({ codeExpiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000) })
      .where(eq(schoolclasses.id, classId))
      .returning();
    return row.code as string;
  }
  const body = (code: string, username: string) => ({
    code,
    firstName: 'Lina',
    lastName: 'Rossi',
    username,
    password: 'Cartable-Vert-7!',
  });

  it('creates a signed-in student in the class of the code, who can then sign in', async () => {
    const res = await req('POST', '/api/users', undefined, body(await liveCode(), 'lina-r'));
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ role: 'STUDENT', isGar: false });
    expect(Object.keys(user).sort()).toEqual(
      [
        'accessToken',
        'avatarId',
        'id',
        'isGar',
        'professorId',
        'refreshToken',
        'role',
        'studentId',
        'ticket',
      ].sort(),
    );
    const rec = (await req('GET', `/api/users/${user.id}`, user.accessToken)).json();
    expect(rec.student.schoolclasses[0].name).toBe('5e B');
    const again = await signin(ctx.app, { login: 'lina-r', password: 'Cartable-Vert-7!' });
    expect(again.id).toBe(user.id);
  });

  it('creates nothing without a valid code, with a taken username or a weak password', async () => {
    const code = await liveCode();
    const unknown = await req(
      'POST',
      '/api/users',
      undefined,
      body(code === '000000' ? '111111' : '000000', 'lea-x'),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'VALIDATION.INVALID_CODE' });
    const taken = await req('POST', '/api/users', undefined, body(code, 'eleve10'));
    expect(taken.json()).toMatchObject({ message: 'VALIDATION.USERNAME_TAKEN', field: 'username' });
    const weak = await req('POST', '/api/users', undefined, { ...body(code, 'lea-x'), password: 'lea12345' });
    expect(weak.json()).toMatchObject({ message: 'VALIDATION.PASSWORD_TOO_WEAK' });
    const broken = await req('POST', '/api/users', undefined, { code });
    expect(broken.statusCode).toBe(400);
    expect((await req('GET', '/api/auth/check-username/lea-x')).json()).toEqual({ available: true });
  });
});

describe('session logs', () => {
  it('records a session for oneself only', async () => {
    const s = await signin(ctx.app, DEMO.student);
    const other = await signin(ctx.app, DEMO.sciences);
    expect((await req('POST', '/api/session-logs/', s.accessToken, { userId: s.id })).statusCode).toBe(201);
    expect((await req('POST', '/api/session-logs/', s.accessToken, { userId: other.id })).statusCode).toBe(
      403,
    );
    expect((await req('POST', '/api/session-logs/', undefined, { userId: s.id })).statusCode).toBe(401);
  });
});

describe('professor preferences', () => {
  it('saves power mode and sharing for oneself only', async () => {
    const p = await signin(ctx.app, DEMO.admin);
    const other = await signin(ctx.app, DEMO.sciences);
    const res = await req('PUT', `/api/professors/${p.professorId}`, p.accessToken, {
      powerMode: false,
      shareRaids: true,
    });
    expect(res.json()).toMatchObject({ powerMode: false, shareRaids: true });
    expect(
      (await req('PUT', `/api/professors/${p.professorId}`, other.accessToken, { powerMode: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('PUT', `/api/professors/${p.professorId}`, p.accessToken, { powerMode: 'yes' })).statusCode,
    ).toBe(400);
  });
});

describe('changelog read marker', () => {
  it('stores when the user last read the changelog', async () => {
    const s = await signin(ctx.app, DEMO.student);
    expect((await req('GET', `/api/users/${s.id}/changelog`, s.accessToken)).json()).toEqual({
      lastChangelogViewedAt: null,
    });
    const put = (await req('PUT', `/api/users/${s.id}/changelog`, s.accessToken)).json();
    expect((await req('GET', `/api/users/${s.id}/changelog`, s.accessToken)).json()).toEqual(put);
    const other = await signin(ctx.app, DEMO.sciences);
    expect((await req('GET', `/api/users/${s.id}/changelog`, other.accessToken)).statusCode).toBe(403);
  });

  it('lists the changelog files, newest first', async () => {
    const files = (await req('GET', '/api/changelog')).json() as { file: string; date: string }[];
    expect(files.length).toBeGreaterThan(0);
    const dates = files.map((f) => f.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('names the languages each file is translated into, and lists no translation as a file', async () => {
    const files = (await req('GET', '/api/changelog')).json() as { file: string; translations: string[] }[];
    expect(files.every((f) => /^[\d-]+\.txt$/.test(f.file))).toBe(true);
    for (const f of files) expect(f.translations).toEqual(['co', 'en', 'it']);
  });
});
