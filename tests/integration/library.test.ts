// Shared library, teacher homework and the teacher's account (issue 4): success, each error, and who
// may call each route.
import { copyFileSync, existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/app.js';
import {
  answers,
  chapters,
  homeworkCompletions,
  professors,
  questions,
  raids,
  students,
  subjects,
  users,
} from '../../server/db/schema.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let demo: StoredUser;
let sciences: StoredUser;
let student: StoredUser;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  demo = await signin(ctx.app, DEMO.admin);
  sciences = await signin(ctx.app, DEMO.sciences);
  student = await signin(ctx.app, DEMO.student);
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, who?: StoredUser, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? bearer(who.accessToken) : {} });

async function raidId(title: string) {
  const [r] = await db().select({ id: raids.id }).from(raids).where(eq(raids.title, title));
  return r.id;
}
async function subjectId(code: string) {
  const [s] = await db().select({ id: subjects.id }).from(subjects).where(eq(subjects.code, code));
  return s.id;
}
async function setSharing(professorId: string, shareRaids: boolean) {
  await db().update(professors).set({ shareRaids }).where(eq(professors.id, professorId));
}
async function setShared(title: string, shared: boolean) {
  await db().update(raids).set({ shared }).where(eq(raids.title, title));
}
async function newChapter(who: StoredUser, name: string, level = 5, subject = 'MATHEMATICS') {
  const [c] = await db()
    .insert(chapters)
    .values({ professorId: who.professorId as string, name, level, subjectId: await subjectId(subject) })
    .returning({ id: chapters.id });
  return c.id;
}
async function newRaid(who: StoredUser, chapterId: string, title: string, texts: string[]) {
  const [r] = await db()
    .insert(raids)
    .values({ professorId: who.professorId as string, chapterId, title })
    .returning({ id: raids.id });
  for (const [position, text] of texts.entries()) {
    const [q] = await db()
      .insert(questions)
      .values({ raidId: r.id, position, text })
      .returning({ id: questions.id });
    await db()
      .insert(answers)
      .values([
        { questionId: q.id, position: 0, text: 'Oui', isCorrect: true },
        { questionId: q.id, position: 1, text: 'Non', isCorrect: false },
      ]);
  }
  return r.id;
}
const questionTexts = async (id: string) =>
  (
    await db()
      .select({ text: questions.text })
      .from(questions)
      .where(eq(questions.raidId, id))
      .orderBy(questions.position)
  ).map((q) => q.text);
const titles = (res: { json: () => unknown }) => (res.json() as { title: string }[]).map((r) => r.title);

