// Analytics (issue 13): every answer kept, the numbers of a small known history, and each route
// refused to another teacher. Two live plays and one homework of the demo's 5e B, by three students.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  homeworkRaids,
  professors,
  questions,
  raidPlays,
  raids,
  sessionLogs,
  studentAnswers,
  students,
  users,
} from '../../server/db/schema.js';
import type { GameService } from '../../server/game/service.js';
import { DEFAULT_RAID_SETTINGS, roomId } from '../../shared/game/contract.js';
import type {
  ClassesAnalytics,
  ClassStudentsAnalytics,
  PersonalAnalytics,
  RaidPlayList,
  RaidReport,
  StudentOwnStats,
} from '../../shared/schemas/analytics.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let prof: StoredUser;
let other: StoredUser;
let kids: StoredUser[];
let key: { schoolclassId: string; subjectId: string };
let room: string;
let game: GameService;
let raidId: string;
/** The raid's questions in order, each with its right answer and its wrong ones in position order. */
let qs: { id: string; right: string; wrong: string[] }[];
let livePlays: string[] = [];
let homeworkId: string;
/** Each kid's XP before this file's history, and when it began. */
let xpAtStart: number[] = [];
let testStart = '';

const get = async <T>(user: StoredUser, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });
  return { status: res.statusCode, body: res.json() as T };
};
const post = async <T>(user: StoredUser, url: string, payload: object) => {
  const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(user.accessToken), payload });
  return { status: res.statusCode, body: res.json() as T };
};

/** One live play: `plan[q][s]` is what student s answers to question q ('R' right, 'W0', 'W1' a wrong one, '-' nothing). */
async function playLive(plan: string[][], endAfter: number) {
  const t = { professorId: prof.professorId as string };
  // The teacher reveals each question: nobody is connected here, so "end when all answered" would
  // reveal at the first answer.
  await game.startRaid(t, room, raidId, {
    ...DEFAULT_RAID_SETTINGS,
    questionSeconds: 600,
    endWhenAllAnswered: false,
  });
  await game.begin(t, room);
  for (let q = 0; q < endAfter; q++) {
    // The boss may fall before the last question.
    const act = (await ctx.app.game?.store.readRoom(room))?.activity;
    if (act?.kind === 'raid' && act.raid.phase === 'ended') return q;
    for (const [s, what] of plan[q].entries()) {
      if (what === '-') continue;
      const answerId = what === 'R' ? qs[q].right : qs[q].wrong[Number(what.slice(1))];
      expect(
        await game.answer({ studentId: kids[s].studentId as string }, room, {
          questionId: qs[q].id,
          answerIds: [answerId],
          clientId: `${q}-${s}`,
        }),
      ).toBe('counted');
    }
    if (q === endAfter - 1 && endAfter < qs.length) {
      await game.next(t, room, true);
    } else {
      await game.reveal(t, room);
      await game.next(t, room, q === qs.length - 1);
    }
  }
  return endAfter;
}
/** Questions asked in the first play (all right: the boss falls before the last one). */
let firstPlayQuestions = 0;

