// Fixed-window counters keyed by account or code, not only by IP: a whole school shares one address.
// In memory on one node, in Redis when several nodes share the load.
import type { Redis } from 'ioredis';
import { tooMany } from './errors.js';

export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 when more than `max` hits fall in `windowSec`. */
  hit(key: string, max: number, windowSec: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, max, windowSec) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        w = { count: 0, resetAt: now + windowSec * 1000 };
        windows.set(key, w);
      }
      w.count++;
      if (w.count > max) throw tooMany(Math.ceil((w.resetAt - now) / 1000));
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, max, windowSec) {
      const k = `${prefix}rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).ttl(k).exec()) as [
        [unknown, number],
        [unknown, number],
      ];
      if (ttl < 0) await redis.expire(k, windowSec);
      if (count > max) throw tooMany(ttl > 0 ? ttl : windowSec);
    },
    async reset(key) {
      await redis.del(`${prefix}rl:${key}`);
    },
  };
}
