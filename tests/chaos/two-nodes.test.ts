// Two server processes share one Redis and one PostgreSQL. Phones are spread over both; the node
// running the room is killed mid-question. The phones reconnect to the survivor (as a load balancer
// would send them), re-send what they had sent, and the raid goes on: no answer lost, none counted twice.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { seedDemo, seedReference } from '../../server/db/seed.js';
import type { Ack, RaidView, RoomPatch, RoomSnapshot } from '../../shared/game/contract.js';
import type { StoredUser } from '../../shared/types.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATABASE_URL = process.env.DATABASE_URL as string;
const REDIS_URL = process.env.REDIS_URL as string;
const dbName = `cr_chaos_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const prefix = `crchaos:${randomUUID().slice(0, 8)}:`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-chaos-'));

type Sock = Socket & { patches: RoomPatch[] };
interface Node {
  url: string;
  proc: ChildProcess;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startNode(dbUrl: string): Promise<Node> {
  const port = await freePort();
  const proc = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      QUESTION_SECONDS: '120',
      PRESENCE_GRACE_SECONDS: '3',
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

const kill = (n: Node) => {
  try {
    process.kill(-(n.proc.pid as number), 'SIGKILL');
  } catch {
    // already gone
  }
};

async function signin(url: string, login: string, password: string): Promise<StoredUser> {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  return (await res.json()) as StoredUser;
}

async function connect(url: string, token: string): Promise<Sock> {
  const s = io(url, {
    auth: { token },
    transports: ['websocket'],
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

const send = <R>(s: Socket, event: string, payload: unknown = {}): Promise<Ack<R>> =>
  new Promise((resolve) =>
    s
      .timeout(5000)
      .emit(event, payload, (err: Error | null, ack: Ack<R>) =>
        resolve(err ? { ok: false, message: 'TIMEOUT' } : ack),
      ),
  );

let nodeA: Node;
let nodeB: Node;
const sockets: Socket[] = [];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(DATABASE_URL);
  u.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  await seedReference(database.db);
  await seedDemo(database.db, path.join(dataDir, 'uploads'));
  await database.close();
  [nodeA, nodeB] = await Promise.all([startNode(u.toString()), startNode(u.toString())]);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const n of [nodeA, nodeB]) if (n) kill(n);
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('revocation across nodes', () => {
  it('a logout through node A closes that session’s socket on node B at once', async () => {
    // Both nodes started together from one DATA_DIR without secrets: they generated one pair.
    const user = await signin(nodeA.url, 'eleve05', 'Cartable-Bleu-7!');
    const phone = await connect(nodeB.url, user.accessToken);
    sockets.push(phone);
    const gone = new Promise<string>((resolve) => phone.once('disconnect', (reason) => resolve(reason)));
    const out = await fetch(`${nodeA.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: user.refreshToken }),
    });
    expect(out.status).toBe(204);
    expect(await gone).toBe('io server disconnect');
    const me = await fetch(`${nodeB.url}/api/students/${user.studentId}`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.status).toBe(401);
  });
});

