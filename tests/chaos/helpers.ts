// What the chaos tests share: a database of their own (created, seeded with the demo school,
// dropped), server processes sharing it and one Redis prefix, and thin Socket.IO clients.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../../server/db/client.js';
import { seedDemo, seedReference } from '../../server/db/seed.js';
import type { Ack, RoomPatch } from '../../shared/game/contract.js';
import type { StoredUser } from '../../shared/types.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DATABASE_URL = process.env.DATABASE_URL as string;
export const REDIS_URL = process.env.REDIS_URL as string;

export type Sock = Socket & { patches: RoomPatch[] };
export interface Node {
  url: string;
  proc: ChildProcess;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Two (or more) server processes on one database and one Redis prefix, as behind a load balancer. */
export interface Cluster {
  dbUrl: string;
  prefix: string;
  dataDir: string;
  nodes: Node[];
  /** Kills the nodes, drops the database and the data folder. */
  stop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh database with the demo school, and `count` nodes on it (extra env for every node). */
export async function startCluster(count: number, env: Record<string, string> = {}): Promise<Cluster> {
  const dbName = `cr_chaos_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const prefix = `crchaos:${randomUUID().slice(0, 8)}:`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-chaos-'));
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const u = new URL(DATABASE_URL);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  const database = await openDatabase({ databaseUrl: dbUrl });
  await seedReference(database.db);
  await seedDemo(database.db, path.join(dataDir, 'uploads'));
  await database.close();
  const cluster: Cluster = {
    dbUrl,
    prefix,
    dataDir,
    nodes: [],
    async stop() {
      for (const n of cluster.nodes) kill(n);
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  cluster.nodes = await Promise.all(Array.from({ length: count }, () => startNode(cluster, env)));
  return cluster;
}

/** One more server process on the cluster's database and Redis prefix (env: extra variables). */
export async function startNode(
  c: Pick<Cluster, 'dbUrl' | 'prefix' | 'dataDir'>,
  env: Record<string, string>,
  port?: number,
): Promise<Node> {
  port ??= await freePort();
  // node itself, with tsx's loader (not `npx tsx`: two processes fewer per node, and a signal reaches
  // the server, not a wrapper).
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: process.env.CHAOS_LOGS ? 'inherit' : 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: c.dbUrl,
      REDIS_URL,
      REDIS_PREFIX: c.prefix,
      DATA_DIR: c.dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      QUESTION_SECONDS: '120',
      PRESENCE_GRACE_SECONDS: '3',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/subjects`)).ok) return { url, proc };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('node did not start');
}

export const kill = (n: Node) => {
  try {
    process.kill(-(n.proc.pid as number), 'SIGKILL');
  } catch {
    // already gone
  }
};

export async function signin(url: string, login: string, password: string): Promise<StoredUser> {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  return (await res.json()) as StoredUser;
}

/** A REST call with the user's access token; the parsed JSON body. */
export async function api<T>(url: string, user: StoredUser, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The demo teacher's first class: its room key. */
export async function demoRoomKey(url: string, prof: StoredUser) {
  const me = await api<{ professor: { schoolclasses: { id: string; subjectId: string }[] } }>(
    url,
    prof,
    `/users/${prof.id}`,
  );
  return {
    schoolclassId: me.professor.schoolclasses[0].id,
    subjectId: me.professor.schoolclasses[0].subjectId,
  };
}

/**
 * A socket without automatic reconnection (the tests decide when and where to come back), on
 * WebSocket, or on long-polling only (`['polling']`: a school proxy that blocks WebSockets).
 */
export async function connect(
  url: string,
  token: string,
  transports: ('websocket' | 'polling')[] = ['websocket'],
): Promise<Sock> {
  const s = io(url, {
    auth: { token },
    transports,
    reconnection: false,
    forceNew: true,
  }) as Sock;
  s.patches = [];
  s.on('room:patch', (p: { patch: RoomPatch }) => s.patches.push(p.patch));
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/** A command and its ack; no ack in time (or a dropped connection) answers GAME.TIMEOUT as the app does. */
export const send = <R>(s: Socket, event: string, payload: unknown = {}, timeoutMs = 5000): Promise<Ack<R>> =>
  new Promise((resolve) =>
    s
      .timeout(timeoutMs)
      .emit(event, payload, (err: Error | null, ack: Ack<R>) =>
        resolve(err ? { ok: false, message: 'GAME.TIMEOUT' } : ack),
      ),
  );

/** Polls `done` every 50 ms, `tries` times at most (a state to reach, not a time to wait). */
export async function until(done: () => boolean, tries = 100): Promise<void> {
  for (let t = 0; t < tries && !done(); t++) await new Promise((r) => setTimeout(r, 50));
}

/**
 * prof-demo's board on `url`: opens the room of its first class and starts the first raid there, on
 * the first question (120 s, no early end: a phone that never comes back would end it by itself).
 */
export async function boardInRaid(url: string) {
  const prof = await signin(url, 'prof-demo', 'Craie-Verte-2026!');
  const key = await demoRoomKey(url, prof);
  const chapters = await api<{ raids: { id: string }[] }[]>(
    url,
    prof,
    `/game/raids?subjectId=${key.subjectId}`,
  );
  const raidId = chapters[0].raids[0].id;
  const board = await connect(url, prof.accessToken);
  const settings = {
    questionSeconds: 120,
    endWhenAllAnswered: false,
    askEveryQuestion: false,
    scoring: 'accuracy',
  };
  for (const [event, payload] of [
    ['room:open', key],
    ['raid:start', { raidId, settings }],
    ['raid:begin', {}],
  ] as const) {
    const ack = await send(board, event, payload);
    if (!ack.ok) throw new Error(`${event}: ${ack.message}`);
  }
  return { prof, key, raidId, board };
}
