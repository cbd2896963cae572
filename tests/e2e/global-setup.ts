// Builds the client into a folder of its own, then starts the real server (`tsx server/main.ts`) on
// a free port with its own data directory (and its own PostgreSQL database when DATABASE_URL is set).
// The demo class codes are read from the server's start banner. A test identity provider for the
// GAR (tests/helpers/test-idp.ts) starts first: the server trusts it as a school would configure it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { HEAD, PROFESSOR, PUPIL } from '../helpers/sso';
import { startTestIdp } from '../helpers/test-idp';
import { CHROMIUM_PATH } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The live registration code of each demo class, by class name ('5e B', '2nde A'). */
    classCodes: Record<string, string>;
    /** The test identity provider of the GAR that the server trusts. */
    idpUrl: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The demo class codes of the server's start banner: `class code       5e B    123456  (valid until …)`. */
export function parseClassCodes(banner: string): Record<string, string> {
  const codes: Record<string, string> = {};
  for (const m of banner.matchAll(/class code\s+(.+?)\s+(\d{6})\s+\(valid until/g)) codes[m[1]] = m[2];
  return codes;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  const chromium = CHROMIUM_PATH;
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium is missing at ${chromium}: install it (apt-get install -y chromium). Browser tests never skip.`,
    );
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-e2e-'));
  // A build of its own: another build into dist/client during the run (the working tree is shared)
  // would swap the chunks under the served pages.
  const clientDist = path.join(dataDir, 'client');
  try {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDist, '--emptyOutDir'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIST: clientDist,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    // The demo's administrator (prof-demo, already an administrator in the seed) is the instance's
    // configured one too: bug reports are mailed to her, into DATA_DIR/outbox (term-pages.e2e.ts).
    ADMIN_EMAILS: 'prof-demo@demo.classe-raid.fr',
    // Its own Redis keys: rate-limit counters of an earlier run (within the hour) must not refuse
    // this run's password resets.
    REDIS_PREFIX: `cre2e:${randomUUID().slice(0, 8)}:`,
  };
  const dropRedisKeys = async () => {
    if (!process.env.REDIS_URL) return;
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL);
    const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  };
  let dropDb: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const name = `cr_e2e_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    env.SEED_DEMO = '1';
    dropDb = async () => {
      const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  // Its directory: a teacher of 5EME B and 4EME A, and a pupil of 5EME B, at the same school.
  const idp = await startTestIdp({ professor: PROFESSOR, pupil: PUPIL, head: HEAD });
  Object.assign(env, idp.env());
  // Its own process group: npx starts tsx, which starts node; stopping npx alone would leave them running.
  const server: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const group = server.pid as number;
  const groupAlive = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  const teardown = async () => {
    if (groupAlive()) process.kill(-group, 'SIGTERM');
    const stopBy = Date.now() + 15_000;
    while (groupAlive() && Date.now() < stopBy) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive()) process.kill(-group, 'SIGKILL');
    server.stdout?.destroy();
    server.stderr?.destroy();
    await dropDb?.();
    await dropRedisKeys().catch(() => {});
    await idp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Two minutes; a busy machine may give its server more (E2E_SERVER_START_S, in seconds).
  const deadline = Date.now() + Number(process.env.E2E_SERVER_START_S ?? 120) * 1000;
  const fail = async (why: string) => {
    await teardown();
    return new Error(`${why}: ${output}`);
  };
  // Ready when it answers and has printed its banner (after listening), which holds the class codes.
  for (;;) {
    if (server.exitCode !== null) throw await fail('server exited');
    try {
      const res = await fetch(`${baseUrl}/api/subjects`);
      if (res.ok && output.includes('/register/student/code')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw await fail('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const classCodes = parseClassCodes(output);
  if (!classCodes['5e B'] || !classCodes['2nde A']) throw await fail('no demo class codes in the banner');
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('classCodes', classCodes);
  project.provide('idpUrl', idp.url);
  return teardown;
}
