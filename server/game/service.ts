// The live game: every command of the contract, checked against who sends it, applied to the room
// record by compare-and-set, then broadcast as a numbered patch. No HTTP or Socket.IO in here.

import { randomUUID } from 'node:crypto';
import {
  type ActivityView,
  DEFAULT_RAID_SETTINGS,
  type LiveRoomEntry,
  roomId as makeRoomId,
  type PhoneState,
  type RaidSettings,
  type RoomKey,
  type RoomPatch,
  type RoomSnapshot,
} from '../../shared/game/contract.js';
import { drawFromPool, POWER_COST, XP_SUMMON_RIGHT } from '../../shared/game/rules.js';
import type { Db } from '../db/client.js';
import { gameEvents, raidPlays } from '../db/schema.js';
import { liveSnapshot, markAsked, markCounted } from '../modules/analytics/snapshot.js';
import { inClass } from '../policies/index.js';
import {
  type AnswerRow,
  type AnswerWriter,
  createAnswerWriter,
  endLivePlay,
  livePlayId,
} from './answer-writer.js';
import { createAnsweredBatcher } from './answered-batch.js';
import { forgetStudent, mentions } from './forget.js';
import { allowed, type LifeEvent, stateOf } from './lifecycle.js';
import {
  approvedPhrases,
  deletePausedRoom,
  loadPausedRoom,
  loadRaid,
  loadRaidSettings,
  loadRoomBase,
  loadRoster,
  markPhraseDisplayed,
  pickBoss,
  type Rewarded,
  recordEvent,
  rewardStudents,
  savePausedRoom,
  saveRaidSettings,
  spendPowerXp,
} from './loaders.js';
import {
  begin,
  countedStudents,
  end,
  isRight,
  next,
  questionOpenedAt,
  type RaidState,
  raidView,
  reveal,
  scoreIn,
  startRaid,
  submitAnswer,
} from './raid.js';
import type { ActivityState, RoomRecord, RoomStore } from './store.js';

/** A dropped phone stays "connected" this long before the board shows it away. */
export const PRESENCE_GRACE_MS = 20_000;
/** A room whose board has been gone this long is disposed (ROOM_IDLE_DISPOSE_MINUTES). */
export const IDLE_DISPOSE_MS = 30 * 60_000;
/**
 * A room whose board has not been seen this long (no heartbeat, no command) is shown to student
 * homes as waiting for the teacher, and phones can no longer join it until a board is back: a board
 * reload or a Wi-Fi blip lasts less; a closed laptop or a crashed browser more (issue 21).
 */
export const BOARD_GRACE_MS = 30_000;
/** A closed room answers "the lesson is over" to late phones this long, then is disposed. */
export const CLOSED_KEEP_MS = 60_000;
/** How often the sweep looks at a room's record to dispose of it. */
export const DISPOSE_CHECK_MS = 10_000;
/** "Everyone answered" compares with the number of connected students read at most this often. */
const PRESENT_COUNT_MS = 1_000;
/** An active power adds half of the XP a raid gives. */
export const POWER_XP_BONUS = 0.5;

export class GameError extends Error {}

/** The room is still in the lesson a phone joined (`undefined`: not a phone's command, not checked). */
const sameLesson = (r: RoomRecord, lesson: string | null | undefined) =>
  lesson === undefined || (r.lessonId ?? null) === lesson;

function shuffle<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Answers are stored per play of a raid and question. */
const answerKey = (raid: { runId: string }, questionId: string) => `${raid.runId}|${questionId}`;
const fail = (key: string): never => {
  throw new GameError(key);
};

export type Audience = 'board' | 'phones';
export interface Broadcaster {
  /**
   * The board gets every patch; phones only the activity, the pause and the close, with their own
   * numbering. Answers once the patch has left (with Redis: once it is in the adapter's stream).
   */
  patch(roomId: string, audience: Audience, p: { seq: number; patch: RoomPatch }): void | Promise<void>;
  phone(studentId: string, s: PhoneState): void;
  /** The set of open rooms changed for a class (student homes refresh their join button). */
  roomsChanged(schoolclassId: string): void;
}

export interface GameDeps {
  db: Db;
  store: RoomStore;
  out: Broadcaster;
  now?: () => number;
  random?: () => number;
  questionSeconds?: number;
  presenceGraceMs?: number;
  idleDisposeMs?: number;
  boardGraceMs?: number;
  /** Where revealed answers go (issue 13); by default a writer of its own on `db`. */
  answers?: AnswerWriter;
}

export interface Teacher {
  professorId: string;
}
export interface Student {
  studentId: string;
}

