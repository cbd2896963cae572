// The room store's contract, on the memory store always and on Redis when REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../lib/redis.js';
import { redisStore } from './redis-store.js';
import { memoryStore, type RoomRecord, type RoomStore } from './store.js';

const record = (id: string): RoomRecord => ({
  id,
  schoolclassId: 'c',
  subjectId: 's',
  professorId: 'p',
  className: '5e B',
  planet: 'nebula',
  powerMode: false,
  paused: false,
  roster: [],
  activePowers: [],
  summonPool: [],
  activity: null,
  updatedAt: 0,
});

const redis = process.env.REDIS_URL ? connectRedis(process.env.REDIS_URL) : null;
const stores: [string, () => RoomStore][] = [['memory', () => memoryStore()]];
if (redis) stores.push(['redis', () => redisStore(redis, `crtest:store:${randomUUID()}:`)]);
const opened: RoomStore[] = [];
afterAll(async () => {
  for (const s of opened) await s.close();
  await redis?.quit();
});

describe.each(stores)('%s room store', (_, make) => {
  it('stores an answer only while the room is at the revision it was checked against', async () => {
    const store = make();
    opened.push(store);
    const id = `room-${randomUUID()}`;
    await store.updateRoom(id, () => record(id));
    const rev = await store.revision(id);
    expect(await store.addAnswerAt(id, rev, 'q1', 'ana', '{"a":1}')).toEqual({ added: true, count: 1 });
    // The same student again: kept once.
    expect(await store.addAnswerAt(id, rev, 'q1', 'ana', '{"a":2}')).toEqual({ added: false, count: 1 });
    // The teacher reveals meanwhile: the record moves on, a late answer is not stored.
    await store.updateRoom(id, (r) => (r ? { ...r, updatedAt: 1 } : null));
    expect(await store.addAnswerAt(id, rev, 'q1', 'ben', '{"a":1}')).toBeNull();
    expect(Object.keys(await store.answers(id, 'q1'))).toEqual(['ana']);
    expect(await store.addAnswerAt(id, await store.revision(id), 'q1', 'ben', '{"a":1}')).toEqual({
      added: true,
      count: 2,
    });
    await store.deleteRoom(id);
  });

  it('stores a burst of answers sent at once, each counted once, in the order they came', async () => {
    const store = make();
    opened.push(store);
    const id = `room-${randomUUID()}`;
    await store.updateRoom(id, () => record(id));
    const rev = await store.revision(id);
    // More than one batch's worth with Redis (redis-answers.ts), one student twice, one stale revision.
    const students = Array.from({ length: 250 }, (_, i) => `s${i}`);
    const results = await Promise.all([
      ...students.map((s) => store.addAnswerAt(id, rev, 'q1', s, `{"s":"${s}"}`)),
      store.addAnswerAt(id, rev, 'q1', 's7', '{"again":true}'),
      store.addAnswerAt(id, rev - 1, 'q1', 'late', '{}'),
    ]);
    expect(results.slice(0, 250)).toEqual(students.map((_, i) => ({ added: true, count: i + 1 })));
    expect(results[250]).toEqual({ added: false, count: 250 });
    expect(results[251]).toBeNull();
    const stored = await store.answers(id, 'q1');
    expect(Object.keys(stored).length).toBe(250);
    expect(stored.s7).toBe('{"s":"s7"}');
    await store.deleteRoom(id);
  });
});
