// "Who answered" for the board: sent at once while a room is quiet, coalesced only under load.
// The first answer after a quiet spell leaves at once (leading edge); answers arriving within
// ANSWERED_WINDOW_MS of the last patch of the room wait for the end of that window, or for the
// first answer counted after it, and leave together. A room thus sends one "answered" patch per
// window at most (100 a second), however many phones answer, and a lone answer is never held back.
// In a burst, flushAll (socket.ts, before a turn's acknowledgements) may send a room's batch before
// its window ends: one patch per turn of the event loop at most.

/** Least time between two "answered" patches of one room. */
export const ANSWERED_WINDOW_MS = 10;

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
  const pending = new Map<string, AnsweredBatch & { timer: ReturnType<typeof setTimeout> | null }>();
  const lastSent = new Map<string, number>();
  /** Patches on their way (a Redis round trip or two): flushAll waits for them too. */
  const inFlight = new Set<Promise<void>>();

  async function flush(roomId: string) {
    const b = pending.get(roomId);
    if (!b) return;
    pending.delete(roomId);
    if (b.timer) clearTimeout(b.timer);
    const t = now();
    lastSent.set(roomId, t);
    // Rooms come and go: forget those quiet for longer than a window once the map grows.
    if (lastSent.size > 10_000) for (const [id, at] of lastSent) if (t - at >= windowMs) lastSent.delete(id);
    const sending = send(roomId, { questionId: b.questionId, studentIds: b.studentIds, count: b.count });
    inFlight.add(sending);
    try {
      await sending;
    } finally {
      inFlight.delete(sending);
    }
  }

  /** Time since the room's last patch (infinite for a room never sent to). */
  const sinceLast = (roomId: string) => now() - (lastSent.get(roomId) ?? Number.NEGATIVE_INFINITY);

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
      b.count = count;
      if (since >= windowMs) {
        void flush(roomId).catch(() => {});
        return;
      }
      b.timer = later(roomId, windowMs - since);
      return;
    }
    b.studentIds.push(studentId);
    b.count = Math.max(b.count, count);
    // A burst keeps the event loop busy for longer than a window, and the timer waits for it: the
    // board hears every window's answers as they are counted, not all of them once the burst is over.
    if (sinceLast(roomId) >= windowMs) void flush(roomId).catch(() => {});
  }

  return {
    add,
    /** Sends what waits for this room now (before any other patch of the room). */
    flush,
    /** Answers wait in this room's batch: it is under load. */
    holds: (roomId: string) => pending.has(roomId),
    /** Sends what waits for every room now; answers once every patch begun has left (socket.ts). */
    async flushAll() {
      for (const roomId of [...pending.keys()]) void flush(roomId).catch(() => {});
      await Promise.allSettled([...inFlight]);
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
