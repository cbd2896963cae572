// The server's Redis connection. Auto-pipelining sends the commands issued in one tick together:
// 9,000 answers a second are thousands of small commands. Connections that WATCH (the room store's
// transactions) or block (the Socket.IO adapter's stream reads) are duplicates without it.
import { Redis } from 'ioredis';

/**
 * While Redis is unreachable (a restart, a failover), commands wait for it: ioredis tries to reconnect
 * after 50, 100, 150… ms (at most 2 s apart), and a command fails only after 20 tries, about 10 s. A
 * Redis restart within that time loses nothing: an answer sent meanwhile is stored, and acknowledged,
 * once Redis is back (its phone may have sent it again by then: counted once). Past it, commands fail
 * (an answer is then refused with ERRORS.GENERIC, and its student has to answer again). It was 3
 * tries (about 0.3 s): a restart of Redis refused every answer sent meanwhile.
 */
export const REDIS_RETRIES_PER_COMMAND = 20;

export function connectRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: REDIS_RETRIES_PER_COMMAND,
    lazyConnect: false,
    enableAutoPipelining: true,
  });
}

/** A connection of its own for WATCH transactions or blocking reads. */
export const dedicatedConnection = (redis: Redis): Redis => redis.duplicate({ enableAutoPipelining: false });
