// The demo's term of history (issue 21, item 19) and a teacher's page about one pupil (item 17).
// This file's database gets the history the first `npm start` seeds (the shared template has none,
// so that other files count from an empty history): every analytics page then shows something.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OVERDUE_HOMEWORK, parisAt, seedDemoHistory } from '../../server/db/demo/history.js';
import { parisDay } from '../../shared/homework-schedule.js';
import type {
  ClassesAnalytics,
  ClassStudentsAnalytics,
  PersonalAnalytics,
  PupilPage,
  RaidPlayList,
  RaidReport,
  StudentOwnStats,
} from '../../shared/schemas/analytics.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let prof: StoredUser;
let sciences: StoredUser;
let pupil: StoredUser;
let otherPupil: StoredUser;
/** The last 60 days, as a custom period (the history's dates move with today). */
let period = '';

const get = async <T>(user: StoredUser, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });
  return { status: res.statusCode, body: res.json() as T };
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.db.transaction((tx) => seedDemoHistory(tx));
  prof = await signin(ctx.app, DEMO.admin);
  sciences = await signin(ctx.app, DEMO.sciences);
  pupil = await signin(ctx.app, DEMO.student);
  otherPupil = await signin(ctx.app, DEMO.studentOfOtherClass);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  period = `period=custom&from=${day(new Date(Date.now() - 60 * 86400_000))}&to=${day(new Date(Date.now() + 86400_000))}`;
});
afterAll(async () => {
  await ctx?.close();
});

describe("the demo's history", () => {
  it("fills the teacher's pages: classes, students, plays, a report, the personal page", async () => {
    const classes = (await get<ClassesAnalytics>(prof, `/api/analytics/schoolclasses?${period}`)).body;
    const row = classes.classes[0];
    expect(row.collectiveRaidsCompleted).toBe(10);
    expect(row.individualRaidsCompleted).toBeGreaterThan(20);
    expect(row.victoryRate).not.toBeNull();
    const students = (
      await get<ClassStudentsAnalytics>(
        prof,
        `/api/analytics/schoolclasses/${row.schoolclassId}/${row.subjectId}?${period}`,
      )
    ).body;
    expect(students.students.filter((s) => s.liveAnswers > 0).length).toBeGreaterThan(20);
    expect(students.students.filter((s) => s.homeworkAnswers > 0).length).toBeGreaterThan(15);
    const plays = (
      await get<RaidPlayList>(
        prof,
        `/api/analytics/schoolclasses/${row.schoolclassId}/${row.subjectId}/plays?${period}`,
      )
    ).body.plays;
    expect(plays.filter((p) => p.kind === 'live')).toHaveLength(10);
    expect(plays.filter((p) => p.kind === 'homework')).toHaveLength(2);
    // Every play is in the past, the newest a week ago at least.
    expect(plays.every((p) => Date.parse(p.startedAt) < Date.now() - 7 * 86400_000)).toBe(true);
    const report = (await get<RaidReport>(prof, `/api/analytics/plays/${plays[0].id}`)).body;
    expect(report.questions.some((q) => q.answered > 0 && q.meanTimeMs !== null)).toBe(true);
    const personal = (await get<PersonalAnalytics>(prof, `/api/analytics/personal?${period}`)).body;
    expect(personal.totals).toMatchObject({ raidsStarted: 12 });
    expect(personal.totals.connections).toBeGreaterThan(0);
    expect(personal.totals.summons).toBeGreaterThan(0);
  });

  it('gives 2nde A an open homework whose due date has passed, its pupils see it late', async () => {
    const list = (
      await get<{ name: string; isOnGoing: boolean; dueOn: string | null; lateCount: number }[]>(
        sciences,
        `/api/homeworkRaids/professors/${sciences.professorId}`,
      )
    ).body;
    const due = parisDay(parisAt(new Date(), DEMO_OVERDUE_HOMEWORK.dueDaysAgo, 12));
    expect(list.filter((h) => h.isOnGoing)).toEqual([
      expect.objectContaining({ name: DEMO_OVERDUE_HOMEWORK.name, dueOn: due, lateCount: 0 }),
    ]);
    const mine = (
      await get<{ name: string; overdue: boolean; upcoming: boolean }[]>(
        otherPupil,
        `/api/homeworkRaids/${otherPupil.studentId}`,
      )
    ).body;
    expect(mine.find((h) => h.name === DEMO_OVERDUE_HOMEWORK.name)).toMatchObject({
      overdue: true,
      upcoming: false,
    });
  });

  it("fills a pupil's own stats, and the curve ends at the pupil's XP", async () => {
    const mine = (await get<StudentOwnStats>(pupil, `/api/analytics/me?${period}`)).body;
    expect(mine.raidsPlayed.live).toBeGreaterThan(5);
    expect(mine.subjects[0].answers).toBeGreaterThan(20);
    expect(mine.xpHistory.length).toBeGreaterThan(3);
    expect(mine.xpHistory.at(-1)?.xp).toBe(mine.xp);
    expect(mine.xpHistory.at(-1)?.level).toBe(mine.level);
  });

  it('is the same on every seed: the same answers, whatever the day', async () => {
    // Two seeds three days apart, on fixed days late enough in the school year for the whole
    // schedule to fit (from 1 September the history is squeezed into the days since, so a seed of
    // September holds fewer plays): the dates move, the answers do not, on any day the test runs.
    const ownStats = async (now: Date) => {
      const other = await createTestContext();
      try {
        await other.database.db.transaction((tx) => seedDemoHistory(tx, now));
        const p = await signin(other.app, DEMO.student);
        const day = (d: Date) => d.toISOString().slice(0, 10);
        const around = `period=custom&from=${day(new Date(now.getTime() - 60 * 86400_000))}&to=${day(new Date(now.getTime() + 86400_000))}`;
        const res = await other.app.inject({
          method: 'GET',
          url: `/api/analytics/me?${around}`,
          headers: bearer(p.accessToken),
        });
        expect(res.statusCode).toBe(200);
        return res.json() as StudentOwnStats;
      } finally {
        await other.close();
      }
    };
    const a = await ownStats(new Date('2025-11-20T11:00:00Z'));
    const b = await ownStats(new Date('2025-11-17T11:00:00Z'));
    expect(a.raidsPlayed.live).toBeGreaterThan(5);
    expect(a.raidsPlayed.homework).toBeGreaterThan(0);
    expect(b.subjects).toEqual(a.subjects);
    expect(b.raidsPlayed).toEqual(a.raidsPlayed);
  });
});