beforeAll(async () => {
  ctx = await createTestContext({ QUESTION_SECONDS: '600' });
  prof = await signin(ctx.app, DEMO.admin);
  other = await signin(ctx.app, DEMO.sciences);
  kids = [];
  for (const login of ['eleve01', 'eleve02', 'eleve03'])
    kids.push(await signin(ctx.app, { login, password: DEMO.student.password }));
  const me = (
    await get<{ professor: { schoolclasses: { id: string; subjectId: string }[] } }>(
      prof,
      `/api/users/${prof.id}`,
    )
  ).body;
  key = {
    schoolclassId: me.professor.schoolclasses[0].id,
    subjectId: me.professor.schoolclasses[0].subjectId,
  };
  room = roomId(key);
  game = (ctx.app.game as { service: GameService }).service;
  const db = ctx.database.db;
  const [prow] = await db.select().from(professors).where(eq(professors.userId, prof.id));
  const [raid] = await db
    .select()
    .from(raids)
    .where(and(eq(raids.professorId, prow.id), eq(raids.title, 'Les fractions')));
  raidId = raid.id;
  const qrows = await db
    .select()
    .from(questions)
    .where(eq(questions.raidId, raidId))
    .orderBy(asc(questions.position));
  const arows = await db
    .select()
    .from(answers)
    .where(
      inArray(
        answers.questionId,
        qrows.map((q) => q.id),
      ),
    )
    .orderBy(asc(answers.position));
  qs = qrows.map((q) => {
    const mine = arows.filter((a) => a.questionId === q.id);
    return {
      id: q.id,
      right: mine.find((a) => a.isCorrect)?.id as string,
      wrong: mine.filter((a) => !a.isCorrect).map((a) => a.id),
    };
  });
  const progress = await db
    .select({ id: students.id, xp: students.xp })
    .from(students)
    .where(
      inArray(
        students.id,
        kids.map((k) => k.studentId as string),
      ),
    );
  xpAtStart = kids.map((k) => progress.find((p) => p.id === k.studentId)?.xp ?? 0);
  testStart = new Date().toISOString();
  await game.open({ professorId: prof.professorId as string }, key);
  for (const k of kids) await game.join({ studentId: k.studentId as string }, key);
});

afterAll(async () => {
  await ctx?.close();
});

describe('every answer is kept', () => {
  it('writes every answer of a live raid by its end, even those of a question ended early', async () => {
    // Play 1: everyone right on every question: the boss falls (VICTORY).
    firstPlayQuestions = await playLive(
      qs.map(() => ['R', 'R', 'R']),
      qs.length,
    );
    expect(firstPlayQuestions).toBeGreaterThan(3);
    // Play 2, ended during the third question: Q1 R/W0/W0, Q2 R/R/W1, Q3 R/-/W0 (DEFEAT).
    const plan = qs.map(() => ['-', '-', '-']);
    plan[0] = ['R', 'W0', 'W0'];
    plan[1] = ['R', 'R', 'W1'];
    plan[2] = ['R', '-', 'W0'];
    await playLive(plan, 3);
    const plays = await ctx.database.db
      .select()
      .from(raidPlays)
      .where(and(eq(raidPlays.schoolclassId, key.schoolclassId), eq(raidPlays.kind, 'live')))
      .orderBy(asc(raidPlays.startedAt));
    expect(plays.map((p) => p.result)).toEqual(['VICTORY', 'DEFEAT']);
    livePlays = plays.map((p) => p.id);
    const stored = await ctx.database.db
      .select()
      .from(studentAnswers)
      .where(inArray(studentAnswers.playId, livePlays));
    expect(stored.filter((a) => a.playId === livePlays[0])).toHaveLength(firstPlayQuestions * 3);
    expect(stored.filter((a) => a.playId === livePlays[1])).toHaveLength(8);
  });

  it('keeps homework answers in the homework’s play', async () => {
    // The demo's own homework of this raid is stopped first (one on-going homework per raid and class).
    await ctx.database.db
      .update(homeworkRaids)
      .set({ isOnGoing: false })
      .where(and(eq(homeworkRaids.raidId, raidId), eq(homeworkRaids.schoolclassId, key.schoolclassId)));
    const sent = await post<{ ids: string[] }>(prof, '/api/homeworkRaids', {
      raidId,
      name: 'Fractions à la maison',
      targets: [key],
    });
    expect(sent.status).toBe(201);
    homeworkId = sent.body.ids[0];
    const answer = (k: StoredUser, q: number, a: string) =>
      post(k, `/api/students/${k.studentId}/homework/${homeworkId}/answer`, {
        questionId: qs[q].id,
        answerIds: [a],
      });
    // kids[0] opens the homework first: their first answer has a time too.
    expect((await get(kids[0], `/api/students/${kids[0].studentId}/homework/${homeworkId}`)).status).toBe(
      200,
    );
    expect((await answer(kids[0], 0, qs[0].right)).status).toBe(200);
    expect((await answer(kids[0], 1, qs[1].wrong[0])).status).toBe(200);
    expect((await answer(kids[1], 0, qs[0].wrong[1])).status).toBe(200);
    expect(
      (await post(kids[0], `/api/students/${kids[0].studentId}/homework/${homeworkId}/finish`, {})).status,
    ).toBe(200);
    const stored = await ctx.database.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.playId, homeworkId));
    expect(stored).toHaveLength(3);
    const first = (k: StoredUser) =>
      stored.find((a) => a.studentId === k.studentId && a.questionId === qs[0].id);
    expect(first(kids[0])?.timeMs).toBeGreaterThanOrEqual(0);
    expect(first(kids[0])?.timeMs).toBeLessThan(60_000);
    expect(first(kids[1])?.timeMs).toBeNull();
  });
});

