// One database handle for both back-ends: PostgreSQL with DATABASE_URL, embedded PGlite otherwise.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { ROOT_DIR } from '../lib/paths.js';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;
export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** PostgreSQL's connection pool now (the metrics); none for PGlite, which has one connection. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'migrations');

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  pgliteDir?: string;
  /** A PGlite dump (from dumpDataDir) to start from, used by tests. */
  pgliteLoad?: Blob;
  migrate?: boolean;
}

export async function openDatabase(opts: DbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL closes (a restart, a failover, a dropped test database)
    // emits 'error' on the pool: without a listener that would end the process. The pool replaces
    // the connection on the next query; only the message is written, never the connection string.
    pool.on('error', (err) => console.error(`[db] idle connection closed: ${err.message}`));
    const db = drizzle(pool, { schema });
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, opts.pgliteLoad ? { loadDataDir: opts.pgliteLoad } : {});
  const db = drizzle(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite migrator wants its own driver type
    await migrate(db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
