// What every module of a room shares: its dependencies and clock, the one `update` through the state
// machine, the numbered broadcast to boards and phones, and this node's caches of room records.
// The modules (answer path, raid, summon, pick, codex, life, timers, views) take it as `ctx`.
import {
  DEFAULT_RAID_SETTINGS,
  type PhoneState,
  type RaidSettings,
  type RoomPatch,
} from '../../shared/game/contract.js';
import { clockStatus } from '../../shared/game/extra-time.js';
import type { Db } from '../db/client.js';
import { type AnswerWriter, createAnswerWriter } from './answer-writer.js';
import { createAnsweredBatcher } from './answered-batch.js';
import { fail } from './errors.js';
import { amend, apply, type LifeEvent } from './lifecycle.js';
import { recordEvent } from './loaders.js';
import { activityView, phoneActivity } from './room-views.js';
import type { RoomRecord, RoomStore } from './store.js';

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

export interface Professor {
  professorId: string;
}
export interface Student {
  studentId: string;
}

/** Answers are stored per play of a raid and question. */
export const answerKey = (raid: { runId: string }, questionId: string) => `${raid.runId}|${questionId}`;
/** Phones number their patches apart from the board's. */
export const phoneSeqKey = (id: string) => `${id}#phones`;

/** The record as of its current revision, read from the store only when it changed. */
export type CachedRoom = { rev: number; record: RoomRecord; members: Set<string> };

export function createRoomContext(deps: GameDeps) {
  const { db, store, out } = deps;
  const now = deps.now ?? Date.now;
  const grace = deps.presenceGraceMs ?? PRESENCE_GRACE_MS;
  const boardGraceMs = deps.boardGraceMs ?? BOARD_GRACE_MS;
  /** What a class plays with when its teacher never chose: the deployment's question time. */
  const defaultSettings: RaidSettings = {
    ...DEFAULT_RAID_SETTINGS,
    questionSeconds: deps.questionSeconds ?? DEFAULT_RAID_SETTINGS.questionSeconds,
  };

  /** "Who answered" goes to the board at once while the room is quiet, coalesced under load. */
  const answered = createAnsweredBatcher(async (id, b) => {
    // Issue 24: after the class's deadline only pupils with extra time can answer, so who answers
    // then is not sent (it would tell who has extra time): how many answered, and how many still do.
    const cached = cache.get(id)?.record;
    const extra = cached ? await extraClock(cached) : null;
    const patch = extra
      ? { ...b, studentIds: [], extraAnswering: extra.extraAnswering, extraAnswered: extra.extraAnswered }
      : b;
    await out.patch(id, 'board', { seq: await store.nextSeq(id), patch: { type: 'answered', ...patch } });
  });

  /**
   * The open question's extra time as the board sees it (issue 24), once the class's deadline is
   * past and a pupil of the raid has extra time; null otherwise. `before`: who answered in the
   * class's time (the board's avatars stay as they were then).
   */
  async function extraClock(
    r: RoomRecord,
  ): Promise<{ extraAnswering: number; extraAnswered: number; before: string[] } | null> {
    if (r.activity?.kind !== 'raid') return null;
    const raid = r.activity.raid;
    const q = raid.questions[raid.index];
    const extra = raid.extraTime ?? {};
    const t = now();
    if (!q || raid.phase !== 'question' || raid.deadline === null || Object.keys(extra).length === 0)
      return null;
    if (t <= raid.deadline || r.paused) return null;
    const given = await store.answers(r.id, answerKey(raid, q.id));
    const before: string[] = [];
    let after = 0;
    for (const [studentId, value] of Object.entries(given)) {
      const at = (JSON.parse(value) as { at?: number }).at ?? 0;
      if (at <= raid.deadline) before.push(studentId);
      else after++;
    }
    const present = new Set(await presentIds(r));
    const status = clockStatus(
      { deadline: raid.deadline, seconds: raid.settings?.questionSeconds ?? null },
      Object.entries(extra).map(([studentId, e]) => ({
        extra: e,
        answered: studentId in given,
        connected: present.has(studentId),
      })),
      t,
    );
    return { extraAnswering: status.answering, extraAnswered: after, before };
  }

  async function broadcast(id: string, patch: RoomPatch) {
    await answered.flush(id);
    out.patch(id, 'board', { seq: await store.nextSeq(id), patch });
    if (patch.type === 'activity' || patch.type === 'paused' || patch.type === 'closed') {
      const forPhones =
        patch.type === 'activity' ? { ...patch, activity: phoneActivity(patch.activity) } : patch;
      out.patch(id, 'phones', { seq: await store.nextSeq(phoneSeqKey(id)), patch: forPhones });
    }
  }

  /** Told after an activity is shown (the end of extra time arms its checks there: extra-reveal.ts). */
  const shownHooks: ((id: string, r: RoomRecord) => void)[] = [];
  /** The activity on screen, as the board sees it, to everyone in the room. */
  const showActivity = async (id: string, r: RoomRecord) => {
    await broadcast(id, { type: 'activity', activity: activityView(r.activity) });
    for (const hook of shownHooks) hook(id, r);
  };

  async function presentIds(r: RoomRecord): Promise<string[]> {
    const seen = await store.lastSeen(r.id);
    const t = now() - grace;
    return r.roster.filter((s) => (seen[s.studentId] ?? 0) >= t).map((s) => s.studentId);
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
   * The one way a command changes a room: `event` must be allowed by the state machine in the room's
   * state now (lifecycle.ts `apply`, which also checks where the change leads), the room must be this
   * teacher's (any teacher: null, for the server's own events); `change` may throw a GameError to refuse.
   */
  async function update(
    t: Professor | null,
    id: string,
    event: LifeEvent,
    change: (r: RoomRecord) => RoomRecord,
  ): Promise<{ before: RoomRecord; after: RoomRecord }> {
    let before: RoomRecord | null = null;
    const after = await store.updateRoom(id, (cur) => {
      if (!cur) return fail('GAME.NO_ROOM');
      if (t && cur.professorId !== t.professorId) return fail('ERRORS.FORBIDDEN');
      return apply(cur, event, (r) => {
        before = r;
        return { ...change(r), updatedAt: now() };
      });
    });
    if (!after || !before) return fail('GAME.NO_ROOM');
    return { before, after };
  }

  /** A follow-up change of a command already applied: never another state (lifecycle.ts `amend`). */
  const amendRoom = (id: string, change: (r: RoomRecord) => RoomRecord | null) =>
    store.updateRoom(id, (cur) => amend(cur, change));

  const ev = (r: RoomRecord, type: string, payload: object = {}, studentId?: string) =>
    recordEvent(db, {
      type,
      professorId: r.professorId,
      schoolclassId: r.schoolclassId,
      subjectId: r.subjectId,
      studentId,
      payload,
    });

  return {
    db,
    store,
    out,
    now,
    random: deps.random ?? Math.random,
    grace,
    idleDisposeMs: deps.idleDisposeMs ?? IDLE_DISPOSE_MS,
    boardGraceMs,
    defaultSettings,
    answerWriter: deps.answers ?? createAnswerWriter(db),
    answered,
    broadcast,
    showActivity,
    onShown: (hook: (id: string, r: RoomRecord) => void) => shownHooks.push(hook),
    presentIds,
    extraClock,
    requireRoom,
    boardAway,
    /** Rooms this node told student homes were waiting for their board (told again when it is back). */
    toldAway: new Set<string>(),
    cache,
    cachedRoom,
    update,
    amendRoom,
    ev,
  };
}

export type RoomContext = ReturnType<typeof createRoomContext>;
