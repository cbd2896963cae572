// Every core of a machine (server/cluster.ts): one command, WORKERS=2, starts a primary and two
// worker processes sharing the rooms through Redis. Phones on long-polling only (a school proxy that
// blocks WebSockets) make many HTTP requests per session: each must reach the worker holding its
// session, or the session breaks. A polling phone, a WebSocket phone and the board play in one room.
// SIGTERM drains the workers; without Redis the command refuses to start more than one.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaidView, RoomSnapshot } from '../../shared/game/contract.js';
import {
  boardInRaid,
  type Cluster,
  connect,
  type Node,
  type Sock,
  send,
  signin,
  startCluster,
  startNode,
  until,
} from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let cluster: Cluster;
let node: Node;
const sockets: Sock[] = [];

beforeAll(async () => {
  cluster = await startCluster(0);
  node = await startNode(cluster, { WORKERS: '2', DRAIN_SECONDS: '1' });
  cluster.nodes.push(node);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await cluster?.stop();
});

/** The processes under `pid` (npx → tsx → node, the primary → node, the workers), by parent. */
function processTree(pid: number): { all: number[]; children: Map<number, number[]> } {
  const out = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).stdout;
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number);
    children.set(pp, [...(children.get(pp) ?? []), p]);
  }
  const all: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      all.push(c);
      walk(c);
    }
  };
  walk(pid);
  return { all, children };
}
/** The primary: the process with the two workers under it. */
function primaryOf(pid: number): { primary: number; workers: number[] } | null {
  const { all, children } = processTree(pid);
  const args = (p: number) => spawnSync('ps', ['-o', 'args=', '-p', String(p)], { encoding: 'utf8' }).stdout;
  const primary = [pid, ...all].find((p) => (children.get(p) ?? []).length >= 2);
  if (!primary) return null;
  // The workers run the same script (tsx's esbuild service is another child).
  return {
    primary,
    workers: (children.get(primary) ?? []).filter((p) => args(p).includes('server/main.ts')),
  };
}

describe('WORKERS=2 on one port', () => {
  it('serves a long-polling phone, a WebSocket phone and the board in one room', async () => {
    const { key, board } = await boardInRaid(node.url);
    sockets.push(board);

    // Four phones on long-polling only, two on WebSocket: the primary spreads them over both workers.
    const phones: Sock[] = [];
    for (let i = 1; i <= 6; i++) {
      const user = await signin(node.url, `eleve${String(i).padStart(2, '0')}`, 'Cartable-Bleu-7!');
      const s =
        i <= 4
          ? await connect(node.url, user.accessToken, ['polling'])
          : await connect(node.url, user.accessToken);
      sockets.push(s);
      expect((await send(s, 'room:join', key)).ok).toBe(true);
      phones.push(s);
    }
    expect(phones[0].io.engine.transport.name).toBe('polling');
    expect(phones[5].io.engine.transport.name).toBe('websocket');
    // Two workers serve (besides the primary).
    expect(primaryOf(node.proc.pid as number)?.workers).toHaveLength(2);

    const sync = await send<{ snapshot: RoomSnapshot }>(phones[0], 'room:sync');
    if (!sync.ok) throw new Error(sync.message);
    const q = (sync.snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    for (const [i, s] of phones.entries()) {
      expect(
        await send(s, 'answer:submit', {
          questionId: q.id,
          answerIds: [q.answers[0].id],
          clientId: `workers-phone-${i}`,
        }),
      ).toEqual({ ok: true, status: 'counted' });
    }
    // The board, on whichever worker, hears of the six answers from both workers.
    const announced = () =>
      new Set(board.patches.flatMap((p) => (p.type === 'answered' ? p.studentIds : [])));
    await until(() => announced().size >= 6);
    expect(announced().size).toBe(6);

    // The reveal reaches every phone, long-polling ones included, and counts six answers once each.
    expect(await send(board, 'raid:reveal')).toEqual({ ok: true });
    const revealed = (s: Sock) =>
      s.patches.some((p) => p.type === 'activity' && (p.activity as RaidView | null)?.phase === 'revealed');
    await until(() => phones.every(revealed));
    expect(phones.filter(revealed)).toHaveLength(6);
    const after = await send<{ snapshot: RoomSnapshot }>(board, 'room:sync');
    if (!after.ok) throw new Error(after.message);
    const counts = (after.snapshot.activity as RaidView).reveal?.counts ?? {};
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(6);
    // Every long-polling session is still the one it started with (no "session ID unknown").
    expect(phones.every((s) => s.connected)).toBe(true);
  }, 60_000);

  it('drains on SIGTERM: readiness 503, sockets told to reconnect, then the processes end', async () => {
    const user = await signin(node.url, 'eleve07', 'Cartable-Bleu-7!');
    const phone = await connect(node.url, user.accessToken, ['polling']);
    sockets.push(phone);
    const other = await signin(node.url, 'eleve08', 'Cartable-Bleu-7!');
    const ws = await connect(node.url, other.accessToken);
    sockets.push(ws);
    const reasons = Promise.all(
      [phone, ws].map((s) => new Promise<string>((resolve) => s.once('disconnect', (r) => resolve(r)))),
    );
    expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => node.proc.once('exit', (code) => resolve(code)));
    // The primary gets the signal, as from systemd or a container's runtime.
    const tree = primaryOf(node.proc.pid as number);
    if (!tree) throw new Error('no primary');
    process.kill(tree.primary, 'SIGTERM');
    // Within DRAIN_SECONDS (1 s) the workers answer 503, through the primary.
    let status = 200;
    for (let t = 0; t < 40 && status === 200; t++) {
      status = await fetch(`${node.url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(503);
    // Then their sockets are closed without Socket.IO's goodbye: a client reconnects by itself.
    expect(await reasons).toEqual(['transport close', 'transport close']);
    await exited;
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect([tree.primary, ...tree.workers].filter(alive)).toEqual([]);
  }, 60_000);
});

describe('WORKERS without Redis', () => {
  it('refuses more than one worker and says why', () => {
    const env = { ...process.env, WORKERS: '2', REDIS_URL: '', DATA_DIR: cluster.dataDir, LOG_LEVEL: 'warn' };
    const r = spawnSync('npx', ['tsx', 'server/main.ts'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Cannot start 2 workers without REDIS_URL');
  }, 60_000);
});
