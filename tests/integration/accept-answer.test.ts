// The raid report of the kinds of question (issue 23): "accept this answer" (rights, once only even
// on a double click, XP recomputed by the rules and seen by the pupils, another class untouched), the
// per-kind figures (wrong values grouped, wrong orders, polls as distributions and out of every
// success rate), and the pupil's data export with the typed values.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkCompletions, raidPlays, studentAnswers } from '../../server/db/schema.js';
import type { RaidReport } from '../../shared/schemas/analytics.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { kindsRaid } from './helpers/game.js';

let ctx: TestContext;
let prof: StoredUser;
let sciences: StoredUser;
const db = () => ctx.database.db;

type Method = 'GET' | 'POST';
const req = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });

interface RaidQ {
  id: string;
  kind: string;
  answers: { id: string; text: string }[];
}
interface Pupil {
  token: string;
  studentId: string;
  userId: string;
}
async function pupil(n: number): Promise<Pupil> {
  const u = await signin(ctx.app, {
    login: `eleve${String(n).padStart(2, '0')}`,
    password: DEMO.student.password,
  });
  return { token: u.accessToken, studentId: u.studentId as string, userId: u.id };
}
/** What the pupil sees of their progress (GET /api/users/:id). */
async function progress(p: Pupil) {
  const me = (await req('GET', `/api/users/${p.userId}`, p.token)).json();
  const s = me.student ?? me;
  return { xp: s.xp as number, level: s.level as number, coin: s.coin as number };
}

