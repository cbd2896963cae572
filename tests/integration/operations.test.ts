// What a school's or a region's IT asks of a node (issue 25): liveness and readiness for the load
// balancer, without authentication and saying nothing else; Prometheus metrics, never public.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaidView, RoomSnapshot } from '../../shared/game/contract.js';
import { createTestContext, DEMO, type TestContext } from './helpers/app.js';
import { type Client, connectAs, demoLesson, listen, send } from './helpers/game.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers liveness and readiness without a session, and nothing more than a status', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while its database does not answer, and ready again when it does', async () => {
    const { database } = ctx;
    const original = database.db.execute.bind(database.db);
    database.db.execute = (() =>
      Promise.reject(new Error('connection refused'))) as unknown as typeof original;
    try {
      // A check is reused for a second: wait for a fresh one, not a fixed time.
      await expect
        .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode, {
          timeout: 5_000,
        })
        .toBe(503);
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect(res.body).not.toMatch(/connection|refused|database/i);
    } finally {
      database.db.execute = original;
    }
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode, {
        timeout: 5_000,
      })
      .toBe(200);
  });
});

describe('a draining node', () => {
  it('answers 503 to readiness once asked to stop, while it still serves', async () => {
    const ctx = await createTestContext();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      ctx.app.drain();
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await ctx.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/legal' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('metrics', () => {
  it('are closed without METRICS_TOKEN or METRICS_PORT', async () => {
    const ctx = await createTestContext();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  describe('with a token', () => {
    let ctx: TestContext;
    let url: string;
    const phones: Client[] = [];
    beforeAll(async () => {
      ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
      url = await listen(ctx.app);
    });
    afterAll(async () => {
      for (const p of phones) p.close();
      await ctx?.close();
    });

    const scrape = (token?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it('refuse a scraper without the token or with a wrong one', async () => {
      expect((await scrape()).statusCode).toBe(401);
      expect((await scrape('not-the-token-at-all-0123456789')).statusCode).toBe(401);
    });

    it('count requests by route pattern, sockets by role, rooms, answers and their latencies', async () => {
      const professor = await connectAs(ctx.app, url, DEMO.admin);
      phones.push(professor.socket);
      const { key, raidId } = await demoLesson(ctx.app, professor.user);
      expect(await send(professor.socket, 'room:open', key)).toMatchObject({ ok: true });
      const pupil = await connectAs(ctx.app, url, { login: 'eleve04', password: DEMO.student.password });
      phones.push(pupil.socket);
      expect(await send(pupil.socket, 'room:join', key)).toMatchObject({ ok: true });
      expect(await send(professor.socket, 'raid:start', { raidId })).toEqual({ ok: true });
      expect(await send(professor.socket, 'raid:begin', {})).toEqual({ ok: true });
      const sync = await send<{ snapshot: RoomSnapshot }>(pupil.socket, 'room:sync', {});
      if (!sync.ok) throw new Error(sync.message);
      const q = (sync.snapshot.activity as RaidView).question;
      if (!q) throw new Error('no question');
      expect(
        await send(pupil.socket, 'answer:submit', {
          questionId: q.id,
          answerIds: [q.answers[0].id],
          clientId: 'ops-metrics-1',
        }),
      ).toEqual({ ok: true, status: 'counted' });

      await expect
        .poll(async () => (await scrape(TOKEN)).body, { timeout: 5_000 })
        .toMatch(/classe_raid_answer_board_seen_seconds_count 1\b/);
      const text = (await scrape(TOKEN)).body;
      expect(text).toMatch(/classe_raid_sockets\{role="board"\} 1\b/);
      expect(text).toMatch(/classe_raid_sockets\{role="phone"\} 1\b/);
      expect(text).toMatch(/classe_raid_live_rooms 1\b/);
      expect(text).toMatch(/classe_raid_answers_total\{outcome="ok"\} 1\b/);
      expect(text).toMatch(/classe_raid_answer_ack_seconds_count 1\b/);
      // The route's pattern, never the URL with its ids.
      expect(text).toMatch(
        /classe_raid_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id",status="200"\} \d+/,
      );
      expect(text).not.toMatch(new RegExp(professor.user.id));
      expect(text).toMatch(/classe_raid_nodejs_eventloop_lag_p99_seconds/);
      expect(text).toMatch(/classe_raid_import_queue\{state="waiting"\} 0\b/);
      expect(text).toMatch(/classe_raid_db_pool_clients\{state="waiting"\} 0\b/);
    });
  });

  it('listen on a port of their own with METRICS_PORT, not on the main one', async () => {
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const ctx = await createTestContext({ METRICS_PORT: String(port) });
    try {
      await listen(ctx.app);
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/classe_raid_http_request_duration_seconds/);
    } finally {
      await ctx.close();
    }
  });
});
