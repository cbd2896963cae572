// One way to award XP (issue 22): a live raid's end, a summon marked right, a finished homework and a
// teacher's manual XP all go through the one command (server/modules/xp/award.ts), so each divides
// a gain by the same count of the student's active professors, and a student with none counts one.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answers,
  gameEvents,
  homeworkRaids,
  questions,
  schoolclasses,
  students,
  studentsSchoolclasses,
} from '../../server/db/schema.js';
import * as award from '../../server/modules/xp/award.js';
import type { RaidView, RoomSnapshot, SummonView } from '../../shared/game/contract.js';
import { effectiveGain, XP_SUMMON_RIGHT } from '../../shared/game/rules.js';
import { bearer, createTestContext, DEMO, signin, signUpWithCode, type TestContext } from './helpers/app.js';
import { type Client, connect, demoLesson, listen, patchMatching, send } from './helpers/game.js';

// The command is spied on, not replaced: every award still runs for real.
vi.mock('../../server/modules/xp/award.js', async (original) => {
  const real = await original<typeof import('../../server/modules/xp/award.js')>();
  return { ...real, awardXp: vi.fn(real.awardXp) };
});
const awardXp = vi.mocked(award.awardXp);

let ctx: TestContext;
let url: string;
let prof: Awaited<ReturnType<typeof signin>>;
let key: { schoolclassId: string; subjectId: string };
let raidId: string;
const sockets: Client[] = [];
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext({ QUESTION_SECONDS: '30' });
  url = await listen(ctx.app);
  prof = await signin(ctx.app, DEMO.admin);
  ({ key, raidId } = await demoLesson(ctx.app, prof));
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