describe('the numbers of a known history', () => {
  it('class table: students, one homework done, two live raids, half won', async () => {
    const { status, body } = await get<ClassesAnalytics>(prof, '/api/analytics/schoolclasses?period=year');
    expect(status).toBe(200);
    const row = body.classes.find(
      (c) => c.schoolclassId === key.schoolclassId && c.subjectId === key.subjectId,
    );
    expect(row).toMatchObject({ individualRaidsCompleted: 1, collectiveRaidsCompleted: 2, victoryRate: 0.5 });
    expect(row?.studentsCount).toBeGreaterThanOrEqual(3);
  });

  it('student table: good-answer rates live and homework, hand-computed', async () => {
    const { status, body } = await get<ClassStudentsAnalytics>(
      prof,
      `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}?period=month`,
    );
    expect(status).toBe(200);
    const n = firstPlayQuestions;
    const row = (k: StoredUser) => body.students.find((s) => s.studentId === k.studentId);
    expect(row(kids[0])).toMatchObject({
      liveAnswers: n + 3,
      liveGoodAnswerRate: 1,
      homeworkAnswers: 2,
      homeworkGoodAnswerRate: 0.5,
    });
    expect(row(kids[1])).toMatchObject({
      liveAnswers: n + 2,
      liveGoodAnswerRate: (n + 1) / (n + 2),
      homeworkGoodAnswerRate: 0,
    });
    expect(row(kids[2])).toMatchObject({
      liveAnswers: n + 3,
      liveGoodAnswerRate: n / (n + 3),
      homeworkAnswers: 0,
      homeworkGoodAnswerRate: null,
    });
  });

  it('raid report: share who found each question, the most chosen wrong answer, the time taken', async () => {
    // Times set by hand: 1 s, 2 s and 6 s on the first question.
    const db = ctx.database.db;
    for (const [i, ms] of [1000, 2000, 6000].entries()) {
      await db
        .update(studentAnswers)
        .set({ timeMs: ms })
        .where(
          and(
            eq(studentAnswers.playId, livePlays[1]),
            eq(studentAnswers.questionId, qs[0].id),
            eq(studentAnswers.studentId, kids[i].studentId as string),
          ),
        );
    }
    const { status, body } = await get<RaidReport>(prof, `/api/analytics/plays/${livePlays[1]}`);
    expect(status).toBe(200);
    expect(body.play).toMatchObject({ kind: 'live', result: 'DEFEAT', participants: 3 });
    const [q1, q2, q3, q4] = body.questions;
    expect(q1).toMatchObject({
      answered: 3,
      correct: 1,
      shareCorrect: 1 / 3,
      meanTimeMs: 3000,
      medianTimeMs: 2000,
    });
    expect(q1.mostChosenWrong).toMatchObject({ answerId: qs[0].wrong[0], chosenBy: 2 });
    expect(q2).toMatchObject({ answered: 3, correct: 2 });
    expect(q2.mostChosenWrong?.answerId).toBe(qs[1].wrong[1]);
    expect(q3).toMatchObject({ answered: 2, correct: 1, shareCorrect: 0.5 });
    expect(q4).toMatchObject({ answered: 0, shareCorrect: null, mostChosenWrong: null, meanTimeMs: null });
    // Issue 21: the share counts the students the board counted; the raid ended during question 3,
    // which was asked (its answers kept), and never reached question 4.
    expect(q1).toMatchObject({ asked: true, counted: 3 });
    expect(q3).toMatchObject({ asked: true, counted: 2 });
    expect(q4).toMatchObject({ asked: false, counted: 0 });
    const s2 = body.students.find((s) => s.studentId === kids[1].studentId);
    expect(s2).toMatchObject({ answered: 2, correct: 1 });
    expect(s2?.answers.map((a) => [a.questionId, a.correct])).toEqual([
      [qs[0].id, false],
      [qs[1].id, true],
    ]);
  });

  it("plays list: the class's live and homework plays, newest first", async () => {
    const { body } = await get<RaidPlayList>(
      prof,
      `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/plays`,
    );
    expect(body.plays.map((p) => p.id)).toEqual([homeworkId, livePlays[1], livePlays[0]]);
    const hw = await get<RaidPlayList>(
      prof,
      `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/plays?kind=homework`,
    );
    expect(hw.body.plays).toHaveLength(1);
    expect(hw.body.plays[0]).toMatchObject({ participants: 2, goodAnswerRate: 1 / 3 });
  });

  it('personal page: the raids this teacher started, and connections', async () => {
    const before = (await get<PersonalAnalytics>(prof, '/api/analytics/personal?period=week')).body;
    await post(prof, '/api/session-logs/', { userId: prof.id });
    const after = (await get<PersonalAnalytics>(prof, '/api/analytics/personal?period=week')).body;
    expect(after.totals.connections).toBe(before.totals.connections + 1);
    expect(after.totals.raidsStarted).toBe(3);
    expect(after.series.raidsStarted.reduce((s, d) => s + d.count, 0)).toBe(3);
  });
});

