// PostgreSQL closes the server's connections (a restart, a failover): the process goes on and the
// next query gets a new connection. Without a listener, the pool's 'error' event would end the
// process (here, vitest reports it as an unhandled error and the run fails).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client.js';

const url = process.env.DATABASE_URL as string;
const name = `cr_restart_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let database: Database;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(url);
  u.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: u.toString() });
});
afterAll(async () => {
  await database?.close().catch(() => undefined);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

describe('the database connection pool', () => {
  it('survives PostgreSQL closing its idle connections and reconnects on the next query', async () => {
    const count = async () =>
      Number((await database.db.execute(sql`select count(*)::int as n from subjects`)).rows[0]?.n);
    const before = await count();
    const killed = await admin(async (c) => {
      const r = await c.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return r.rowCount;
    });
    expect(killed).toBeGreaterThan(0);
    // Let the pool see its connections go.
    await new Promise((r) => setTimeout(r, 300));
    expect(await count()).toBe(before);
  });
});
