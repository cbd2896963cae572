import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { linkIn } from './helpers/smtp.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/auth/signin', () => {
  it('answers the stored local user for a username', async () => {
    const user = await signin(ctx.app, DEMO.admin);
    expect(user).toMatchObject({ role: 'PROFESSOR', isGar: false, studentId: null, ticket: null });
    expect(user.accessToken).toBeTruthy();
    expect(user.refreshToken).toBeTruthy();
    expect(user.avatarId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts the e-mail address, in any case', async () => {
    const res = await post('/api/auth/signin', {
      login: 'PROF-DEMO@demo.classe-raid.fr',
      password: DEMO.admin.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers a student with its studentId', async () => {
    const user = await signin(ctx.app, DEMO.student);
    expect(user.role).toBe('STUDENT');
    expect(user.studentId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const a = await post('/api/auth/signin', { login: 'prof-sciences', password: 'Mauvais-Mot-2026!' });
    const b = await post('/api/auth/signin', { login: 'personne', password: 'Mauvais-Mot-2026!' });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual({ message: 'AUTH.BAD_CREDENTIALS' });
    expect(b.json()).toEqual({ message: 'AUTH.BAD_CREDENTIALS' });
  });

  it('refuses a missing field with a translated key', async () => {
    const res = await post('/api/auth/signin', { login: 'prof-demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'VALIDATION.REQUIRED', field: 'password' });
  });

  it('refuses a school ticket with "Invalid ticket." and stores nothing', async () => {
    const res = await post('/api/auth/signin?ticket=ST-123', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid ticket.' });
  });

  it('slows down one account from one address after five failures, never another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { login: 'eleve05', password: 'nope-nope-1' },
        remoteAddress: '10.0.0.1',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ message: 'ERRORS.TOO_MANY_REQUESTS' });
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The owner, from another address, is not slowed.
    const owner = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { login: 'eleve05', password: DEMO.student.password },
      remoteAddress: '10.0.0.2',
    });
    expect(owner.statusCode).toBe(200);
    // Another student of the same school (same address) still signs in.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { login: 'eleve06', password: DEMO.student.password },
      remoteAddress: '10.0.0.1',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate on refresh, and a reused token revokes the whole family', async () => {
    const user = await signin(ctx.app, DEMO.sciences);
    const r1 = await post('/api/auth/refresh', { refreshToken: user.refreshToken });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().refreshToken as string;
    expect(second).not.toBe(user.refreshToken);
    // The new access token works.
    const me = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: bearer(r1.json().accessToken),
    });
    expect(me.statusCode).toBe(200);

    // Replaying the first token (past the grace window) is a theft signal.
    await ctx.database.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    const replay = await post('/api/auth/refresh', { refreshToken: user.refreshToken });
    expect(replay.statusCode).toBe(401);
    const afterTheft = await post('/api/auth/refresh', { refreshToken: second });
    expect(afterTheft.statusCode).toBe(401);
    expect(afterTheft.json()).toEqual({ message: 'AUTH.INVALID_REFRESH_TOKEN' });
  });

  it('logout revokes the refresh token', async () => {
    const user = await signin(ctx.app, DEMO.student);
    const out = await post('/api/auth/logout', { refreshToken: user.refreshToken });
    expect(out.statusCode).toBe(204);
    const res = await post('/api/auth/refresh', { refreshToken: user.refreshToken });
    expect(res.statusCode).toBe(401);
  });

  it('a forged or expired access token is not accepted', async () => {
    const user = await signin(ctx.app, DEMO.student);
    const forged = `${user.accessToken.split('.')[0]}.AAAA`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: bearer(forged),
    });
    expect(res.statusCode).toBe(401);
  });
});

const professor = (over: Record<string, unknown> = {}) => ({
  civility: 'MME',
  firstName: 'Sophie',
  lastName: 'Durand',
  email: 'sophie.durand@ac-lyon.fr',
  phone: '06 12 34 56 78',
  city: 'Villeurbanne',
  department: 'Rhône',
  school: 'Collège Les Iris',
  subjectIds: [] as string[],
  username: 'sdurand',
  password: 'Tableau-Noir-2026!',
  ...over,
});