describe('manual XP and the student’s own stats', () => {
  it('adds XP with a reason by the XP rules, and the student sees it in their stats', async () => {
    const k = kids[2];
    const before = (await get<StudentOwnStats>(k, '/api/analytics/me')).body;
    const res = await post<{ applied: number; xp: number }>(
      prof,
      `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/students/${k.studentId}/xp`,
      // The reason is cleaned as every text is: NFC, no bidi controls.
      { amount: 40, reason: 'Expose\u0301 sur les fractions\u202E ' },
    );
    expect(res.status).toBe(201);
    expect(res.body.xp).toBe(before.xp + res.body.applied);
    const mine = (await get<StudentOwnStats>(k, '/api/analytics/me')).body;
    expect(mine.xp).toBe(before.xp + res.body.applied);
    expect(mine.xpHistory.at(-1)).toMatchObject({
      source: 'manual',
      reason: 'Exposé sur les fractions',
      gain: res.body.applied,
      xp: mine.xp,
    });
    expect(mine.raidsPlayed).toEqual({ live: 2, homework: 0 });
    expect(mine.subjects[0]).toMatchObject({ answers: firstPlayQuestions + 3, correct: firstPlayQuestions });
  });

  it('a summon answered right is in the curve, as the student got it', async () => {
    const t = { professorId: prof.professorId as string };
    await game.summonDraw(t, room);
    const act = (await ctx.app.game?.store.readRoom(room))?.activity;
    const drawn = act?.kind === 'summon' ? act.view.drawn : null;
    const k = kids.find((x) => x.studentId === drawn) as StoredUser;
    expect(k).toBeDefined();
    const before = (await get<StudentOwnStats>(k, '/api/analytics/me')).body;
    await game.summonMark(t, room, drawn as string, true);
    const mine = (await get<StudentOwnStats>(k, '/api/analytics/me')).body;
    expect(mine.xp).toBeGreaterThan(before.xp);
    expect(mine.xpHistory.at(-1)).toMatchObject({ source: 'summon', gain: mine.xp - before.xp, xp: mine.xp });
  });

  it('every XP gain of this history is in the curve, divided by the active professors as applied', async () => {
    for (const [i, k] of kids.entries()) {
      const mine = (await get<StudentOwnStats>(k, '/api/analytics/me?period=year')).body;
      const gained = mine.xpHistory.filter((p) => p.at >= testStart).reduce((sum, p) => sum + p.gain, 0);
      expect(gained).toBe(mine.xp - xpAtStart[i]);
      // The curve's level follows the XP: its last point is the student's level now.
      expect(mine.xpHistory.at(-1)?.level).toBe(mine.level);
    }
  });

  it('refuses a bad amount or an empty reason with a translated key', async () => {
    const url = `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/students/${kids[0].studentId}/xp`;
    const zero = await post<{ message: string }>(prof, url, { amount: 0, reason: 'x' });
    expect([zero.status, zero.body.message]).toEqual([400, 'ERRORS.MANUAL_XP_AMOUNT']);
    const huge = await post<{ message: string }>(prof, url, { amount: 1e9, reason: 'x' });
    expect(huge.body.message).toBe('ERRORS.MANUAL_XP_AMOUNT');
    const empty = await post<{ message: string }>(prof, url, { amount: 5, reason: '   ' });
    expect([empty.status, empty.body.message]).toEqual([400, 'ERRORS.MANUAL_XP_REASON']);
    const broken = await post<{ message: string }>(prof, url, { amount: 5, reason: 'a\uD800b' });
    expect([broken.status, broken.body.message]).toEqual([400, 'VALIDATION.INVALID_CHARACTERS']);
  });

  it('refuses a custom period that runs backwards or over 400 days', async () => {
    const back = await get<{ message: string }>(
      prof,
      '/api/analytics/personal?period=custom&from=2026-10-01&to=2026-09-01',
    );
    expect([back.status, back.body.message]).toEqual([400, 'ERRORS.INVALID_PERIOD']);
    const long = await get<{ message: string }>(
      prof,
      '/api/analytics/personal?period=custom&from=2020-01-01&to=2026-09-01',
    );
    expect(long.body.message).toBe('ERRORS.INVALID_PERIOD');
  });
});

