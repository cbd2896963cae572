// In a burst, phones' acknowledgements leave once the burst is read, after the board's "who answered".
import { describe, expect, it } from 'vitest';
import { ACK_CHUNK, ACK_HOLD_MAX_MS, ACK_PATCH_WAIT_MS, createAckQueue } from './ack-queue.js';

/** Turns of the event loop, run by hand. */
function turns() {
  const waiting: (() => void)[] = [];
  return {
    nextTurn: (fn: () => void) => waiting.push(fn),
    run: () => {
      for (const fn of waiting.splice(0)) fn();
    },
  };
}
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

describe('acknowledgements held behind the board', () => {
  it('leave together once a turn counts no more answers, after the board’s patch', async () => {
    const log: string[] = [];
    const t = turns();
    const q = createAckQueue(async (rooms) => {
      log.push(`board ${[...rooms].join(',')}`);
    }, t.nextTurn);
    q.defer('r', () => log.push('ack 1'));
    q.defer('r', () => log.push('ack 2'));
    expect(log).toEqual([]);
    t.run(); // the end of the turn that counted them: the burst may go on
    await settle();
    expect(log).toEqual([]);
    q.defer('r', () => log.push('ack 3')); // the next turn counts one more
    t.run();
    await settle();
    expect(log).toEqual([]);
    t.run(); // a turn without answers: the burst is read
    await settle();
    // Only the room whose acknowledgements wait is flushed: other rooms keep their window.
    expect(log).toEqual(['board r', 'ack 1', 'ack 2', 'ack 3']);
  });

  it(`never hold an acknowledgement longer than ${ACK_HOLD_MAX_MS} ms while answers keep coming`, async () => {
    const log: string[] = [];
    const t = turns();
    let clock = 0;
    const q = createAckQueue(
      async () => {
        log.push('board');
      },
      t.nextTurn,
      () => clock,
    );
    q.defer('r', () => log.push('first'));
    for (; clock < ACK_HOLD_MAX_MS; clock += 10) {
      t.run();
      q.defer('r', () => log.push('more'));
    }
    await settle();
    expect(log).toEqual([]);
    t.run(); // 100 ms after the first: they leave, though the turn counted more
    await settle();
    expect(log[0]).toBe('board');
    expect(log[1]).toBe('first');
    expect(log.length).toBe(ACK_HOLD_MAX_MS / 10 + 2);
  });

  it(`wait for the board’s patch ${ACK_PATCH_WAIT_MS} ms at most when it takes Redis round trips`, async () => {
    const log: string[] = [];
    const t = turns();
    let release = () => {};
    const timers: { fn: () => void; ms: number }[] = [];
    const q = createAckQueue(
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
      t.nextTurn,
      undefined,
      (fn, ms) => timers.push({ fn, ms }),
    );
    q.defer('r', () => log.push('ack 1'));
    t.run(); // the end of the answers' turn
    t.run(); // a turn without answers: the board's patch is on its way
    t.run();
    await settle();
    expect(log).toEqual([]); // turns go by: the acknowledgements wait for the patch
    release();
    await settle();
    expect(log).toEqual(['ack 1']);
    // A patch that does not come back in time: the acknowledgements leave without it, once.
    q.defer('r', () => log.push('ack 2'));
    t.run();
    t.run();
    await settle();
    expect(log).toEqual(['ack 1']);
    const wait = timers[timers.length - 1];
    expect(wait.ms).toBe(ACK_PATCH_WAIT_MS);
    wait.fn();
    expect(log).toEqual(['ack 1', 'ack 2']);
    release();
    await settle();
    for (const tm of timers) tm.fn();
    expect(log).toEqual(['ack 1', 'ack 2']); // sent once
  });

  it(`write ${ACK_CHUNK} acknowledgements a turn, in order, so that later answers are not held behind them`, async () => {
    const sent: number[] = [];
    const t = turns();
    const q = createAckQueue(async () => {}, t.nextTurn);
    const n = ACK_CHUNK * 2 + 5;
    for (let i = 0; i < n; i++) q.defer('r', () => sent.push(i));
    t.run();
    t.run(); // the burst is read: the board's patch, then the first chunk
    await settle();
    expect(sent.length).toBe(ACK_CHUNK);
    t.run();
    expect(sent.length).toBe(ACK_CHUNK * 2);
    t.run();
    expect(sent).toEqual(Array.from({ length: n }, (_, i) => i));
  });

  it('still answers the phones when the board’s patch fails', async () => {
    const log: string[] = [];
    const t = turns();
    const q = createAckQueue(
      () => Promise.reject(new Error('redis down')),
      t.nextTurn,
      undefined,
      () => {},
    );
    q.defer('r', () => log.push('ack'));
    t.run();
    t.run();
    await settle();
    expect(log).toEqual(['ack']);
  });
});
