// "Who answered" for the board: sent at once while a room is quiet, coalesced only under load.
// Each room holds a small bucket of patches (PATCH_BUCKET, refilled by one per ANSWERED_WINDOW_MS):
// an answer leaves at once while the bucket has a patch left; once it is empty, answers wait for
// the next patch the bucket earns and leave together. A room thus sends one "answered" patch per
// window on average (100 a second), however many phones answer, and a class answering over a few
// seconds is never held back (issue 22: with a bucket of one, a quarter of a class's answers waited
// up to a window, the board's p99 at a class's size was 8–22 ms).
// In a burst (BURST_ANSWERS answers within a window), flush (socket.ts, before a turn's
// acknowledgements) may send a room's batch before its window ends: one patch per turn at most.

/** Least time between two "answered" patches of one room. */
export const ANSWERED_WINDOW_MS = 10;

/**
 * Answers of one room within a window that make a burst: more than a class answering together.
 * Only then do acknowledgements wait for the board (socket.ts); 300 classes of 30 never do.
 */
export const BURST_ANSWERS = 40;

/**
 * Patches a room may send back to back before its answers wait for a window: a class of 30 answering
 * over a second almost never has four answers within 40 ms, a thousand phones do at once.
 */
export const PATCH_BUCKET = 4;

import { answersSeen } from '../lib/live-metrics.js';

export interface AnsweredBatch {
  questionId: string;
  studentIds: string[];
  count: number;
}

export function createAnsweredBatcher(
  send: (roomId: string, b: AnsweredBatch) => Promise<void>,
  opts: { windowMs?: number; now?: () => number; bucket?: number } = {},
) {
  const windowMs = opts.windowMs ?? ANSWERED_WINDOW_MS;
  const now = opts.now ?? Date.now;
  const capacity = opts.bucket ?? PATCH_BUCKET;
  const pending = new Map<
    string,
    AnsweredBatch & { timer: ReturnType<typeof setTimeout> | null; countedAt?: number[] }
  >();
  /** When each room's last patch left, and how many answers it and the patches just before it carried. */
  const lastSent = new Map<string, { at: number; size: number }>();
  /** Patches on their way (a Redis round trip or two), by room: flushRooms waits for them too. */
  const inFlight = new Map<string, Set<Promise<void>>>();
  /** Each room's bucket of patches: what was left at `at` (below 0 after patches forced by a flush). */
  const buckets = new Map<string, { tokens: number; at: number }>();

  /** Patches the room may send now (refilled to `capacity`, one per window). */
  function tokens(roomId: string) {
    const t = now();
    const b = buckets.get(roomId);
    if (!b) return capacity;
    b.tokens = Math.min(capacity, b.tokens + (t - b.at) / windowMs);
    b.at = t;
    return b.tokens;
  }
  function spend(roomId: string) {
    const left = tokens(roomId) - 1;
    buckets.set(roomId, { tokens: left, at: now() });
  }
  /** Time until the room's bucket holds one patch again. */
  const untilToken = (roomId: string) => Math.max(0, (1 - tokens(roomId)) * windowMs);

  async function flush(roomId: string) {
    const b = pending.get(roomId);
    if (!b) return;
    pending.delete(roomId);
    if (b.timer) clearTimeout(b.timer);
    const t = now();
    spend(roomId);
    // Patches within two windows of each other add up: a burst is counted across the bucket's patches.
    const prev = lastSent.get(roomId);
    const size = b.studentIds.length + (prev && t - prev.at < windowMs * 2 ? prev.size : 0);
    lastSent.set(roomId, { at: t, size });
    // Rooms come and go: forget those quiet for long enough to have a full bucket once the maps grow.
    if (lastSent.size > 10_000)
      for (const [id, l] of lastSent)
        if (t - l.at >= windowMs * capacity) {
          lastSent.delete(id);
          buckets.delete(id);
        }
    const sending = send(roomId, { questionId: b.questionId, studentIds: b.studentIds, count: b.count });
    const room = inFlight.get(roomId) ?? new Set<Promise<void>>();
    inFlight.set(roomId, room);
    room.add(sending);
    try {
      await sending;
      if (b.countedAt && answersSeen.hasSubscribers) {
        const t = performance.now();
        answersSeen.publish({ ms: b.countedAt.map((c) => t - c) });
      }
    } finally {
      room.delete(sending);
      if (room.size === 0) inFlight.delete(roomId);
    }
  }

  const later = (roomId: string, ms: number) =>
    setTimeout(() => void flush(roomId).catch(() => {}), Math.max(0, ms));

  function add(roomId: string, questionId: string, studentId: string, count: number) {
    let b = pending.get(roomId);
    if (b && b.questionId !== questionId) {
      void flush(roomId).catch(() => {});
      b = undefined;
    }
    if (!b) {
      b = { questionId, studentIds: [], count: 0, timer: null };
      pending.set(roomId, b);
      b.studentIds.push(studentId);
      if (answersSeen.hasSubscribers) b.countedAt = [performance.now()];
      b.count = count;
      const wait = untilToken(roomId);
      if (wait === 0) {
        void flush(roomId).catch(() => {});
        return;
      }
      b.timer = later(roomId, wait);
      return;
    }
    b.studentIds.push(studentId);
    b.countedAt?.push(performance.now());
    b.count = Math.max(b.count, count);
    // A burst keeps the event loop busy for longer than a window, and the timer waits for it: the
    // board hears every window's answers as they are counted, not all of them once the burst is over.
    if (untilToken(roomId) === 0) void flush(roomId).catch(() => {});
  }

  return {
    add,
    /** Sends what waits for this room now (before any other patch of the room). */
    flush,
    /**
     * Answers wait in this room's batch, and it and the room's previous patch (if it left less than
     * two windows ago: the batch may have begun just before its window ended) count BURST_ANSWERS at least: a burst, not a class answering over a few seconds.
     */
    bursting(roomId: string) {
      const b = pending.get(roomId);
      if (!b) return false;
      const last = lastSent.get(roomId);
      const before = last && now() - last.at < windowMs * 2 ? last.size : 0;
      return b.studentIds.length + before >= BURST_ANSWERS;
    },
    /** Sends what waits for these rooms now; answers once their patches begun have left (socket.ts). */
    async flushRooms(roomIds: Iterable<string>) {
      const waiting: Promise<void>[] = [];
      for (const roomId of roomIds) {
        void flush(roomId).catch(() => {});
        waiting.push(...(inFlight.get(roomId) ?? []));
      }
      await Promise.allSettled(waiting);
    },
    /** Forgets a room (closed, disposed). */
    drop(roomId: string) {
      const b = pending.get(roomId);
      if (b?.timer) clearTimeout(b.timer);
      pending.delete(roomId);
      lastSent.delete(roomId);
      buckets.delete(roomId);
    },
  };
}
