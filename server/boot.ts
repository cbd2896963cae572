// Opens what the server needs from the configuration: database (migrated, seeded) and Redis.
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { type DemoClassCode, demoClassCodes, isEmpty, seedDemo, seedReference } from './db/seed.js';
import { connectRedis } from './lib/redis.js';

export interface Booted {
  database: Database;
  redis: Redis | null;
  demo: DemoClassCode[] | null;
}

export async function boot(config: Config): Promise<Booted> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(path.resolve(config.DATA_DIR), 'pglite'),
  });
  await seedReference(database.db);
  // The embedded default always carries the demo school; PostgreSQL only when asked (SEED_DEMO=1).
  const wantsDemo = database.kind === 'pglite' || config.SEED_DEMO;
  let demo: DemoClassCode[] | null = null;
  if (wantsDemo) {
    if (await isEmpty(database.db))
      await seedDemo(database.db, path.join(path.resolve(config.DATA_DIR), 'uploads'));
    demo = await demoClassCodes(database.db);
  }
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : null;
  return { database, redis, demo };
}
