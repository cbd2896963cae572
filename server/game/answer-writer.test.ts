// The live answers' batch writer (issue 13): nothing lost, never one write per answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { type AnswerRow, createAnswerWriter, livePlayId } from './answer-writer.js';

/** A database that records each multi-row insert; `failures` inserts fail first (a restart). */
function fakeDb(failures = 0) {
  const writes: AnswerRow[][] = [];
  let fail = failures;
  const db = {
    insert: () => ({
      values: (rows: AnswerRow[]) => ({
        onConflictDoNothing: async () => {
          if (fail > 0) {
            fail -= 1;
            throw new Error('connection terminated');
          }
          writes.push(rows);
        },
      }),
    }),
  } as unknown as Db;
  return { db, writes };
}

const row = (i: number): AnswerRow => ({
  playId: '00000000-0000-5000-8000-000000000001',
  questionId: '00000000-0000-4000-8000-000000000002',
  studentId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  answerIds: ['00000000-0000-4000-8000-000000000003'],
  correct: i % 2 === 0,
  timeMs: 1000 + i,
  answeredAt: new Date(0),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the answer writer', () => {
  it('writes the answers added together (a whole question) in one insert', async () => {
    vi.useFakeTimers();
    const { db, writes } = fakeDb();
    const w = createAnswerWriter(db, { flushMs: 1000 });
    w.add(Array.from({ length: 30 }, (_, i) => row(i)));
    w.add(Array.from({ length: 30 }, (_, i) => row(100 + i)));
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes.map((x) => x.length)).toEqual([60]);
  });

  it('writes a reveal’s answers at once when none were written in the last second, never two inserts within one', async () => {
    vi.useFakeTimers();
    const { db, writes } = fakeDb();
    const w = createAnswerWriter(db, { flushMs: 1000 });
    // A class's question revealed: its answers are written before the class answers the next one.
    w.add(Array.from({ length: 30 }, (_, i) => row(i)));
    await vi.advanceTimersByTimeAsync(1);
    expect(writes.map((x) => x.length)).toEqual([30]);
    // Other rooms revealing within the second wait for it to end, and are written together.
    await vi.advanceTimersByTimeAsync(300);
    w.add([row(100)]);
    await vi.advanceTimersByTimeAsync(300);
    w.add([row(101)]);
    await vi.advanceTimersByTimeAsync(398);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes.map((x) => x.length)).toEqual([30, 2]);
    // A reveal more than a second after the last insert is written at once again.
    await vi.advanceTimersByTimeAsync(1500);
    w.add([row(102)]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes.map((x) => x.length)).toEqual([30, 2, 1]);
  });

  it('writes at once when the buffer reaches its row limit, in inserts of at most that many rows', async () => {
    const { db, writes } = fakeDb();
    const w = createAnswerWriter(db, { flushMs: 60_000, flushRows: 100 });
    w.add(Array.from({ length: 250 }, (_, i) => row(i)));
    await w.flush();
    expect(writes.map((x) => x.length)).toEqual([100, 100, 50]);
  });

  it('writes what it holds when the server closes', async () => {
    const { db, writes } = fakeDb();
    const w = createAnswerWriter(db, { flushMs: 60_000 });
    w.add([row(1), row(2)]);
    await w.close();
    expect(writes.flat().map((r) => r.studentId)).toEqual([row(1).studentId, row(2).studentId]);
    expect(w.pending()).toBe(0);
  });

  it('keeps the rows of a failed insert and writes them with the next flush', async () => {
    const { db, writes } = fakeDb(1);
    const errors: unknown[] = [];
    const w = createAnswerWriter(db, { flushMs: 60_000, onError: (e) => errors.push(e) });
    w.add([row(1), row(2)]);
    await expect(w.flush()).rejects.toThrow('connection terminated');
    expect(w.pending()).toBe(2);
    w.add([row(3)]);
    await w.close();
    expect(writes.flat()).toHaveLength(3);
    expect(errors).toHaveLength(1);
  });
});

describe('a live play id', () => {
  it('is the same on every node for a room and run, and differs between runs', () => {
    const a = livePlayId('room-1', 'raid@1');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(livePlayId('room-1', 'raid@1')).toBe(a);
    expect(livePlayId('room-1', 'raid@2')).not.toBe(a);
    expect(livePlayId('room-2', 'raid@1')).not.toBe(a);
  });
});

describe('a deleted student', () => {
  it('loses only their own answer: the rest of the batch is written', async () => {
    const writes: AnswerRow[][] = [];
    const gone = row(2).studentId;
    const db = {
      insert: () => ({
        values: (rows: AnswerRow | AnswerRow[]) => ({
          onConflictDoNothing: async () => {
            const list = Array.isArray(rows) ? rows : [rows];
            if (list.some((r) => r.studentId === gone))
              throw Object.assign(new Error('fk'), { code: '23503' });
            writes.push(list);
          },
        }),
      }),
    } as unknown as Db;
    const w = createAnswerWriter(db);
    w.add([row(1), row(2), row(3)]);
    await w.close();
    expect(writes.flat().map((r) => r.studentId)).toEqual([row(1).studentId, row(3).studentId]);
  });
});