/** Sends a raid of every kind as homework to a class; answers the homework's id and the questions. */
async function sendKinds(token: string, professorId: string, className: string, title: string) {
  const targets = (
    await req('GET', `/api/homeworkRaids/professors/${professorId}/targets`, token)
  ).json() as {
    schoolclassId: string;
    schoolclassName: string;
    subjectId: string;
  }[];
  const t = targets.find((x) => x.schoolclassName === className);
  if (!t) throw new Error(`${className} is not a target`);
  const raidId = await kindsRaid(ctx.app, token, t.subjectId, title);
  const qs = (await req('GET', `/api/raids/${raidId}`, token)).json().questions as RaidQ[];
  const sent = await req('POST', '/api/homeworkRaids', token, {
    raidId,
    name: title,
    targets: [{ schoolclassId: t.schoolclassId, subjectId: t.subjectId }],
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const list = (await req('GET', `/api/homeworkRaids/professors/${professorId}`, token)).json() as {
    id: string;
    name: string;
  }[];
  const homeworkId = list.find((h) => h.name === title)?.id as string;
  return { homeworkId, qs, ...t };
}

const kindOf = (qs: RaidQ[], kind: string) => qs.find((q) => q.kind === kind) as RaidQ;

async function answer(p: Pupil, homeworkId: string, questionId: string, body: object) {
  const res = await req('POST', `/api/students/${p.studentId}/homework/${homeworkId}/answer`, p.token, {
    questionId,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const finish = async (p: Pupil, homeworkId: string) => {
  const res = await req('POST', `/api/students/${p.studentId}/homework/${homeworkId}/finish`, p.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const report = async (playId: string, token = prof.accessToken) =>
  (await req('GET', `/api/analytics/plays/${playId}`, token)).json() as RaidReport;
const accept = (playId: string, questionId: string, value: string, token = prof.accessToken) =>
  req('POST', `/api/analytics/plays/${playId}/accept`, token, { questionId, value });

beforeAll(async () => {
  ctx = await createTestContext();
  prof = await signin(ctx.app, DEMO.admin);
  sciences = await signin(ctx.app, DEMO.sciences);
});
afterAll(async () => {
  await ctx.close();
});

describe('accept this answer, in a homework', () => {
  let hw: Awaited<ReturnType<typeof sendKinds>>;
  let other: Awaited<ReturnType<typeof sendKinds>>;
  let a: Pupil; // "3,2", finished
  let b: Pupil; // "3.20", finished
  let c: Pupil; // "3,3", finished
  let d: Pupil; // "3,2", still playing
  let x: Pupil; // another class: "3,2" in the other teacher's homework
  const before = new Map<string, { xp: number; level: number; coin: number }>();

  beforeAll(async () => {
    hw = await sendKinds(prof.accessToken, prof.professorId as string, '5e B', 'Accepter après coup');
    other = await sendKinds(sciences.accessToken, sciences.professorId as string, '2nde A', 'Autre classe');
    [a, b, c, d, x] = await Promise.all([pupil(11), pupil(12), pupil(13), pupil(14), pupil(31)]);
    const num = kindOf(hw.qs, 'number').id;
    const poll = kindOf(hw.qs, 'poll').id;
    for (const [p, v] of [
      [a, '3,2'],
      [b, '3.20'],
      [c, '3,3'],
      [d, '3,2'],
    ] as const) {
      expect((await answer(p, hw.homeworkId, num, { value: v })).correct).toBe(false);
      await answer(p, hw.homeworkId, poll, { value: 'les fractions' });
    }
    for (const p of [a, b, c]) expect((await finish(p, hw.homeworkId)).score).toBe(1); // the poll only
    await answer(x, other.homeworkId, kindOf(other.qs, 'number').id, { value: '3,2' });
    await finish(x, other.homeworkId);
    for (const p of [a, b, c, d, x]) before.set(p.studentId, await progress(p));
  });

  it('the report groups the wrong values as the judge does, and leaves the poll out of the rates', async () => {
    const r = await report(hw.homeworkId);
    const q = r.questions.find((y) => y.questionId === kindOf(hw.qs, 'number').id);
    expect(q).toMatchObject({
      kind: 'number',
      correct: 0,
      answered: 4,
      wrongValues: [
        { key: '3.2', value: '3,2', count: 3 },
        { key: '3.3', value: '3,3', count: 1 },
      ],
      accepted: [],
    });
    const poll = r.questions.find((y) => y.kind === 'poll');
    expect(poll).toMatchObject({
      shareCorrect: null,
      correct: 0,
      pollValues: [{ value: 'les fractions', count: 4 }],
    });
    const mine = r.students.find((s) => s.studentId === a.studentId);
    expect(mine?.answers.find((y) => y.questionId === poll?.questionId)).toMatchObject({
      verdict: 'none',
      value: 'les fractions',
    });
    // The play's rate counts the number's answers only: 0 right of 4, the polls are not "wrong".
    expect(r.play.goodAnswerRate).toBe(0);
  });

  it('no caller, another teacher, a pupil, an unknown play, a value nobody gave and a choice question are refused', async () => {
    const num = kindOf(hw.qs, 'number').id;
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/analytics/plays/${hw.homeworkId}/accept`,
      payload: { questionId: num, value: '3,2' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await accept(hw.homeworkId, num, '3,2', sciences.accessToken)).statusCode).toBe(404);
    expect((await accept(hw.homeworkId, num, '3,2', a.token)).statusCode).toBe(403);
    expect((await accept(randomUUID(), num, '3,2')).statusCode).toBe(404);
    expect((await accept(hw.homeworkId, num, '42')).statusCode).toBe(404);
    expect((await accept(hw.homeworkId, kindOf(hw.qs, 'choice').id, '6')).statusCode).toBe(400);
    // Nothing changed for anybody.
    expect(await progress(a)).toEqual(before.get(a.studentId));
  });

  it('accepting "3,2" makes every pupil who gave it (3.20 too) right, pays the XP rules once, and the pupils see it', async () => {
    const num = kindOf(hw.qs, 'number').id;
    const res = await accept(hw.homeworkId, num, '3,2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ questionId: num, accepted: ['3.2'], changed: 3 });
    // Score 1 → 2 of 5 (no victory either way): 10 XP and 1 coin more (raidReward), one teacher.
    for (const p of [a, b]) {
      const was = before.get(p.studentId);
      expect(await progress(p)).toMatchObject({ xp: (was?.xp ?? 0) + 10, coin: (was?.coin ?? 0) + 1 });
      const [done] = await db()
        .select({ score: homeworkCompletions.score })
        .from(homeworkCompletions)
        .where(
          and(
            eq(homeworkCompletions.homeworkRaidId, hw.homeworkId),
            eq(homeworkCompletions.studentId, p.studentId),
          ),
        );
      expect(done.score).toBe(2);
    }
    // Their stats show the gain.
    const stats = (await req('GET', '/api/analytics/me?period=year', a.token)).json();
    expect(stats.xpHistory.at(-1)).toMatchObject({ source: 'homework', gain: 10 });
    // "3,3" and the other class's "3,2" stay wrong, their XP untouched.
    expect(await progress(c)).toEqual(before.get(c.studentId));
    expect(await progress(x)).toEqual(before.get(x.studentId));
    const [theirs] = await db()
      .select({ correct: studentAnswers.correct })
      .from(studentAnswers)
      .where(and(eq(studentAnswers.playId, other.homeworkId), eq(studentAnswers.studentId, x.studentId)));
    expect(theirs.correct).toBe(false);

    const r = await report(hw.homeworkId);
    const q = r.questions.find((y) => y.questionId === num);
    expect(q).toMatchObject({ correct: 3, accepted: ['3.2'], wrongValues: [{ key: '3.3', count: 1 }] });
    expect(r.students.find((s) => s.studentId === b.studentId)?.answers[0]).toMatchObject({
      value: '3.20',
      verdict: 'right',
    });
  });

  it('accepting the same value again changes nothing', async () => {
    const snapshot = await progress(a);
    const res = await accept(hw.homeworkId, kindOf(hw.qs, 'number').id, '3.2');
    expect(res.json()).toMatchObject({ accepted: ['3.2'], changed: 0 });
    expect(await progress(a)).toEqual(snapshot);
  });

  it('a double click pays once', async () => {
    const num = kindOf(hw.qs, 'number').id;
    const [one, two] = await Promise.all([
      accept(hw.homeworkId, num, '3,3'),
      accept(hw.homeworkId, num, '3,3'),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect([one.json().changed, two.json().changed].sort()).toEqual([0, 1]);
    const was = before.get(c.studentId);
    expect(await progress(c)).toMatchObject({ xp: (was?.xp ?? 0) + 10, coin: (was?.coin ?? 0) + 1 });
  });

  it('a pupil still playing gets the accepted answer counted when finishing', async () => {
    const done = await finish(d, hw.homeworkId);
    expect(done.score).toBe(2);
  });
});

describe('accept this answer, in a live raid', () => {
  it('an ended live play pays one more right answer; a play still under way is refused', async () => {
    const [p, q] = await Promise.all([pupil(21), pupil(22)]);
    const questionId = randomUUID();
    const targets = (
      await req('GET', `/api/homeworkRaids/professors/${prof.professorId}/targets`, prof.accessToken)
    ).json() as { schoolclassId: string; schoolclassName: string; subjectId: string }[];
    const t = targets.find((y) => y.schoolclassName === '5e B') as (typeof targets)[number];
    const snapshot = [
      {
        questionId,
        text: 'Capitale de la Corse ?',
        equationMode: false,
        answers: [],
        kind: 'text' as const,
        settings: { accepted: ['Ajaccio'], ignoreCase: true, ignoreAccents: true, allowTypo: false },
        asked: true,
        counted: 2,
      },
    ];
    const ended = randomUUID();
    const running = randomUUID();
    for (const [id, endedAt] of [
      [ended, new Date()],
      [running, null],
    ] as const)
      await db()
        .insert(raidPlays)
        .values({
          id,
          professorId: prof.professorId,
          schoolclassId: t.schoolclassId,
          subjectId: t.subjectId,
          kind: 'live',
          raidTitle: 'La Corse',
          questions: snapshot,
          endedAt,
          result: endedAt ? 'DEFEAT' : null,
        });
    for (const playId of [ended, running])
      await db()
        .insert(studentAnswers)
        .values([
          { playId, questionId, studentId: p.studentId, answerIds: [], value: 'Aiacciu', correct: false },
          { playId, questionId, studentId: q.studentId, answerIds: [], value: ' aiacciu ', correct: false },
        ]);
    const was = await progress(p);
    const r = await report(ended);
    expect(r.questions[0].wrongValues).toEqual([{ key: 'aiacciu', value: 'Aiacciu', count: 2 }]);

    expect((await accept(running, questionId, 'Aiacciu')).statusCode).toBe(409);
    const res = await accept(ended, questionId, 'AIACCIU');
    expect(res.json()).toMatchObject({ accepted: ['aiacciu'], changed: 2 });
    expect(await progress(p)).toMatchObject({ xp: was.xp + 10, coin: was.coin + 1 });
    const after = await report(ended);
    expect(after.questions[0]).toMatchObject({ correct: 2, shareCorrect: 1, wrongValues: [] });
    expect(after.students.find((s) => s.studentId === p.studentId)?.correct).toBe(1);
    // The boss's fight is history: the play's result stays.
    expect(after.play.result).toBe('DEFEAT');
  });
});

describe('the other kinds in the report, and the pupil’s data export', () => {
  it('texts grouped after normalising, the most common wrong order, and the typed values in the export', async () => {
    const hw = await sendKinds(prof.accessToken, prof.professorId as string, '5e B', 'Textes et ordres');
    const pupils = await Promise.all([pupil(24), pupil(25), pupil(26)]);
    const text = kindOf(hw.qs, 'text').id;
    const order = kindOf(hw.qs, 'order');
    const items = order.answers.map((y) => y.id);
    const swapped = [items[1], items[0], items[2], items[3]];
    const reversed = [...items].reverse();
    for (const [i, p] of pupils.entries()) {
      await answer(p, hw.homeworkId, text, { value: ['Bastia', ' BASTIA ', 'Bastìa'][i] });
      await answer(p, hw.homeworkId, order.id, { order: i < 2 ? swapped : reversed });
    }
    const r = await report(hw.homeworkId);
    expect(r.questions.find((y) => y.questionId === text)).toMatchObject({
      wrongValues: [{ key: 'bastia', count: 3 }],
    });
    expect(r.questions.find((y) => y.questionId === order.id)).toMatchObject({
      kind: 'order',
      mostChosenWrong: null,
      wrongOrders: [
        { answerIds: swapped, count: 2 },
        { answerIds: reversed, count: 1 },
      ],
    });

    const data = (await req('GET', `/api/students/${pupils[1].studentId}/data`, prof.accessToken)).json();
    expect(data.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ raid: 'Textes et ordres', value: 'BASTIA', correct: false }),
        expect.objectContaining({
          raid: 'Textes et ordres',
          answers: ['1515', '1492', '1789', '1815'],
          value: null,
        }),
      ]),
    );
    expect(data.homeworkAnswers).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'BASTIA' })]),
    );
  });
});
