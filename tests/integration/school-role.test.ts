// The SCHOOL role and the ENT approval (issue 14): a head or deputy signing in with a management
// profile sees its own school's teachers, classes and usage counts, approves its teachers' ENT access,
// and never reaches a pupil's answers or codex phrases. ENT teachers wait for "approve ENT" (the
// admin's or their school's); refused accounts join nothing. Real protocol code: SAML responses signed
// with xml-crypto, a CAS server over HTTP.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  professorSubjects,
  professors,
  schoolclasses,
  ssoDivisionClasses,
  students,
  studentsSchoolclasses,
  subjects,
  users,
} from '../../server/db/schema.js';
import { ERR } from '../../shared/errors.js';
import type { StoredUser } from '../../shared/types.js';
import { type CasStub, garEnv, PROFESSOR, PUPIL, signedResponse, startCasStub } from '../helpers/sso.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { docRoutes } from './helpers/openapi.js';

let ctx: TestContext;
let cas: CasStub;
const CAS_SERVICE = 'http://localhost:3000/api/ent/ent-role/callback';
const UAI = '0690001R';
const OTHER_UAI = '0130002S';

beforeAll(async () => {
  cas = await startCasStub();
  ctx = await createTestContext({
    ...garEnv(),
    ENT_CAS: JSON.stringify([{ id: 'ent-role', name: 'ENT Rôle', casUrl: cas.url, version: '3.0' }]),
  });
});
afterAll(async () => {
  await ctx.close();
  await cas.close();
});

const HEAD = { IDO: ['ido-head-1'], UAI: [UAI], PRO: ['National_dir'], NOM: ['Roux'], PRE: ['Anne'] };

