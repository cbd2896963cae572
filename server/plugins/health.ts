// Liveness and readiness for load balancers and orchestrators, without authentication:
// GET /livez answers while the process serves; GET /readyz answers 200 when the database answers,
// its migrations are those this build carries, Redis (when configured) answers, and the node is not
// draining, else 503. Neither says more than its status: which check failed goes to the log.
// A readiness check costs a query or two; a flood of probes shares one check per second.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MIGRATIONS_DIR } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks this node as draining: /readyz answers 503 from now on (server/main.ts on SIGTERM). */
    drain(): void;
    readonly draining: boolean;
  }
}

/** Each check's bound: a database that takes longer is not ready for a classroom. */
const CHECK_MS = 1_000;
/** One check answers every probe of the same second. */
const REUSE_MS = 1_000;

/** The `when` of the newest migration this build carries (drizzle's journal). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export default fp(async function health(app: FastifyInstance) {
  const expected = newestMigration();
  let draining = false;
  let last: { at: number; result: Promise<string | null> } | null = null;
  app.decorate('drain', () => {
    draining = true;
    last = null;
  });
  app.decorate('draining', {
    getter: () => draining,
  });
  // A closing node (SIGTERM, a rolling restart) is no longer ready while it finishes what it holds.
  app.addHook('preClose', async () => {
    draining = true;
  });

  async function check(): Promise<string | null> {
    if (draining) return 'draining';
    const { db, redis } = app.deps;
    try {
      // Both drivers answer { rows } (node-postgres and PGlite).
      const result = (await within(
        db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
        CHECK_MS,
        'the database',
      )) as unknown as { rows: { newest: string | number | null }[] };
      const newest = Number(result.rows[0]?.newest ?? 0);
      if (newest < expected) return 'migrations not applied';
    } catch (err) {
      return `database: ${(err as Error).message}`;
    }
    if (redis) {
      try {
        await within(redis.ping(), CHECK_MS, 'Redis');
      } catch (err) {
        return `redis: ${(err as Error).message}`;
      }
    }
    return null;
  }

  const ready = () => {
    const now = Date.now();
    if (!last || now - last.at >= REUSE_MS) last = { at: now, result: check() };
    return last.result;
  };

  const hide = { schema: { hide: true } };
  app.get('/livez', hide, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', hide, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const problem = await ready();
    if (problem) {
      req.log.warn({ problem }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
    return { status: 'ready' };
  });
});
