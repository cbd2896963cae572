// Two server processes share one Redis and one PostgreSQL. Phones are spread over both; the node
// running the room is killed mid-question. The phones reconnect to the survivor (as a load balancer
// would send them), re-send what they had sent, and the raid goes on: no answer lost, none counted twice.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaidView, RoomSnapshot } from '../../shared/game/contract.js';
import type { StoredUser } from '../../shared/types.js';
import {
  boardInRaid,
  type Cluster,
  connect,
  kill,
  type Node,
  type Sock,
  send,
  signin,
  startCluster,
} from './helpers.js';

let nodeA: Node;
let nodeB: Node;
const sockets: Socket[] = [];

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster(2);
  [nodeA, nodeB] = cluster.nodes;
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await cluster?.stop();
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
    // The teacher's board on node A opens the room and starts a raid; the teacher reveals.
    const started = await boardInRaid(nodeA.url);
    const { prof, key } = started;
    let board = started.board;
    sockets.push(board);

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