async function garSignOn(attributes: Record<string, string[]>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/gar/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: signedResponse({ attributes }) }).toString(),
  });
}
async function entSignOn(user: string, attributes: Record<string, string[]>) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/ent/ent-role/callback?ticket=${cas.issue(CAS_SERVICE, user, attributes)}`,
  });
}
/** Follows a sign-on to its session: the ticket of the redirect, exchanged. */
async function sessionOf(res: { headers: Record<string, unknown> }): Promise<StoredUser> {
  const location = new URL(String(res.headers.location), 'http://localhost');
  const ticket = location.searchParams.get('ticket');
  expect(ticket, `redirected to ${res.headers.location}`).toBeTruthy();
  const ex = await ctx.app.inject({
    method: 'POST',
    url: `/api/auth/signin?ticket=${encodeURIComponent(ticket as string)}`,
  });
  expect(ex.statusCode, ex.body).toBe(200);
  return ex.json() as StoredUser;
}
const errorOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location), 'http://localhost').searchParams.get('error');
const get = (who: StoredUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });
const put = (who: StoredUser, url: string, payload?: object) =>
  ctx.app.inject({ method: 'PUT', url, payload, headers: bearer(who.accessToken) });
const entProfessor = (uai = UAI) => ({
  ENTPersonProfils: ['National_ENS'],
  ENTPersonStructRattachUAI: [uai],
  givenName: ['Hélène'],
  sn: ['Costa'],
  ENTAuxEnsClasses: ['3C##3EME C'],
});
const userIdOfSubject = async (subject: string) => {
  const { ssoIdentities } = await import('../../server/db/schema.js');
  const [row] = await ctx.database.db
    .select({ id: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.subject, subject));
  return row.id;
};

describe('the SCHOOL role', () => {
  let head: StoredUser;

  beforeAll(async () => {
    head = await sessionOf(await garSignOn(HEAD));
  });

  it('a head signing in with a management profile through the GAR is a SCHOOL account of its school', async () => {
    expect(head).toMatchObject({ role: 'SCHOOL', isGar: true, professorId: null, studentId: null });
    const [u] = await ctx.database.db.select().from(users).where(eq(users.id, head.id));
    expect(u).toMatchObject({ role: 'SCHOOL', uai: UAI, status: 'ACTIVE', email: null });
  });

  it('a management profile without a school (no UAI) is refused, and nothing is created', async () => {
    const [before] = await ctx.database.db.select({ n: count() }).from(users);
    const res = await garSignOn({ ...HEAD, IDO: ['ido-head-nouai'], UAI: [] });
    expect(errorOf(res)).toBe(ERR.SSO_PROFILE);
    const [after] = await ctx.database.db.select({ n: count() }).from(users);
    expect(after.n).toBe(before.n);
  });

  it('sees its own school only: its teachers, their classes and usage counts', async () => {
    const mine = await sessionOf(await garSignOn({ ...PROFESSOR, IDO: ['ido-role-t1'], UAI: [UAI] }));
    await sessionOf(
      await garSignOn({ ...PROFESSOR, IDO: ['ido-role-t2'], UAI: [OTHER_UAI], NOM: ['Autre'] }),
    );
    const [subject] = await ctx.database.db.select({ id: subjects.id }).from(subjects).limit(1);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/divisions/5B/class',
      headers: bearer(mine.accessToken),
      payload: { subjectId: subject.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    await sessionOf(await garSignOn({ ...PUPIL, IDO: ['ido-role-p1'], UAI: [UAI] }));

    const listed = (await get(head, '/api/school/teachers')).json() as { id: string; classes: number }[];
    expect(listed.map((t) => t.id)).toContain(mine.id);
    expect(listed.find((t) => t.id === mine.id)).toMatchObject({
      firstName: 'Claire',
      lastName: 'Durand',
      status: 'ACTIVE',
      entApproved: true,
      classes: 1,
    });
    expect(listed.every((t) => t.id !== head.id)).toBe(true);
    const names = JSON.stringify(listed);
    expect(names).not.toContain('Autre');

    const classes = (await get(head, '/api/school/classes')).json() as Record<string, unknown>[];
    expect(classes).toEqual([
      expect.objectContaining({
        id: created.json().id,
        name: '5EME B',
        level: 5,
        students: 1,
        professors: 1,
      }),
    ]);
    // Counts only: no pupil's name anywhere.
    expect(JSON.stringify(classes)).not.toContain('Martin');

    const usage = await get(head, '/api/school/usage?days=30');
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toMatchObject({ uai: UAI, days: 30, professors: 1, classes: 1, raidsPlayed: 0 });
    expect(Object.values(usage.json()).every((v) => typeof v === 'number' || v === UAI)).toBe(true);
  });

  it('never reaches a pupil’s answers, codex phrases, homework or analytics: every such route answers 403', async () => {
    const doc = await docRoutes(ctx.app);
    const pupilData = doc.filter(
      (r) =>
        r.access !== 'public' &&
        r.access !== 'school' &&
        /analytics|codex|homework|answer|session-logs\/amount|students|reports?|export/i.test(r.key),
    );
    expect(pupilData.length).toBeGreaterThan(15);
    const other = '00000000-0000-4000-8000-000000000001';
    for (const r of pupilData) {
      const [method, path] = r.key.split(' ');
      const url = path.replace(/:(\w+)/g, (_m, name) => (name === 'code' ? '5B' : other));
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        headers: bearer(head.accessToken),
      });
      // A route for a role: 403 before anything is read. A route any signed-in user may call about
      // themself (session counts): refused about anyone else (404, as it answers a teacher).
      const expected = r.access === 'signedIn' ? [403, 404] : [403];
      expect(expected, `${r.key} answered ${res.statusCode}`).toContain(res.statusCode);
    }
  });

  it('its routes: anonymous and forged 401, teachers and pupils 403', async () => {
    const admin = await signin(ctx.app, DEMO.admin);
    const pupil = await signin(ctx.app, DEMO.student);
    const doc = await docRoutes(ctx.app);
    const schoolRoutes = doc.filter((r) => r.access === 'school');
    expect(schoolRoutes.map((r) => r.key).sort()).toEqual([
      'GET /api/school/classes',
      'GET /api/school/teachers',
      'GET /api/school/usage',
      'PUT /api/school/teachers/:id/approve-ent',
      'PUT /api/school/teachers/:id/reject',
    ]);
    const someone = (await signin(ctx.app, DEMO.sciences)).id;
    for (const r of schoolRoutes) {
      const [method, path] = r.key.split(' ');
      const url = path.replace(':id', someone);
      const headers = [
        [{}, 401],
        [bearer(`${head.accessToken.split('.')[0]}.forged`), 401],
        [bearer(admin.accessToken), 403],
        [bearer(pupil.accessToken), 403],
      ] as const;
      for (const [h, status] of headers) {
        const res = await ctx.app.inject({ method: method as 'GET', url, headers: h });
        expect(res.statusCode, `${r.key}: ${res.body}`).toBe(status);
      }
      // A teacher who is not of the caller's school (the demo school has no UAI): untouched, 404.
      if (method === 'PUT') expect((await put(head, url)).statusCode).toBe(404);
    }
    const [sciences] = await ctx.database.db.select().from(users).where(eq(users.id, someone));
    expect(sciences.status).toBe('ACTIVE');
  });

  it('broken bodies and garbage ids and periods answer stable refusals', async () => {
    const stable = (res: { statusCode: number; body: string }, label: string) => {
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect((JSON.parse(res.body) as { message: string }).message, label).toMatch(/^[A-Z_]+(\.[A-Z_]+)+$/);
    };
    for (const days of ['0', '-1', 'abc', '367', '1.5', '%00'])
      stable(await get(head, `/api/school/usage?days=${days}`), `days=${days}`);
    const id = '00000000-0000-4000-8000-000000000002';
    for (const action of ['approve-ent', 'reject']) {
      for (const g of ['not-a-uuid', "' or 1=1 --", 'a'.repeat(400)])
        stable(await put(head, `/api/school/teachers/${encodeURIComponent(g)}/${action}`), `${action} ${g}`);
      for (const payload of ['{"a":', '[1,2]', '"x"', `{"a":"${'x'.repeat(1_100_000)}"}`])
        stable(
          await ctx.app.inject({
            method: 'PUT',
            url: `/api/school/teachers/${id}/${action}`,
            headers: { ...bearer(head.accessToken), 'content-type': 'application/json' },
            payload,
          }),
          `${action} ${payload.slice(0, 10)}`,
        );
    }
  });
});

describe('"approve ENT": ENT teachers wait for the admin or their school', () => {
  it('an ENT teacher’s first sign-in is refused with its message, and the admin sees the request without an e-mail', async () => {
    const res = await entSignOn('ent-pending-1', entProfessor());
    expect(errorOf(res)).toBe(ERR.SSO_PENDING_APPROVAL);
    const id = await userIdOfSubject('ent-pending-1');
    const admin = await signin(ctx.app, DEMO.admin);
    const pending = (await get(admin, '/api/users/pending/freemium')).json() as Record<string, unknown>[];
    expect(pending.find((p) => p.id === id)).toMatchObject({
      firstName: 'Hélène',
      lastName: 'Costa',
      email: '',
      isGar: true,
      uai: UAI,
      school: UAI,
      status: 'PENDING_APPROVAL',
    });
    // Approved by the admin, with no e-mail to send: the next sign-in opens a session.
    const approved = await put(admin, `/api/users/${id}/approve-ent`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ id, status: 'ACTIVE' });
    const [p] = await ctx.database.db.select().from(professors).where(eq(professors.userId, id));
    expect(p.entApproved).toBe(true);
    const professor = await sessionOf(await entSignOn('ent-pending-1', entProfessor()));
    expect(professor).toMatchObject({ role: 'PROFESSOR', id });
    // The ENT's teacher divisions (ENTAuxEnsClasses) are hers: the class of one in one click.
    const divisions = (await get(professor, '/api/sso/divisions')).json();
    expect(divisions).toEqual([expect.objectContaining({ code: '3C', name: '3EME C', level: 3 })]);
  });

  it('the head of the same school approves its teacher; another school’s head cannot (404)', async () => {
    await entSignOn('ent-pending-2', entProfessor());
    const id = await userIdOfSubject('ent-pending-2');
    const head = await sessionOf(await garSignOn({ ...HEAD, IDO: ['ido-head-2'] }));
    const otherHead = await sessionOf(await garSignOn({ ...HEAD, IDO: ['ido-head-3'], UAI: ['0130009Z'] }));
    const listed = (await get(head, '/api/school/teachers')).json() as { id: string; status: string }[];
    expect(listed[0]).toMatchObject({ id, status: 'PENDING_APPROVAL', entApproved: false });
    expect((await put(otherHead, `/api/school/teachers/${id}/approve-ent`)).statusCode).toBe(404);
    expect((await get(otherHead, '/api/school/teachers')).json()).toEqual([]);
    const res = await put(head, `/api/school/teachers/${id}/approve-ent`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await sessionOf(await entSignOn('ent-pending-2', entProfessor()))).id).toBe(id);
    // A pupil or the admin's own account is not a teacher of the school: 404.
    expect((await put(head, `/api/school/teachers/${head.id}/approve-ent`)).statusCode).toBe(404);
  });

  it('a rejected teacher is refused with its own message at every sign-on', async () => {
    await entSignOn('ent-rejected-1', entProfessor());
    const id = await userIdOfSubject('ent-rejected-1');
    const head = await sessionOf(await garSignOn({ ...HEAD, IDO: ['ido-head-4'] }));
    expect((await put(head, `/api/school/teachers/${id}/reject`)).statusCode).toBe(200);
    expect(errorOf(await entSignOn('ent-rejected-1', entProfessor()))).toBe(ERR.SSO_DISABLED);
  });

  it('GAR teachers come in at once: the school’s GAR assignment is its approval', async () => {
    const t = await sessionOf(await garSignOn({ ...PROFESSOR, IDO: ['ido-role-gar-direct'], UAI: [UAI] }));
    expect(t.role).toBe('PROFESSOR');
  });
});

describe('classes from divisions', () => {
  let professor: StoredUser;
  let subjectId: string;
  beforeAll(async () => {
    professor = await sessionOf(
      await garSignOn({ ...PROFESSOR, IDO: ['ido-div-teacher'], UAI: ['0330003T'], DIV: ['4D##4EME D'] }),
    );
    [{ id: subjectId }] = await ctx.database.db.select({ id: subjects.id }).from(subjects).limit(1);
  });
  const create = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/sso/divisions/4D/class',
      headers: bearer(professor.accessToken),
      payload: { subjectId },
    });

  it('a double click creates one class: both answers name it', async () => {
    const [a, b] = await Promise.all([create(), create()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect((await create()).json().id).toBe(a.json().id);
    const linked = await ctx.database.db
      .select()
      .from(ssoDivisionClasses)
      .where(and(eq(ssoDivisionClasses.uai, '0330003T'), eq(ssoDivisionClasses.divisionCode, '4D')));
    expect(linked).toHaveLength(1);
    const named = await ctx.database.db.select().from(schoolclasses).where(eq(schoolclasses.name, '4EME D'));
    expect(named).toHaveLength(1);
  });

  it('a pupil the teacher removed from the division’s class is not put back at the next sign-in', async () => {
    const classId = (await create()).json().id as string;
    const pupilAttrs = { ...PUPIL, IDO: ['ido-div-pupil'], UAI: ['0330003T'], DIV: ['4D##4EME D'] };
    const pupil = await sessionOf(await garSignOn(pupilAttrs));
    const member = () =>
      ctx.database.db
        .select()
        .from(studentsSchoolclasses)
        .where(
          and(
            eq(studentsSchoolclasses.studentId, pupil.studentId as string),
            eq(studentsSchoolclasses.schoolclassId, classId),
          ),
        );
    expect(await member()).toHaveLength(1);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/schoolclasses/${classId}/students/${pupil.studentId}`,
      headers: bearer(professor.accessToken),
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await sessionOf(await garSignOn(pupilAttrs));
    expect(await member()).toHaveLength(0);
  });

  it('a disabled pupil joins no class at sign-in, and is refused with its message', async () => {
    const attrs = { ...PUPIL, IDO: ['ido-div-disabled'], UAI: ['0330003T'], DIV: ['4D##4EME D'] };
    const pupil = await sessionOf(await garSignOn({ ...attrs, DIV: [] }));
    await ctx.database.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, pupil.id));
    expect(errorOf(await garSignOn(attrs))).toBe(ERR.SSO_DISABLED);
    const [s] = await ctx.database.db.select().from(students).where(eq(students.userId, pupil.id));
    const rows = await ctx.database.db
      .select()
      .from(studentsSchoolclasses)
      .where(eq(studentsSchoolclasses.studentId, s.id));
    expect(rows).toEqual([]);
  });
});

