// Builds the app for one test file on its own database (and its own Redis key prefix).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { type Database, openDatabase } from '../../../server/db/client.js';
import { users } from '../../../server/db/schema.js';
import { connectRedis } from '../../../server/lib/redis.js';
import { startSmtp } from './smtp.js';

export interface TestContext {
  app: FastifyInstance;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  database: Database;
  redis: Redis | null;
  dataDir: string;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `cr_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), migrate: false });
    return {
      database,
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({ pgliteDir: 'memory://', pgliteLoad: dump, migrate: false });
  return { database, drop: () => database.close() };
}

export async function createTestContext(
  env: Record<string, string> = {},
  /** Adds routes or hooks before the app is ready. */
  extend?: (app: FastifyInstance) => void,
  /** Logger options merged over the server's own (e.g. `{ level: 'info', stream }` to read the log). */
  logger: false | object = false,
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-data-'));
  const smtp = await startSmtp();
  const { database, drop } = await openTestDatabase();
  const redis = process.env.REDIS_URL ? connectRedis(process.env.REDIS_URL) : null;
  const prefix = `crtest:${randomUUID()}:`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config, database, redis, redisPrefix: prefix, logger });
  extend?.(app);
  await app.ready();
  return {
    app,
    smtp,
    database,
    redis,
    dataDir,
    async close() {
      await app.close();
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
      await drop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = {
  admin: { login: 'prof-demo', password: 'Craie-Verte-2026!' },
  sciences: { login: 'prof-sciences', password: 'Craie-Verte-2026!' },
  student: { login: 'eleve01', password: 'Cartable-Bleu-7!' },
  studentOfOtherClass: { login: 'eleve31', password: 'Cartable-Bleu-7!' },
};

export async function signin(app: FastifyInstance, who: { login: string; password: string }) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: who });
  if (res.statusCode !== 200) throw new Error(`signin ${who.login}: ${res.statusCode} ${res.body}`);
  return res.json() as import('../../../shared/types.js').StoredUser;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Nina Perrin, a new student signed up with a class code; with `email`, the address is then written
 * on her account (students sign up without one: a legacy or imported account has it).
 */
export async function signUpWithCode(ctx: TestContext, code: string, username: string, email?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/code-signup',
    payload: { code, firstName: 'Nina', lastName: 'Perrin', username, password: 'Trousse-Rouge-9!' },
  });
  if (res.statusCode !== 201) throw new Error(`code-signup ${username}: ${res.statusCode} ${res.body}`);
  const user = res.json() as import('../../../shared/types.js').StoredUser;
  if (email) await ctx.database.db.update(users).set({ email }).where(eq(users.id, user.id));
  return user;
}