describe('session-log amounts (SPEC point 7)', () => {
  it("counts a student's sessions for their teacher, one by one and in a batch", async () => {
    await post(kids[0], '/api/session-logs/', { userId: kids[0].id });
    const one = await get<{ amount: number }>(
      prof,
      `/api/session-logs/amount/users/${kids[0].id}?period=week`,
    );
    expect(one.status).toBe(200);
    expect(one.body.amount).toBeGreaterThanOrEqual(1);
    const batch = await post<{ amounts: { userId: string; amount: number }[] }>(
      prof,
      '/api/session-logs/amount/users/batch',
      {
        userIds: [kids[0].id, kids[1].id],
        period: 'week',
        schoolclassId: key.schoolclassId,
      },
    );
    expect(batch.status).toBe(200);
    expect(batch.body.amounts.map((a) => a.userId)).toEqual([kids[0].id, kids[1].id]);
    expect(batch.body.amounts[0].amount).toBe(one.body.amount);
  });
});

describe('another teacher is refused on every route', () => {
  it('answers 404 for a class, a play, a student and their sessions that are not theirs', async () => {
    const c = `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}`;
    expect((await get(other, c)).status).toBe(404);
    expect((await get(other, `${c}/plays`)).status).toBe(404);
    expect((await get(other, `/api/analytics/plays/${livePlays[0]}`)).status).toBe(404);
    expect((await get(other, `/api/analytics/plays/${homeworkId}`)).status).toBe(404);
    expect(
      (await post(other, `${c}/students/${kids[0].studentId}/xp`, { amount: 5, reason: 'x' })).status,
    ).toBe(404);
    expect((await get(other, `/api/session-logs/amount/users/${kids[0].id}`)).status).toBe(404);
    expect((await get(other, `/api/session-logs/amount/users/${prof.id}`)).status).toBe(404);
    expect(
      (await post(other, '/api/session-logs/amount/users/batch', { userIds: [other.id, kids[0].id] })).status,
    ).toBe(404);
    // Their own pages list none of it.
    const mine = (await get<ClassesAnalytics>(other, '/api/analytics/schoolclasses')).body;
    expect(
      mine.classes.some((x) => x.schoolclassId === key.schoolclassId && x.subjectId === key.subjectId),
    ).toBe(false);
    expect((await get<PersonalAnalytics>(other, '/api/analytics/personal')).body.totals.raidsStarted).toBe(0);
  });

  it('refuses students on teacher routes and teachers on the student page', async () => {
    expect((await get(kids[0], '/api/analytics/schoolclasses')).status).toBe(403);
    expect((await get(kids[0], `/api/analytics/plays/${livePlays[0]}`)).status).toBe(403);
    expect((await get(kids[0], `/api/session-logs/amount/users/${kids[1].id}`)).status).toBe(404);
    expect((await get(prof, '/api/analytics/me')).status).toBe(403);
  });
});

