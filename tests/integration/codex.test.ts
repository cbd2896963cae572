// Codex routes (SPEC point 7): students write to their teachers, teachers moderate. Each route's
// success, each error message, and who may not see or touch what.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CODEX } from '../../server/db/demo/raids.js';
import { professorsSchoolclasses, subjects, users } from '../../server/db/schema.js';
import type { Phrase, StudentProfessor } from '../../shared/codex.js';
import { CODEX_MAX_LENGTH } from '../../shared/constants.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let prof: StoredUser;
let sciences: StoredUser;
let student: StoredUser; // eleve10, 5e B (prof-demo, maths)
let classmate: StoredUser; // eleve11, 5e B
let otherClass: StoredUser; // eleve31, 2nde A (prof-sciences, physics)
let maths: { schoolclassId: string; subjectId: string };
let physics: { schoolclassId: string; subjectId: string };

const pwd = DEMO.student.password;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: StoredUser, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? bearer(who.accessToken) : {} });
const teaching = async (who: StoredUser) =>
  ((await req('GET', `/api/professors/students/${who.studentId}`, who)).json() as StudentProfessor[])[0]
    .teaching[0];
const draft = (text: string, over: object = {}) => ({
  professorId: prof.professorId,
  subjectId: maths.subjectId,
  schoolclassId: maths.schoolclassId,
  text,
  ...over,
});
const profList = async (who = prof, query = '') =>
  (await req('GET', `/api/codex/professors/${who.professorId}${query}`, who)).json() as Phrase[];
const seeded = async (status: number) => {
  const text = DEMO_CODEX.find((c) => c.status === status)?.text;
  const all = [...(await profList()), ...(await profList(prof, '?trash=true'))];
  const e = all.find((c) => c.text === text);
  if (!e) throw new Error(`no seeded phrase with status ${status}`);
  return e;
};

beforeAll(async () => {
  ctx = await createTestContext();
  [prof, sciences, student, classmate, otherClass] = await Promise.all([
    signin(ctx.app, DEMO.admin),
    signin(ctx.app, DEMO.sciences),
    signin(ctx.app, { login: 'eleve10', password: pwd }),
    signin(ctx.app, { login: 'eleve11', password: pwd }),
    signin(ctx.app, DEMO.studentOfOtherClass),
  ]);
  maths = await teaching(student);
  physics = await teaching(otherClass);
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/professors/students/{studentId}', () => {
  it("lists the teachers of the student's classes with the classes and subjects they teach there", async () => {
    const res = await req('GET', `/api/professors/students/${student.studentId}`, student);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: prof.professorId,
        civility: 'MME',
        firstName: 'Claire',
        lastName: 'Fontaine',
        teaching: [
          {
            schoolclassId: maths.schoolclassId,
            schoolclassName: '5e B',
            subjectId: maths.subjectId,
            subjectCode: 'MATHEMATICS',
          },
        ],
      },
    ]);
    const other = (await req('GET', `/api/professors/students/${otherClass.studentId}`, otherClass)).json();
    expect(other.map((p: StudentProfessor) => p.lastName)).toEqual(['Lemaire']);
  });

  it('refuses anonymous callers, another student and teachers', async () => {
    const url = `/api/professors/students/${student.studentId}`;
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, classmate)).statusCode).toBe(403);
    expect((await req('GET', url, prof)).statusCode).toBe(403);
    expect((await req('GET', '/api/professors/students/nope', student)).statusCode).toBe(400);
  });
});

