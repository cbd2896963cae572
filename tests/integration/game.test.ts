// The live game with real socket.io clients, on the memory store or (REDIS_URL) on Redis.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codex, gameEvents, students } from '../../server/db/schema.js';
import type { PhoneState, RaidView, RoomSnapshot, SummonView } from '../../shared/game/contract.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { type Client, connect, connectAs, demoLesson, listen, patchMatching, send } from './helpers/game.js';

let ctx: TestContext;
let url: string;
let professor: Client;
let key: { schoolclassId: string; subjectId: string };
let raidId: string;
const phones: Client[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ QUESTION_SECONDS: '3' });
  url = await listen(ctx.app);
  const prof = await signin(ctx.app, DEMO.admin);
  ({ key, raidId } = await demoLesson(ctx.app, prof));
  professor = await connect(url, prof.accessToken);
});

afterAll(async () => {
  for (const s of [professor, ...phones]) s?.disconnect();
  await ctx.close();
});

async function phone(login: string) {
  const { socket, user } = await connectAs(ctx.app, url, { login, password: DEMO.student.password });
  phones.push(socket);
  return { socket, user };
}

describe('a room', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(connect(url, 'nope')).rejects.toThrow('AUTH.UNAUTHORIZED');
  });

  it('is opened by the class’s teacher, not by another teacher', async () => {
    const other = await connectAs(ctx.app, url, DEMO.sciences);
    phones.push(other.socket);
    expect(await send(other.socket, 'room:open', key)).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
    const ack = await send<{ snapshot: RoomSnapshot }>(professor, 'room:open', key);
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.snapshot).toMatchObject({
      className: '5e B',
      planet: 'nebula',
      paused: false,
      activity: null,
    });
    expect(ack.snapshot.roster).toHaveLength(30);
    expect(ack.snapshot.roster.every((r) => !r.connected)).toBe(true);
  });

  it('appears on the home of its students, and only theirs', async () => {
    const s = await signin(ctx.app, DEMO.student);
    const live = await ctx.app.inject({
      method: 'GET',
      url: '/api/game/rooms/live',
      headers: bearer(s.accessToken),
    });
    expect(live.json()).toEqual([{ ...key, className: '5e B' }]);
    const o = await signin(ctx.app, DEMO.studentOfOtherClass);
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/game/rooms/live',
      headers: bearer(o.accessToken),
    });
    expect(none.json()).toEqual([]);
  });

  it('lets a student of the class join, shows them connected on the board, and refuses another class', async () => {
    const { socket, user } = await phone('eleve01');
    const ack = await send<{ snapshot: RoomSnapshot; phone: PhoneState }>(socket, 'room:join', key);
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.phone.studentId).toBe(user.studentId);
    // Phones see themselves, not the whole class.
    expect(ack.snapshot.roster.map((r) => r.studentId)).toEqual([user.studentId]);
    await patchMatching(
      professor,
      (p) => p.type === 'presence' && p.studentId === user.studentId && p.connected,
    );

    const stranger = await phone('eleve31');
    expect(await send(stranger.socket, 'room:join', key)).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
  });

  it('refuses teacher commands from a student and malformed payloads from anyone', async () => {
    const [s] = phones.filter((p) => p.connected);
    const student = phones[1];
    expect(await send(student, 'raid:start', { raidId })).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
    expect(await send(student, 'summon:draw', {})).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
    expect(
      await send(professor, 'answer:submit', {
        questionId: raidId,
        answerIds: [raidId],
        clientId: 'abcdefgh',
      }),
    ).toEqual({
      ok: false,
      message: 'ERRORS.FORBIDDEN',
    });
    expect(await send(professor, 'raid:start', { raidId: 'not-a-uuid' })).toEqual({
      ok: false,
      message: 'ERRORS.INVALID_BODY',
    });
    expect(await send(professor, 'room:open', 'garbage')).toEqual({
      ok: false,
      message: 'ERRORS.INVALID_BODY',
    });
    expect(await send(student, 'answer:submit', { questionId: 42 })).toEqual({
      ok: false,
      message: 'ERRORS.INVALID_BODY',
    });
    expect(s.connected).toBe(true);
  });
});