type Method = 'GET' | 'POST';
const req = (method: Method, path: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${path}`, payload, headers: bearer(token) });

async function pupil(n: number) {
  const u = await signin(ctx.app, {
    login: `eleve${String(n).padStart(2, '0')}`,
    password: DEMO.student.password,
  });
  return { ...u, studentId: u.studentId as string };
}
async function xpOf(studentId: string) {
  const [s] = await db().select().from(students).where(eq(students.id, studentId));
  return s;
}
/** The XP_GAIN events of a student, oldest first, as the student's stats read them. */
async function xpEvents(studentId: string) {
  const rows = await db()
    .select()
    .from(gameEvents)
    .where(and(eq(gameEvents.type, 'XP_GAIN'), eq(gameEvents.studentId, studentId)))
    .orderBy(asc(gameEvents.createdAt));
  return rows.map((r) => r.payload as { source: string; amount: number });
}
async function activeProfessorsCount(user: { id: string; accessToken: string }) {
  return (await req('GET', `/users/${user.id}`, user.accessToken)).json().student
    .activeProfessorsCount as number;
}
/** The sources the command was called with since `from` (an index into its calls). */
const sourcesSince = (from: number) => awardXp.mock.calls.slice(from).map(([, a]) => a.source);

describe('every award goes through the one command, divided by the same count of active professors', () => {
  // Two pupils of 5e B: `two` also joins 2nde A (a second teacher), `one` keeps one teacher.
  let two: Awaited<ReturnType<typeof pupil>>;
  let one: Awaited<ReturnType<typeof pupil>>;
  let board: Client;

  beforeAll(async () => {
    two = await pupil(11);
    one = await pupil(12);
    const [secondClass] = await db().select().from(schoolclasses).where(eq(schoolclasses.name, '2nde A'));
    const joined = await req('POST', '/students/join', two.accessToken, {
      code: secondClass.code,
      studentId: two.studentId,
    });
    expect(joined.statusCode).toBe(200);
    expect(await activeProfessorsCount(two)).toBe(2);
    expect(await activeProfessorsCount(one)).toBe(1);
    board = await connect(url, prof.accessToken);
    sockets.push(board);
    expect((await send(board, 'room:open', key)).ok).toBe(true);
  });

  it('a live raid: the gain of the result, halved for the pupil with two teachers, whole for the other', async () => {
    const phones: Client[] = [];
    for (const p of [two, one]) {
      const s = await connect(url, p.accessToken);
      sockets.push(s);
      phones.push(s);
      expect((await send(s, 'room:join', key)).ok).toBe(true);
    }
    const before = { two: await xpOf(two.studentId), one: await xpOf(one.studentId) };
    const calls = awardXp.mock.calls.length;
    expect(await send(board, 'raid:start', { raidId })).toEqual({ ok: true });
    expect(await send(board, 'raid:begin', {})).toEqual({ ok: true });
    const sync = await send<{ snapshot: RoomSnapshot }>(phones[0], 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    const q = (sync.snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    const right = await db()
      .select({ id: answers.id })
      .from(answers)
      .where(and(eq(answers.questionId, q.id), eq(answers.isCorrect, true)));
    for (const [i, phone] of phones.entries())
      expect(
        await send(phone, 'answer:submit', {
          questionId: q.id,
          answerIds: right.map((a) => a.id),
          clientId: `xp-award-live-${i}`,
        }),
      ).toMatchObject({ ok: true, status: 'counted' });
    // Both pupils present have answered: the question is revealed, and counts.
    await patchMatching(
      board,
      (x) => x.type === 'activity' && x.activity?.kind === 'raid' && x.activity.phase === 'revealed',
    );
    expect(await send(board, 'raid:end', {})).toEqual({ ok: true });
    const ended = await patchMatching(
      board,
      (x) => x.type === 'activity' && x.activity?.kind === 'raid' && x.activity.phase === 'ended',
    );
    const gains = (ended.patch as { activity: RaidView }).activity.result?.gains ?? {};
    const raw = { two: gains[two.studentId]?.xp ?? 0, one: gains[one.studentId]?.xp ?? 0 };
    expect(raw.two).toBeGreaterThan(0);
    expect(raw.one).toBe(raw.two);
    const after = { two: await xpOf(two.studentId), one: await xpOf(one.studentId) };
    expect(after.two.xp - before.two.xp).toBe(Math.trunc(raw.two / 2));
    expect(after.one.xp - before.one.xp).toBe(raw.one);
    // Coins are not divided; a positive gain brings one power XP.
    expect(after.two.coin - before.two.coin).toBe(gains[two.studentId].coins);
    expect(after.two.powerXp - before.two.powerXp).toBe(1);
    expect(sourcesSince(calls)).toEqual(['live']);
    expect((await xpEvents(two.studentId)).at(-1)).toMatchObject({
      source: 'live',
      amount: Math.trunc(raw.two / 2),
    });
    expect(await send(board, 'activity:close', {})).toEqual({ ok: true });
  });

  it('a summon marked right: 10 XP, halved for the pupil with two teachers', async () => {
    const calls = awardXp.mock.calls.length;
    const seen = new Set<string>();
    // Two pupils present: each is drawn once before anyone twice.
    for (let i = 0; i < 2; i++) {
      expect(await send(board, 'summon:draw', {})).toEqual({ ok: true });
      const sync = await send<{ snapshot: RoomSnapshot }>(board, 'room:sync', {});
      if (!sync.ok) throw new Error(sync.message);
      const drawn = (sync.snapshot.activity as SummonView).drawn as string;
      seen.add(drawn);
      const before = await xpOf(drawn);
      expect(await send(board, 'summon:mark', { studentId: drawn, right: true })).toEqual({ ok: true });
      const after = await xpOf(drawn);
      const professors = drawn === two.studentId ? 2 : 1;
      expect(after.xp - before.xp).toBe(effectiveGain(XP_SUMMON_RIGHT, professors));
      expect(after.xp - before.xp).toBe(professors === 2 ? 5 : 10);
      expect((await xpEvents(drawn)).at(-1)).toMatchObject({
        source: 'summon',
        amount: after.xp - before.xp,
      });
    }
    expect(seen).toEqual(new Set([two.studentId, one.studentId]));
    expect(sourcesSince(calls)).toEqual(['summon', 'summon']);
  });

  it('a homework: the same division as the live raid (1 right of 9: 15 XP, 7 for two teachers)', async () => {
    const [h] = await db()
      .select()
      .from(homeworkRaids)
      .where(eq(homeworkRaids.name, 'Puissances et Pythagore'));
    const [first] = await db()
      .select()
      .from(questions)
      .where(eq(questions.raidId, h.raidId))
      .orderBy(asc(questions.position))
      .limit(1);
    const right = await db()
      .select({ id: answers.id })
      .from(answers)
      .where(and(eq(answers.questionId, first.id), eq(answers.isCorrect, true)));
    const calls = awardXp.mock.calls.length;
    for (const p of [two, one]) {
      const base = `/students/${p.studentId}/homework/${h.id}`;
      const before = await xpOf(p.studentId);
      const answered = await req('POST', `${base}/answer`, p.accessToken, {
        questionId: first.id,
        answerIds: right.map((a) => a.id),
      });
      expect(answered.statusCode).toBe(200);
      const done = (await req('POST', `${base}/finish`, p.accessToken)).json();
      const want = p === two ? 7 : 15;
      expect(done).toMatchObject({ score: 1, total: 9, xpGained: want, coinsGained: 1 });
      expect((await xpOf(p.studentId)).xp - before.xp).toBe(want);
      expect((await xpEvents(p.studentId)).at(-1)).toMatchObject({ source: 'homework', amount: want });
    }
    expect(sourcesSince(calls)).toEqual(['homework', 'homework']);
  });

  it('a manual gain: divided the same way, and a loss floors at 0', async () => {
    const calls = awardXp.mock.calls.length;
    const path = (s: string) =>
      `/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/students/${s}/xp`;
    const halved = await req('POST', path(two.studentId), prof.accessToken, { amount: 31, reason: 'Exposé' });
    expect(halved.statusCode).toBe(201);
    expect(halved.json()).toMatchObject({ applied: 15 });
    const whole = await req('POST', path(one.studentId), prof.accessToken, { amount: 31, reason: 'Exposé' });
    expect(whole.json()).toMatchObject({ applied: 31 });
    // A loss larger than the pupil's XP: XP and progression floor at 0, the level stays.
    await db().update(students).set({ xp: 40, levelProgression: 40 }).where(eq(students.id, one.studentId));
    const level = (await xpOf(one.studentId)).level;
    const loss = await req('POST', path(one.studentId), prof.accessToken, { amount: -1000, reason: 'Test' });
    expect(loss.statusCode).toBe(201);
    expect(loss.json()).toMatchObject({ applied: -40, xp: 0, levelProgression: 0, level });
    expect((await xpEvents(two.studentId)).at(-1)).toMatchObject({ source: 'manual', amount: 15 });
    expect(sourcesSince(calls)).toEqual(['manual', 'manual', 'manual']);
  });
});

describe('a student with no active professor', () => {
  it('counts one: the whole gain, and the user record shows 0 active professors', async () => {
    const [cls] = await db().select().from(schoolclasses).where(eq(schoolclasses.name, '5e B'));
    const nina = await signUpWithCode(ctx, cls.code as string, 'nina-sans-prof');
    const studentId = nina.studentId as string;
    // She leaves her only class: no professor teaches her any more.
    await db().delete(studentsSchoolclasses).where(eq(studentsSchoolclasses.studentId, studentId));
    const user = await signin(ctx.app, { login: 'nina-sans-prof', password: 'Trousse-Rouge-9!' });
    expect(await activeProfessorsCount(user)).toBe(0);
    const before = await xpOf(studentId);
    const out = await award.awardXp(db(), {
      source: 'manual',
      by: { professorId: prof.professorId as string, ...key },
      gains: { [studentId]: { xp: 30, coins: 2 } },
      details: { requested: 30, reason: 'Sans classe' },
      recordUnchanged: true,
    });
    expect(out[studentId]).toMatchObject({ xpGained: 30, coinsGained: 2 });
    const after = await xpOf(studentId);
    expect(after.xp - before.xp).toBe(30);
    expect(after.powerXp - before.powerXp).toBe(1);
    expect(await xpEvents(studentId)).toEqual([expect.objectContaining({ source: 'manual', amount: 30 })]);
  });

  it('an unknown student is left out of the answer, and nothing is written', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    const out = await award.awardXp(db(), {
      source: 'manual',
      by: { professorId: prof.professorId as string, ...key },
      gains: { [ghost]: { xp: 30, coins: 0 } },
    });
    expect(out).toEqual({});
    expect(
      await db()
        .select()
        .from(gameEvents)
        .where(and(eq(gameEvents.type, 'XP_GAIN'), inArray(gameEvents.studentId, [ghost]))),
    ).toEqual([]);
  });
});
