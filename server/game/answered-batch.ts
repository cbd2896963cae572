// "Who answered" for the board: sent at once while a room is quiet, coalesced only under load.
// The first answer after a quiet spell leaves at once (leading edge); answers arriving within
// ANSWERED_WINDOW_MS of the last patch of the room wait for the end of that window, or for the
// first answer counted after it, and leave together. A room thus sends one "answered" patch per
// window at most (100 a second), however many phones answer, and a lone answer is never held back.
// In a burst (BURST_ANSWERS answers within a window), flush (socket.ts, before a turn's
// acknowledgements) may send a room's batch before its window ends: one patch per turn at most.

/** Least time between two "answered" patches of one room. */
export const ANSWERED_WINDOW_MS = 10;

/**
 * Answers of one room within a window that make a burst: more than a class answering together.
 * Only then do acknowledgements wait for the board (socket.ts); 300 classes of 30 never do.
 */
export const BURST_ANSWERS = 40;

import { answersSeen } from '../lib/live-metrics.js';

export interface AnsweredBatch {
  questionId: string;
  studentIds: string[];
  count: number;
}

export function createAnsweredBatcher(
  send: (roomId: string, b: AnsweredBatch) => Promise<void>,
  opts: { windowMs?: number; now?: () => number } = {},
) {
  const windowMs = opts.windowMs ?? ANSWERED_WINDOW_MS;
  const now = opts.now ?? Date.now;
  const pending = new Map<
    string,
    AnsweredBatch & { timer: ReturnType<typeof setTimeout> | null; countedAt?: number[] }
  >();
  /** When each room's last patch left, and how many answers it carried. */
  const lastSent = new Map<string, { at: number; size: number }>();
  /** Patches on their way (a Redis round trip or two), by room: flushRooms waits for them too. */
  const inFlight = new Map<string, Set<Promise<void>>>();

  async function flush(roomId: string) {
    const b = pending.get(roomId);
    if (!b) return;
    pending.delete(roomId);
    if (b.timer) clearTimeout(b.timer);
    const t = now();
    lastSent.set(roomId, { at: t, size: b.studentIds.length });
    // Rooms come and go: forget those quiet for longer than a window once the map grows.
    if (lastSent.size > 10_000) for (const [id, l] of lastSent) if (t - l.at >= windowMs) lastSent.delete(id);
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

  /** Time since the room's last patch (infinite for a room never sent to). */
  const sinceLast = (roomId: string) => now() - (lastSent.get(roomId)?.at ?? Number.NEGATIVE_INFINITY);

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
      const since = sinceLast(roomId);
      b.studentIds.push(studentId);
      if (answersSeen.hasSubscribers) b.countedAt = [performance.now()];
      b.count = count;
      if (since >= windowMs) {
        void flush(roomId).catch(() => {});
        return;
      }
      b.timer = later(roomId, windowMs - since);
      return;
    }
    b.studentIds.push(studentId);
    b.countedAt?.push(performance.now());
    b.count = Math.max(b.count, count);
    // A burst keeps the event loop busy for longer than a window, and the timer waits for it: the
    // board hears every window's answers as they are counted, not all of them once the burst is over.
    if (sinceLast(roomId) >= windowMs) void flush(roomId).catch(() => {});
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
    },
  };
}
