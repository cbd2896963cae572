// Assertions seen: an assertion id accepted once is refused for as long as it could still be valid,
// on every node (Redis SET NX with an expiry), or in this process when there is no Redis.
import type { Redis } from 'ioredis';

export interface ReplayGuard {
  /** True the first time this id is seen within ttlMs, false after. */
  firstSeen(id: string, ttlMs: number): Promise<boolean>;
}

export function redisReplayGuard(redis: Redis, prefix: string): ReplayGuard {
  return {
    async firstSeen(id, ttlMs) {
      const ok = await redis.set(`${prefix}sso:seen:${id}`, '1', 'PX', Math.max(1000, ttlMs), 'NX');
      return ok === 'OK';
    },
  };
}

export function memoryReplayGuard(max = 100_000): ReplayGuard {
  const seen = new Map<string, number>();
  return {
    async firstSeen(id, ttlMs) {
      const now = Date.now();
      const until = seen.get(id);
      if (until !== undefined && until > now) return false;
      if (seen.size >= max) {
        for (const [k, v] of seen) if (v <= now) seen.delete(k);
        // Still full of live ids: drop the oldest rather than grow without bound.
        if (seen.size >= max) seen.delete(seen.keys().next().value as string);
      }
      seen.set(id, now + ttlMs);
      return true;
    },
  };
}
