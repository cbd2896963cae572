// The room's life from open to Quit and disposal: real sockets for what phones and boards see, the
// game service with a fake clock where time is the subject. Memory store, or Redis with REDIS_URL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pausedRooms, raidSettings, students } from '../../server/db/schema.js';
import { redisStore } from '../../server/game/redis-store.js';
import { createGameService, DISPOSE_CHECK_MS, type GameService } from '../../server/game/service.js';
import { memoryStore, type RoomStore } from '../../server/game/store.js';
import type {
  PhoneState,
  RaidSettings,
  RaidView,
  RoomKey,
  RoomSnapshot,
} from '../../shared/game/contract.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { type Client, connect, connectAs, listen, patchMatching, send } from './helpers/game.js';

let ctx: TestContext;
let url: string;
let professor: Client;
let key: RoomKey;
let raidId: string;
const sockets: Client[] = [];

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function raidOf(token: string, subjectId: string, title?: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/game/raids?subjectId=${subjectId}`,
    headers: bearer(token),
  });
  const raids = res.json().flatMap((c: { raids: { id: string; title: string }[] }) => c.raids);
  return (title ? raids.find((r: { title: string }) => r.title === title) : raids[0]).id;
}

async function phone(login: string) {
  const p = await connectAs(ctx.app, url, { login, password: DEMO.student.password });
  sockets.push(p.socket);
  return p;
}

beforeAll(async () => {
  ctx = await createTestContext({ QUESTION_SECONDS: '30' });
  url = await listen(ctx.app);
  const prof = await signin(ctx.app, DEMO.admin);
  const me = (
    await ctx.app.inject({ method: 'GET', url: `/api/users/${prof.id}`, headers: bearer(prof.accessToken) })
  ).json();
  const cls = me.professor.schoolclasses[0];
  key = { schoolclassId: cls.id, subjectId: cls.subjectId };
  raidId = await raidOf(prof.accessToken, key.subjectId, 'Les fractions');
  professor = await connect(url, prof.accessToken);
  sockets.push(professor);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

const settings = (s: Partial<RaidSettings> = {}): RaidSettings => ({
  questionSeconds: 30,
  endWhenAllAnswered: true,
  askEveryQuestion: false,
  scoring: 'accuracy',
  ...s,
});

async function syncRaid(c: Client) {
  const ack = await send<{ snapshot: RoomSnapshot }>(c, 'room:sync', {});
  if (!ack.ok) throw new Error(ack.message);
  return ack.snapshot.activity as RaidView;
}

async function answerFirst(c: Client, clientId: string) {
  const q = (await syncRaid(c)).question;
  if (!q) throw new Error('no question');
  return send(c, 'answer:submit', { questionId: q.id, answerIds: [q.answers[0].id], clientId });
}

describe('a raid chosen with its settings', () => {
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    const opened = await send<{ snapshot: RoomSnapshot; settings: RaidSettings }>(
      professor,
      'room:open',
      key,
    );
    if (!opened.ok) throw new Error(opened.message);
    a = (await phone('eleve01')).socket;
    b = (await phone('eleve02')).socket;
    expect((await send(a, 'room:join', key)).ok).toBe(true);
    expect((await send(b, 'room:join', key)).ok).toBe(true);
  });

  it('offers the defaults the first time, refuses settings out of bounds', async () => {
    const opened = await send<{ settings: RaidSettings }>(professor, 'room:open', key);
    expect(opened).toMatchObject({ ok: true, settings: settings() });
    for (const bad of [
      settings({ questionSeconds: 5 }),
      settings({ questionSeconds: 121 }),
      { ...settings(), scoring: 'luck' },
      { questionSeconds: 30 },
    ]) {
      expect(await send(professor, 'raid:start', { raidId, settings: bad })).toEqual({
        ok: false,
        message: 'ERRORS.INVALID_BODY',
      });
    }
  });

  it('plays without a clock and ends the question as soon as every connected student answered', async () => {
    const chosen = settings({ questionSeconds: null, scoring: 'speed', askEveryQuestion: true });
    expect(await send(professor, 'raid:start', { raidId, settings: chosen })).toEqual({ ok: true });
    expect(
      await send(a, 'answer:submit', { questionId: raidId, answerIds: [raidId], clientId: 'lobby-answer-1' }),
    ).toEqual({
      ok: false,
      message: 'GAME.NOT_CURRENT_QUESTION',
    });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const raid = await syncRaid(a);
    expect(raid).toMatchObject({ phase: 'question', deadline: null, settings: chosen });
    expect(await answerFirst(a, 'early-a-1')).toEqual({ ok: true, status: 'counted' });
    expect((await syncRaid(professor)).phase).toBe('question');
    expect(await answerFirst(b, 'early-b-1')).toEqual({ ok: true, status: 'counted' });
    // Nobody pressed reveal: the board and the phones see the answer.
    await patchMatching(
      professor,
      (p) => p.type === 'activity' && p.activity?.kind === 'raid' && p.activity.phase === 'revealed',
    );
    await patchMatching(
      a,
      (p) => p.type === 'activity' && p.activity?.kind === 'raid' && p.activity.phase === 'revealed',
    );
    expect(await send(professor, 'raid:reveal', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
  });

  it('remembers the settings for this class at the next board and the next raid', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(raidSettings)
      .where(eq(raidSettings.schoolclassId, key.schoolclassId));
    expect(row.settings).toEqual(
      settings({ questionSeconds: null, scoring: 'speed', askEveryQuestion: true }),
    );
    const board = await connect(url, (await signin(ctx.app, DEMO.admin)).accessToken);
    sockets.push(board);
    const opened = await send<{ settings: RaidSettings }>(board, 'room:open', key);
    expect(opened).toMatchObject({ ok: true, settings: row.settings });
    board.disconnect();
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
    // Without settings, raid:start plays with the remembered ones.
    expect(await send(professor, 'raid:start', { raidId })).toEqual({ ok: true });
    expect((await syncRaid(professor)).settings).toEqual(row.settings);
  });

  it('keeps the question open when the teacher turned "end when all answered" off', async () => {
    const chosen = settings({ endWhenAllAnswered: false, questionSeconds: 60 });
    expect(await send(professor, 'raid:start', { raidId, settings: chosen })).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const raid = await syncRaid(a);
    expect((raid.deadline ?? 0) - Date.now()).toBeGreaterThan(50_000);
    expect(await answerFirst(a, 'open-a-1')).toEqual({ ok: true, status: 'counted' });
    expect(await answerFirst(b, 'open-b-1')).toEqual({ ok: true, status: 'counted' });
    await patchMatching(professor, (p) => p.type === 'answered' && p.count === 2);
    expect((await syncRaid(professor)).phase).toBe('question');
    expect(await send(professor, 'raid:reveal', {})).toEqual({ ok: true });
  });

  it('refuses what the state machine does not allow, with the key the board shows', async () => {
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    expect(await send(professor, 'activity:close', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    expect(await send(professor, 'room:pause', {})).toEqual({ ok: true });
    expect(await send(professor, 'raid:next', {})).toEqual({ ok: false, message: 'GAME.PAUSED' });
    expect(await send(professor, 'summon:draw', {})).toEqual({ ok: false, message: 'GAME.PAUSED' });
    expect(await send(professor, 'room:resume', {})).toEqual({ ok: true });
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    // A lobby left without playing.
    expect(await send(professor, 'raid:start', { raidId })).toEqual({ ok: true });
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    expect(await send(professor, 'activity:close', {})).toEqual({ ok: true });
  });
});

describe('Quit', () => {
  let inRoom: Awaited<ReturnType<typeof phone>>;
  let atHome: Awaited<ReturnType<typeof phone>>;
  const homes: { schoolclassId: string }[][] = [];

  beforeAll(async () => {
    inRoom = await phone('eleve03');
    atHome = await phone('eleve04');
    atHome.socket.on('rooms:live', (rooms) => homes.push(rooms));
    await ctx.database.db
      .update(students)
      .set({ powerXp: 3 })
      .where(eq(students.id, inRoom.user.studentId as string));
    expect((await send(inRoom.socket, 'room:join', key)).ok).toBe(true);
    expect(await send(inRoom.socket, 'power:activate', {})).toEqual({ ok: true });
    // Both phones listen to their class's changes (joined right after connecting).
    await until(
      async () => (await ctx.app.game?.io.in(`class:${key.schoolclassId}`).fetchSockets())?.length ?? 0,
      (n) => n >= 4,
    );
  });

  it('is refused to a student and to another class’s teacher', async () => {
    expect(await send(inRoom.socket, 'room:close', {})).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
    expect(await send(inRoom.socket, 'raid:begin', {})).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
    const other = await connectAs(ctx.app, url, DEMO.sciences);
    sockets.push(other.socket);
    // Not in the room: nothing to close; opening it is refused.
    expect(await send(other.socket, 'room:close', {})).toEqual({ ok: false, message: 'GAME.NO_ROOM' });
    expect(await send(other.socket, 'room:open', key)).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
  });

  it('tells the phones the lesson is over and drops the room from student homes at once', async () => {
    expect(await send(professor, 'room:close', {})).toEqual({ ok: true });
    await patchMatching(inRoom.socket, (p) => p.type === 'closed');
    await patchMatching(professor, (p) => p.type === 'closed');
    await until(
      async () => homes.at(-1),
      (h) => Array.isArray(h) && h.length === 0,
      2000,
    );
    const live = await ctx.app.inject({
      method: 'GET',
      url: '/api/game/rooms/live',
      headers: bearer(atHome.user.accessToken),
    });
    expect(live.json()).toEqual([]);
  });

  it('refuses joins, answers, powers and the teacher’s commands; a second Quit is harmless', async () => {
    expect(await send(atHome.socket, 'room:join', key)).toEqual({ ok: false, message: 'GAME.ROOM_CLOSED' });
    const ack = await send(inRoom.socket, 'answer:submit', {
      questionId: raidId,
      answerIds: [raidId],
      clientId: 'after-quit',
    });
    expect(ack.ok).toBe(false);
    expect(await send(inRoom.socket, 'power:activate', {})).toEqual({
      ok: false,
      message: 'GAME.ROOM_CLOSED',
    });
    expect(await send(professor, 'room:close', {})).toEqual({ ok: true });
  });

  it('opens afresh at the next lesson: no activity, no power still active', async () => {
    const opened = await send<{ snapshot: RoomSnapshot }>(professor, 'room:open', key);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.snapshot).toMatchObject({ paused: false, activity: null });
    expect(opened.snapshot.closed).toBeUndefined();
    expect(opened.snapshot.roster.some((r) => r.powerActive)).toBe(false);
    await until(
      async () => homes.at(-1),
      (h) => h?.length === 1,
    );
    const joined = await send<{ phone: PhoneState }>(atHome.socket, 'room:join', key);
    expect(joined).toMatchObject({ ok: true, phone: { powerActive: false } });
  });

  it('asks a phone left from the closed lesson to join again before it answers, syncs or uses a power', async () => {
    // inRoom joined the lesson that was closed; the next one is open (previous case), a question asked.
    expect(await send(professor, 'raid:start', { raidId, settings: settings() })).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const q = (await syncRaid(professor)).question;
    if (!q) throw new Error('no question');
    const answer = { questionId: q.id, answerIds: [q.answers[0].id], clientId: 'stale-phone-1' };
    const rejoin = { ok: false, message: 'GAME.REJOIN' };
    expect(await send(inRoom.socket, 'answer:submit', answer)).toEqual(rejoin);
    expect(await send(inRoom.socket, 'room:sync', {})).toEqual(rejoin);
    expect(await send(inRoom.socket, 'power:activate', {})).toEqual(rejoin);
    // Joined again, the same phone plays the new lesson.
    expect((await send(inRoom.socket, 'room:join', key)).ok).toBe(true);
    expect(await send(inRoom.socket, 'answer:submit', answer)).toEqual({ ok: true, status: 'counted' });
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
  });
});

describe.each([
  ['memory', (_prefix: string): RoomStore => memoryStore()],
  [
    'Redis (or memory without REDIS_URL)',
    (prefix: string): RoomStore => (ctx.redis ? redisStore(ctx.redis, prefix) : memoryStore()),
  ],
])('disposal, %s', (_name, makeStore) => {
  // prof-sciences and 2nde A: the socket tests above never touch this room.
  const prefix = `crtest:life:${randomUUID()}:`;
  const clock = { t: Date.now() };
  const MIN = 60_000;
  let sKey: RoomKey;
  let sRaid: string;
  let professorId: string;
  let studentId: string;
  let store: RoomStore;
  let svc: GameService;
  const changed: string[] = [];
  const service = (s: RoomStore) =>
    createGameService({
      db: ctx.database.db,
      store: s,
      now: () => clock.t,
      out: { patch() {}, phone() {}, roomsChanged: (id) => changed.push(id) },
    });

  beforeAll(async () => {
    const prof = await signin(ctx.app, DEMO.sciences);
    professorId = prof.professorId as string;
    const me = (
      await ctx.app.inject({ method: 'GET', url: `/api/users/${prof.id}`, headers: bearer(prof.accessToken) })
    ).json();
    const cls = me.professor.schoolclasses[0];
    sKey = { schoolclassId: cls.id, subjectId: cls.subjectId };
    sRaid = await raidOf(prof.accessToken, sKey.subjectId);
    studentId = (await signin(ctx.app, DEMO.studentOfOtherClass)).studentId as string;
    store = makeStore(prefix);
    svc = service(store);
  });

  afterAll(async () => {
    await store.close();
    if (ctx.redis) {
      const keys = await ctx.redis.keys(`${prefix}*`);
      if (keys.length) await ctx.redis.del(...keys);
    }
  });

  async function roomKeys(id: string) {
    if (!ctx.redis) return [];
    return (await ctx.redis.keys(`${prefix}room:${id}*`)).sort();
  }

  it('keeps a room while its board is there, disposes of it 30 minutes after the board left', async () => {
    const { snapshot } = await svc.open({ professorId }, sKey);
    const id = snapshot.id;
    await svc.startRaid({ professorId }, id, sRaid, settings({ endWhenAllAnswered: false }));
    await svc.begin({ professorId }, id);
    await svc.join({ studentId }, sKey);
    const joined = await svc.sync(id, studentId);
    const q = (joined.snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    expect(
      await svc.answer({ studentId }, id, {
        questionId: q.id,
        answerIds: [q.answers[0].id],
        clientId: 'dispose-1',
      }),
    ).toBe('counted');
    // The board's heartbeat at +20 min; at +45 it has been gone 25 minutes.
    clock.t += 20 * MIN;
    await svc.boardSeen(id);
    clock.t += 25 * MIN;
    expect(await svc.sweep(id, new Set())).toBeUndefined();
    expect(await store.readRoom(id)).not.toBeNull();
    expect(await store.liveRooms()).toContain(id);
    clock.t += 6 * MIN;
    changed.length = 0;
    expect(await svc.sweep(id, new Set())).toBe('disposed');
    expect(await store.readRoom(id)).toBeNull();
    expect(await store.liveRooms()).not.toContain(id);
    expect(await store.lastSeen(id)).toEqual({});
    expect(await roomKeys(id)).toEqual([]);
    expect(changed).toEqual([sKey.schoolclassId]);
    await expect(svc.join({ studentId }, sKey)).rejects.toThrow('GAME.NO_ROOM');
  });

  it('shows a room whose board vanished as waiting for the teacher, not joinable until it is back', async () => {
    const { snapshot } = await svc.open({ professorId }, sKey);
    const id = snapshot.id;
    const homes = () => svc.liveRoomsFor([sKey.schoolclassId]);
    expect(await homes()).toEqual([{ ...sKey, className: snapshot.className }]);
    // A board reload (no heartbeat for 20 s) changes nothing.
    clock.t += 20_000;
    changed.length = 0;
    expect(await svc.sweep(id, new Set())).toBeUndefined();
    expect(changed).toEqual([]);
    expect(await homes()).toEqual([{ ...sKey, className: snapshot.className }]);
    // The laptop was closed: past the grace, homes are told the room waits for its teacher.
    clock.t += 15_000;
    expect(await svc.sweep(id, new Set())).toBeUndefined();
    expect(changed).toEqual([sKey.schoolclassId]);
    expect(await homes()).toEqual([{ ...sKey, className: snapshot.className, waiting: true }]);
    await expect(svc.join({ studentId }, sKey)).rejects.toThrow('GAME.WAITING_FOR_PROFESSOR');
    // Told once, not at every sweep.
    clock.t += DISPOSE_CHECK_MS;
    await svc.sweep(id, new Set());
    expect(changed).toEqual([sKey.schoolclassId]);
    // The board comes back: homes are told at once, phones join again.
    await svc.open({ professorId }, sKey);
    expect(changed).toEqual([sKey.schoolclassId, sKey.schoolclassId]);
    expect(await homes()).toEqual([{ ...sKey, className: snapshot.className }]);
    expect((await svc.join({ studentId }, sKey)).snapshot.id).toBe(id);
    await svc.close({ professorId }, id);
  });

  it('unloads a paused room whose board left, and resumes it at the next lesson after a restart', async () => {
    const { snapshot } = await svc.open({ professorId }, sKey);
    const id = snapshot.id;
    await svc.startRaid({ professorId }, id, sRaid, settings({ endWhenAllAnswered: false }));
    await svc.begin({ professorId }, id);
    await svc.join({ studentId }, sKey);
    const q = ((await svc.sync(id, studentId)).snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    await svc.answer({ studentId }, id, {
      questionId: q.id,
      answerIds: [q.answers[0].id],
      clientId: 'paused-1',
    });
    await svc.setPaused({ professorId }, id, true);
    clock.t += 31 * MIN;
    expect(await svc.sweep(id, new Set())).toBe('disposed');
    expect(await store.readRoom(id)).toBeNull();
    expect(await roomKeys(id)).toEqual([]);
    // A week later, another server process with an empty room store.
    clock.t += 7 * 24 * 60 * MIN;
    const freshStore = makeStore(prefix);
    const restarted = service(freshStore);
    const back = await restarted.open({ professorId }, sKey);
    expect(back.snapshot.paused).toBe(true);
    expect(back.snapshot.activity).toMatchObject({
      phase: 'question',
      index: 0,
      answeredStudentIds: [studentId],
    });
    await restarted.setPaused({ professorId }, id, false);
    await restarted.close({ professorId }, id);
    await freshStore.close();
  });

  it('drops a closed room a minute after Quit; until then a late phone is told the lesson is over', async () => {
    const { snapshot } = await svc.open({ professorId }, sKey);
    const id = snapshot.id;
    await svc.setPaused({ professorId }, id, true);
    await svc.close({ professorId }, id);
    // Quit forgets the saved pause: nothing of that lesson comes back.
    expect(await ctx.database.db.select().from(pausedRooms).where(eq(pausedRooms.roomId, id))).toEqual([]);
    clock.t += 30_000;
    await svc.boardSeen(id);
    expect(await svc.sweep(id, new Set())).toBeUndefined();
    await expect(svc.join({ studentId }, sKey)).rejects.toThrow('GAME.ROOM_CLOSED');
    clock.t += 31_000;
    expect(await svc.sweep(id, new Set())).toBe('disposed');
    expect(await store.liveRooms()).not.toContain(id);
    expect(await roomKeys(id)).toEqual([]);
    await expect(svc.join({ studentId }, sKey)).rejects.toThrow('GAME.NO_ROOM');
  });
});
