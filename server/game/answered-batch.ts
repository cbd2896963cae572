// "Who answered" for the board: sent at once while a room is quiet, coalesced only under load.
// The first answer after a quiet spell leaves at once (leading edge); answers arriving within
// ANSWERED_WINDOW_MS of the last patch of the room wait for the end of that window and leave
// together. A room thus sends at most one "answered" patch per window (100 a second), however many
// phones answer, and a lone answer is never held back.

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

  async function flush(roomId: string) {
    const b = pending.get(roomId);
    if (!b) return;
    pending.delete(roomId);
    if (b.timer) clearTimeout(b.timer);
    const t = now();
    lastSent.set(roomId, t);
    // Rooms come and go: forget those quiet for longer than a window once the map grows.
    if (lastSent.size > 10_000) for (const [id, at] of lastSent) if (t - at >= windowMs) lastSent.delete(id);
    await send(roomId, { questionId: b.questionId, studentIds: b.studentIds, count: b.count });
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
      const since = now() - (lastSent.get(roomId) ?? Number.NEGATIVE_INFINITY);
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
  }

  return {
    add,
    /** Sends what waits for this room now (before any other patch of the room). */
    flush,
    /** Forgets a room (closed, disposed). */
    drop(roomId: string) {
      const b = pending.get(roomId);
      if (b?.timer) clearTimeout(b.timer);
      pending.delete(roomId);
      lastSent.delete(roomId);
    },
  };
}
