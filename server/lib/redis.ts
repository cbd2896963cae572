// The server's Redis connection. Auto-pipelining sends the commands issued in one tick together:
// 9,000 answers a second are thousands of small commands. Connections that WATCH (the room store's
// transactions) or block (the Socket.IO adapter's stream reads) are duplicates without it.
import { Redis } from 'ioredis';

export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false, enableAutoPipelining: true });
}

/** A connection of its own for WATCH transactions or blocking reads. */
export const dedicatedConnection = (redis: Redis): Redis => redis.duplicate({ enableAutoPipelining: false });
