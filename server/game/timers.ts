// A room's clocks, in one place: the open question's deadline (computed, moved by a pause, checked
// when an answer arrives), and the room's timers on the node holding it: presence heartbeats, the
// presence sweep (who went away, who came back) and the idle disposal (board gone, room closed).
// A per-pupil deadline (extra time) hooks in `deadlineFor`.
import { type ExtraTime, pupilDeadline } from '../../shared/game/extra-time.js';
import { allowed, apply, check, type LifeEvent, stateOf } from './lifecycle.js';
import type { RoomRecord, RoomStore } from './store.js';

// ---- The question's deadline ----------------------------------------------------------------

/** The deadline of a question opened at `openedAt` with this question time (null: no clock). */
export const questionDeadline = (questionSeconds: number | null, openedAt: number): number | null =>
  questionSeconds === null ? null : openedAt + questionSeconds * 1000;

/** When the open question opened, as its clock counts: its deadline less its question time. */
export const clockStart = (deadline: number | null, questionSeconds: number | null): number | null =>
  deadline !== null && questionSeconds !== null ? deadline - questionSeconds * 1000 : null;

/** What a student's deadline is computed from: the raid's state (issue 24: its extra time by pupil). */
export interface QuestionClock {
  deadline: number | null;
  settings?: { questionSeconds: number | null };
  extraTime?: Record<string, ExtraTime>;
}

/**
 * The deadline that applies to this student's answer: the question's, plus the student's extra time
 * (an accommodation, issue 24: +1/3, +1/2 or double of the question's time; shared/game/extra-time.ts).
 */
export const deadlineFor = (q: QuestionClock, studentId: string): number | null =>
  pupilDeadline(q.deadline, q.settings?.questionSeconds ?? null, q.extraTime?.[studentId]);

/** Too late for this student: the deadline passed when the answer arrived. */
export const pastDeadline = (q: QuestionClock, studentId: string, at: number): boolean => {
  const d = deadlineFor(q, studentId);
  return d !== null && at > d;
};

/** Resuming after a pause: the open question keeps the time it had left when the lesson stopped. */
export const resumedDeadline = (deadline: number | null, pausedAt: number, now: number): number | null =>
  deadline === null ? null : deadline + Math.max(0, now - pausedAt);

// ---- The room's timers on this node ---------------------------------------------------------

/** A closed room answers "the lesson is over" to late phones this long, then is disposed. */
export const CLOSED_KEEP_MS = 60_000;
/** How often the sweep looks at a room's record to dispose of it. */
export const DISPOSE_CHECK_MS = 10_000;
/** Connections refresh their presence this often. */
export const HEARTBEAT_MS = 5_000;
/** The presence sweep runs this often. */
export const SWEEP_MS = 2_000;
/** A node holds a room's sweep this long; another node takes over if it dies. */
export const LEASE_MS = 6_000;

/** What the timers ask of the room service. */
export interface TimedRooms {
  sweep(id: string, announcedAway: Set<string>): Promise<'disposed' | undefined>;
  boardSeen(id: string): Promise<void>;
  /** A connection to the room closed (`drop`) or a dropped phone is back (`reconnect`). */
  passes(id: string, event: Extract<LifeEvent, 'drop' | 'reconnect'>): void;
}

/**
 * The timers of the rooms this node holds connections to: one heartbeat and one sweep for all of
 * them. `connect` and `drop` count this node's phones and boards per room.
 */
