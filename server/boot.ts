// Opens what the server needs from the configuration: database (migrated, seeded) and Redis.
import path from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { type Config, PUBLISHED_ENCRYPTION_KEY } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { students } from './db/schema.js';
import { type DemoClassCode, demoClassCodes, isEmpty, seedDemo, seedReference } from './db/seed.js';
import { makeCipher } from './lib/crypto.js';
import { connectRedis } from './lib/redis.js';
import { type Claim, claimDataDir } from './ops/control.js';

export interface Booted {
  database: Database;
  redis: Redis | null;
  demo: DemoClassCode[] | null;
  /** The embedded database's control socket (server/ops/control.ts); null on PostgreSQL. */
  claim: Claim | null;
}

export async function boot(config: Config): Promise<Booted> {
  // The embedded database's files belong to one process: claimed first (throws DataDirBusy).
  const claim = config.DATABASE_URL ? null : await claimDataDir(config.DATA_DIR, 'the server');
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(path.resolve(config.DATA_DIR), 'pglite'),
  }).catch(async (err) => {
    await claim?.close();
    throw err;
  });
  await seedReference(database.db);
  if (config.secretsGenerated) await reencryptFromPublishedKey(database, config.ENCRYPTION_KEY);
  // The embedded default carries the demo school unless SEED_DEMO=0; PostgreSQL only with SEED_DEMO=1.
  const wantsDemo = config.SEED_DEMO ?? database.kind === 'pglite';
  if (wantsDemo && (await isEmpty(database.db)))
    await seedDemo(database.db, path.join(path.resolve(config.DATA_DIR), 'uploads'), {
      authSecret: config.AUTH_SECRET,
    });
  // Demo accounts seeded earlier are still there (and their passwords public): the banner says so.
  const codes = await demoClassCodes(database.db);
  const demo: DemoClassCode[] | null = codes.length ? codes : null;
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : null;
  return { database, redis, demo, claim };
}

/**
 * Earlier versions encrypted the teacher-generated student passwords with a published default key.
 * When this start generated the secrets, what that key still opens is encrypted again with the new
 * key (what it does not open was encrypted with a configured key and is left alone).
 */
export async function reencryptFromPublishedKey(database: Database, encryptionKey: string): Promise<number> {
  const old = makeCipher(PUBLISHED_ENCRYPTION_KEY);
  const next = makeCipher(encryptionKey);
  const rows = await database.db
    .select({ id: students.id, enc: students.generatedPasswordEnc })
    .from(students)
    .where(isNotNull(students.generatedPasswordEnc));
  let moved = 0;
  for (const row of rows) {
    let plain: string;
    try {
      plain = old.decrypt(row.enc as string);
    } catch {
      continue;
    }
    await database.db
      .update(students)
      .set({ generatedPasswordEnc: next.encrypt(plain) })
      .where(eq(students.id, row.id));
    moved++;
  }
  return moved;
}