describe('two nodes, one killed mid-question', () => {
  it('keeps the raid going without losing or doubling an answer', async () => {
    // The teacher's board on node A opens the room and starts a raid.
    const prof = await signin(nodeA.url, 'prof-demo', 'Craie-Verte-2026!');
    const me = await (
      await fetch(`${nodeA.url}/api/users/${prof.id}`, {
        headers: { authorization: `Bearer ${prof.accessToken}` },
      })
    ).json();
    const key = {
      schoolclassId: me.professor.schoolclasses[0].id,
      subjectId: me.professor.schoolclasses[0].subjectId,
    };
    const chapters = await (
      await fetch(`${nodeA.url}/api/game/raids?subjectId=${key.subjectId}`, {
        headers: { authorization: `Bearer ${prof.accessToken}` },
      })
    ).json();
    const raidId = chapters[0].raids[0].id as string;
    let board = await connect(nodeA.url, prof.accessToken);
    sockets.push(board);
    expect((await send(board, 'room:open', key)).ok).toBe(true);
    // The teacher reveals (no early end); the raid starts in its lobby.
    const settings = {
      questionSeconds: 120,
      endWhenAllAnswered: false,
      askEveryQuestion: false,
      scoring: 'accuracy',
    };
    expect(await send(board, 'raid:start', { raidId, settings })).toEqual({ ok: true });
    expect(await send(board, 'raid:begin')).toEqual({ ok: true });

    // Ten phones, five on each node.
    const phones: { login: string; user: StoredUser; socket: Sock; node: Node }[] = [];
    for (let i = 1; i <= 10; i++) {
      const login = `eleve${String(i).padStart(2, '0')}`;
      const node = i <= 5 ? nodeA : nodeB;
      const user = await signin(node.url, login, 'Cartable-Bleu-7!');
      const socket = await connect(node.url, user.accessToken);
      sockets.push(socket);
      const ack = await send(socket, 'room:join', key);
      expect(ack.ok).toBe(true);
      phones.push({ login, user, socket, node });
    }
    const sync = await send<{ snapshot: RoomSnapshot }>(phones[9].socket, 'room:sync');
    if (!sync.ok) throw new Error(sync.message);
    const q = (sync.snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    const answerOf = (i: number) => ({
      questionId: q.id,
      answerIds: [q.answers[i % q.answers.length].id],
      clientId: `chaos-phone-${i}`,
    });

    // Six phones answer (three per node), and the board on A sees answers from both nodes.
    for (const i of [0, 1, 2, 5, 6, 7]) {
      expect(await send(phones[i].socket, 'answer:submit', answerOf(i))).toEqual({
        ok: true,
        status: 'counted',
      });
    }
    const announced = () => board.patches.flatMap((p) => (p.type === 'answered' ? p.studentIds : []));
    for (let t = 0; t < 100 && announced().length < 6; t++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    // Six students announced once each, from both nodes' batches.
    expect(announced()).toHaveLength(6);
    expect(new Set(announced()).size).toBe(6);

    // Node A dies.
    kill(nodeA);
    await new Promise((r) => setTimeout(r, 300));

    // Its phones and the board come back on B; every phone re-sends what it had (its queue), and
    // the ones that had not answered yet answer now. Phone 4 (eleve05) never comes back.
    board = await connect(nodeB.url, prof.accessToken);
    sockets.push(board);
    const reopened = await send<{ snapshot: RoomSnapshot }>(board, 'room:open', key);
    if (!reopened.ok) throw new Error(reopened.message);
    const raid = reopened.snapshot.activity as RaidView;
    expect(raid.phase).toBe('question');
    expect(raid.answeredStudentIds).toHaveLength(6);

    const statuses: Record<number, string> = {};
    for (let i = 0; i < 10; i++) {
      if (i === 4) continue;
      const p = phones[i];
      if (p.node === nodeA) {
        p.socket = await connect(nodeB.url, p.user.accessToken);
        sockets.push(p.socket);
        expect((await send(p.socket, 'room:join', key)).ok).toBe(true);
      }
      const ack = await send<{ status: string }>(p.socket, 'answer:submit', answerOf(i));
      if (!ack.ok) throw new Error(`${p.login}: ${ack.message}`);
      statuses[i] = ack.status;
    }
    expect(statuses).toEqual({
      0: 'duplicate',
      1: 'duplicate',
      2: 'duplicate',
      3: 'counted',
      5: 'duplicate',
      6: 'duplicate',
      7: 'duplicate',
      8: 'counted',
      9: 'counted',
    });

    // The reveal on B counts nine answers, each once.
    expect(await send(board, 'raid:reveal')).toEqual({ ok: true });
    const after = await send<{ snapshot: RoomSnapshot }>(board, 'room:sync');
    if (!after.ok) throw new Error(after.message);
    const revealed = after.snapshot.activity as RaidView;
    const total = Object.values(revealed.reveal?.counts ?? {}).reduce((a, b) => a + b, 0);
    expect(total).toBe(9);

    // B took over the room's timers: the phone that never came back is shown away after the grace.
    const away = phones[4].user.studentId;
    for (
      let t = 0;
      t < 150 && !board.patches.some((p) => p.type === 'presence' && p.studentId === away && !p.connected);
      t++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(board.patches.some((p) => p.type === 'presence' && p.studentId === away && !p.connected)).toBe(
      true,
    );

    // And the raid goes on.
    expect(await send(board, 'raid:next')).toEqual({ ok: true });
    const next = await send<{ snapshot: RoomSnapshot }>(phones[9].socket, 'room:sync');
    if (!next.ok) throw new Error(next.message);
    expect((next.snapshot.activity as RaidView).index).toBe(1);
  }, 90_000);
});