export function startRoomTimers(opts: {
  store: RoomStore;
  rooms: TimedRooms;
  nodeId: string;
  onError: (err: unknown) => void;
  now?: () => number;
}) {
  const { store, rooms, nodeId } = opts;
  const now = opts.now ?? Date.now;
  /** Students connected to this node, by room: their presence is refreshed while they stay. */
  const local = new Map<string, Map<string, number>>();
  /** Boards connected to this node, by room: they keep their room from being disposed. */
  const boards = new Map<string, number>();
  const count = (roomId: string, who: { studentId: string } | 'board', delta: 1 | -1) => {
    if (who === 'board') {
      const n = (boards.get(roomId) ?? 0) + delta;
      if (n > 0) boards.set(roomId, n);
      else boards.delete(roomId);
      return;
    }
    let m = local.get(roomId);
    if (!m) {
      if (delta < 0) return;
      m = new Map();
      local.set(roomId, m);
    }
    const n = (m.get(who.studentId) ?? 0) + delta;
    if (n > 0) m.set(who.studentId, n);
    else m.delete(who.studentId);
  };

  const heartbeat = setInterval(() => {
    const t = now();
    for (const [roomId, students] of local) {
      if (students.size) void store.touch(roomId, [...students.keys()], t).catch(() => {});
    }
    for (const roomId of boards.keys()) void rooms.boardSeen(roomId).catch(() => {});
  }, HEARTBEAT_MS);
  // The node holding a room's lease announces who went away; another node takes over if it dies.
  const away = new Map<string, Set<string>>();
  let sweeping = false;
  const sweeper = setInterval(async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const id of await store.liveRooms()) {
        if (!(await store.lease(id, nodeId, LEASE_MS))) continue;
        let set = away.get(id);
        if (!set) {
          set = new Set();
          away.set(id, set);
        }
        if ((await rooms.sweep(id, set)) === 'disposed') {
          away.delete(id);
          local.delete(id);
          boards.delete(id);
        }
      }
    } catch (err) {
      opts.onError(err);
    } finally {
      sweeping = false;
    }
  }, SWEEP_MS);
  heartbeat.unref();
  sweeper.unref();

  return {
    /** A phone or a board of this node entered the room. */
    connect: (roomId: string, who: { studentId: string } | 'board') => count(roomId, who, 1),
    /** A phone or a board of this node left the room, or lost its connection: the `drop` transition. */
    drop(roomId: string, who: { studentId: string } | 'board') {
      count(roomId, who, -1);
      rooms.passes(roomId, 'drop');
    },
    stop() {
      clearInterval(heartbeat);
      clearInterval(sweeper);
    },
  };
}

export type RoomTimers = ReturnType<typeof startRoomTimers>;

// ---- The sweep of one room --------------------------------------------------------------------

export interface SweepDeps {
  store: RoomStore;
  now: () => number;
  grace: number;
  idleDisposeMs: number;
  boardGraceMs: number;
  toldAway: Set<string>;
  roomsChanged(schoolclassId: string): void;
  presence(id: string, studentId: string, connected: boolean): Promise<void>;
  dispose(id: string): Promise<void>;
  disposed(r: RoomRecord, state: string): Promise<void>;
}

export function createSweep(d: SweepDeps) {
  const lastDisposeCheck = new Map<string, number>();
  return {
    forget: (id: string) => lastDisposeCheck.delete(id),
    /**
     * Presence sweep for one room, by the node holding its lease: announces who went away. Every
     * DISPOSE_CHECK_MS it also disposes of the room when it is closed, gone from the store (its Redis
     * keys expired), or when its board has been gone for `idleDisposeMs`; answers 'disposed' then.
     */
    async sweep(id: string, announcedAway: Set<string>): Promise<'disposed' | undefined> {
      const { store } = d;
      const t = d.now();
      if (t - (lastDisposeCheck.get(id) ?? 0) >= DISPOSE_CHECK_MS) {
        lastDisposeCheck.set(id, t);
        const r = await store.readRoom(id);
        const boardAt = Math.max((await store.boardSeen(id)) ?? 0, r?.updatedAt ?? 0);
        const state = stateOf(r);
        // Student homes learn when the board has been gone past the grace, and when it is back.
        const away = !!r && state !== 'closed' && t - boardAt >= d.boardGraceMs;
        if (r && away !== d.toldAway.has(id)) {
          if (away) d.toldAway.add(id);
          else d.toldAway.delete(id);
          if (!r.paused) d.roomsChanged(r.schoolclassId);
        }
        const gone =
          state === 'absent' ||
          (state === 'closed' && t - (r?.closedAt ?? 0) >= CLOSED_KEEP_MS) ||
          (state !== 'closed' && t - boardAt >= d.idleDisposeMs);
        const event = state === 'closed' ? 'dispose' : 'board-gone';
        // A paused room stays in the database (paused_rooms): the next lesson resumes it.
        if (gone && (state === 'absent' || allowed(state, event).ok)) {
          if (r) apply(r, event, () => null);
          await d.dispose(id);
          if (r && state !== 'closed') d.roomsChanged(r.schoolclassId);
          if (r) await d.disposed(r, state);
          return 'disposed';
        }
      }
      // Only presence matters here: the record (roster, questions) is not parsed every 2 s per room.
      if ((await store.revision(id)) === 0) return;
      const seen = await store.lastSeen(id);
      const limit = t - d.grace;
      for (const [studentId, at] of Object.entries(seen)) {
        if (at < limit && !announcedAway.has(studentId)) {
          announcedAway.add(studentId);
          await d.presence(id, studentId, false);
        } else if (at >= limit && announcedAway.has(studentId)) {
          // Seen again: the phone joined again (which told the board) or its heartbeat came back.
          announcedAway.delete(studentId);
          const r = await store.readRoom(id);
          if (r) check(r, 'reconnect');
        }
      }
    },
  };
}