describe('GET /api/library/raids', () => {
  it('lists only raids other teachers share, with a sharing author whose account is active', async () => {
    expect((await req('GET', '/api/library/raids', demo)).json()).toEqual([]);
    await setSharing(sciences.professorId as string, true);
    // Sharing on, but no raid marked shared: nothing yet.
    expect((await req('GET', '/api/library/raids', demo)).json()).toEqual([]);
    await setShared('Vitesse et forces', true);
    const res = await req('GET', '/api/library/raids', demo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: await raidId('Vitesse et forces'),
        title: 'Vitesse et forces',
        level: 2,
        chapterName: 'Mouvement et interactions',
        subject: expect.objectContaining({ code: 'PHYSICS_CHEMISTRY' }),
        author: { civility: 'M', lastName: 'Lemaire' },
        questionCount: expect.any(Number),
      }),
    ]);
    expect(res.json()[0].questionCount).toBeGreaterThanOrEqual(5);
    expect(res.body).not.toMatch(/passwordHash|password_hash|email/);
    // The author never sees their own raids in the library.
    expect((await req('GET', '/api/library/raids', sciences)).json()).toEqual([]);
  });

  it('hides every raid of a teacher who turned sharing off, or whose account is not active', async () => {
    await setSharing(sciences.professorId as string, false);
    expect((await req('GET', '/api/library/raids', demo)).json()).toEqual([]);
    await setSharing(sciences.professorId as string, true);
    await db().update(users).set({ status: 'DISABLED' }).where(eq(users.id, sciences.id));
    expect((await req('GET', '/api/library/raids', demo)).json()).toEqual([]);
    await db().update(users).set({ status: 'ACTIVE' }).where(eq(users.id, sciences.id));
    expect(titles(await req('GET', '/api/library/raids', demo))).toEqual(['Vitesse et forces']);
  });

  it('filters by level and subject of the chapter', async () => {
    const physics = await subjectId('PHYSICS_CHEMISTRY');
    const maths = await subjectId('MATHEMATICS');
    const q = (query: string) => req('GET', `/api/library/raids?${query}`, demo).then(titles);
    expect(await q('level=2')).toEqual(['Vitesse et forces']);
    expect(await q('level=5')).toEqual([]);
    expect(await q(`subjectId=${physics}`)).toEqual(['Vitesse et forces']);
    expect(await q(`subjectId=${maths}`)).toEqual([]);
    expect(await q(`level=2&subjectId=${physics}`)).toEqual(['Vitesse et forces']);
  });

  it('searches titles and question texts, ignoring case and accents', async () => {
    const q = (text: string) =>
      req('GET', `/api/library/raids?q=${encodeURIComponent(text)}`, demo).then(titles);
    expect(await q('VITESSE')).toEqual(['Vitesse et forces']);
    expect(await q('duree')).toEqual(['Vitesse et forces']); // "durée" in a question
    expect(await q('CYCLISTE')).toEqual(['Vitesse et forces']);
    expect(await q('pythagore')).toEqual([]);
    expect(await q('%')).toEqual([]); // a literal percent sign, not a wildcard
    expect(await q('   ')).toEqual(['Vitesse et forces']);
  });

  it('refuses bad filters, students and anonymous callers', async () => {
    for (const query of ['level=9', 'level=abc', 'subjectId=maths', `q=${'x'.repeat(201)}`]) {
      const res = await req('GET', `/api/library/raids?${query}`, demo);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('ERRORS.INVALID_BODY');
    }
    expect((await req('GET', '/api/library/raids', student)).statusCode).toBe(403);
    expect((await req('GET', '/api/library/raids')).statusCode).toBe(401);
  });
});

describe('GET /api/library/raids/{raidId}', () => {
  it('shows a shared raid with its questions and answers in order', async () => {
    const res = await req('GET', `/api/library/raids/${await raidId('Vitesse et forces')}`, demo);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.author).toEqual({ civility: 'M', lastName: 'Lemaire' });
    expect(r.questions[0]).toMatchObject({
      text: 'Un cycliste parcourt 30 km en 1 h 30. Sa vitesse moyenne est :',
      answers: [
        { text: '20 km/h', isCorrect: true },
        { text: '45 km/h', isCorrect: false },
        { text: '30 km/h', isCorrect: false },
        { text: '15 km/h', isCorrect: false },
      ],
    });
    expect(r.questions[1]).toMatchObject({ equationMode: true });
  });

  it('answers 404 for an unshared raid, one’s own raid, an unknown raid; 403 students; 401 anonymous', async () => {
    expect((await req('GET', `/api/library/raids/${await raidId('Les fractions')}`, demo)).statusCode).toBe(
      404,
    );
    const shared = await raidId('Vitesse et forces');
    expect((await req('GET', `/api/library/raids/${shared}`, sciences)).statusCode).toBe(404);
    expect((await req('GET', `/api/library/raids/${crypto.randomUUID()}`, demo)).statusCode).toBe(404);
    expect((await req('GET', '/api/library/raids/nope', demo)).statusCode).toBe(400);
    expect((await req('GET', `/api/library/raids/${shared}`, student)).statusCode).toBe(403);
    expect((await req('GET', `/api/library/raids/${shared}`)).statusCode).toBe(401);
  });
});