describe('a raid', () => {
  let phoneA: Client;
  let phoneB: Client;
  let studentA: string;
  let studentB: string;

  beforeAll(async () => {
    const a = await phone('eleve02');
    const b = await phone('eleve03');
    phoneA = a.socket;
    phoneB = b.socket;
    studentA = a.user.studentId as string;
    studentB = b.user.studentId as string;
    await send(phoneA, 'room:join', key);
    await send(phoneB, 'room:join', key);
  });

  it('opens a lobby on the board and the phones: no question, no clock, until the teacher begins', async () => {
    expect(await send(professor, 'raid:start', { raidId })).toEqual({ ok: true });
    const l = await patchMatching(phoneA, (x) => x.type === 'activity' && x.activity?.kind === 'raid');
    expect((l.patch as { activity: RaidView }).activity).toMatchObject({
      title: 'Les fractions',
      phase: 'lobby',
      question: null,
      deadline: null,
    });
    expect(await send(professor, 'raid:reveal', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    expect(await send(professor, 'summon:draw', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    expect(await send(phoneA, 'raid:begin', {})).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
  });

  it('starts on the board and on the phones, without the correct answers', async () => {
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    const p = await patchMatching(
      phoneA,
      (x) => x.type === 'activity' && x.activity?.kind === 'raid' && x.activity.phase === 'question',
    );
    const raid = (p.patch as { activity: RaidView }).activity;
    expect(raid).toMatchObject({ title: 'Les fractions', index: 0, phase: 'question', reveal: null });
    expect(JSON.stringify(raid)).not.toMatch(/correct/i);
    expect(raid.question?.answers.length).toBeGreaterThanOrEqual(2);
  });

  it('counts an answer once, tells the board who answered but never what', async () => {
    const sync = await send<{ snapshot: RoomSnapshot }>(phoneA, 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    const q = (sync.snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    const answer = { questionId: q.id, answerIds: [q.answers[0].id], clientId: 'phone-a-q0' };
    expect(await send(phoneA, 'answer:submit', answer)).toEqual({ ok: true, status: 'counted' });
    expect(await send(phoneA, 'answer:submit', answer)).toEqual({ ok: true, status: 'duplicate' });
    expect(
      await send(phoneA, 'answer:submit', {
        ...answer,
        answerIds: [q.answers[1].id],
        clientId: 'phone-a-q0-bis',
      }),
    ).toEqual({
      ok: true,
      status: 'duplicate',
    });
    const seen = await patchMatching(
      professor,
      (p) => p.type === 'answered' && p.studentIds.includes(studentA),
    );
    expect(seen.patch).toEqual({ type: 'answered', questionId: q.id, studentIds: [studentA], count: 1 });
    // A second send of the same answer is never announced again.
    await new Promise((r) => setTimeout(r, 250));
    expect(
      professor.patches.filter((p) => p.patch.type === 'answered' && p.patch.studentIds.includes(studentA)),
    ).toHaveLength(1);
    // Phones do not receive the others' answers.
    expect(phoneB.patches.some((p) => p.patch.type === 'answered')).toBe(false);
    expect(
      await send(phoneA, 'answer:submit', {
        ...answer,
        answerIds: ['00000000-0000-4000-8000-000000000000'],
        clientId: 'x-12345678',
      }),
    ).toEqual({ ok: false, message: 'GAME.UNKNOWN_ANSWER' });
  });

  it('gives a reconnecting phone its place and its answer back', async () => {
    phoneA.disconnect();
    const user = await signin(ctx.app, { login: 'eleve02', password: DEMO.student.password });
    phoneA = await connect(url, user.accessToken, ['polling']);
    phones.push(phoneA);
    const ack = await send<{ snapshot: RoomSnapshot; phone: PhoneState }>(phoneA, 'room:join', key);
    if (!ack.ok) throw new Error(ack.message);
    const q = (ack.snapshot.activity as RaidView).question;
    expect(ack.phone.myAnswer?.questionId).toBe(q?.id);
    expect(ack.phone.myAnswer?.answerIds).toEqual([q?.answers[0].id]);
  });

  it('reveals the correct answers and the share of the class, then moves on', async () => {
    expect(await send(professor, 'raid:next', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    expect(await send(professor, 'raid:reveal', {})).toEqual({ ok: true });
    const p = await patchMatching(
      phoneB,
      (x) => x.type === 'activity' && x.activity?.kind === 'raid' && x.activity.phase === 'revealed',
    );
    const raid = (p.patch as { activity: RaidView }).activity;
    expect(raid.reveal?.correctAnswerIds.length).toBeGreaterThan(0);
    // eleve01, 02, 03 are present; one answered.
    expect(raid.reveal?.rightShare).toBeLessThanOrEqual(1 / 3);
    const late = await send(phoneB, 'answer:submit', {
      questionId: raid.question?.id,
      answerIds: [raid.question?.answers[0].id],
      clientId: 'phone-b-late',
    });
    expect(late).toEqual({ ok: false, message: 'GAME.QUESTION_CLOSED' });
    expect(await send(professor, 'raid:next', {})).toEqual({ ok: true });
  });

  it('refuses an answer after the deadline', async () => {
    const sync = await send<{ snapshot: RoomSnapshot }>(phoneB, 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    const raid = sync.snapshot.activity as RaidView;
    expect(raid.index).toBe(1);
    await new Promise((r) => setTimeout(r, Math.max(0, (raid.deadline ?? 0) - Date.now()) + 200));
    const ack = await send(phoneB, 'answer:submit', {
      questionId: raid.question?.id,
      answerIds: [raid.question?.answers[0].id],
      clientId: 'phone-b-slow',
    });
    expect(ack).toEqual({ ok: false, message: 'GAME.QUESTION_CLOSED' });
  });

  it('ends with a result: the XP is stored for students who answered, none for one who never did', async () => {
    const [before] = await ctx.database.db.select().from(students).where(eq(students.id, studentB));
    const [beforeA] = await ctx.database.db.select().from(students).where(eq(students.id, studentA));
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
    const p = await patchMatching(
      professor,
      (x) => x.type === 'activity' && x.activity?.kind === 'raid' && x.activity.phase === 'ended',
    );
    const raid = (p.patch as { activity: RaidView }).activity;
    expect(raid.result?.outcome).toBe('DEFEAT');
    expect(raid.result?.gains[studentB]).toBeUndefined();
    const [after] = await ctx.database.db.select().from(students).where(eq(students.id, studentB));
    expect(after.xp).toBe(before.xp);
    const gainA = raid.result?.gains[studentA]?.xp ?? 0;
    expect(gainA).toBeGreaterThanOrEqual(5);
    const [afterA] = await ctx.database.db.select().from(students).where(eq(students.id, studentA));
    expect(afterA.xp).toBe(beforeA.xp + gainA);
    const events = await ctx.database.db
      .select()
      .from(gameEvents)
      .where(inArray(gameEvents.type, ['RAID_STARTED', 'RAID_RESULT']));
    expect(events.map((e) => e.type).sort()).toEqual(['RAID_RESULT', 'RAID_STARTED']);
    // Phones are told their own gain, not everybody's.
    const phoneEnd = await patchMatching(
      phoneB,
      (x) => x.type === 'activity' && x.activity?.kind === 'raid' && x.activity.phase === 'ended',
    );
    expect((phoneEnd.patch as { activity: RaidView }).activity.result?.gains).toEqual({});
    const mine = await send<{ snapshot: RoomSnapshot; phone: PhoneState }>(phoneA, 'room:sync', {});
    if (!mine.ok) throw new Error(mine.message);
    expect(mine.phone).toMatchObject({
      xpGained: raid.result?.gains[studentA].xp,
      coinsGained: raid.result?.gains[studentA].coins,
    });
  });
  it('plays the same raid again with fresh answers', async () => {
    expect(await send(professor, 'raid:start', { raidId })).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const sync = await send<{ snapshot: RoomSnapshot }>(phoneB, 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    const q = (sync.snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    expect(
      await send(phoneB, 'answer:submit', {
        questionId: q.id,
        answerIds: [q.answers[0].id],
        clientId: 'phone-b-replay',
      }),
    ).toEqual({ ok: true, status: 'counted' });
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
  });
});

describe('summon, pick and codex', () => {
  it('draws a present student, no repeats, and a right oral answer gives XP', async () => {
    const drawn = new Set<string>();
    for (let i = 0; i < 3; i++) {
      expect(await send(professor, 'summon:draw', {})).toEqual({ ok: true });
      const sync = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
      if (!sync.ok) throw new Error(sync.message);
      const view = sync.snapshot.activity as SummonView;
      drawn.add(view.drawn as string);
      // Only the three present students count as left to call, out of a class of thirty.
      expect(view.poolLeft).toBe(2 - i);
      if (i === 0) {
        const [before] = await ctx.database.db
          .select()
          .from(students)
          .where(eq(students.id, view.drawn as string));
        expect(await send(professor, 'summon:mark', { studentId: view.drawn, right: true })).toEqual({
          ok: true,
        });
        const [after] = await ctx.database.db
          .select()
          .from(students)
          .where(eq(students.id, view.drawn as string));
        expect(after.xp).toBe(before.xp + 10);
        // Issue 21: the drawn student's phone shows the new power XP at once, not the lesson's first.
        let seen: PhoneState | null = null;
        for (const p of phones) {
          const r = await send<{ phone: PhoneState | null }>(p, 'room:sync', {});
          if (r.ok && r.phone?.studentId === view.drawn) seen = r.phone;
        }
        expect(seen?.powerXp).toBe(after.powerXp);
        expect(after.powerXp).toBeGreaterThan(before.powerXp);
        expect(await send(professor, 'summon:mark', { studentId: view.drawn, right: true })).toEqual({
          ok: false,
          message: 'GAME.WRONG_PHASE',
        });
      }
    }
    // Three students are present (eleve01..03): each drawn once.
    expect(drawn.size).toBe(3);
  });

  it('forms teams of the present students', async () => {
    expect(await send(professor, 'pick:draw', { mode: 'team', teamSize: 2 })).toEqual({ ok: true });
    const p = await patchMatching(professor, (x) => x.type === 'activity' && x.activity?.kind === 'pick');
    const groups = (p.patch as { activity: { groups: string[][] } }).activity.groups;
    // Three students in teams of two: nobody is left alone.
    expect(groups.map((g) => g.length)).toEqual([3]);
  });

  it('shows the approved phrases one at a time and marks them displayed', async () => {
    expect(await send(professor, 'codex:next', { showAuthor: false })).toEqual({ ok: true });
    const p = await patchMatching(professor, (x) => x.type === 'activity' && x.activity?.kind === 'codex');
    const view = (p.patch as { activity: { phrase: { id: string; author: string | null }; left: number } })
      .activity;
    // The board gets the author and shows it or not at the teacher's switch (lesson-live.test.ts).
    expect(view.phrase.author).toMatch(/^\S+ [A-Z]\.$/);
    const [row] = await ctx.database.db.select().from(codex).where(eq(codex.id, view.phrase.id));
    expect(row.status).toBe(3);
    expect(await send(professor, 'codex:next', { showAuthor: true })).toEqual({ ok: true });
    const sync = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    const second = sync.snapshot.activity as { phrase: { id: string; author: string } | null };
    expect(second.phrase?.author).toMatch(/^\S+ [A-Z]\.$/);
    expect(await send(professor, 'codex:next', { showAuthor: true })).toEqual({ ok: true });
    const done = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!done.ok) throw new Error(done.message);
    expect((done.snapshot.activity as { phrase: unknown }).phrase).toBeNull();
  });

  it('lets a student with enough power XP activate a power once', async () => {
    const rich = await phone('eleve04');
    await ctx.database.db
      .update(students)
      .set({ powerXp: 3 })
      .where(eq(students.id, rich.user.studentId as string));
    await send(rich.socket, 'room:join', key);
    expect(await send(rich.socket, 'power:activate', {})).toEqual({ ok: true });
    expect(await send(rich.socket, 'power:activate', {})).toEqual({
      ok: false,
      message: 'GAME.POWER_ALREADY_ACTIVE',
    });
    const p = await patchMatching(professor, (x) => x.type === 'power');
    expect(p.patch).toEqual({ type: 'power', studentId: rich.user.studentId, active: true, powerXp: 0 });
    const poor = await phone('eleve05');
    await send(poor.socket, 'room:join', key);
    await ctx.database.db
      .update(students)
      .set({ powerXp: 1 })
      .where(eq(students.id, poor.user.studentId as string));
    expect(await send(poor.socket, 'power:activate', {})).toEqual({
      ok: false,
      message: 'GAME.NOT_ENOUGH_POWER_XP',
    });
  });

  it('pauses: phones see it and answers are refused', async () => {
    expect(await send(professor, 'room:pause', {})).toEqual({ ok: true });
    const last = phones[phones.length - 1];
    await patchMatching(last, (x) => x.type === 'paused' && x.paused);
    const refused = await send(last, 'answer:submit', {
      questionId: '00000000-0000-4000-8000-000000000000',
      answerIds: ['00000000-0000-4000-8000-000000000001'],
      clientId: 'paused-123',
    });
    expect(refused).toEqual({ ok: false, message: 'GAME.PAUSED' });
    expect(await send(professor, 'room:resume', {})).toEqual({ ok: true });
    await patchMatching(last, (x) => x.type === 'paused' && !x.paused);
  });

  it('refuses a power while the game is paused, and spends no power XP', async () => {
    const pupil = await phone('eleve06');
    const studentId = pupil.user.studentId as string;
    await ctx.database.db.update(students).set({ powerXp: 3 }).where(eq(students.id, studentId));
    expect((await send(pupil.socket, 'room:join', key)).ok).toBe(true);
    expect(await send(professor, 'room:pause', {})).toEqual({ ok: true });
    expect(await send(pupil.socket, 'power:activate', {})).toEqual({ ok: false, message: 'GAME.PAUSED' });
    const [row] = await ctx.database.db
      .select({ powerXp: students.powerXp })
      .from(students)
      .where(eq(students.id, studentId));
    expect(row.powerXp).toBe(3);
    const synced = await send<{ phone: PhoneState }>(pupil.socket, 'room:sync', {});
    expect(synced).toMatchObject({ ok: true, phone: { powerActive: false } });
    // Resumed, the same power goes through.
    expect(await send(professor, 'room:resume', {})).toEqual({ ok: true });
    expect(await send(pupil.socket, 'power:activate', {})).toEqual({ ok: true });
  });
});

describe('a room paused at the end of a lesson', () => {
  it('comes back paused after a restart, at the same question with its answers, and the question keeps its time', async () => {
    const a = await phone('eleve05');
    const b = await phone('eleve06');
    await send(a.socket, 'room:join', key);
    await send(professor, 'activity:close', {});
    expect(await send(professor, 'raid:start', { raidId })).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const sync = await send<{ snapshot: RoomSnapshot }>(a.socket, 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    const q = (sync.snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    const status = await send(a.socket, 'answer:submit', {
      questionId: q.id,
      answerIds: [q.answers[0].id],
      clientId: 'before-pause-1',
    });
    expect(status).toEqual({ ok: true, status: 'counted' });
    expect(await send(professor, 'room:pause', {})).toEqual({ ok: true });

    // A restart: another server on the same database, with an empty room store.
    const { buildApp } = await import('../../server/app.js');
    const { loadConfig } = await import('../../server/config.js');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ctx.dataDir,
      LOG_LEVEL: 'silent',
      QUESTION_SECONDS: '3',
    });
    const app2 = await buildApp({
      config,
      database: ctx.database,
      redis: ctx.redis,
      redisPrefix: `crtest:restart:${Date.now()}:`,
      logger: false,
      questionSeconds: 3,
    });
    const url2 = await listen(app2);
    try {
      // The lesson stops for longer than the question's 3 seconds.
      await new Promise((r) => setTimeout(r, 3500));
      const prof = await signin(app2, DEMO.admin);
      const board = await connect(url2, prof.accessToken);
      const opened = await send<{ snapshot: RoomSnapshot }>(board, 'room:open', key);
      if (!opened.ok) throw new Error(opened.message);
      expect(opened.snapshot.paused).toBe(true);
      const raid = opened.snapshot.activity as RaidView;
      expect(raid).toMatchObject({ title: 'Les fractions', index: 0, phase: 'question' });
      expect(raid.answeredStudentIds).toEqual([a.user.studentId]);
      // Phones cannot answer while paused; after the resume the question still has its time left.
      const late = await connectAs(app2, url2, { login: 'eleve06', password: DEMO.student.password });
      await send(late.socket, 'room:join', key);
      const answer = { questionId: q.id, answerIds: [q.answers[1].id], clientId: 'after-pause-1' };
      expect(await send(late.socket, 'answer:submit', answer)).toEqual({ ok: false, message: 'GAME.PAUSED' });
      expect(await send(board, 'room:resume', {})).toEqual({ ok: true });
      expect(await send(late.socket, 'answer:submit', answer)).toEqual({ ok: true, status: 'counted' });
      board.disconnect();
      late.socket.disconnect();
      b.socket.disconnect();
    } finally {
      await app2.close();
    }
  });
});
