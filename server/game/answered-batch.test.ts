// The board hears of an answer at once in a quiet room, and in coalesced patches under load.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWERED_WINDOW_MS,
  type AnsweredBatch,
  BURST_ANSWERS,
  createAnsweredBatcher,
  PATCH_BUCKET,
} from './answered-batch.js';

let sent: { at: number; room: string; b: AnsweredBatch }[];
beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
});
afterEach(() => {
  vi.useRealTimers();
});
/** `bucket`: patches sent back to back before answers wait for a window (PATCH_BUCKET by default). */
const batcher = (bucket?: number) =>
  createAnsweredBatcher(
    async (room, b) => {
      sent.push({ at: Date.now(), room, b });
    },
    { bucket },
  );
/** A batcher on a clock of the test's own, which moves without any timer running. */
const clocked = (now: () => number, bucket?: number) =>
  createAnsweredBatcher(
    async (room, b) => {
      sent.push({ at: now(), room, b });
    },
    { now, bucket },
  );
/** A seeded random source (mulberry32): the same arrival times on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the board’s "who answered" patches', () => {
  it('leave at once for a lone answer, without waiting for a batch window', async () => {
    const b = batcher();
    const t0 = Date.now();
    b.add('r', 'q1', 'alice', 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ at: t0, room: 'r', b: { questionId: 'q1', studentIds: ['alice'], count: 1 } }]);
    // 30 phones answering over a second: each answer reaches the board within the window.
    vi.advanceTimersByTime(500);
    b.add('r', 'q1', 'bob', 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.b.studentIds)).toEqual([['alice'], ['bob']]);
  });

  it('leave at once for every answer of a class answering over a second', async () => {
    // 30 phones, each at a random instant of the second (ten seeded classes): no answer waits.
    for (let seed = 1; seed <= 10; seed++) {
      sent = [];
      const b = batcher();
      const random = seeded(seed);
      const times = Array.from({ length: 30 }, () => Math.floor(random() * 1000)).sort((x, y) => x - y);
      const start = Date.now();
      const late: number[] = [];
      for (const [i, t] of times.entries()) {
        await vi.advanceTimersByTimeAsync(start + t - Date.now());
        const before = sent.length;
        b.add('class', 'q1', `s${i}`, i + 1);
        await vi.advanceTimersByTimeAsync(0);
        if (sent.length === before) late.push(i);
      }
      expect(late).toEqual([]);
      expect(sent.flatMap((x) => x.b.studentIds)).toHaveLength(30);
    }
  });

  it('coalesce a burst into a few patches, none later than one window, none lost or doubled', async () => {
    const b = batcher();
    const t0 = Date.now();
    for (let i = 0; i < 1000; i++) {
      b.add('r', 'q1', `s${i}`, i + 1);
      if (i % 100 === 99) await vi.advanceTimersByTimeAsync(5);
    }
    await vi.advanceTimersByTimeAsync(100);
    const ids = sent.flatMap((s) => s.b.studentIds);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    // 1,000 answers over 50 ms: the bucket's patches at once, then one patch per window at most.
    expect(sent.length).toBeLessThanOrEqual(PATCH_BUCKET + Math.ceil(50 / ANSWERED_WINDOW_MS));
    expect(Math.max(...sent.map((s) => s.at - t0))).toBeLessThanOrEqual(50 + ANSWERED_WINDOW_MS);
    expect(sent.at(-1)?.b.count).toBe(1000);
  });

  it('leave every window while a burst holds the event loop, before any timer can run', async () => {
    // The clock moves while the answers are counted, in one run of the loop: no timer fires.
    let clock = 0;
    // A bucket of one: every patch after the first waits a whole window (the bucket's own limit).
    const b = clocked(() => clock, 1);
    for (let i = 0; i < 300; i++) {
      b.add('r', 'q1', `s${i}`, i + 1);
      clock += 0.25; // a quarter of a millisecond per answer: 75 ms for the burst
    }
    // Without waiting for timers: the board has already heard all but the last window's answers.
    const heard = sent.flatMap((s) => s.b.studentIds);
    expect(sent.length).toBeGreaterThanOrEqual(7);
    expect(heard.length).toBeGreaterThan(300 - (ANSWERED_WINDOW_MS / 0.25 + 1));
    for (let i = 1; i < sent.length; i++)
      expect(sent[i].at - sent[i - 1].at).toBeGreaterThanOrEqual(ANSWERED_WINDOW_MS);
    await vi.advanceTimersByTimeAsync(100);
    const all = sent.flatMap((s) => s.b.studentIds);
    expect(all).toHaveLength(300);
    expect(new Set(all).size).toBe(300);
  });

  it('send a waiting batch before a patch of another question, and keep rooms apart', async () => {
    // A bucket of one, so that bob's answer waits.
    const b = batcher(1);
    b.add('r', 'q1', 'alice', 1);
    b.add('r', 'q1', 'bob', 2);
    b.add('other', 'q9', 'zoe', 1);
    b.add('r', 'q2', 'carol', 1);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map((s) => [s.room, s.b.questionId, s.b.studentIds])).toEqual([
      ['r', 'q1', ['alice']],
      ['other', 'q9', ['zoe']],
      ['r', 'q1', ['bob']],
      ['r', 'q2', ['carol']],
    ]);
  });

  it('call a burst only more answers within a window than a class has, and flush only the rooms asked', async () => {
    // The clock stands still: every answer below arrives within one window.
    const b = clocked(() => 0);
    // A class of 35 answering at the same instant is no burst: its acknowledgements leave at once.
    for (let i = 0; i < 35; i++) b.add('class', 'q1', `c${i}`, i + 1);
    expect(b.bursting('class')).toBe(false);
    // A thousand at once is, from the BURST_ANSWERS-th answer within a window (the first left at once).
    for (let i = 1; i < BURST_ANSWERS; i++) b.add('hall', 'q1', `h${i}`, i);
    expect(b.bursting('hall')).toBe(false);
    b.add('hall', 'q1', `h${BURST_ANSWERS}`, BURST_ANSWERS);
    expect(b.bursting('hall')).toBe(true);
    const before = sent.length;
    await b.flushRooms(['hall']);
    expect(sent.slice(before).map((s) => s.room)).toEqual(['hall']);
    expect(b.bursting('hall')).toBe(false);
    // Still a burst when the next answers come within the window of that big patch.
    b.add('hall', 'q1', 'late', 1000);
    expect(b.bursting('hall')).toBe(true);
    // The class's batch was not flushed by the hall's: it keeps its window (after its bucket's patches).
    expect(sent.filter((s) => s.room === 'class')).toHaveLength(PATCH_BUCKET);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.filter((s) => s.room === 'class').flatMap((s) => s.b.studentIds)).toHaveLength(35);
  });
});
