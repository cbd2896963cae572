// What the bench's modes share: starting the server they measure, percentiles, memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Socket } from 'socket.io-client';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * The bench bundled into plain JavaScript (esbuild, for a machine with Node.js and no node_modules):
 * the server and the load processes are its bundled siblings, run without tsx.
 */
export const BUNDLED = import.meta.url.endsWith('.js');
export const TSX = BUNDLED ? [] : ['--import', 'tsx'];

// The bench mints access tokens with the server's AUTH_SECRET: the server it starts inherits these
// (against a server of its own, `--url`, give that server's AUTH_SECRET, from its DATA_DIR/secrets.json).
process.env.AUTH_SECRET ||= randomBytes(32).toString('hex');
process.env.ENCRYPTION_KEY ||= randomBytes(32).toString('hex');
export const log = (...a: unknown[]) => console.error('[bench]', ...a);

/** Resolves when the socket is connected, rejects with its first connection error. */
export const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
export const round = (n: number) => Math.round(n * 10) / 10;
/**
 * The wall clock with sub-millisecond resolution, comparable across the bench's processes (the board
 * is in this one, the phones in the load processes): Date.now() would round each side to a whole
 * millisecond, and a class's latencies are one or two.
 */
export const wallNow = () => performance.timeOrigin + performance.now();

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of /proc/PID/stat (utime, stime), in clock ticks (100 a second on Linux).
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/**
 * Starts the server on a free port over `dataDir` (PGlite there, or DATABASE_URL / REDIS_URL from the
 * environment) and waits until it answers. BENCH_SERVER_PROFILE=dir: the server writes a CPU profile
 * there when the bench stops it.
 */
export async function startServer(
  dataDir: string,
  opts: { prefix?: string; env?: Record<string, string> } = {},
): Promise<{ url: string; server: ChildProcess; cleanup: () => Promise<void> }> {
  const port = await freePort();
  // Each run has Redis keys of its own, deleted at the end: rooms left by an earlier run would
  // otherwise still be swept for presence every 2 s (12 hours of TTL) and slow this one down.
  // The nodes of one run (--haproxy) share theirs.
  const prefix = opts.prefix ?? `crbench:${randomUUID().slice(0, 8)}:`;
  const profile = process.env.BENCH_SERVER_PROFILE;
  const profileArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  // BENCH_SERVER_ENTRY: another server build to measure with the same bench (old and new side by side).
  const entry = process.env.BENCH_SERVER_ENTRY ?? (BUNDLED ? 'server/main.js' : 'server/main.ts');
  const server = spawn(process.execPath, [...profileArgs, ...TSX, entry], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      QUESTION_SECONDS: '60',
      REDIS_PREFIX: prefix,
      ...opts.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/subjects`)).ok) break;
    } catch {
      // starting
    }
    if (i > 400) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const cleanup = async () => {
    if (!process.env.REDIS_URL) return;
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  };
  return { url, server, cleanup };
}

/**
 * With DATABASE_URL, each run seeds a database of its own (dropped at the end): runs that piled up
 * in one database measured each other's data, autovacuum and checkpoints.
 */
export async function freshDatabase(): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL;
  if (!base) return async () => {};
  const { default: pg } = await import('pg');
  const name = `crbench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  process.env.DATABASE_URL = u.toString();
  return async () => {
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
}
