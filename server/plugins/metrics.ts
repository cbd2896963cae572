// Prometheus metrics (prom-client, text format) for the people who run the service: HTTP requests by
// route and status with durations, sockets by role, live rooms, answers and their acknowledgement and
// board-seen latencies, event-loop delay, the database pool's waiting clients, Redis errors and
// reconnects, the import queue. Never public: GET /metrics on the main port wants METRICS_TOKEN as a
// bearer token (closed when it is unset), or METRICS_PORT opens a listener of its own (on METRICS_HOST,
// 127.0.0.1 by default) for a scraper on a private network. docs/operations.md lists the alerts.

import { timingSafeEqual } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ERR } from '../../shared/errors.js';
import type { AnswerAckedMessage, AnswersSeenMessage } from '../lib/live-metrics.js';

const PREFIX = 'classe_raid_';
/** Seconds: from a millisecond to the 2.5 s after which a phone shows its answer as not sent. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(async function metrics(app: FastifyInstance) {
  const { config, redis, database } = app.deps;
  if (!config.METRICS_TOKEN && !config.METRICS_PORT) return;

  // A registry of this app's own (tests build several apps in one process).
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: PREFIX, eventLoopMonitoringPrecision: 10 });

  const http = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by route (its pattern, not the URL) and status, with their durations.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  app.addHook('onResponse', async (req, reply) => {
    // Unmatched URLs share one label: a scanner's thousands of paths must not make thousands of series.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    http.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: `${PREFIX}sockets`,
    help: 'Live sockets connected to this node, by role (board: a teacher; phone: a student).',
    labelNames: ['role'] as const,
    registers: [register],
    collect() {
      this.reset();
      const counts = { board: 0, phone: 0 };
      for (const s of app.game?.io.of('/').sockets.values() ?? [])
        counts[s.data.role === 'PROFESSOR' ? 'board' : 'phone'] += 1;
      this.set({ role: 'board' }, counts.board);
      this.set({ role: 'phone' }, counts.phone);
    },
  });
  new Gauge({
    name: `${PREFIX}live_rooms`,
    help: 'Live rooms of the deployment (with Redis, every node reports the same figure: take the max).',
    registers: [register],
    async collect() {
      this.set(app.game ? (await app.game.store.liveRooms()).length : 0);
    },
  });

  const answers = new Counter({
    name: `${PREFIX}answers_total`,
    help: 'Answers acknowledged by this node, by outcome (ok: counted; refused: late, duplicate, invalid).',
    labelNames: ['outcome'] as const,
    registers: [register],
  });
  const ackLatency = new Histogram({
    name: `${PREFIX}answer_ack_seconds`,
    help: "From an answer's arrival to its acknowledgement (stored when ok).",
    buckets: LATENCY_BUCKETS,
    registers: [register],
  });
  const boardSeen = new Histogram({
    name: `${PREFIX}answer_board_seen_seconds`,
    help: "From an answer counted to the board's patch naming it leaving this node.",
    buckets: LATENCY_BUCKETS,
    registers: [register],
  });
  const onAck = (m: unknown) => {
    const { ms, ok } = m as AnswerAckedMessage;
    answers.inc({ outcome: ok ? 'ok' : 'refused' });
    ackLatency.observe(ms / 1000);
  };
  const onSeen = (m: unknown) => {
    for (const ms of (m as AnswersSeenMessage).ms) boardSeen.observe(ms / 1000);
  };
  const importState = { waiting: 0, reading: 0 };
  const onImport = (m: unknown) => Object.assign(importState, m as typeof importState);
  subscribe('classe-raid:answer:acked', onAck);
  subscribe('classe-raid:answer:board-seen', onSeen);
  subscribe('classe-raid:question-import:queue', onImport);
  app.addHook('onClose', async () => {
    unsubscribe('classe-raid:answer:acked', onAck);
    unsubscribe('classe-raid:answer:board-seen', onSeen);
    unsubscribe('classe-raid:question-import:queue', onImport);
  });
  new Gauge({
    name: `${PREFIX}import_queue`,
    help: 'Question files waiting for the import worker, and being read.',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      this.set({ state: 'waiting' }, importState.waiting);
      this.set({ state: 'reading' }, importState.reading);
    },
  });

  new Gauge({
    name: `${PREFIX}db_pool_clients`,
    help: "PostgreSQL pool's clients: total, idle, and requests waiting for one (0 with the embedded database).",
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const s = database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });

  const redisErrors = new Counter({
    name: `${PREFIX}redis_errors_total`,
    help: 'Errors of the Redis connection.',
    registers: [register],
  });
  const redisReconnects = new Counter({
    name: `${PREFIX}redis_reconnects_total`,
    help: 'Reconnections of the Redis connection.',
    registers: [register],
  });
  new Gauge({
    name: `${PREFIX}redis_up`,
    help: 'Whether the Redis connection is ready (1), or not (0); absent without Redis.',
    registers: [register],
    collect() {
      if (redis) this.set(redis.status === 'ready' ? 1 : 0);
    },
  });
  if (redis) {
    const onError = () => redisErrors.inc();
    const onReconnect = () => redisReconnects.inc();
    redis.on('error', onError);
    redis.on('reconnecting', onReconnect);
    app.addHook('onClose', async () => {
      redis.off('error', onError);
      redis.off('reconnecting', onReconnect);
    });
  }

  const text = async () => ({ body: await register.metrics(), type: register.contentType });

  if (config.METRICS_TOKEN) {
    const token = config.METRICS_TOKEN;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !sameSecret(auth.slice(7), token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ message: ERR.UNAUTHORIZED });
      }
      const { body, type } = await text();
      return reply.header('cache-control', 'no-store').type(type).send(body);
    });
  }

  if (config.METRICS_PORT) {
    let server: Server | null = null;
    app.addHook('onListen', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        text().then(
          ({ body, type }) => res.writeHead(200, { 'content-type': type }).end(body),
          (err) => {
            app.log.error({ err }, 'metrics failed');
            res.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(config.METRICS_PORT, config.METRICS_HOST, () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  }
});