describe('POST /api/library/raids/{raidId}/copy', () => {
  let demoChapter: string;
  let sciencesChapter: string;
  beforeAll(async () => {
    demoChapter = await newChapter(demo, 'Ma bibliothèque');
    sciencesChapter = await newChapter(sciences, 'Repris de collègues', 2, 'PHYSICS_CHEMISTRY');
  });

  it('copies a whole raid with answers into a new raid of the chapter; a second copy gets " (2)"', async () => {
    const source = await raidId('Vitesse et forces');
    const res = await req('POST', `/api/library/raids/${source}/copy`, demo, { chapterId: demoChapter });
    expect(res.statusCode).toBe(201);
    const out = res.json();
    expect(out).toMatchObject({ chapterId: demoChapter, title: 'Vitesse et forces', skipped: [] });
    expect(await questionTexts(out.raidId)).toEqual(await questionTexts(source));
    const [copy] = await db().select().from(raids).where(eq(raids.id, out.raidId));
    expect(copy).toMatchObject({ professorId: demo.professorId, shared: false, isHomework: false });
    // The copy belongs to the caller: their raid list shows it, the library does not.
    expect(titles(await req('GET', '/api/library/raids', demo))).toEqual(['Vitesse et forces']);
    const again = await req('POST', `/api/library/raids/${source}/copy`, demo, { chapterId: demoChapter });
    expect(again.json().title).toBe('Vitesse et forces (2)');
    const third = await req('POST', `/api/library/raids/${source}/copy`, demo, { chapterId: demoChapter });
    expect(third.json().title).toBe('Vitesse et forces (3)');
  });

  it('copies the image file under a new name: deleting the original leaves the copy intact', async () => {
    await setSharing(demo.professorId as string, true);
    await setShared('Puissances et Pythagore', true);
    const source = await raidId('Puissances et Pythagore');
    // This test's data folder starts empty: put the demo image where the seed puts it.
    const dir = path.join(ctx.dataDir, 'uploads', 'questions');
    mkdirSync(dir, { recursive: true });
    copyFileSync(
      path.join(ROOT_DIR, 'assets', 'demo', 'triangle-rectangle.png'),
      path.join(dir, 'triangle-rectangle.png'),
    );
    const res = await req('POST', `/api/library/raids/${source}/copy`, sciences, {
      chapterId: sciencesChapter,
    });
    expect(res.statusCode).toBe(201);
    const [withImage] = await db()
      .select({ imagePath: questions.imagePath })
      .from(questions)
      .where(
        and(
          eq(questions.raidId, res.json().raidId),
          eq(questions.text, 'Dans ce triangle rectangle en A, combien mesure BC ?'),
        ),
      );
    expect(withImage.imagePath).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(withImage.imagePath).not.toBe('triangle-rectangle.png');
    expect(readFileSync(path.join(dir, withImage.imagePath as string))).toEqual(
      readFileSync(path.join(dir, 'triangle-rectangle.png')),
    );
    unlinkSync(path.join(dir, 'triangle-rectangle.png'));
    expect(existsSync(path.join(dir, withImage.imagePath as string))).toBe(true);
    // The original's file is gone: a later copy keeps the question, without the image, and says so.
    const later = await req('POST', `/api/library/raids/${source}/copy`, sciences, {
      chapterId: sciencesChapter,
    });
    expect(later.json()).toMatchObject({ missingImages: 1, title: 'Puissances et Pythagore (2)' });
    await setShared('Puissances et Pythagore', false);
    await setSharing(demo.professorId as string, false);
  });

  it('adds selected questions to an existing raid, skipping and reporting texts it already has', async () => {
    const source = await raidId('Vitesse et forces');
    const detail = (await req('GET', `/api/library/raids/${source}`, demo)).json();
    const target = await newRaid(demo, demoChapter, 'Mes forces', ['Sur terre, G vaut environ :']);
    const picked = [detail.questions[2].id, detail.questions[4].id];
    const res = await req('POST', `/api/library/raids/${source}/copy`, demo, {
      chapterId: demoChapter,
      targetRaidId: target,
      questionIds: picked,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ raidId: target, title: 'Mes forces', copied: 1 });
    expect(res.json().skipped).toEqual(['Sur Terre, g vaut environ :']);
    expect(await questionTexts(target)).toEqual([
      'Sur terre, G vaut environ :',
      'Quelle est l’unité du newton ?',
    ]);
  });

  it('keeps a suffixed title within 75 characters', async () => {
    const long = 'R'.repeat(75);
    const ch = await newChapter(sciences, 'Titres longs', 2, 'PHYSICS_CHEMISTRY');
    const id = await newRaid(sciences, ch, long, ['Question longue ?']);
    await db().update(raids).set({ shared: true }).where(eq(raids.id, id));
    await newRaid(demo, demoChapter, long, ['Autre ?']);
    const res = await req('POST', `/api/library/raids/${id}/copy`, demo, { chapterId: demoChapter });
    expect(res.json().title).toBe(`${'R'.repeat(71)} (2)`);
    await db().update(raids).set({ shared: false }).where(eq(raids.id, id));
  });

  it('refuses more questions than a raid may hold, and leaves the target raid as it was', async () => {
    const source = await raidId('Vitesse et forces');
    const texts = Array.from({ length: 199 }, (_, i) => `Question numéro ${i} ?`);
    const full = await newRaid(demo, demoChapter, 'Presque plein', texts);
    const res = await req('POST', `/api/library/raids/${source}/copy`, demo, {
      chapterId: demoChapter,
      targetRaidId: full,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('RAIDS.ERRORS.TOO_MANY_QUESTIONS');
    expect((await questionTexts(full)).length).toBe(199);
  });

  it('refuses a bad body, a chapter or raid not the caller’s, and unknown questions', async () => {
    const source = await raidId('Vitesse et forces');
    const url = `/api/library/raids/${source}/copy`;
    const post = (body: object, who = demo) => req('POST', url, who, body);
    let res = await post({});
    expect([res.statusCode, res.json().message]).toEqual([400, 'ERRORS.INVALID_BODY']);
    res = await post({ chapterId: demoChapter, questionIds: [] });
    expect([res.statusCode, res.json().message]).toEqual([400, 'LIBRARY.ERRORS.NOTHING_SELECTED']);
    const [otherChapter] = await db()
      .select({ id: chapters.id })
      .from(chapters)
      .where(eq(chapters.name, 'Mouvement et interactions'));
    expect((await post({ chapterId: otherChapter.id })).statusCode).toBe(404);
    expect((await post({ chapterId: demoChapter, questionIds: [crypto.randomUUID()] })).statusCode).toBe(404);
    const elsewhere = await raidId('Les fractions'); // prof-demo's, but in another chapter
    expect((await post({ chapterId: demoChapter, targetRaidId: elsewhere })).statusCode).toBe(404);
    // The raid is not in the author's own library, nor copyable when not shared.
    expect((await post({ chapterId: sciencesChapter }, sciences)).statusCode).toBe(404);
    const unshared = await raidId('Les fractions');
    res = await req('POST', `/api/library/raids/${unshared}/copy`, sciences, { chapterId: sciencesChapter });
    expect(res.statusCode).toBe(404);
    expect((await req('POST', url, student, { chapterId: demoChapter })).statusCode).toBe(403);
    expect((await req('POST', url, undefined, { chapterId: demoChapter })).statusCode).toBe(401);
  });
});

describe('homework raids (teacher side)', () => {
  let classId: string;
  let maths: string;
  let otherClassId: string;
  let physics: string;
  beforeAll(async () => {
    const targets = (
      await req('GET', `/api/homeworkRaids/professors/${demo.professorId}/targets`, demo)
    ).json();
    classId = targets[0].schoolclassId;
    maths = targets[0].subjectId;
    const other = (
      await req('GET', `/api/homeworkRaids/professors/${sciences.professorId}/targets`, sciences)
    ).json();
    otherClassId = other[0].schoolclassId;
    physics = other[0].subjectId;
  });

  it('GET targets lists the caller’s classes with the subject of each link, and only to the caller', async () => {
    const res = await req('GET', `/api/homeworkRaids/professors/${demo.professorId}/targets`, demo);
    expect(res.json()).toEqual([
      expect.objectContaining({ schoolclassName: '5e B', level: 5, subjectCode: 'MATHEMATICS' }),
    ]);
    const url = `/api/homeworkRaids/professors/${demo.professorId}/targets`;
    expect((await req('GET', url, sciences)).statusCode).toBe(403);
    expect((await req('GET', url, student)).statusCode).toBe(403);
    expect((await req('GET', url)).statusCode).toBe(401);
  });

  it('POST sends a raid to a class: listed with class, subject, ongoing, date, and marks the raid', async () => {
    const fractions = await raidId('Les fractions');
    // The demo school already has this raid ongoing for 5e B: a second one is refused.
    let res = await req('POST', '/api/homeworkRaids', demo, {
      raidId: fractions,
      name: 'Encore',
      targets: [{ schoolclassId: classId, subjectId: maths }],
    });
    expect([res.statusCode, res.json().message]).toEqual([409, 'HOMEWORK.ERRORS.ALREADY_ONGOING']);

    const ch = await newChapter(demo, 'Devoirs');
    const id = await newRaid(demo, ch, 'Révisions', ['Deux et deux font quatre ?']);
    res = await req('POST', '/api/homeworkRaids', demo, {
      raidId: id,
      name: '  Révisions du lundi ',
      targets: [
        { schoolclassId: classId, subjectId: maths },
        { schoolclassId: classId, subjectId: maths },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().ids).toHaveLength(1);
    const [raid] = await db().select().from(raids).where(eq(raids.id, id));
    expect(raid.isHomework).toBe(true);

    const list = (await req('GET', `/api/homeworkRaids/professors/${demo.professorId}`, demo)).json();
    const row = list.find((h: { id: string }) => h.id === res.json().ids[0]);
    expect(row).toMatchObject({
      name: 'Révisions du lundi',
      raidTitle: 'Révisions',
      schoolclassName: '5e B',
      subject: { code: 'MATHEMATICS' },
      isOnGoing: true,
      completedCount: 0,
      studentCount: 30,
    });
    expect(Date.now() - new Date(row.createdAt).getTime()).toBeLessThan(60_000);
    // The demo's two homework raids are listed too; nothing of another teacher's.
    expect(list.map((h: { raidTitle: string }) => h.raidTitle)).toEqual(
      expect.arrayContaining(['Les fractions', 'Puissances et Pythagore', 'Révisions']),
    );
    expect(
      (await req('GET', `/api/homeworkRaids/professors/${sciences.professorId}`, sciences)).json(),
    ).toEqual([]);
  });

  it('counts the students who completed a homework', async () => {
    const list = (await req('GET', `/api/homeworkRaids/professors/${demo.professorId}`, demo)).json();
    const hw = list.find((h: { raidTitle: string }) => h.raidTitle === 'Les fractions');
    const [s] = await db().select({ id: students.id }).from(students).where(eq(students.userId, student.id));
    await db()
      .insert(homeworkCompletions)
      .values({ homeworkRaidId: hw.id, studentId: s.id, score: 3, total: 5 });
    const again = (await req('GET', `/api/homeworkRaids/professors/${demo.professorId}`, demo)).json();
    expect(again.find((h: { id: string }) => h.id === hw.id).completedCount).toBe(1);
  });

  it('POST refuses a missing class, a class or raid not the caller’s, a bad name, an empty raid', async () => {
    const fractions = await raidId('Les fractions');
    const vitesse = await raidId('Vitesse et forces');
    const post = (body: object, who = demo) => req('POST', '/api/homeworkRaids', who, body);
    const mine = [{ schoolclassId: classId, subjectId: maths }];
    let res = await post({ raidId: fractions, name: 'X', targets: [] });
    expect([res.statusCode, res.json().message]).toEqual([400, 'HOMEWORK.ERRORS.CLASS_REQUIRED']);
    res = await post({ raidId: fractions, name: 'X' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'HOMEWORK.ERRORS.CLASS_REQUIRED']);
    res = await post({ raidId: fractions, name: '   ', targets: mine });
    expect([res.statusCode, res.json().message]).toEqual([400, 'VALIDATION.REQUIRED']);
    res = await post({ raidId: fractions, name: 'x'.repeat(76), targets: mine });
    expect([res.statusCode, res.json().message]).toEqual([400, 'RAIDS.ERRORS.TITLE_TOO_LONG']);
    // Another teacher's class (or a subject the caller does not teach there), another teacher's raid.
    expect(
      (
        await post({
          raidId: fractions,
          name: 'X',
          targets: [{ schoolclassId: otherClassId, subjectId: physics }],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post({
          raidId: fractions,
          name: 'X',
          targets: [{ schoolclassId: classId, subjectId: physics }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await post({ raidId: vitesse, name: 'X', targets: mine })).statusCode).toBe(404);
    const ch = await newChapter(demo, 'Vide');
    const empty = await newRaid(demo, ch, 'Sans question', []);
    res = await post({ raidId: empty, name: 'X', targets: mine });
    expect([res.statusCode, res.json().message]).toEqual([400, 'RAIDS.ERRORS.QUESTIONS_REQUIRED']);
    expect((await post({ raidId: fractions, name: 'X', targets: mine }, student)).statusCode).toBe(403);
    expect(
      (await req('POST', '/api/homeworkRaids', undefined, { raidId: fractions, name: 'X', targets: mine }))
        .statusCode,
    ).toBe(401);
  });

  it('GET list is the caller’s own only', async () => {
    const url = `/api/homeworkRaids/professors/${demo.professorId}`;
    expect((await req('GET', url, sciences)).statusCode).toBe(403);
    expect((await req('GET', url, student)).statusCode).toBe(403);
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', '/api/homeworkRaids/professors/nope', demo)).statusCode).toBe(400);
  });

  it('PATCH stop ends a homework; another teacher, a student or nobody cannot', async () => {
    const list = (await req('GET', `/api/homeworkRaids/professors/${demo.professorId}`, demo)).json();
    const hw = list.find((h: { raidTitle: string }) => h.raidTitle === 'Révisions');
    const url = `/api/homeworkRaids/${hw.id}/stop`;
    expect((await req('PATCH', url, sciences)).statusCode).toBe(404);
    expect((await req('PATCH', url, student)).statusCode).toBe(403);
    expect((await req('PATCH', url)).statusCode).toBe(401);
    expect((await req('PATCH', '/api/homeworkRaids/nope/stop', demo)).statusCode).toBe(400);
    const res = await req('PATCH', url, demo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: hw.id, isOnGoing: false });
    // Stopped: the same raid may be sent to the class again.
    const again = await req('POST', '/api/homeworkRaids', demo, {
      raidId: hw.raidId,
      name: 'Deuxième tour',
      targets: [{ schoolclassId: classId, subjectId: maths }],
    });
    expect(again.statusCode).toBe(201);
  });

  it('DELETE removes a homework; the raid is unmarked once no homework uses it', async () => {
    const list = (await req('GET', `/api/homeworkRaids/professors/${demo.professorId}`, demo)).json();
    const mine = list.filter((h: { raidTitle: string }) => h.raidTitle === 'Révisions');
    expect(mine).toHaveLength(2);
    const url = (id: string) => `/api/homeworkRaids/${id}`;
    expect((await req('DELETE', url(mine[0].id), sciences)).statusCode).toBe(404);
    expect((await req('DELETE', url(mine[0].id), student)).statusCode).toBe(403);
    expect((await req('DELETE', url(mine[0].id))).statusCode).toBe(401);
    expect((await req('DELETE', url(crypto.randomUUID()), demo)).statusCode).toBe(404);
    expect((await req('DELETE', url(mine[0].id), demo)).statusCode).toBe(204);
    let [raid] = await db().select().from(raids).where(eq(raids.id, mine[0].raidId));
    expect(raid.isHomework).toBe(true);
    expect((await req('DELETE', url(mine[1].id), demo)).statusCode).toBe(204);
    [raid] = await db().select().from(raids).where(eq(raids.id, mine[0].raidId));
    expect(raid.isHomework).toBe(false);
    const after = (await req('GET', `/api/homeworkRaids/professors/${demo.professorId}`, demo)).json();
    expect(after.some((h: { raidTitle: string }) => h.raidTitle === 'Révisions')).toBe(false);
  });
});

describe('GET and PUT /api/professors/{id}', () => {
  it('GET answers the teacher’s own account: preferences, identity, contact and subjects', async () => {
    const res = await req('GET', `/api/professors/${demo.professorId}`, demo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: demo.professorId,
      civility: 'MME',
      firstName: 'Claire',
      lastName: 'Fontaine',
      email: 'prof-demo@demo.classe-raid.fr',
      phone: '0102030405',
      city: 'Lyon',
      powerMode: true,
      shareRaids: false,
      subjectIds: [await subjectId('MATHEMATICS')],
    });
    expect(res.body).not.toMatch(/password/i);
    expect((await req('GET', `/api/professors/${demo.professorId}`, sciences)).statusCode).toBe(403);
    expect((await req('GET', `/api/professors/${demo.professorId}`, student)).statusCode).toBe(403);
    expect((await req('GET', `/api/professors/${demo.professorId}`)).statusCode).toBe(401);
  });

  it('PUT changes My information; the e-mail stays as it was', async () => {
    const english = await subjectId('ENGLISH');
    const maths = await subjectId('MATHEMATICS');
    const res = await req('PUT', `/api/professors/${sciences.professorId}`, sciences, {
      civility: 'MME',
      firstName: ' Marcelle ',
      lastName: 'Lemaire',
      phone: '06 11 22 33 44',
      city: 'Ajaccio',
      department: 'Corse-du-Sud',
      school: 'Lycée Fesch',
      subjectIds: [english, maths, english],
      email: 'pirate@example.org',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      civility: 'MME',
      firstName: 'Marcelle',
      phone: '0611223344',
      city: 'Ajaccio',
      school: 'Lycée Fesch',
      email: 'prof-sciences@demo.classe-raid.fr',
    });
    expect([...res.json().subjectIds].sort()).toEqual([english, maths].sort());
    const record = (await req('GET', `/api/users/${sciences.id}`, sciences)).json();
    expect(record.firstName).toBe('Marcelle');
    // Preferences alone leave the information untouched.
    const prefs = await req('PUT', `/api/professors/${sciences.professorId}`, sciences, { powerMode: false });
    expect(prefs.json()).toMatchObject({ powerMode: false, firstName: 'Marcelle', city: 'Ajaccio' });
    await req('PUT', `/api/professors/${sciences.professorId}`, sciences, { powerMode: true });
  });

  it('PUT refuses invalid information with the field, and changes nothing', async () => {
    const url = `/api/professors/${demo.professorId}`;
    const cases: [object, string, string][] = [
      [{ phone: '12' }, 'VALIDATION.PHONE_INVALID', 'phone'],
      [{ firstName: 'A' }, 'VALIDATION.NAME_TOO_SHORT', 'firstName'],
      [{ lastName: ' ' }, 'VALIDATION.REQUIRED', 'lastName'],
      [{ city: '' }, 'VALIDATION.REQUIRED', 'city'],
      [{ subjectIds: [] }, 'VALIDATION.SUBJECT_REQUIRED', 'subjectIds'],
      [{ subjectIds: [crypto.randomUUID()] }, 'VALIDATION.SUBJECT_REQUIRED', 'subjectIds'],
      [{ civility: 'DR' }, 'ERRORS.INVALID_BODY', 'civility'],
      [{ powerMode: 'yes' }, 'ERRORS.INVALID_BODY', 'powerMode'],
    ];
    for (const [body, message, field] of cases) {
      const res = await req('PUT', url, demo, { school: 'Changé', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    expect((await req('GET', url, demo)).json().school).toBe('Collège Jean Moulin');
    expect((await req('PUT', url, sciences, { city: 'Nice' })).statusCode).toBe(403);
    expect((await req('PUT', url, student, { city: 'Nice' })).statusCode).toBe(403);
    expect((await req('PUT', url, undefined, { city: 'Nice' })).statusCode).toBe(401);
  });

  it('PUT refuses information changes of a school sign-on account, but takes its preferences', async () => {
    await db().update(users).set({ isGar: true }).where(eq(users.id, sciences.id));
    const url = `/api/professors/${sciences.professorId}`;
    expect((await req('PUT', url, sciences, { city: 'Nice' })).statusCode).toBe(403);
    const res = await req('PUT', url, sciences, { shareRaids: false });
    expect(res.json()).toMatchObject({ shareRaids: false, isGar: true });
    await db().update(users).set({ isGar: false }).where(eq(users.id, sciences.id));
  });
});

describe('GET /api/professors/{id}/setup-status (public)', () => {
  it('says whether the teacher still has to choose a character, nothing more', async () => {
    const res = await req('GET', `/api/professors/${sciences.professorId}/setup-status`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ needsSetup: true });
    expect((await req('GET', `/api/professors/${demo.professorId}/setup-status`)).json()).toEqual({
      needsSetup: false,
    });
    expect((await req('GET', `/api/professors/${crypto.randomUUID()}/setup-status`)).statusCode).toBe(404);
    expect((await req('GET', '/api/professors/abc/setup-status')).statusCode).toBe(400);
    // A student's own id is not a teacher's.
    expect((await req('GET', `/api/professors/${student.studentId}/setup-status`)).statusCode).toBe(404);
  });

  it('is rate-limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await req('GET', `/api/professors/${crypto.randomUUID()}/setup-status`)).statusCode;
    expect(last).toBe(429);
  });
});
