// In a burst, phones' acknowledgements leave after the board's "who answered" patch of their turn.
import { describe, expect, it } from 'vitest';
import { createAckQueue } from './ack-queue.js';

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
  it('leave together at the end of the turn, after the board’s patch', async () => {
    const log: string[] = [];
    const t = turns();
    const q = createAckQueue(async (rooms) => {
      log.push(`board ${[...rooms].join(',')}`);
    }, t.nextTurn);
    q.defer('r', () => log.push('ack 1'));
    q.defer('r', () => log.push('ack 2'));
    expect(log).toEqual([]);
    t.run();
    await settle();
    // Only the room whose acknowledgements wait is flushed: other rooms keep their window.
    expect(log).toEqual(['board r', 'ack 1', 'ack 2']);
  });

  it('wait one more turn at most when the board’s patch takes longer (Redis round trips)', async () => {
    const log: string[] = [];
    const t = turns();
    let release = () => {};
    const q = createAckQueue(
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
      t.nextTurn,
    );
    q.defer('r', () => log.push('ack'));
    t.run(); // the end of the answers' turn: the board's patch is on its way
    await settle();
    expect(log).toEqual([]);
    t.run(); // one more turn
    expect(log).toEqual(['ack']);
    release();
    await settle();
    expect(log).toEqual(['ack']); // sent once
  });

  it('still answers the phones when the board’s patch fails', async () => {
    const log: string[] = [];
    const t = turns();
    const q = createAckQueue(() => Promise.reject(new Error('redis down')), t.nextTurn);
    q.defer('r', () => log.push('ack'));
    t.run();
    await settle();
    expect(log).toEqual(['ack']);
  });
});