describe("a teacher's page about one pupil", () => {
  it("shows the pupil's raids and homework, XP curve and good answers to the pupil's teacher", async () => {
    const { status, body } = await get<PupilPage>(
      prof,
      `/api/analytics/students/${pupil.studentId}?${period}`,
    );
    expect(status).toBe(200);
    expect(body.student).toMatchObject({ username: 'eleve01', studentId: pupil.studentId });
    expect(body.classes.map((c) => c.schoolclassName)).toEqual(['5e B']);
    const mine = (await get<StudentOwnStats>(pupil, `/api/analytics/me?${period}`)).body;
    // What the pupil sees in "Mes stats" (one teacher, one class): the same figures.
    expect(body.stats.subjects).toEqual(mine.subjects);
    expect(body.stats.raidsPlayed).toEqual(mine.raidsPlayed);
    expect(body.plays.length).toBe(mine.raidsPlayed.live + mine.raidsPlayed.homework);
    expect(body.plays.some((p) => p.kind === 'homework')).toBe(true);
    expect(body.plays.reduce((s, p) => s + p.answers, 0)).toBe(mine.subjects[0].answers);
  });

  it('is refused (404) to a teacher who does not teach the pupil, to pupils, and without a token', async () => {
    expect((await get(sciences, `/api/analytics/students/${pupil.studentId}`)).status).toBe(404);
    expect((await get(prof, `/api/analytics/students/${otherPupil.studentId}`)).status).toBe(404);
    expect((await get(pupil, `/api/analytics/students/${pupil.studentId}`)).status).toBe(403);
    expect((await get(prof, '/api/analytics/students/not-a-uuid')).status).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/analytics/students/${pupil.studentId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    // Its own teacher sees it.
    expect((await get(sciences, `/api/analytics/students/${otherPupil.studentId}`)).status).toBe(200);
  });
});
