// Assertions seen: an assertion id accepted once is refused for as long as it could still be valid,
// on every node (Redis SET NX with an expiry), or, without Redis, in the database (one row per id with
// its expiry, pruned as new ones come): a restart does not forget what was accepted before it.
import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { ssoAssertionsSeen } from '../../db/schema.js';

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

/** How often expired ids are deleted (at most), as sign-ons come. */
const PRUNE_EVERY_MS = 60_000;

export function dbReplayGuard(db: Db): ReplayGuard {
  let prunedAt = 0;
  return {
    async firstSeen(id, ttlMs) {
      const now = Date.now();
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        await db.delete(ssoAssertionsSeen).where(lt(ssoAssertionsSeen.expiresAt, new Date(now)));
      }
      const expiresAt = new Date(now + Math.max(1000, ttlMs));
      // One statement: a new id is inserted, an expired one taken again, a live one left (no row back).
      const rows = await db
        .insert(ssoAssertionsSeen)
        .values({ id, expiresAt })
        .onConflictDoUpdate({
          target: ssoAssertionsSeen.id,
          set: { expiresAt },
          setWhere: sql`${ssoAssertionsSeen.expiresAt} <= ${new Date(now)}`,
        })
        .returning({ id: ssoAssertionsSeen.id });
      return rows.length === 1;
    },
  };
}