describe('POST /api/codex/', () => {
  it('stores a trimmed PENDING phrase addressed to the teacher and answers it', async () => {
    const res = await req('POST', '/api/codex/', student, {
      ...draft('  Le périmètre du cercle vaut 2πr.  '),
      studentId: student.studentId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      text: 'Le périmètre du cercle vaut 2πr.',
      status: 0,
      flagged: false,
      professorId: prof.professorId,
      studentId: student.studentId,
      subject: { code: 'MATHEMATICS' },
      schoolclass: { name: '5e B' },
      firstName: 'Gabriel',
    });
    expect(new Date(res.json().date).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Without the trailing slash too.
    expect((await req('POST', '/api/codex', student, draft('Un angle droit mesure 90°.'))).statusCode).toBe(
      201,
    );
  });

  it('flags a phrase with a rude word, written any way', async () => {
    const res = await req('POST', '/api/codex/', student, draft('Le théorème de Pythagore est c0nnnnard'));
    expect(res.statusCode).toBe(201);
    expect(res.json().flagged).toBe(true);
    const clean = await req('POST', '/api/codex/', student, draft('Un conte sur le concours de calcul.'));
    expect(clean.json().flagged).toBe(false);
  });

  it('answers a duplicate (same student and teacher, case ignored) with "Tu as déjà écrit cette phrase."', async () => {
    expect((await req('POST', '/api/codex/', student, draft('Deux droites parallèles.'))).statusCode).toBe(
      201,
    );
    const dup = await req('POST', '/api/codex/', student, draft('  DEUX droites PARALLÈLES.'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'ERRORS.CODEX_DUPLICATE', field: 'text' });
    // Another student may write the same phrase.
    expect((await req('POST', '/api/codex/', classmate, draft('Deux droites parallèles.'))).statusCode).toBe(
      201,
    );
  });

  it.each([
    ['professorId', { professorId: undefined }, 'CODEX_FORM.ERRORS.PROFESSOR_REQUIRED'],
    ['professorId', { professorId: '' }, 'CODEX_FORM.ERRORS.PROFESSOR_REQUIRED'],
    ['subjectId', { subjectId: undefined }, 'CODEX_FORM.ERRORS.SUBJECT_REQUIRED'],
    ['schoolclassId', { schoolclassId: 'x' }, 'CODEX_FORM.ERRORS.SCHOOLCLASS_REQUIRED'],
    ['text', { text: undefined }, 'CODEX_FORM.ERRORS.TEXT_REQUIRED'],
    ['text', { text: '   ' }, 'CODEX_FORM.ERRORS.TEXT_REQUIRED'],
    ['text', { text: 'a'.repeat(CODEX_MAX_LENGTH + 1) }, 'CODEX_FORM.ERRORS.TEXT_TOO_LONG'],
  ])('refuses a missing or bad %s with its key (%o)', async (field, over, message) => {
    const res = await req('POST', '/api/codex/', student, draft('Une phrase juste.', over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
  });

  it(`accepts exactly ${CODEX_MAX_LENGTH} characters`, async () => {
    const res = await req('POST', '/api/codex/', student, draft('b'.repeat(CODEX_MAX_LENGTH)));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a teacher who does not teach that subject to that class, and a class the student is not in', async () => {
    // prof-sciences does not teach 5e B.
    const wrongProf = await req(
      'POST',
      '/api/codex/',
      student,
      draft('Phrase.', { professorId: sciences.professorId }),
    );
    expect(wrongProf.statusCode).toBe(404);
    // Right teacher, wrong subject.
    const wrongSubject = await req(
      'POST',
      '/api/codex/',
      student,
      draft('Phrase.', { subjectId: physics.subjectId }),
    );
    expect(wrongSubject.statusCode).toBe(404);
    // eleve31 is not in 5e B.
    expect((await req('POST', '/api/codex/', otherClass, draft('Phrase.'))).statusCode).toBe(404);
    expect(wrongProf.json().message).toBe('ERRORS.NOT_FOUND');
  });

  it('refuses anonymous callers, teachers and a phrase signed with another student', async () => {
    expect((await req('POST', '/api/codex/', undefined, draft('Phrase.'))).statusCode).toBe(401);
    expect((await req('POST', '/api/codex/', prof, draft('Phrase.'))).statusCode).toBe(403);
    const forged = await req(
      'POST',
      '/api/codex/',
      student,
      draft('Phrase.', { studentId: classmate.studentId }),
    );
    expect(forged.statusCode).toBe(403);
    const mine = (await req('GET', `/api/codex/students/${classmate.studentId}`, classmate)).json();
    expect(mine.some((c: Phrase) => c.text === 'Phrase.')).toBe(false);
  });
});

describe('GET /api/codex/students/{id}', () => {
  it("answers the student's own phrases only, newest first", async () => {
    const res = await req('GET', `/api/codex/students/${classmate.studentId}`, classmate);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Phrase[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.studentId === classmate.studentId)).toBe(true);
    const dates = list.map((c) => c.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list[0]).toMatchObject({ professor: { lastName: 'Fontaine' }, subject: { code: 'MATHEMATICS' } });
  });

  it('refuses anonymous callers, another student and teachers', async () => {
    const url = `/api/codex/students/${student.studentId}`;
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, classmate)).statusCode).toBe(403);
    expect((await req('GET', url, prof)).statusCode).toBe(403);
  });
});