export function createGameService(deps: GameDeps) {
  const { db, store, out } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const grace = deps.presenceGraceMs ?? PRESENCE_GRACE_MS;
  const idleDisposeMs = deps.idleDisposeMs ?? IDLE_DISPOSE_MS;
  const boardGraceMs = deps.boardGraceMs ?? BOARD_GRACE_MS;
  /** What a class plays with when its teacher never chose: the deployment's question time. */
  const defaultSettings: RaidSettings = {
    ...DEFAULT_RAID_SETTINGS,
    questionSeconds: deps.questionSeconds ?? DEFAULT_RAID_SETTINGS.questionSeconds,
  };
  const answerWriter = deps.answers ?? createAnswerWriter(db);

  /**
   * The answers to the open question of a play, as rows for the answer writer: taken when the
   * teacher reveals the question or ends the raid (the room store holds them until then).
   */
  function answerRows(roomId: string, raid: RaidState): AnswerRow[] {
    const q = raid.questions[raid.index];
    if (!q) return [];
    const playId = livePlayId(roomId, raid.runId);
    // The question opened its own question time before its deadline (a pause moves the deadline,
    // so the time spent paused is not counted); without a clock, at its opening if the state has it.
    const openedAt = questionOpenedAt(raid) ?? null;
    return Object.entries(raid.answers).map(([studentId, a]) => {
      const at = a.at ?? now();
      return {
        playId,
        questionId: q.id,
        studentId,
        answerIds: a.answerIds,
        correct: isRight(q, a.answerIds),
        timeMs: openedAt === null ? null : Math.max(0, Math.round(at - openedAt)),
        answeredAt: new Date(at),
      };
    });
  }

  const phoneSeqKey = (id: string) => `${id}#phones`;

  /** "Who answered" goes to the board at once while the room is quiet, coalesced under load. */
  const answered = createAnsweredBatcher(async (id, b) => {
    await out.patch(id, 'board', { seq: await store.nextSeq(id), patch: { type: 'answered', ...b } });
  });

  async function broadcast(id: string, patch: RoomPatch) {
    await answered.flush(id);
    out.patch(id, 'board', { seq: await store.nextSeq(id), patch });
    if (patch.type === 'activity' || patch.type === 'paused' || patch.type === 'closed') {
      const forPhones =
        patch.type === 'activity' ? { ...patch, activity: phoneActivity(patch.activity) } : patch;
      out.patch(id, 'phones', { seq: await store.nextSeq(phoneSeqKey(id)), patch: forPhones });
    }
  }

  /** Phones do not need who answered nor everybody's gains: a thousand phones would pay for it. */
  function phoneActivity(a: ActivityView | null): ActivityView | null {
    // The author of a codex phrase is for the board, shown there at the teacher's choice.
    if (a?.kind === 'codex' && a.phrase) return { ...a, phrase: { ...a.phrase, author: null } };
    if (a?.kind !== 'raid') return a;
    return {
      ...a,
      answeredStudentIds: [],
      result: a.result ? { ...a.result, gains: {}, levelUps: {} } : null,
    };
  }

  function activityView(a: ActivityState | null): ActivityView | null {
    if (!a) return null;
    if (a.kind === 'raid') return raidView(a.raid);
    return a.view;
  }

  async function presentIds(r: RoomRecord): Promise<string[]> {
    const seen = await store.lastSeen(r.id);
    const t = now() - grace;
    return r.roster.filter((s) => (seen[s.studentId] ?? 0) >= t).map((s) => s.studentId);
  }

  async function snapshot(read: RoomRecord, forStudent?: string): Promise<RoomSnapshot> {
    // The sequence number is read before the state: a patch racing with us is at worst applied twice,
    // and every patch is idempotent. So the record is read again after the number: the caller's copy
    // may predate a patch the number already counts, which the client would then never apply.
    const seq = await store.currentSeq(forStudent ? phoneSeqKey(read.id) : read.id);
    const r = (await store.readRoom(read.id)) ?? read;
    const present = new Set(await presentIds(r));
    let activity = activityView(r.activity);
    if (forStudent) {
      const me = r.roster.filter((s) => s.studentId === forStudent);
      return {
        id: r.id,
        seq,
        schoolclassId: r.schoolclassId,
        subjectId: r.subjectId,
        className: r.className,
        planet: r.planet,
        paused: r.paused,
        ...(r.closed ? { closed: true } : {}),
        powerMode: r.powerMode,
        roster: me.map((s) => ({ ...s, connected: true, powerActive: r.activePowers.includes(s.studentId) })),
        activity: phoneActivity(activity),
      };
    }
    if (activity?.kind === 'raid' && r.activity?.kind === 'raid' && activity.phase === 'question') {
      const q = r.activity.raid.questions[r.activity.raid.index];
      activity = {
        ...activity,
        answeredStudentIds: Object.keys(await store.answers(r.id, answerKey(r.activity.raid, q.id))),
      };
    }
    return {
      id: r.id,
      seq,
      schoolclassId: r.schoolclassId,
      subjectId: r.subjectId,
      className: r.className,
      planet: r.planet,
      paused: r.paused,
      ...(r.closed ? { closed: true } : {}),
      powerMode: r.powerMode,
      roster: r.roster.map((s) => ({
        ...s,
        connected: present.has(s.studentId),
        powerActive: r.activePowers.includes(s.studentId),
      })),
      activity,
    };
  }

  async function phoneState(r: RoomRecord, studentId: string): Promise<PhoneState> {
    const me = r.roster.find((s) => s.studentId === studentId);
    const state: PhoneState = {
      studentId,
      myAnswer: null,
      lastResult: null,
      xpGained: 0,
      coinsGained: 0,
      powerXp: me?.powerXp ?? 0,
      powerActive: r.activePowers.includes(studentId),
      lessonXp: r.lessonGains?.[studentId]?.xp ?? 0,
    };
    if (r.activity?.kind !== 'raid') return state;
    const raid = r.activity.raid;
    const q = raid.questions[raid.index];
    if (q) {
      const mine = (await store.answers(r.id, answerKey(r.activity.raid, q.id)))[studentId];
      if (mine) {
        const answerIds = (JSON.parse(mine) as { answerIds: string[] }).answerIds;
        state.myAnswer = { questionId: q.id, answerIds };
        if (raid.phase === 'revealed') {
          const { verdict, credit, missedIds } = scoreIn(raid, q, answerIds);
          state.lastResult = { questionId: q.id, correct: verdict === 'right', verdict, credit, missedIds };
        }
      }
    }
    state.xpGained = raid.result?.gains[studentId]?.xp ?? 0;
    const up = raid.result?.levelUps?.[studentId];
    if (up) state.levelUp = up;
    state.coinsGained = raid.result?.gains[studentId]?.coins ?? 0;
    return state;
  }

  async function requireRoom(id: string): Promise<RoomRecord> {
    return (await store.readRoom(id)) ?? fail('GAME.NO_ROOM');
  }

  /** The board of this open room has been gone longer than the grace (BOARD_GRACE_MS). */
  async function boardAway(r: RoomRecord): Promise<boolean> {
    if (r.closed) return false;
    const seen = Math.max((await store.boardSeen(r.id)) ?? 0, r.updatedAt);
    return now() - seen >= boardGraceMs;
  }
  /** Rooms this node told student homes were waiting for their board (told again when it is back). */
  const toldAway = new Set<string>();

  /** The record as of its current revision, read from the store only when it changed. */
  type CachedRoom = { rev: number; record: RoomRecord; members: Set<string> };
  const cache = new Map<string, CachedRoom>();
  /**
   * Reads of a room's record in flight, by room and revision: when a thousand answers find the cache
   * one revision behind at the same instant, they share one read and one parse of the record instead
   * of a thousand (a 1,000-phone burst on Redis: answer p99 1.5 to 6 s before, see performance.md).
   */
  const loading = new Map<string, { rev: number; entry: Promise<CachedRoom> }>();
  async function cachedRoom(id: string): Promise<CachedRoom> {
    const rev = await store.revision(id);
    const hit = cache.get(id);
    if (hit && hit.rev === rev) return hit;
    const pending = loading.get(id);
    if (pending && pending.rev === rev) return pending.entry;
    const entry = (async () => {
      const record = await requireRoom(id);
      const read = { rev, record, members: new Set(record.roster.map((x) => x.studentId)) };
      // Records are never changed in place, so a cached one stays true to its revision.
      if ((cache.get(id)?.rev ?? -1) <= rev) cache.set(id, read);
      return read;
    })();
    loading.set(id, { rev, entry });
    try {
      return await entry;
    } finally {
      if (loading.get(id)?.entry === entry) loading.delete(id);
    }
  }

  /**
   * Applies `change` to the room of this teacher (any teacher: null, for the server's own events)
   * when the state machine lets `event` happen now; `change` may throw a GameError to refuse.
   */
  async function teacherUpdate(
    t: Teacher | null,
    id: string,
    event: LifeEvent,
    change: (r: RoomRecord) => RoomRecord,
  ): Promise<{ before: RoomRecord; after: RoomRecord }> {
    let before: RoomRecord | null = null;
    const after = await store.updateRoom(id, (r) => {
      if (!r) return fail('GAME.NO_ROOM');
      if (t && r.professorId !== t.professorId) return fail('ERRORS.FORBIDDEN');
      const check = allowed(stateOf(r), event);
      if (!check.ok) return fail(check.message);
      before = r;
      return { ...change(r), updatedAt: now() };
    });
    if (!after || !before) return fail('GAME.NO_ROOM');
    return { before, after };
  }

  const ev = (r: RoomRecord, type: string, payload: object = {}, studentId?: string) =>
    recordEvent(db, {
      type,
      professorId: r.professorId,
      schoolclassId: r.schoolclassId,
      subjectId: r.subjectId,
      studentId,
      payload,
    });

  async function finishRaid(r: RoomRecord) {
    if (r.activity?.kind !== 'raid' || !r.activity.raid.result) return;
    const { raid } = r.activity;
    const gains = raid.result?.gains ?? {};
    const rewarded = await rewardStudents(db, gains);
    // The report opens from the end screen: every answer of the play is stored before it shows.
    await answerWriter.flush().catch(() => {});
    const playId = livePlayId(r.id, raid.runId);
    await endLivePlay(db, playId, raid.result?.outcome ?? null);
    await recordXpGains(r, rewarded, { source: 'live', playId });
    await ev(r, 'RAID_RESULT', {
      raidId: raid.raidId,
      outcome: raid.result?.outcome,
      participants: Object.keys(gains).length,
      bossHp: raid.boss.hp,
    });
    // A level gained is shown on the board's result and as a level-up on the phone.
    const levelUps = Object.fromEntries(
      r.roster
        .filter((s) => rewarded[s.studentId] && rewarded[s.studentId].level > s.level)
        .map((s) => [s.studentId, rewarded[s.studentId].level]),
    );
    // The board shows the new levels; phones their own gain, and the lesson's.
    await store.updateRoom(r.id, (cur) => {
      if (!cur) return null;
      const same = cur.activity?.kind === 'raid' && cur.activity.raid.runId === raid.runId;
      const activity: ActivityState | null =
        same && cur.activity?.kind === 'raid' && cur.activity.raid.result
          ? {
              kind: 'raid',
              raid: { ...cur.activity.raid, result: { ...cur.activity.raid.result, levelUps } },
            }
          : cur.activity;
      return {
        ...cur,
        activity,
        roster: cur.roster.map((s) => (rewarded[s.studentId] ? { ...s, ...rewarded[s.studentId] } : s)),
        lessonGains: addGains(cur.lessonGains, gains),
      };
    });
    const levels = Object.fromEntries(Object.entries(rewarded).map(([id, x]) => [id, x.level]));
    if (Object.keys(levels).length) await broadcast(r.id, { type: 'levels', levels });
  }

  function addGains(
    total: RoomRecord['lessonGains'],
    gains: Record<string, { xp: number; coins: number }>,
  ): NonNullable<RoomRecord['lessonGains']> {
    const out = { ...total };
    for (const [id, g] of Object.entries(gains)) {
      out[id] = { xp: (out[id]?.xp ?? 0) + g.xp, coins: (out[id]?.coins ?? 0) + g.coins };
    }
    return out;
  }

  /**
   * The student's XP curve ("My stats"): one event per student whose XP changed, with what they
   * actually got (after the division by their active professors) and their XP and level after it.
   */
  async function recordXpGains(r: RoomRecord, rewarded: Record<string, Rewarded>, what: object) {
    const ids = Object.keys(rewarded).filter((id) => rewarded[id].xpGained !== 0);
    if (!ids.length) return;
    await db.insert(gameEvents).values(
      ids.map((id) => ({
        type: 'XP_GAIN',
        professorId: r.professorId,
        schoolclassId: r.schoolclassId,
        subjectId: r.subjectId,
        studentId: id,
        payload: { ...what, amount: rewarded[id].xpGained, xp: rewarded[id].xp, level: rewarded[id].level },
      })),
    );
  }

  function withPowerBonus(r: RoomRecord, state: ActivityState): ActivityState {
    if (state.kind !== 'raid' || !state.raid.result) return state;
    const gains = { ...state.raid.result.gains };
    for (const id of r.activePowers) {
      if (gains[id]) gains[id] = { ...gains[id], xp: Math.round(gains[id].xp * (1 + POWER_XP_BONUS)) };
    }
    return { kind: 'raid', raid: { ...state.raid, result: { ...state.raid.result, gains } } };
  }

  /** "First L." of these students, as the board shows them. */
  function namesOf(r: RoomRecord, ids: string[]): Record<string, string> {
    const wanted = new Set(ids);
    return Object.fromEntries(
      r.roster
        .filter((s) => wanted.has(s.studentId))
        .map((s) => [s.studentId, `${s.firstName} ${s.lastInitial}.`]),
    );
  }

  async function withAnswers(r: RoomRecord): Promise<RoomRecord> {
    if (r.activity?.kind !== 'raid') return r;
    const raid = r.activity.raid;
    const q = raid.questions[raid.index];
    if (!q || raid.phase !== 'question') return r;
    const raw = await store.answers(r.id, answerKey(r.activity.raid, q.id));
    const answers = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, JSON.parse(v)]));
    return { ...r, activity: { kind: 'raid', raid: { ...raid, answers } } };
  }

  /** Reveals the open question: by the teacher, or by the server when everyone answered. */
  async function revealRoom(t: Teacher | null, id: string, event: 'raid:reveal' | 'all-answered') {
    const cur = await withAnswers(await requireRoom(id));
    const present = await presentIds(cur);
    const used = cur.activity?.kind === 'raid' ? cur.activity.raid.answers : {};
    const { before, after } = await teacherUpdate(t, id, event, (r) => {
      if (r.activity?.kind !== 'raid') return fail('GAME.WRONG_PHASE');
      if (cur.activity?.kind !== 'raid' || cur.activity.raid.index !== r.activity.raid.index)
        fail('GAME.WRONG_PHASE');
      return {
        ...r,
        activity: { kind: 'raid', raid: reveal({ ...r.activity.raid, answers: used }, present) },
      };
    });
    let shown = after;
    /** The question's answers as the reveal counted them: these are the ones kept (issue 13). */
    let kept = used;
    // An answer stored between the read above and this update was acknowledged "counted". The record
    // has a new revision now, so no answer can be added any more (addAnswerAt checks it): the answers
    // read now are final, and when there are more of them the reveal is computed again with them.
    if (before.activity?.kind === 'raid') {
      const question = before.activity.raid;
      const q = question.questions[question.index];
      const final = q ? await store.answers(id, answerKey(question, q.id)) : {};
      if (Object.keys(final).some((studentId) => !(studentId in used))) {
        const answers = Object.fromEntries(Object.entries(final).map(([k, v]) => [k, JSON.parse(v)]));
        let redone = false;
        const r = await store.updateRoom(id, (r) => {
          const raid = r?.activity?.kind === 'raid' ? r.activity.raid : null;
          if (
            !r ||
            raid?.runId !== question.runId ||
            raid.index !== question.index ||
            raid.phase !== 'revealed'
          )
            return null;
          redone = true;
          return { ...r, activity: { kind: 'raid', raid: reveal({ ...question, answers }, present) } };
        });
        if (redone && r) shown = r;
        if (redone) kept = answers;
      }
      answerWriter.add(answerRows(id, { ...question, answers: kept }));
      // The share the board showed counted these students: the report counts the same (issue 21).
      await markCounted(db, livePlayId(id, question.runId), question.index, countedStudents(present, kept));
    }
    await broadcast(id, { type: 'activity', activity: activityView(shown.activity) });
  }

  /** Connected students, per room, read again at most every PRESENT_COUNT_MS. */
  const presentCounts = new Map<string, { at: number; count: number }>();
  const presenceReads = new Map<string, Promise<string[]>>();
  /** After an answer: when every connected student has answered the open question, it is revealed. */
  async function revealIfAllAnswered(id: string, r: RoomRecord, questionId: string, answered: number) {
    if (r.activity?.kind !== 'raid' || !(r.activity.raid.settings?.endWhenAllAnswered ?? true)) return;
    const known = presentCounts.get(id);
    if (known && now() - known.at < PRESENT_COUNT_MS && answered < known.count) return;
    // Answers arriving together share one read of the presence set (1,000 phones answering at once
    // would otherwise read the 1,000-member set 1,000 times).
    let reading = presenceReads.get(id);
    if (!reading) {
      reading = presentIds(r).finally(() => presenceReads.delete(id));
      presenceReads.set(id, reading);
    }
    const present = await reading;
    presentCounts.set(id, { at: now(), count: present.length });
    if (answered < present.length) return;
    const given = await store.answers(id, answerKey(r.activity.raid, questionId));
    if (!present.every((s) => s in given)) return;
    await revealRoom(null, id, 'all-answered').catch((err) => {
      // Another answer, or the teacher, revealed first.
      if (!(err instanceof GameError)) throw err;
    });
  }

  /** The answers given to a question still open when its raid goes without a reveal (issue 13). */
  async function keepOpenAnswers(r: RoomRecord) {
    const w = await withAnswers(r).catch(() => r);
    if (w.activity?.kind === 'raid' && w.activity.raid.phase === 'question')
      answerWriter.add(answerRows(r.id, w.activity.raid));
  }

  /** Removes a room from the store (memory or Redis) and from this node's caches. */
  async function dispose(id: string) {
    // The open question's answers (unless the room is only unloaded, paused) and the revealed
    // answers still buffered reach the database before the room goes.
    const gone = await store.readRoom(id).catch(() => null);
    if (gone && !gone.paused) await keepOpenAnswers(gone);
    await answerWriter.flush().catch(() => {});
    answered.drop(id);
    cache.delete(id);
    presentCounts.delete(id);
    lastDisposeCheck.delete(id);
    toldAway.delete(id);
    await store.deleteRoom(id);
  }
  const lastDisposeCheck = new Map<string, number>();

  return {
    snapshot,
    phoneState,
    /** Writes the buffered answers now (tests, shutdown). */
    flushAnswers: () => answerWriter.flush(),
    closeAnswers: () => answerWriter.close(),
    /** Tells these rooms' boards now who answered since their last patch (before a burst's acks). */
    flushAnswered: (ids: Iterable<string>) => answered.flushRooms(ids),
    /** The room's "who answered" is held back a few milliseconds in a burst of answers. */
    answersHeld: (id: string) => answered.bursting(id),

    async open(t: Teacher, key: RoomKey): Promise<{ snapshot: RoomSnapshot; settings: RaidSettings }> {
      const base = await loadRoomBase(db, t.professorId, key.schoolclassId, key.subjectId);
      if (!base) return fail('ERRORS.FORBIDDEN');
      const id = makeRoomId(key);
      // A room paused at the end of a lesson may have left the store since (expiry, restart, its
      // board gone): it comes back from the database, still paused, with the answers already given.
      const inStore = await store.readRoom(id);
      const saved = inStore && !inStore.closed ? null : await loadPausedRoom(db, id);
      if (saved && saved.record.activity?.kind === 'raid') {
        const raid = saved.record.activity.raid;
        const q = raid.questions[raid.index];
        for (const [studentId, value] of Object.entries(saved.answers)) {
          if (q) await store.addAnswer(id, answerKey(raid, q.id), studentId, value);
        }
      }
      let created = false;
      const r = await store.updateRoom(id, (cur) => {
        // A closed room is opened afresh: a new lesson.
        created = !cur || !!cur.closed;
        // Re-opening keeps the running activity and the pools; the roster is refreshed (new students).
        if (cur && !cur.closed) return { ...cur, ...base, updatedAt: now() };
        // A new lesson: phones joined to an earlier one must join again (GAME.REJOIN). Its raid
        // resumes, but every pupil may be called again (docs/decisions.md, "Lesson live").
        const lessonId = randomUUID();
        if (saved)
          return {
            ...saved.record,
            ...base,
            lessonId,
            paused: true,
            closed: false,
            summonPool: base.roster.map((s) => s.studentId),
            lastSummoned: null,
            updatedAt: now(),
          };
        return {
          id,
          lessonId,
          ...base,
          paused: false,
          closed: false,
          closedAt: null,
          activePowers: [],
          summonPool: base.roster.map((s) => s.studentId),
          activity: null,
          updatedAt: now(),
        };
      });
      if (!r) return fail('GAME.NO_ROOM');
      const wasAway = !created && inStore !== null && (await boardAway(inStore));
      await store.touchBoard(id, now());
      // The board is back after its room waited for it: homes show the join button again.
      const told = toldAway.delete(id);
      if (wasAway || told) out.roomsChanged(key.schoolclassId);
      if (created && !saved) {
        out.roomsChanged(key.schoolclassId);
        await ev(r, 'ROOM_OPENED');
      }
      const settings = (await loadRaidSettings(db, t.professorId, key.schoolclassId)) ?? defaultSettings;
      return { snapshot: await snapshot(r), settings };
    },

    async setPaused(t: Teacher, id: string, paused: boolean) {
      const { before, after } = await teacherUpdate(t, id, paused ? 'room:pause' : 'room:resume', (r) => {
        if (r.paused === paused) return r;
        if (paused) return { ...r, paused, pausedAt: now() };
        // The open question keeps the time it had left when the lesson stopped.
        let activity = r.activity;
        if (activity?.kind === 'raid' && activity.raid.deadline !== null && r.pausedAt) {
          const shift = Math.max(0, now() - r.pausedAt);
          activity = { kind: 'raid', raid: { ...activity.raid, deadline: activity.raid.deadline + shift } };
        }
        return { ...r, paused, pausedAt: null, activity };
      });
      if (paused) {
        const raid = after.activity?.kind === 'raid' ? after.activity.raid : null;
        const q = raid?.questions[raid.index];
        await savePausedRoom(db, after, raid && q ? await store.answers(id, answerKey(raid, q.id)) : {});
      } else {
        await deletePausedRoom(db, id);
        if (before.activity !== after.activity) {
          await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
        }
      }
      await broadcast(id, { type: 'paused', paused });
      out.roomsChanged(after.schoolclassId);
    },

    /**
     * The teacher quits: the lesson is over. Phones are told and go home, student homes drop the
     * room, joining is refused, active powers end; nothing is kept for the next lesson.
     */
    async close(t: Teacher, id: string) {
      const open = await store.readRoom(id).catch(() => null);
      const { before, after } = await teacherUpdate(t, id, 'room:close', (r) =>
        r.closed
          ? r
          : {
              ...r,
              closed: true,
              closedAt: now(),
              paused: false,
              pausedAt: null,
              activePowers: [],
              activity: null,
            },
      );
      await deletePausedRoom(db, id);
      if (before.closed) return;
      // The lesson is over: its answers (an open question's too) are written now.
      if (open && !open.closed) await keepOpenAnswers(open);
      await answerWriter.flush().catch(() => {});
      await broadcast(id, { type: 'closed' });
      out.roomsChanged(after.schoolclassId);
      await ev(after, 'ROOM_CLOSED');
    },

    /** Opens the raid's lobby; the settings given are remembered for this teacher and class. */
    async startRaid(t: Teacher, id: string, raidId: string, chosen?: RaidSettings) {
      const raid = await loadRaid(db, t.professorId, raidId);
      if (!raid) return fail('ERRORS.NOT_FOUND');
      if (raid.questions.length === 0) return fail('GAME.EMPTY_RAID');
      const cur = await requireRoom(id);
      const check = allowed(stateOf(cur), 'raid:start');
      if (!check.ok) return fail(check.message);
      const settings =
        chosen ?? (await loadRaidSettings(db, t.professorId, cur.schoolclassId)) ?? defaultSettings;
      // Answers are shuffled for each play (the same order on the board and the phones): a class
      // must not learn that "the right one is A".
      const shuffled = {
        ...raid,
        questions: raid.questions.map((q) => ({ ...q, answers: shuffle(q.answers, random) })),
      };
      const state = startRaid(shuffled, pickBoss(cur.planet, raidId), now(), settings);
      const { after } = await teacherUpdate(t, id, 'raid:start', (r) => ({
        ...r,
        activity: { kind: 'raid', raid: state },
      }));
      if (chosen) await saveRaidSettings(db, t.professorId, after.schoolclassId, chosen);
      await ev(after, 'RAID_STARTED', { raidId, questions: raid.questions.length, settings });
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    /** From the lobby, the first question: the class is ready. */
    async begin(t: Teacher, id: string) {
      const { after } = await teacherUpdate(t, id, 'raid:begin', (r) =>
        r.activity?.kind === 'raid'
          ? { ...r, activity: { kind: 'raid', raid: begin(r.activity.raid, now()) } }
          : fail('GAME.WRONG_PHASE'),
      );
      // The play is recorded when its first question opens: a lobby left unplayed is no play.
      if (after.activity?.kind === 'raid') {
        const raid = after.activity.raid;
        await db
          .insert(raidPlays)
          .values({
            id: livePlayId(id, raid.runId),
            raidId: raid.raidId,
            professorId: after.professorId,
            schoolclassId: after.schoolclassId,
            subjectId: after.subjectId,
            kind: 'live',
            startedAt: new Date(now()),
            raidTitle: raid.title,
            questions: liveSnapshot(raid.questions).map((q, i) =>
              i === raid.index ? { ...q, asked: true } : q,
            ),
          })
          .onConflictDoNothing();
      }
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    reveal: (t: Teacher, id: string) => revealRoom(t, id, 'raid:reveal'),

    async next(t: Teacher, id: string, endNow = false) {
      // Ending during a question keeps the answers already given to it (analytics).
      const cur = endNow ? await withAnswers(await requireRoom(id)) : null;
      const { before, after } = await teacherUpdate(t, id, endNow ? 'raid:end' : 'raid:next', (r) => {
        if (r.activity?.kind !== 'raid') return fail('GAME.WRONG_PHASE');
        const raid = r.activity.raid;
        if (endNow) return { ...r, activity: withPowerBonus(r, { kind: 'raid', raid: end(raid) }) };
        const moved: ActivityState = { kind: 'raid', raid: next(raid, now()) };
        return { ...r, activity: withPowerBonus(r, moved) };
      });
      const ended =
        after.activity?.kind === 'raid' &&
        after.activity.raid.phase === 'ended' &&
        !(before.activity?.kind === 'raid' && before.activity.raid.phase === 'ended');
      if (
        endNow &&
        before.activity?.kind === 'raid' &&
        before.activity.raid.phase === 'question' &&
        cur?.activity?.kind === 'raid' &&
        cur.activity.raid.runId === before.activity.raid.runId &&
        cur.activity.raid.index === before.activity.raid.index
      )
        answerWriter.add(answerRows(id, cur.activity.raid));
      if (ended) await finishRaid(after);
      // The next question is shown: the report then tells it asked, even if nobody answers it.
      if (
        after.activity?.kind === 'raid' &&
        after.activity.raid.phase === 'question' &&
        before.activity?.kind === 'raid' &&
        before.activity.raid.phase === 'revealed'
      )
        await markAsked(db, livePlayId(id, after.activity.raid.runId), after.activity.raid.index);
      // Once the rewards are stored, the result carries the levels they raised.
      const shown = ended ? ((await store.readRoom(id)) ?? after) : after;
      await broadcast(id, { type: 'activity', activity: activityView(shown.activity) });
      if (ended && after.activity?.kind === 'raid') {
        const fresh = await requireRoom(id);
        for (const studentId of Object.keys(after.activity.raid.result?.gains ?? {})) {
          out.phone(studentId, await phoneState(fresh, studentId));
        }
      }
    },

    async summonDraw(t: Teacher, id: string) {
      const cur = await requireRoom(id);
      const present = new Set(await presentIds(cur));
      let drawn: string | null = null;
      const { after } = await teacherUpdate(t, id, 'summon:draw', (r) => {
        const everyone = r.roster.map((s) => s.studentId);
        const d = drawFromPool(r.summonPool, everyone, (s) => present.has(s), random, r.lastSummoned);
        drawn = d.drawn;
        if (!drawn) return fail('GAME.NOBODY_PRESENT');
        return {
          ...r,
          summonPool: d.pool,
          lastSummoned: drawn,
          activity: {
            kind: 'summon',
            // "Left to call" counts the students here now: absent ones are never drawn.
            view: {
              kind: 'summon',
              drawn,
              names: namesOf(r, [drawn]),
              poolLeft: d.pool.filter((s) => present.has(s)).length,
              marked: null,
            },
          },
        };
      });
      await ev(after, 'SUMMON', {}, drawn ?? undefined);
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async summonMark(t: Teacher, id: string, studentId: string, right: boolean) {
      const { after } = await teacherUpdate(t, id, 'summon:mark', (r) => {
        if (
          r.activity?.kind !== 'summon' ||
          r.activity.view.drawn !== studentId ||
          r.activity.view.marked !== null
        ) {
          return fail('GAME.WRONG_PHASE');
        }
        return { ...r, activity: { kind: 'summon', view: { ...r.activity.view, marked: right } } };
      });
      if (right) {
        const gain = { [studentId]: { xp: XP_SUMMON_RIGHT, coins: 1 } };
        const rewarded = await rewardStudents(db, gain);
        await recordXpGains(after, rewarded, { source: 'summon' });
        // The roster carries the student's new power XP: the phone's counter shows it at once (issue 21).
        const fresh = await store.updateRoom(id, (cur) =>
          cur
            ? {
                ...cur,
                roster: cur.roster.map((s) =>
                  rewarded[s.studentId] ? { ...s, ...rewarded[s.studentId] } : s,
                ),
                lessonGains: addGains(cur.lessonGains, gain),
              }
            : null,
        );
        if (fresh) out.phone(studentId, await phoneState(fresh, studentId));
      }
      await ev(after, 'SUMMON_MARK', { right }, studentId);
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async summonReset(t: Teacher, id: string) {
      const present = (await presentIds(await requireRoom(id))).length;
      const { after } = await teacherUpdate(t, id, 'summon:reset', (r) => ({
        ...r,
        summonPool: r.roster.map((s) => s.studentId),
        activity:
          r.activity?.kind === 'summon'
            ? { kind: 'summon', view: { ...r.activity.view, poolLeft: present } }
            : r.activity,
      }));
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async pickDraw(t: Teacher, id: string, mode: 'team' | 'order', teamSize = 4) {
      const cur = await requireRoom(id);
      const check = allowed(stateOf(cur), 'pick:draw');
      if (!check.ok) return fail(check.message);
      const present = await presentIds(cur);
      const shuffled = shuffle(present, random);
      if (shuffled.length === 0) return fail('GAME.NOBODY_PRESENT');
      const groups: string[][] = [];
      if (mode === 'order') groups.push(shuffled);
      else {
        for (let i = 0; i < shuffled.length; i += teamSize) groups.push(shuffled.slice(i, i + teamSize));
        // Nobody works alone: a last student joins the previous team.
        if (groups.length > 1 && groups[groups.length - 1].length === 1) {
          const [alone] = groups.pop() as string[];
          groups[groups.length - 1].push(alone);
        }
      }
      const { after } = await teacherUpdate(t, id, 'pick:draw', (r) => ({
        ...r,
        activity: { kind: 'pick', view: { kind: 'pick', mode, groups, names: namesOf(r, groups.flat()) } },
      }));
      await ev(after, 'PICK', { mode, groups: groups.length, students: shuffled.length });
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async codexNext(t: Teacher, id: string, showAuthor: boolean) {
      const cur = await requireRoom(id);
      const check = allowed(stateOf(cur), 'codex:next');
      if (!check.ok) return fail(check.message);
      // The approved phrases not shown yet are read at each call: one approved during the lesson
      // comes in turn without leaving the codex (a shown phrase is marked displayed, status 3).
      const queue = (await approvedPhrases(db, t.professorId, cur.schoolclassId, cur.subjectId)).map((p) => ({
        id: p.id,
        text: p.text,
        author: `${p.firstName} ${p.lastName.slice(0, 1)}.`,
      }));
      let shown: string | null = null;
      const { after } = await teacherUpdate(t, id, 'codex:next', (r) => {
        const onScreen = r.activity?.kind === 'codex' ? r.activity.view.phrase?.id : undefined;
        const pending = queue.filter((p) => p.id !== onScreen);
        const [first, ...rest] = pending;
        shown = first?.id ?? null;
        return {
          ...r,
          activity: {
            kind: 'codex',
            pending: rest,
            view: {
              kind: 'codex',
              // The board hides or shows the author itself: its switch applies to the phrase on screen.
              phrase: first ? { id: first.id, text: first.text, author: first.author } : null,
              left: rest.length,
            },
          },
        };
      });
      if (shown) {
        await markPhraseDisplayed(db, shown);
        await ev(after, 'CODEX_DISPLAYED', { codexId: shown, showAuthor });
      }
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    /**
     * The teacher approved, rejected, restored or trashed a phrase of this class and subject: a board
     * on the codex screen shows at once how many are left (and can go on after "no more phrases").
     */
    async codexChanged(t: Teacher, key: RoomKey) {
      const id = makeRoomId(key);
      const cur = await store.readRoom(id);
      if (!cur || cur.professorId !== t.professorId || cur.activity?.kind !== 'codex') return;
      const approved = await approvedPhrases(db, t.professorId, key.schoolclassId, key.subjectId);
      let changed = false;
      const after = await store.updateRoom(id, (r) => {
        if (r?.activity?.kind !== 'codex' || r.professorId !== t.professorId) return null;
        const onScreen = r.activity.view.phrase?.id;
        const pending = approved
          .filter((p) => p.id !== onScreen)
          .map((p) => ({ id: p.id, text: p.text, author: `${p.firstName} ${p.lastName.slice(0, 1)}.` }));
        const ids = (xs: { id: string }[]) => xs.map((x) => x.id).join();
        if (ids(pending) === ids(r.activity.pending) && pending.length === r.activity.view.left) return null;
        changed = true;
        return {
          ...r,
          activity: { kind: 'codex', pending, view: { ...r.activity.view, left: pending.length } },
        };
      });
      if (changed && after) await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async closeActivity(t: Teacher, id: string) {
      await teacherUpdate(t, id, 'activity:close', (r) => ({ ...r, activity: null }));
      await broadcast(id, { type: 'activity', activity: null });
    },

    /**
     * A phone joins. `attach` puts its connection in the room's audience before the snapshot is
     * taken, so that every patch numbered after the snapshot reaches it.
     */
    async join(
      s: Student,
      key: RoomKey,
      attach?: (id: string) => Promise<void>,
    ): Promise<{ snapshot: RoomSnapshot; phone: PhoneState; id: string; lesson: string | null }> {
      if (!(await inClass(db, s.studentId, key.schoolclassId))) return fail('ERRORS.FORBIDDEN');
      const id = makeRoomId(key);
      const r = await requireRoom(id);
      const check = allowed(stateOf(r), 'room:join');
      if (!check.ok) return fail(check.message);
      if (await boardAway(r)) return fail('GAME.WAITING_FOR_TEACHER');
      if (!r.roster.some((x) => x.studentId === s.studentId)) {
        // Joined the class after the board opened: add them to the roster.
        const roster = await loadRoster(db, key.schoolclassId);
        await store.updateRoom(id, (cur) => (cur && !cur.closed ? { ...cur, roster } : null));
      }
      await store.touch(id, [s.studentId], now());
      await broadcast(id, { type: 'presence', studentId: s.studentId, connected: true });
      await attach?.(id);
      const fresh = await requireRoom(id);
      return {
        id,
        lesson: fresh.lessonId ?? null,
        snapshot: await snapshot(fresh, s.studentId),
        phone: await phoneState(fresh, s.studentId),
      };
    },

    /** `lesson`: the lesson the phone joined (socket.ts); an answer sent into a later one is refused. */
    async answer(
      s: Student,
      id: string,
      a: { questionId: string; answerIds: string[]; clientId: string },
      lesson?: string | null,
    ) {
      // The hot path: a thousand phones answer within a second. The answer is checked against the
      // record cached at its revision and stored only if the room is still at that revision (one
      // round trip); when it moved on (a reveal, the next question), the record is read again.
      // `at`: when it arrived, for speed scoring and the report's time to answer (issue 13).
      const value = JSON.stringify({ answerIds: [...new Set(a.answerIds)], clientId: a.clientId, at: now() });
      for (let attempt = 0; attempt < 3; attempt++) {
        // The first try reads the cache as it is; later ones check the current revision first.
        const cached = attempt === 0 ? cache.get(id) : undefined;
        const entry = cached ?? (await cachedRoom(id));
        const r = entry.record;
        let refusal: string | null = null;
        if (!entry.members.has(s.studentId)) refusal = 'ERRORS.FORBIDDEN';
        else if (r.closed) refusal = 'GAME.ROOM_CLOSED';
        else if (!sameLesson(r, lesson)) refusal = 'GAME.REJOIN';
        else if (r.paused) refusal = 'GAME.PAUSED';
        else if (r.activity?.kind !== 'raid' || r.activity.raid.phase !== 'question') {
          // A lobby, a revealed question or a raid over: what the state machine tells the phone.
          const check = allowed(stateOf(r), 'answer:submit');
          refusal = check.ok ? 'GAME.NOT_CURRENT_QUESTION' : check.message;
        } else {
          // Checks the question, the phase, the deadline and the answer ids (the answer map is empty).
          const checked = submitAnswer({ ...r.activity.raid, answers: {} }, s.studentId, a, now());
          if (!checked.ok) refusal = checked.message;
        }
        // A refusal read from an unchecked cache may be out of date: it is checked again.
        if (refusal && cached) continue;
        if (refusal || r.activity?.kind !== 'raid') return fail(refusal ?? 'GAME.NOT_CURRENT_QUESTION');
        const stored = await store.addAnswerAt(
          id,
          entry.rev,
          answerKey(r.activity.raid, a.questionId),
          s.studentId,
          value,
        );
        if (!stored) continue;
        if (!stored.added) return 'duplicate' as const;
        answered.add(id, a.questionId, s.studentId, stored.count);
        await revealIfAllAnswered(id, r, a.questionId, stored.count);
        return 'counted' as const;
      }
      return fail('GAME.NOT_CURRENT_QUESTION');
    },

    async activatePower(s: Student, id: string, lesson?: string | null) {
      // The power is claimed in the room record first (compare-and-set, on either store): of ten
      // activations sent at once, one goes on to spend the power XP, the others are refused here.
      await store.updateRoom(id, (cur) => {
        if (!cur) return fail('GAME.NO_ROOM');
        if (!cur.roster.some((x) => x.studentId === s.studentId)) return fail('ERRORS.FORBIDDEN');
        if (!cur.closed && !sameLesson(cur, lesson)) return fail('GAME.REJOIN');
        const check = allowed(stateOf(cur), 'power:activate');
        if (!check.ok) return fail(check.message);
        if (!cur.powerMode) return fail('GAME.POWERS_OFF');
        if (cur.activePowers.includes(s.studentId)) return fail('GAME.POWER_ALREADY_ACTIVE');
        return { ...cur, activePowers: [...cur.activePowers, s.studentId] };
      });
      const release = () =>
        store.updateRoom(id, (cur) =>
          cur ? { ...cur, activePowers: cur.activePowers.filter((x) => x !== s.studentId) } : null,
        );
      let left: number | null;
      try {
        left = await spendPowerXp(db, s.studentId, POWER_COST);
      } catch (err) {
        await release();
        throw err;
      }
      if (left === null) {
        await release();
        return fail('GAME.NOT_ENOUGH_POWER_XP');
      }
      const spent = left;
      const after = await store.updateRoom(id, (cur) =>
        cur && !cur.closed
          ? {
              ...cur,
              roster: cur.roster.map((x) => (x.studentId === s.studentId ? { ...x, powerXp: spent } : x)),
            }
          : null,
      );
      if (after) await ev(after, 'POWER_ACTIVATED', {}, s.studentId);
      await broadcast(id, { type: 'power', studentId: s.studentId, active: true, powerXp: left });
    },

    async sync(id: string, studentId?: string, lesson?: string | null) {
      const r = await requireRoom(id);
      if (!r.closed && !sameLesson(r, lesson)) return fail('GAME.REJOIN');
      // A student removed from the class keeps no view of its room.
      if (studentId && !r.roster.some((x) => x.studentId === studentId)) return fail('ERRORS.FORBIDDEN');
      return {
        snapshot: await snapshot(r, studentId),
        phone: studentId ? await phoneState(r, studentId) : undefined,
      };
    },

    /**
     * A student removed from a class leaves the rosters of its live rooms at once: answers, powers
     * and syncs are then refused (the answer path checks the roster at the record's revision).
     * Answers the ids of those rooms.
     */
    async dropStudent(schoolclassId: string, studentId: string): Promise<string[]> {
      const ids = (await store.liveRooms()).filter((id) => id.split(':')[0] === schoolclassId);
      for (const id of ids) {
        let changed = false;
        await store.updateRoom(id, (cur) => {
          changed = !!cur?.roster.some((x) => x.studentId === studentId);
          if (!cur || !changed) return null;
          return {
            ...cur,
            roster: cur.roster.filter((x) => x.studentId !== studentId),
            summonPool: cur.summonPool.filter((x) => x !== studentId),
            activePowers: cur.activePowers.filter((x) => x !== studentId),
          };
        });
        if (changed) await broadcast(id, { type: 'presence', studentId, connected: false });
      }
      return ids;
    },

    /**
     * A pupil deleted for good (issue 14): out of every live room of their classes, roster, pool,
     * answers, gains and the activity on screen (server/game/forget.ts). The rooms they were in.
     */
    async eraseStudent(schoolclassIds: string[], studentId: string, phraseIds: ReadonlySet<string>) {
      const ids = (await store.liveRooms()).filter((id) => schoolclassIds.includes(id.split(':')[0]));
      for (const id of ids) {
        let changed = false;
        const after = await store.updateRoom(id, (cur) => {
          changed = !!cur && mentions(cur, studentId, phraseIds);
          return cur && changed ? forgetStudent(cur, studentId, phraseIds) : null;
        });
        if (!changed || !after) continue;
        await broadcast(id, { type: 'presence', studentId, connected: false });
        // A summon, pick or codex phrase naming them leaves the board at once.
        await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
      }
      return ids;
    },

    /**
     * After a join's ack: a fresh snapshot when patches were numbered since the one the ack carried.
     * Such a patch may have reached the phone before its ack, and the phone dropped it (no snapshot
     * yet) or the ack's older snapshot replaced it; nothing else would tell the phone it is behind.
     */
    async newerThan(id: string, seq: number, studentId: string) {
      if ((await store.currentSeq(phoneSeqKey(id))) <= seq) return null;
      const r = await store.readRoom(id);
      return r ? { snapshot: await snapshot(r, studentId), phone: await phoneState(r, studentId) } : null;
    },

    /**
     * Rooms of these classes a student may join now (open, not paused, not closed); one whose board
     * is gone past the grace is listed as `waiting` (for the teacher), and cannot be joined.
     */
    async liveRoomsFor(classIds: string[]) {
      const ids = await store.liveRooms();
      const rooms: LiveRoomEntry[] = [];
      for (const id of ids) {
        const [schoolclassId, subjectId] = id.split(':');
        if (!classIds.includes(schoolclassId)) continue;
        const r = await store.readRoom(id);
        if (!r || r.paused || r.closed) continue;
        const entry = { schoolclassId, subjectId, className: r.className };
        rooms.push((await boardAway(r)) ? { ...entry, waiting: true } : entry);
      }
      return rooms;
    },

    /** The board of a room is connected (a heartbeat of the node holding its socket). */
    boardSeen: (id: string) => store.touchBoard(id, now()),

    /**
     * Presence sweep for one room, by the node holding its lease: announces who went away. Every
     * DISPOSE_CHECK_MS it also disposes of the room when it is closed, gone from the store (its Redis
     * keys expired), or when its board has been gone for `idleDisposeMs`; answers 'disposed' then.
     */
    async sweep(id: string, announcedAway: Set<string>): Promise<'disposed' | undefined> {
      const t = now();
      if (t - (lastDisposeCheck.get(id) ?? 0) >= DISPOSE_CHECK_MS) {
        lastDisposeCheck.set(id, t);
        const r = await store.readRoom(id);
        const boardAt = Math.max((await store.boardSeen(id)) ?? 0, r?.updatedAt ?? 0);
        const state = stateOf(r);
        // Student homes learn when the board has been gone past the grace, and when it is back.
        const away = !!r && state !== 'closed' && t - boardAt >= boardGraceMs;
        if (r && away !== toldAway.has(id)) {
          if (away) toldAway.add(id);
          else toldAway.delete(id);
          if (!r.paused) out.roomsChanged(r.schoolclassId);
        }
        const gone =
          state === 'absent' ||
          (state === 'closed' && t - (r?.closedAt ?? 0) >= CLOSED_KEEP_MS) ||
          (state !== 'closed' && t - boardAt >= idleDisposeMs);
        if (gone) {
          // A paused room stays in the database (paused_rooms): the next lesson resumes it.
          const check =
            state === 'absent' ? null : allowed(state, state === 'closed' ? 'dispose' : 'board-gone');
          if (check === null || check.ok) {
            await dispose(id);
            if (r && state !== 'closed') out.roomsChanged(r.schoolclassId);
            if (r) await ev(r, 'ROOM_DISPOSED', { state });
            return 'disposed';
          }
        }
      }
      // Only presence matters here: the record (roster, questions) is not parsed every 2 s per room.
      if ((await store.revision(id)) === 0) return;
      const seen = await store.lastSeen(id);
      const limit = t - grace;
      for (const [studentId, at] of Object.entries(seen)) {
        if (at < limit && !announcedAway.has(studentId)) {
          announcedAway.add(studentId);
          await broadcast(id, { type: 'presence', studentId, connected: false });
        } else if (at >= limit) {
          announcedAway.delete(studentId);
        }
      }
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
export { makeRoomId };
