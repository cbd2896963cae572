// A signed GAR assertion replayed to another node: the assertion ids live in Redis, so the second
// node refuses what the first accepted (two connections stand for two server processes).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../server/lib/redis.js';
import { redisReplayGuard } from '../../server/modules/sso/replay.js';

const prefix = `crchaos-sso:${randomUUID().slice(0, 8)}:`;
const nodes: Redis[] = [
  connectRedis(process.env.REDIS_URL as string),
  connectRedis(process.env.REDIS_URL as string),
];

afterAll(async () => {
  const keys = await nodes[0].keys(`${prefix}*`);
  if (keys.length) await nodes[0].del(...keys);
  await Promise.all(nodes.map((n) => n.quit()));
});

describe('school sign-on replay across nodes', () => {
  it('an assertion id accepted on one node is refused on the other, and expires with the assertion', async () => {
    const [a, b] = nodes.map((n) => redisReplayGuard(n, prefix));
    const id = `gar:_a${randomUUID()}`;
    expect(await a.firstSeen(id, 60_000)).toBe(true);
    expect(await b.firstSeen(id, 60_000)).toBe(false);
    expect(await a.firstSeen(id, 60_000)).toBe(false);
    const ttl = await nodes[1].pttl(`${prefix}sso:seen:${id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('two nodes receiving the same assertion at the same moment: exactly one accepts it', async () => {
    const [a, b] = nodes.map((n) => redisReplayGuard(n, prefix));
    const id = `gar:_a${randomUUID()}`;
    const results = await Promise.all([a.firstSeen(id, 60_000), b.firstSeen(id, 60_000)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
