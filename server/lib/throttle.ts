// Failure counters with a back-off, for what an attacker guesses (passwords, class codes). Unlike the
// fixed-window limiter, a key here is slowed down for a while rather than shut for the whole window,
// and a wait is an instant read from this process's clock (so a test can move it).
// In memory on one node, in Redis when several nodes share the load.
import type { Redis } from 'ioredis';

export interface Throttle {
  /** Counts one failure on `key` in a window of `windowSec`: the count and the seconds left in it. */
  fail(key: string, windowSec: number): Promise<{ count: number; windowLeft: number }>;
  /** The failures counted on `key` in its current window. */
  count(key: string): Promise<number>;
  /** `key` must wait `seconds` from now (this replaces any wait already set). */
  block(key: string, seconds: number): Promise<void>;
  /** Seconds `key` must still wait, rounded up; 0 when it may go. */
  waiting(key: string): Promise<number>;
  /**
   * In one atomic step: when `key` is not waiting, makes it wait `seconds` from now and answers 0;
   * otherwise answers the seconds left. Of many tries sent at once, one goes through.
   */
  acquire(key: string, seconds: number): Promise<number>;
  /** Takes back one failure counted on `key` (a try counted up front that turned out right). */
  forgive(key: string): Promise<void>;
  /** Forgets the failures and the wait of `key`. */
  reset(key: string): Promise<void>;
}

const secondsUntil = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

export function memoryThrottle(): Throttle {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const blocks = new Map<string, number>();
  const sweep = () => {
    const now = Date.now();
    if (counts.size > 50_000) for (const [k, v] of counts) if (v.resetAt <= now) counts.delete(k);
    if (blocks.size > 50_000) for (const [k, v] of blocks) if (v <= now) blocks.delete(k);
  };
  return {
    async fail(key, windowSec) {
      const now = Date.now();
      let w = counts.get(key);
      if (!w || w.resetAt <= now) {
        sweep();
        w = { count: 0, resetAt: now + windowSec * 1000 };
        counts.set(key, w);
      }
      w.count++;
      return { count: w.count, windowLeft: secondsUntil(w.resetAt) };
    },
    async count(key) {
      const w = counts.get(key);
      return w && w.resetAt > Date.now() ? w.count : 0;
    },
    async block(key, seconds) {
      sweep();
      blocks.set(key, Date.now() + seconds * 1000);
    },
    async waiting(key) {
      const until = blocks.get(key);
      return until ? secondsUntil(until) : 0;
    },
    async acquire(key, seconds) {
      // No await between the read and the write: atomic on this node.
      const until = blocks.get(key);
      if (until && until > Date.now()) return secondsUntil(until);
      sweep();
      blocks.set(key, Date.now() + seconds * 1000);
      return 0;
    },
    async forgive(key) {
      const w = counts.get(key);
      if (w && w.count > 0) w.count--;
    },
    async reset(key) {
      counts.delete(key);
      blocks.delete(key);
    },
  };
}

// The end of a wait is stored as a time of this process's clock; Redis only drops the key later.
const ACQUIRE = `
local untilMs = tonumber(redis.call('GET', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
if untilMs > now then return untilMs - now end
redis.call('SET', KEYS[1], tostring(now + tonumber(ARGV[2])), 'EX', tonumber(ARGV[3]))
return 0`;
const FORGIVE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export function redisThrottle(redis: Redis, prefix: string): Throttle {
  const c = (key: string) => `${prefix}th:c:${key}`;
  const b = (key: string) => `${prefix}th:b:${key}`;
  return {
    async fail(key, windowSec) {
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incr(c(key))
        .expire(c(key), windowSec, 'NX')
        .ttl(c(key))
        .exec()) as [[unknown, number], [unknown, number], [unknown, number]];
      return { count, windowLeft: ttl > 0 ? ttl : windowSec };
    },
    async count(key) {
      return Number((await redis.get(c(key))) ?? 0);
    },
    async block(key, seconds) {
      // The end of the wait is this process's time (a test moves it); Redis only drops the key later.
      await redis.set(
        b(key),
        String(Date.now() + seconds * 1000),
        'EX',
        Math.max(1, Math.ceil(seconds) + 60),
      );
    },
    async waiting(key) {
      const until = await redis.get(b(key));
      return until ? secondsUntil(Number(until)) : 0;
    },
    async acquire(key, seconds) {
      const left = (await redis.eval(
        ACQUIRE,
        1,
        b(key),
        String(Date.now()),
        String(seconds * 1000),
        String(Math.max(1, Math.ceil(seconds) + 60)),
      )) as number;
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    async forgive(key) {
      await redis.eval(FORGIVE, 1, c(key));
    },
    async reset(key) {
      await redis.del(c(key), b(key));
    },
  };
}