describe('gar-signup: the subjects step', () => {
  it('suggests the subjects the GAR sent (P_MAT) and saves the teacher’s choice', async () => {
    const t = await sessionOf(
      await garSignOn({
        ...PROFESSOR,
        IDO: ['ido-subjects-1'],
        P_MAT: ['061300##MATHEMATIQUES', '030201##ANGLAIS LV1'],
      }),
    );
    const all = await ctx.database.db.select({ id: subjects.id, code: subjects.code }).from(subjects);
    const idOf = (code: string) => all.find((s) => s.code === code)?.id as string;
    const suggested = await get(t, '/api/sso/subjects');
    expect(suggested.json()).toEqual({
      subjectIds: [idOf('MATHEMATICS'), idOf('ENGLISH')],
      source: 'school',
    });
    const saved = await put(t, `/api/professors/${t.professorId}`, { subjectIds: [idOf('MATHEMATICS')] });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(professorSubjects)
      .where(eq(professorSubjects.professorId, t.professorId as string));
    expect(rows.map((r) => r.subjectId)).toEqual([idOf('MATHEMATICS')]);
    // Once on record, the teacher's own choice is what the step ticks (as for a teacher who chose
    // subjects when registering): the page no longer says the school sent them.
    expect((await get(t, '/api/sso/subjects')).json()).toEqual({
      subjectIds: [idOf('MATHEMATICS')],
      source: 'record',
    });
    // Their names stay the school's.
    expect((await put(t, `/api/professors/${t.professorId}`, { firstName: 'Autre' })).statusCode).toBe(403);
  });
});
