// Every live answer is kept (issue 13) without a database write on the answer's hot path: answers
// stay in the room store while the question is open; when the teacher reveals it (or ends the raid)
// the question's answers join this buffer, which one multi-row INSERT writes at once if none was
// written in the last FLUSH_MS, else when FLUSH_MS have passed since the last (never more than one a
// FLUSH_MS), or every FLUSH_ROWS rows, at the raid's end (before its report can open) and when the
// server closes. At once, not a FLUSH_MS later: the embedded database (PGlite) writes on the event
// loop (5–25 ms for a class's 30 rows), and a second after a reveal is when the class answers the
// next question (issue 22: each question's worst board-seen time was this write).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { studentAnswers } from '../db/schema.js';

export const FLUSH_MS = 1000;
export const FLUSH_ROWS = 1000;

export interface AnswerRow {
  playId: string;
  questionId: string;
  studentId: string;
  answerIds: string[];
  /** What the pupil typed (issue 23); null for choices and orders. */
  value?: string | null;
  correct: boolean;
  timeMs: number | null;
  answeredAt: Date;
}

/** The id of a live play, the same on every node: a name-based UUID of its room and run. */
export function livePlayId(roomId: string, runId: string): string {
  const h = createHash('sha1').update(`live|${roomId}|${runId}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const isForeignKeyViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23503' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23503';

/**
 * Writes rows in statements of `chunk` rows; a row already written (same play, question, student) is
 * kept as it was. A row whose student, question or play was deleted meanwhile is dropped alone: it
 * must not hold back the others.
 */
export async function insertAnswers(db: Db, rows: AnswerRow[], chunk = FLUSH_ROWS) {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    try {
      await db.insert(studentAnswers).values(part).onConflictDoNothing();
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
      for (const r of part) {
        try {
          await db.insert(studentAnswers).values(r).onConflictDoNothing();
        } catch (e) {
          if (!isForeignKeyViolation(e)) throw e;
        }
      }
    }
  }
}

export interface AnswerWriter {
  add(rows: AnswerRow[]): void;
  /** Writes what is buffered now; resolves once it is stored. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
  pending(): number;
}

export function createAnswerWriter(
  db: Db,
  opts: {
    flushMs?: number;
    flushRows?: number;
    onError?: (err: unknown) => void;
    now?: () => number;
  } = {},
): AnswerWriter {
  const flushMs = opts.flushMs ?? FLUSH_MS;
  const now = opts.now ?? Date.now;
  /** When the last flush began: the next waits until FLUSH_MS after it. */
  let lastFlush = Number.NEGATIVE_INFINITY;
  const flushRows = opts.flushRows ?? FLUSH_ROWS;
  let buffer: AnswerRow[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length) lastFlush = now();
    const rows = buffer;
    buffer = [];
    // Flushes run one after another: a later flush resolves only once every earlier row is stored.
    chain = chain.then(async () => {
      if (!rows.length) return;
      try {
        await insertAnswers(db, rows, flushRows);
      } catch (err) {
        // The rows go back to the buffer: a database restart loses none of them.
        buffer = [...rows, ...buffer];
        opts.onError?.(err);
        schedule();
        throw err;
      }
    });
    const mine = chain;
    chain = chain.catch(() => {});
    return mine;
  };
  function schedule() {
    if (!timer && buffer.length) {
      // A timer of 0 still lets the rows added in the same turn (every room revealed at once) join.
      const wait = Math.max(0, lastFlush + flushMs - now());
      timer = setTimeout(() => void flush().catch(() => {}), wait);
      timer.unref?.();
    }
  }
  return {
    add(rows) {
      if (!rows.length) return;
      buffer.push(...rows);
      if (buffer.length >= flushRows) void flush().catch(() => {});
      else schedule();
    },
    flush,
    async close() {
      await flush();
    },
    pending: () => buffer.length,
  };
}

/** Marks a live play ended with its outcome. */
export async function endLivePlay(db: Db, playId: string, result: 'VICTORY' | 'DEFEAT' | null) {
  await db.execute(
    sql`update raid_plays set ended_at = now(), result = ${result} where id = ${playId}::uuid and ended_at is null`,
  );
}