describe('GET /api/codex/professors/{id}', () => {
  it('answers the phrases written to the teacher with author, subject, class and date; the trash apart', async () => {
    const list = await profList();
    expect(list.map((c) => c.status).sort()).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    expect(list.some((c) => c.status === 4)).toBe(false);
    expect(list.every((c) => c.professorId === prof.professorId)).toBe(true);
    const first = list.find((c) => c.text === DEMO_CODEX[0].text);
    expect(first).toMatchObject({
      firstName: 'Emma',
      schoolclass: { name: '5e B' },
      subject: { code: 'MATHEMATICS' },
    });
    expect(first?.date).toMatch(/^\d{4}-\d\d-\d\dT/);
    const trash = await profList(prof, '?trash=true');
    expect(trash.length).toBeGreaterThan(0);
    expect(trash.every((c) => c.status === 4)).toBe(true);
  });

  it("never shows another teacher's phrases", async () => {
    expect((await req('GET', `/api/codex/professors/${prof.professorId}`, sciences)).statusCode).toBe(403);
    const mine = await profList(sciences);
    expect(mine.every((c) => c.professorId === sciences.professorId)).toBe(true);
    expect(mine.some((c) => c.schoolclass.name === '5e B')).toBe(false);
  });

  it('refuses anonymous callers, students and a bad query', async () => {
    const url = `/api/codex/professors/${prof.professorId}`;
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, student)).statusCode).toBe(403);
    expect((await req('GET', `${url}?trash=maybe`, prof)).json()).toEqual({
      message: 'ERRORS.INVALID_BODY',
      field: 'trash',
    });
  });
});

describe('PUT /api/codex/{id}', () => {
  const put = (id: string, status: unknown, who: StoredUser | null = prof) =>
    req('PUT', `/api/codex/${id}`, who ?? undefined, { status });

  it('approves, rejects and approves again a phrase', async () => {
    const c = (await req('POST', '/api/codex/', student, draft('Un carré a quatre côtés égaux.'))).json();
    expect((await put(c.id, 1)).json()).toMatchObject({ id: c.id, status: 1 });
    expect((await put(c.id, 2)).json()).toMatchObject({ status: 2 });
    expect((await put(c.id, 1)).json()).toMatchObject({ status: 1 });
    // Same status again: nothing changes.
    expect((await put(c.id, 1)).statusCode).toBe(200);
    const history = (await req('GET', `/api/codex/students/${student.studentId}`, student)).json();
    expect(history.find((x: Phrase) => x.id === c.id).status).toBe(1);
  });

  it('answers "This codex has already been sent" for a phrase already shown in the game', async () => {
    const shown = await seeded(3);
    const res = await put(shown.id, 2);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'ERRORS.CODEX_ALREADY_SENT' });
    expect((await profList()).find((c) => c.id === shown.id)?.status).toBe(3);
  });

  it('refuses a change outside the allowed transitions, and a status the game alone sets', async () => {
    const approved = await seeded(1);
    const back = await put(approved.id, 0);
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ message: 'CODEX.ERRORS.TRANSITION' });
    for (const bad of [3, 4, 'APPROVED', null]) {
      const res = await put(approved.id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('ERRORS.INVALID_BODY');
    }
  });

  it("refuses anonymous callers, students and another teacher's phrase", async () => {
    const pending = await seeded(0);
    expect((await put(pending.id, 1, null)).statusCode).toBe(401);
    expect((await put(pending.id, 1, student)).statusCode).toBe(403);
    expect((await put(pending.id, 1, sciences)).statusCode).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
    expect((await profList()).find((c) => c.id === pending.id)?.status).toBe(0);
  });
});

