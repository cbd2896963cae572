// The room store in Redis: the record by WATCH/MULTI compare-and-set, answers by HSETNX (one per
// student and question, whichever node receives it; a turn's answers in one script call:
// redis-answers.ts), presence in a sorted set, leases by SET NX PX.
import type { Redis } from 'ioredis';
import { dedicatedConnection } from '../lib/redis.js';
import { createAnswerBatches } from './redis-answers.js';
import type { RoomRecord, RoomStore } from './store.js';

const ROOM_TTL_SEC = 12 * 3600;

export function redisStore(redis: Redis, prefix = 'cr:'): RoomStore {
  const k = {
    room: (id: string) => `${prefix}room:${id}`,
    rev: (id: string) => `${prefix}room:${id}:rev`,
    seq: (id: string) => `${prefix}room:${id}:seq`,
    answers: (id: string, q: string) => `${prefix}room:${id}:answers:${q}`,
    seen: (id: string) => `${prefix}room:${id}:seen`,
    lease: (id: string) => `${prefix}room:${id}:lease`,
    board: (id: string) => `${prefix}room:${id}:board`,
    live: `${prefix}rooms`,
  };
  // WATCH needs a connection of its own per transaction: a duplicate, used one call at a time.
  const txConn = dedicatedConnection(redis);
  const answerBatches = createAnswerBatches(redis, ROOM_TTL_SEC);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  const lua = {
    renewOrTake: `local v = redis.call('GET', KEYS[1])
      if (not v) or v == ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
      return 0`,
  };

  return {
    async readRoom(id) {
      const raw = await redis.get(k.room(id));
      return raw ? (JSON.parse(raw) as RoomRecord) : null;
    },
    updateRoom(id, fn) {
      return serial(async () => {
        for (let attempt = 0; attempt < 50; attempt++) {
          await txConn.watch(k.room(id));
          const raw = await txConn.get(k.room(id));
          const current = raw ? (JSON.parse(raw) as RoomRecord) : null;
          let next: RoomRecord | null;
          try {
            next = fn(current);
          } catch (err) {
            await txConn.unwatch();
            throw err;
          }
          if (!next) {
            await txConn.unwatch();
            return current;
          }
          const res = await txConn
            .multi()
            .set(k.room(id), JSON.stringify(next), 'EX', ROOM_TTL_SEC)
            .incr(k.rev(id))
            .expire(k.rev(id), ROOM_TTL_SEC)
            .sadd(k.live, id)
            .exec();
          if (res) return next;
        }
        throw new Error(`room ${id}: too much contention`);
      });
    },
    async revision(id) {
      return Number((await redis.get(k.rev(id))) ?? 0);
    },
    async deleteRoom(id) {
      // SCAN, not KEYS: a disposal never blocks Redis for the other rooms. The room's keys are the
      // record, its revision, patch numbers (board and phones), answers per question, presence, lease.
      const keys = new Set<string>([k.room(id), `${prefix}room:${id}#phones:seq`]);
      for (const pattern of [`${prefix}room:${id}:*`, `${prefix}room:${id}#phones:*`]) {
        let cursor = '0';
        do {
          const [nextCursor, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
          for (const key of found) keys.add(key);
          cursor = nextCursor;
        } while (cursor !== '0');
      }
      await redis
        .multi()
        .srem(k.live, id)
        .del(...keys)
        .exec();
    },
    async liveRooms() {
      return redis.smembers(k.live);
    },
    async nextSeq(id) {
      const [[, n]] = (await redis.multi().incr(k.seq(id)).expire(k.seq(id), ROOM_TTL_SEC).exec()) as [
        [unknown, number],
      ];
      return n;
    },
    async currentSeq(id) {
      return Number((await redis.get(k.seq(id))) ?? 0);
    },
    async addAnswer(id, questionId, studentId, value) {
      const key = k.answers(id, questionId);
      const [[, added], [, count]] = (await redis
        .multi()
        .hsetnx(key, studentId, value)
        .hlen(key)
        .expire(key, ROOM_TTL_SEC)
        .exec()) as [[unknown, number], [unknown, number]];
      return { added: added === 1, count };
    },
    addAnswerAt(id, revision, questionId, studentId, value) {
      // The revision checked and the answer added in one step, with the other answers of this turn.
      return answerBatches.add(k.rev(id), k.answers(id, questionId), revision, studentId, value);
    },
    async answers(id, questionId) {
      return redis.hgetall(k.answers(id, questionId));
    },
    async touch(id, studentIds, now) {
      if (!studentIds.length) return;
      const args = studentIds.flatMap((s) => [now, s]);
      await redis
        .multi()
        .zadd(k.seen(id), ...args)
        .expire(k.seen(id), ROOM_TTL_SEC)
        .exec();
    },
    async lastSeen(id) {
      const flat = await redis.zrange(k.seen(id), 0, -1, 'WITHSCORES');
      const out: Record<string, number> = {};
      for (let i = 0; i < flat.length; i += 2) out[flat[i]] = Number(flat[i + 1]);
      return out;
    },
    async touchBoard(id, now) {
      await redis.set(k.board(id), String(now), 'EX', ROOM_TTL_SEC);
    },
    async boardSeen(id) {
      const v = await redis.get(k.board(id));
      return v === null ? null : Number(v);
    },
    async lease(id, nodeId, ttlMs) {
      return (await redis.eval(lua.renewOrTake, 1, k.lease(id), nodeId, String(ttlMs))) === 1;
    },
    async close() {
      txConn.disconnect();
      answerBatches.close();
    },
  };
}