describe('teacher sign-up, activation and approval', () => {
  let subjectId: string;
  beforeAll(async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subjects' });
    subjectId = res.json()[0].id;
  });

  it('checks every rule of the form', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: 'S' }, 'VALIDATION.NAME_TOO_SHORT', 'firstName'],
      [{ email: 'pas-une-adresse' }, 'VALIDATION.INVALID_EMAIL', 'email'],
      [{ phone: '123' }, 'VALIDATION.PHONE_INVALID', 'phone'],
      [{ city: '' }, 'VALIDATION.REQUIRED', 'city'],
      [{ subjectIds: [] }, 'VALIDATION.SUBJECT_REQUIRED', 'subjectIds'],
      [{ username: 'é-accent' }, 'VALIDATION.INVALID_USERNAME', 'username'],
      [{ password: 'court1!' }, 'VALIDATION.PASSWORD_TOO_SHORT', 'password'],
      [{ password: 'abcdefghijkl' }, 'VALIDATION.PASSWORD_NEEDS_SYMBOL_OR_DIGIT', 'password'],
      [{ password: 'azerty123' }, 'VALIDATION.PASSWORD_TOO_WEAK', 'password'],
      [{ username: 'prof-demo' }, 'VALIDATION.USERNAME_TAKEN', 'username'],
      [{ email: 'prof-demo@demo.classe-raid.fr' }, 'VALIDATION.EMAIL_TAKEN', 'email'],
    ];
    for (const [over, message, field] of cases) {
      const body = professor({ subjectIds: [subjectId], ...over });
      const res = await post('/api/auth/signup', body);
      expect(res.json(), JSON.stringify(over)).toMatchObject({ message, field });
    }
  });

  it('signs up, activates by mail, waits for the admin, then signs in', async () => {
    const res = await post('/api/auth/signup', professor({ subjectIds: [subjectId] }));
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    const blocked = await post('/api/auth/signin', { login: 'sdurand', password: 'Tableau-Noir-2026!' });
    expect(blocked.json()).toEqual({ message: 'AUTH.EMAIL_NOT_CONFIRMED' });

    const mail = await ctx.smtp.lastTo('sophie.durand@ac-lyon.fr');
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe('/register/professor/success');
    const token = link.searchParams.get('token') as string;

    const act = await ctx.app.inject({ method: 'PUT', url: '/api/auth/activate', payload: { token } });
    expect(act.json()).toEqual({ status: 'PENDING_APPROVAL' });
    const again = await ctx.app.inject({ method: 'PUT', url: '/api/auth/activate', payload: { token } });
    expect(again.json()).toEqual({ message: 'USERS.INVALID_LINK' });

    const adminMail = await ctx.smtp.lastTo('prof-demo@demo.classe-raid.fr');
    expect(adminMail.text).toContain('Sophie Durand');

    const pending = await post('/api/auth/signin', { login: 'sdurand', password: 'Tableau-Noir-2026!' });
    expect(pending.json()).toEqual({ message: 'AUTH.PENDING_APPROVAL' });

    const admin = await signin(ctx.app, DEMO.admin);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/pending/freemium',
      headers: bearer(admin.accessToken),
    });
    expect(list.json().map((p: { id: string }) => p.id)).toContain(id);

    const ok = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/active`,
      headers: bearer(admin.accessToken),
    });
    expect(ok.json()).toEqual({ id, status: 'ACTIVE' });
    const approvedMail = await ctx.smtp.lastTo('sophie.durand@ac-lyon.fr');
    expect(approvedMail.subject).toBe('Votre accès enseignant est validé');

    const user = await signin(ctx.app, { login: 'sdurand', password: 'Tableau-Noir-2026!' });
    expect(user.avatarId).toBeNull();
    expect(user.role).toBe('PROFESSOR');
  });

  it('sends the activation link again to a teacher who gives their password, three times an hour', async () => {
    const res = await post(
      '/api/auth/signup',
      professor({ subjectIds: [subjectId], email: 'perdu@ac-lyon.fr', username: 'lien-perdu' }),
    );
    expect(res.statusCode).toBe(201);
    const first = await ctx.smtp.lastTo('perdu@ac-lyon.fr');
    const creds = { login: 'lien-perdu', password: 'Tableau-Noir-2026!' };
    const wrong = await post('/api/auth/resend-activation', { ...creds, password: 'Pas-Le-Bon-2026!' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'AUTH.BAD_CREDENTIALS' });
    const again = await post('/api/auth/resend-activation', creds);
    expect(again.statusCode).toBe(204);
    const mailsTo = () => ctx.smtp.inbox.filter((m) => m.to.includes('perdu@ac-lyon.fr'));
    await vi.waitFor(() => expect(mailsTo()).toHaveLength(2));
    const second = mailsTo()[1];
    expect(second.subject).toBe('Confirmez votre adresse e-mail');
    expect(linkIn(second)).not.toBe(linkIn(first));
    // The new link confirms the address.
    const token = new URL(linkIn(second)).searchParams.get('token') as string;
    const act = await ctx.app.inject({ method: 'PUT', url: '/api/auth/activate', payload: { token } });
    expect(act.json()).toEqual({ status: 'PENDING_APPROVAL' });
    // Once confirmed nothing more is sent; the fourth request of the hour is refused.
    const before = ctx.smtp.inbox.length;
    expect((await post('/api/auth/resend-activation', creds)).statusCode).toBe(204);
    expect(ctx.smtp.inbox.length).toBe(before);
    const limited = await post('/api/auth/resend-activation', creds);
    expect(limited.statusCode).toBe(429);
    const bad = await post('/api/auth/resend-activation', { login: 'lien-perdu' });
    expect(bad.statusCode).toBe(400);
  });

  it('a rejected teacher is told the account is disabled and gets a mail', async () => {
    const res = await post(
      '/api/auth/signup',
      professor({
        subjectIds: [subjectId],
        email: 'refus@ac-lyon.fr',
        username: 'refuse-moi',
        language: 'en',
      }),
    );
    const { id } = res.json();
    const admin = await signin(ctx.app, DEMO.admin);
    const rej = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/reject`,
      headers: bearer(admin.accessToken),
    });
    expect(rej.json().status).toBe('REJECTED');
    const mail = await ctx.smtp.lastTo('refus@ac-lyon.fr');
    expect(mail.subject).toBe('Your teacher access request');
    const login = await post('/api/auth/signin', { login: 'refuse-moi', password: 'Tableau-Noir-2026!' });
    expect(login.json()).toEqual({ message: 'AUTH.USER_DISABLED' });
  });

  it('only an admin may list or decide access requests', async () => {
    const other = await signin(ctx.app, DEMO.sciences);
    const student = await signin(ctx.app, DEMO.student);
    for (const token of [other.accessToken, student.accessToken]) {
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/pending/freemium',
        headers: bearer(token),
      });
      expect(list.statusCode).toBe(403);
      const act = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${other.id}/active`,
        headers: bearer(token),
      });
      expect(act.statusCode).toBe(403);
    }
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/users/pending/freemium' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /api/auth/check-username', () => {
  it('says whether a username is free', async () => {
    const taken = await ctx.app.inject({ method: 'GET', url: '/api/auth/check-username/ELEVE01' });
    expect(taken.json()).toEqual({ available: false });
    const free = await ctx.app.inject({ method: 'GET', url: '/api/auth/check-username/nouvel-eleve' });
    expect(free.json()).toEqual({ available: true });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/auth/check-username/ab' });
    expect(bad.json()).toMatchObject({ message: 'VALIDATION.INVALID_USERNAME' });
  });
});
