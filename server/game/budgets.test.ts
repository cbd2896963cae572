// Event budgets on a fake clock: what a flood gets, and what ordinary play never gets.
import { describe, expect, it } from 'vitest';
import { type Closable, createBudgets, DEFAULT_BUDGETS, eventKind, TokenBucket } from './budgets.js';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function fakeSocket(): Closable & { closed: boolean } {
  const s = {
    closed: false,
    disconnect() {
      s.closed = true;
    },
  };
  return s;
}

describe('token bucket', () => {
  it('gives its burst at once, then one token per refill interval, never more than the burst', () => {
    const c = clock();
    const b = new TokenBucket({ burst: 3, perSecond: 2 }, c.now());
    expect([b.take(c.now()), b.take(c.now()), b.take(c.now()), b.take(c.now())]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    c.advance(499);
    expect(b.take(c.now())).toBe(false);
    c.advance(1);
    expect(b.take(c.now())).toBe(true);
    c.advance(60_000);
    expect(b.full(c.now())).toBe(true);
    expect([1, 2, 3, 4].map(() => b.take(c.now()))).toEqual([true, true, true, false]);
  });

  it('does not refill when the clock goes backwards', () => {
    const c = clock();
    const b = new TokenBucket({ burst: 1, perSecond: 1 }, c.now());
    expect(b.take(c.now())).toBe(true);
    c.advance(-10_000);
    expect(b.take(c.now())).toBe(false);
  });
});

describe('event kinds', () => {
  it('counts answers, syncs, teacher commands and everything else apart', () => {
    expect(eventKind('answer:submit')).toBe('answer');
    expect(eventKind('room:sync')).toBe('sync');
    expect(eventKind('raid:next')).toBe('professor');
    expect(eventKind('room:open')).toBe('professor');
    expect(eventKind('power:activate')).toBe('other');
    expect(eventKind('no-such-event')).toBe('other');
  });
});

describe('socket budgets', () => {
  it('refuses a flood of syncs, then disconnects the socket that keeps on', () => {
    const c = clock();
    const budgets = createBudgets(DEFAULT_BUDGETS, c.now);
    const guard = budgets.attach('student', fakeSocket());
    const verdicts = Array.from({ length: 1000 }, () => guard.check('room:sync'));
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(DEFAULT_BUDGETS.socket.sync.burst);
    expect(verdicts.filter((v) => v === 'refused')).toHaveLength(DEFAULT_BUDGETS.strikes.burst);
    expect(verdicts.indexOf('disconnect')).toBe(
      DEFAULT_BUDGETS.socket.sync.burst + DEFAULT_BUDGETS.strikes.burst,
    );
    // Once closed, nothing more is handled on it.
    c.advance(60_000);
    expect(guard.check('answer:submit')).toBe('disconnect');
    expect(budgets.stats().disconnected).toBe(1);
  });

  it('shares one budget per user across all their sockets', () => {
    const c = clock();
    const budgets = createBudgets(DEFAULT_BUDGETS, c.now);
    const guards = [1, 2, 3, 4].map(() => budgets.attach('student', fakeSocket()));
    let ok = 0;
    for (let i = 0; i < 100; i++) for (const g of guards) if (g.check('room:sync') === 'ok') ok++;
    expect(ok).toBe(DEFAULT_BUDGETS.user.sync.burst);
    // Another user is not touched by it.
    expect(budgets.attach('classmate', fakeSocket()).check('room:sync')).toBe('ok');
  });

  it('keeps budgets apart by kind: a sync flood does not stop an answer', () => {
    const c = clock();
    const budgets = createBudgets(DEFAULT_BUDGETS, c.now);
    const guard = budgets.attach('student', fakeSocket());
    for (let i = 0; i < DEFAULT_BUDGETS.socket.sync.burst + 5; i++) guard.check('room:sync');
    expect(guard.check('answer:submit')).toBe('ok');
  });

  it('closes the oldest socket of a user beyond the cap, not the newest', () => {
    const budgets = createBudgets(DEFAULT_BUDGETS, clock().now);
    const sockets = Array.from({ length: DEFAULT_BUDGETS.socketsPerUser + 1 }, () => fakeSocket());
    for (const s of sockets) budgets.attach('student', s);
    expect(sockets.map((s) => s.closed)).toEqual([true, ...sockets.slice(1).map(() => false)]);
  });

  it('refuses handshakes beyond the connection budget, then admits again as time passes', () => {
    const c = clock();
    const budgets = createBudgets(DEFAULT_BUDGETS, c.now);
    const admitted = Array.from({ length: 100 }, () => budgets.admit('student')).filter(Boolean);
    expect(admitted).toHaveLength(DEFAULT_BUDGETS.connects.burst);
    c.advance(1000 / DEFAULT_BUDGETS.connects.perSecond);
    expect(budgets.admit('student')).toBe(true);
    expect(budgets.admit('professor')).toBe(true);
  });

  it('forgets a user once their sockets are gone and their budgets are full again', () => {
    const c = clock();
    const budgets = createBudgets(DEFAULT_BUDGETS, c.now);
    budgets.admit('student');
    const guard = budgets.attach('student', fakeSocket());
    for (let i = 0; i < 30; i++) guard.check('room:sync');
    budgets.sweep();
    expect(budgets.size()).toBe(1);
    guard.detach();
    budgets.sweep();
    // Reconnecting at once must not give a fresh budget.
    expect(budgets.size()).toBe(1);
    c.advance(60_000);
    budgets.sweep();
    expect(budgets.size()).toBe(0);
  });
});

describe('ordinary play never meets the budget', () => {
  it('a teacher clicking five times a second for a minute, syncing on every gap', () => {
    const c = clock();
    const budgets = createBudgets(DEFAULT_BUDGETS, c.now);
    const board = budgets.attach('professor', fakeSocket());
    const verdicts: string[] = [board.check('room:open')];
    for (let i = 0; i < 300; i++) {
      c.advance(200);
      verdicts.push(board.check(i % 2 ? 'raid:reveal' : 'raid:next'));
      if (i % 5 === 0) verdicts.push(board.check('room:sync'));
    }
    expect(verdicts.every((v) => v === 'ok')).toBe(true);
  });

  it('a phone that reconnects ten times in a row, joins, syncs, answers and retries each time', () => {
    const c = clock();
    const budgets = createBudgets(DEFAULT_BUDGETS, c.now);
    const verdicts: (string | boolean)[] = [];
    for (let i = 0; i < 10; i++) {
      verdicts.push(budgets.admit('student'));
      // The stale connection is still open on the server until its ping times out.
      const phone = budgets.attach('student', fakeSocket());
      verdicts.push(phone.check('room:join'), phone.check('room:sync'), phone.check('room:sync'));
      verdicts.push(phone.check('answer:submit'), phone.check('answer:submit'));
      verdicts.push(phone.check('power:activate'), phone.check('room:sync'));
      c.advance(500);
    }
    expect(verdicts.every((v) => v === true || v === 'ok')).toBe(true);
  });
});