describe('DELETE /api/codex/{id}', () => {
  it('moves a phrase to the trash, from which the teacher restores it to PENDING', async () => {
    const c = (await req('POST', '/api/codex/', classmate, draft('Le cube a six faces.'))).json();
    const res = await req('DELETE', `/api/codex/${c.id}`, prof);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, status: 4 });
    expect((await profList()).some((x) => x.id === c.id)).toBe(false);
    expect((await profList(prof, '?trash=true')).some((x) => x.id === c.id)).toBe(true);
    expect((await req('PUT', `/api/codex/${c.id}`, prof, { status: 1 })).json()).toEqual({
      message: 'CODEX.ERRORS.TRANSITION',
    });
    expect((await req('PUT', `/api/codex/${c.id}`, prof, { status: 0 })).json()).toMatchObject({ status: 0 });
  });

  it('trashes a phrase already shown in the game too', async () => {
    const shown = await seeded(3);
    expect((await req('DELETE', `/api/codex/${shown.id}`, prof)).json()).toMatchObject({ status: 4 });
  });

  it("refuses anonymous callers, students and another teacher's phrase", async () => {
    const c = (await req('POST', '/api/codex/', classmate, draft('La sphère est ronde.'))).json();
    expect((await req('DELETE', `/api/codex/${c.id}`)).statusCode).toBe(401);
    expect((await req('DELETE', `/api/codex/${c.id}`, classmate)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/codex/${c.id}`, sciences)).statusCode).toBe(404);
    expect((await profList()).find((x) => x.id === c.id)?.status).toBe(0);
  });
});

describe('GET /api/students/codex/subjects/{subjectId}/schoolclasses/{schoolclassId}/professors/{professorId}', () => {
  const url = (who: StoredUser, t: { subjectId: string; schoolclassId: string }) =>
    `/api/students/codex/subjects/${t.subjectId}/schoolclasses/${t.schoolclassId}/professors/${who.professorId}`;

  it('lists the students of the class who wrote to the teacher, with their phrases', async () => {
    const res = await req('GET', url(prof, maths), prof);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; firstName: string; codexes: { id: string; status: number }[] }[];
    const cl = list.find((s) => s.id === classmate.studentId);
    expect(cl?.codexes.length).toBeGreaterThan(0);
    expect(list.find((s) => s.firstName === 'Emma')?.codexes).toEqual([
      { id: expect.any(String), status: 0 },
    ]);
    expect(list.flatMap((s) => s.codexes).some((c) => c.status === 4)).toBe(false);
  });

  it("refuses anonymous callers, students and another teacher's class", async () => {
    expect((await req('GET', url(prof, maths))).statusCode).toBe(401);
    expect((await req('GET', url(prof, maths), student)).statusCode).toBe(403);
    expect((await req('GET', url(prof, maths), sciences)).statusCode).toBe(403);
    expect((await req('GET', url(sciences, maths), sciences)).statusCode).toBe(404);
    expect((await req('GET', url(sciences, physics), sciences)).json()).toEqual([]);
  });
});

describe('the rude-word flag and the teacher’s state', () => {
  it('reads "con" as "with" in an Italian class and as an insult in a maths class', async () => {
    const { db } = ctx.database;
    const [italian] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.code, 'ITALIAN'));
    await db.insert(professorsSchoolclasses).values({
      professorId: prof.professorId as string,
      schoolclassId: maths.schoolclassId,
      subjectId: italian.id,
    });
    const italianPhrase = await req(
      'POST',
      '/api/codex/',
      classmate,
      draft('Vado al mare con mia sorella.', { subjectId: italian.id }),
    );
    expect(italianPhrase.json()).toMatchObject({ flagged: false, subject: { code: 'ITALIAN' } });
    const fr = await req('POST', '/api/codex/', classmate, draft('Le prof est con.'));
    expect(fr.json().flagged).toBe(true);
    // The form now offers both subjects of that teacher.
    const offered = (await req('GET', `/api/professors/students/${classmate.studentId}`, classmate)).json();
    expect(offered[0].teaching.map((x: { subjectCode: string }) => x.subjectCode).sort()).toEqual([
      'ITALIAN',
      'MATHEMATICS',
    ]);
  });

  it('neither offers nor accepts a teacher whose account is no longer active', async () => {
    const { db } = ctx.database;
    const setStatus = (status: 'ACTIVE' | 'DISABLED') =>
      db.update(users).set({ status }).where(eq(users.id, prof.id));
    await setStatus('DISABLED');
    try {
      expect((await req('GET', `/api/professors/students/${student.studentId}`, student)).json()).toEqual([]);
      expect((await req('POST', '/api/codex/', student, draft('Encore une phrase.'))).statusCode).toBe(404);
    } finally {
      await setStatus('ACTIVE');
    }
  });
});

describe('POST /api/codex/ rate limit', () => {
  it('refuses a 31st phrase within 10 minutes from the same student', async () => {
    const s = await signin(ctx.app, { login: 'eleve12', password: pwd });
    for (let i = 1; i <= 30; i++)
      expect((await req('POST', '/api/codex/', s, draft(`Phrase numéro ${i}`))).statusCode).toBe(201);
    const res = await req('POST', '/api/codex/', s, draft('Une de trop'));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('ERRORS.TOO_MANY_REQUESTS');
    expect((await req('GET', `/api/codex/students/${s.studentId}`, s)).json()).toHaveLength(30);
  });
});