describe('past reports survive editing and deleting the raid', () => {
  type RaidDto = {
    title: string;
    shared: boolean;
    questions: {
      id: string;
      text: string;
      equationMode: boolean;
      imagePath: string | null;
      answers: { id: string; text: string; isCorrect: boolean }[];
    }[];
  };
  const put = async (user: StoredUser, url: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url, headers: bearer(user.accessToken), payload });

  it('shows what was asked and what each student chose after the questions and answers were edited', async () => {
    const before = (await get<RaidReport>(prof, `/api/analytics/plays/${livePlays[1]}`)).body;
    const hwBefore = (await get<RaidReport>(prof, `/api/analytics/plays/${homeworkId}`)).body;
    const raid = (await get<RaidDto>(prof, `/api/raids/${raidId}`)).body;
    // The teacher rewrites the first question and its most chosen wrong answer, changes the second
    // question's right answer, and deletes the third question.
    const edited = raid.questions
      .filter((_, i) => i !== 2)
      .map((q, i) => ({
        id: q.id,
        text: i === 0 ? `${q.text} (réécrite)` : q.text,
        equationMode: q.equationMode,
        imagePath: q.imagePath,
        answers: q.answers.map((a) => ({
          text:
            (i === 0 && a.id === qs[0].wrong[0]) || (i === 1 && a.id === qs[1].right)
              ? `${a.text} bis`
              : a.text,
          isCorrect: a.isCorrect,
        })),
      }));
    const saved = await put(prof, `/api/raids/${raidId}`, {
      title: `${raid.title} v2`,
      shared: raid.shared,
      questions: edited,
    });
    expect(saved.statusCode).toBe(200);
    const now = saved.json() as RaidDto;
    // An answer kept as it was keeps its id; the edited ones are new.
    expect(now.questions[1].answers.map((a) => a.id)).toContain(qs[1].wrong[0]);
    expect(now.questions[0].answers.map((a) => a.id)).not.toContain(qs[0].wrong[0]);

    const after = (await get<RaidReport>(prof, `/api/analytics/plays/${livePlays[1]}`)).body;
    expect(after.play.raidTitle).toBe(raid.title);
    expect(after.questions).toEqual(before.questions);
    expect(after.questions[0].text).toBe(raid.questions[0].text);
    expect(after.questions[0].mostChosenWrong).toMatchObject({
      answerId: qs[0].wrong[0],
      text: raid.questions[0].answers.find((a) => a.id === qs[0].wrong[0])?.text,
      chosenBy: 2,
    });
    // The deleted third question is still there, with the answers given to it.
    expect(after.questions[2]).toMatchObject({ questionId: qs[2].id, answered: 2, correct: 1 });
    expect(after.students).toEqual(before.students);
    // Every answer a student chose is one of the report's options (no "?").
    for (const s of after.students)
      for (const a of s.answers) {
        const q = after.questions.find((x) => x.questionId === a.questionId);
        for (const id of a.answerIds) expect(q?.answers.map((o) => o.answerId)).toContain(id);
      }
    expect((await get<RaidReport>(prof, `/api/analytics/plays/${homeworkId}`)).body.questions).toEqual(
      hwBefore.questions,
    );
  });

  it('a homework answered after the edit names the answer as the student saw it', async () => {
    const now = (await get<RaidDto>(prof, `/api/raids/${raidId}`)).body;
    const newRight = now.questions[1].answers.find((a) => a.isCorrect) as { id: string; text: string };
    const res = await post(kids[1], `/api/students/${kids[1].studentId}/homework/${homeworkId}/answer`, {
      questionId: qs[1].id,
      answerIds: [newRight.id],
    });
    expect(res.status).toBe(200);
    const report = (await get<RaidReport>(prof, `/api/analytics/plays/${homeworkId}`)).body;
    const q2 = report.questions.find((q) => q.questionId === qs[1].id);
    expect(q2?.answers.find((a) => a.answerId === newRight.id)).toMatchObject({
      text: newRight.text,
      isCorrect: true,
      chosenBy: 1,
    });
    expect(q2).toMatchObject({ answered: 2, correct: 1 });
  });

  it('opens the report of a homework sent last school year, before plays were recorded, for its teacher only', async () => {
    const db = ctx.database.db;
    const [older] = await db
      .select()
      .from(raids)
      .where(and(eq(raids.professorId, prof.professorId as string), ne(raids.id, raidId)))
      .limit(1);
    const [hw] = await db
      .insert(homeworkRaids)
      .values({
        name: 'Devoir de juin',
        raidId: older.id,
        professorId: prof.professorId as string,
        ...key,
        isOnGoing: false,
        createdAt: new Date('2025-06-10T10:00:00Z'),
      })
      .returning({ id: homeworkRaids.id });
    expect((await get(other, `/api/analytics/plays/${hw.id}`)).status).toBe(404);
    const res = await get<RaidReport>(prof, `/api/analytics/plays/${hw.id}`);
    expect(res.status).toBe(200);
    expect(res.body.play).toMatchObject({
      kind: 'homework',
      raidTitle: older.title,
      startedAt: '2025-06-10T10:00:00.000Z',
    });
    const asked = await db.select().from(questions).where(eq(questions.raidId, older.id));
    expect(res.body.questions).toHaveLength(asked.length);
  });

  it('keeps the plays and their reports when the raid and its homework are deleted', async () => {
    const before = (await get<RaidReport>(prof, `/api/analytics/plays/${livePlays[1]}`)).body;
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/raids/${raidId}`,
      headers: bearer(prof.accessToken),
    });
    expect(del.statusCode).toBe(204);
    const after = await get<RaidReport>(prof, `/api/analytics/plays/${livePlays[1]}`);
    expect(after.status).toBe(200);
    expect(after.body.play.raidId).toBeNull();
    expect(after.body.questions).toEqual(before.questions);
    expect(after.body.students).toEqual(before.students);
    const hw = await get<RaidReport>(prof, `/api/analytics/plays/${homeworkId}`);
    expect(hw.status).toBe(200);
    expect(hw.body.play.homeworkRaidId).toBeNull();
    expect(hw.body.students.find((s) => s.studentId === kids[0].studentId)?.answered).toBe(2);
  });
});

describe('deleting a student', () => {
  it('deletes their answers', async () => {
    const db = ctx.database.db;
    const sid = kids[2].studentId as string;
    expect(
      (await db.select().from(studentAnswers).where(eq(studentAnswers.studentId, sid))).length,
    ).toBeGreaterThan(0);
    await db.delete(users).where(eq(users.id, kids[2].id));
    expect(await db.select().from(studentAnswers).where(eq(studentAnswers.studentId, sid))).toEqual([]);
    expect(await db.select().from(sessionLogs).where(eq(sessionLogs.userId, kids[2].id))).toEqual([]);
  });
});
