// A teacher changes her password in "My account" (issue 15): the current one first, the sign-up
// rules, and every other session of hers ends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const NEW = 'Tableau-Noir-2031!';
const put = (id: string, token: string | undefined, payload: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/professors/${id}/password`,
    payload,
    headers: token ? bearer(token) : {},
  });

describe('PUT /api/professors/{id}/password', () => {
  it('checks the current password first, then the sign-up rules, each on its field', async () => {
    const t = await signin(ctx.app, DEMO.admin);
    const id = t.professorId as string;
    expect(
      (await put(id, t.accessToken, { currentPassword: 'not-mine-1!', newPassword: NEW })).json(),
    ).toMatchObject({ message: 'VALIDATION.CURRENT_PASSWORD_INCORRECT', field: 'currentPassword' });
    const weak = (newPassword: string) =>
      put(id, t.accessToken, { currentPassword: DEMO.admin.password, newPassword }).then((r) => r.json());
    expect(await weak('short1')).toMatchObject({
      message: 'VALIDATION.PASSWORD_TOO_SHORT',
      field: 'newPassword',
    });
    expect((await weak('password1')).message).toBe('VALIDATION.PASSWORD_TOO_WEAK');
    // Nothing changed: the old password still signs in.
    expect((await signin(ctx.app, DEMO.admin)).id).toBe(t.id);
  });

  it('changes it and signs her other devices out', async () => {
    const t = await signin(ctx.app, DEMO.sciences);
    const otherDevice = await signin(ctx.app, DEMO.sciences);
    const res = await put(t.professorId as string, t.accessToken, {
      currentPassword: DEMO.sciences.password,
      newPassword: NEW,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh).toMatchObject({ id: t.id, role: 'PROFESSOR' });
    const refresh = (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: token } });
    expect((await refresh(otherDevice.refreshToken)).statusCode).toBe(401);
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(200);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { login: DEMO.sciences.login, password: DEMO.sciences.password },
    });
    expect(old.statusCode).toBe(401);
    expect((await signin(ctx.app, { login: DEMO.sciences.login, password: NEW })).id).toBe(t.id);
  });

  it("is refused for another teacher's id, a student, an anonymous caller and a school sign-on teacher", async () => {
    const admin = await signin(ctx.app, DEMO.admin);
    const student = await signin(ctx.app, DEMO.student);
    const body = { currentPassword: DEMO.admin.password, newPassword: NEW };
    const sciences = await signin(ctx.app, { login: DEMO.sciences.login, password: NEW });
    expect((await put(sciences.professorId as string, admin.accessToken, body)).statusCode).toBe(403);
    expect((await put(admin.professorId as string, student.accessToken, body)).statusCode).toBe(403);
    expect((await put(admin.professorId as string, undefined, body)).statusCode).toBe(401);
    await ctx.database.db.update(users).set({ isGar: true }).where(eq(users.id, admin.id));
    try {
      const res = await put(admin.professorId as string, admin.accessToken, body);
      expect(res.statusCode).toBe(403);
    } finally {
      await ctx.database.db.update(users).set({ isGar: false }).where(eq(users.id, admin.id));
    }
    expect((await signin(ctx.app, DEMO.admin)).id).toBe(admin.id);
  });
});
