// A real load balancer: HAProxy (Debian's package) with docs/haproxy.cfg as it is (only the
// addresses replaced) in front of three nodes sharing a Redis of this test's own and one PostgreSQL.
// A raid of 300 phones through HAProxy, a third of them on long-polling only (a school proxy that
// blocks WebSockets), each a socket.io-client with its own cookie jar (HAProxy's SERVERID cookie),
// reconnecting by itself and sending its answers through the app's own answer queue. One question
// per event: (1) a node is killed, (2) Redis is restarted, (3) the three nodes are restarted one after
// another (a rolling upgrade: each is sent SIGTERM, drains, and comes back). Half of the phones answer
// before the event, the others during it. Each time: every phone and the board back on the question
// within 10 s, every answer acknowledged, the reveal counting each phone's answer once, none lost.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerQueue, createAnswerQueue } from '../../client/src/game/phone/answer-queue.js';
import { type Balancer, startHaproxy } from '../../scripts/bench/haproxy.js';
import { type BenchRoom, prepareBench, professorToken, studentToken } from '../../scripts/bench/prepare.js';
import { makeTokenSigner } from '../../server/lib/tokens.js';
import {
  type Ack,
  applyPatch,
  type PhoneState,
  type RaidView,
  type RoomPatch,
  type RoomSnapshot,
} from '../../shared/game/contract.js';
import { type Cluster, freePort, kill, type Node, startCluster, startNode } from './helpers.js';

const PHONES = 300;
const POLLING_EVERY = 3;
/** Every phone and the board on the right screen within this long after an event. */
const BACK_MS = 10_000;
/** The sample's health checks (inter 2s fall 2) plus a second: a draining node is out before it closes. */
const DRAIN_SECONDS = 5;

const SETTINGS = {
  questionSeconds: 120,
  endWhenAllAnswered: false,
  askEveryQuestion: false,
  scoring: 'accuracy',
};
const AUTH_SECRET = randomBytes(32).toString('hex');
const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const signer = makeTokenSigner(AUTH_SECRET);

let cluster: Cluster;
let room: BenchRoom;
let tmp: string;
let redisPort: number;
let redis: ChildProcess | null = null;
let lb: Balancer | null = null;
let lbUrl: string;
const ports: number[] = [];
const nodes: (Node | null)[] = [null, null, null];
let board: Board;
const phones: Phone[] = [];

/** Wakes every `until` when some party's state changed. */
const waiters = new Set<() => void>();
const changed = () => {
  for (const w of [...waiters]) w();
};
async function until(ok: () => boolean, what: () => string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`stuck after ${ms} ms waiting for ${what()}`);
    await new Promise<void>((resolve) => {
      const done = () => {
        waiters.delete(done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, Math.min(left, 200));
      waiters.add(done);
    });
  }
}

const send = <R>(s: Socket, event: string, payload: unknown = {}, timeoutMs = 8000): Promise<Ack<R>> =>
  new Promise((resolve) =>
    s
      .timeout(timeoutMs)
      .emit(event, payload, (err: Error | null, ack: Ack<R>) =>
        resolve(err ? { ok: false, message: 'GAME.TIMEOUT' } : ack),
      ),
  );

const openQuestionId = (s: RoomSnapshot | null): string | null => {
  const a = s?.activity;
  return a?.kind === 'raid' && a.phase === 'question' && a.question ? a.question.id : null;
};

/** A client as the app's: reconnects by itself, keeps its snapshot by numbered patches. */
abstract class Party {
  socket: Socket;
  snapshot: RoomSnapshot | null = null;
  ready = false;
  private syncing = false;

  constructor(token: string, polling: boolean) {
    this.socket = io(lbUrl, {
      auth: { token },
      transports: polling ? ['polling'] : ['websocket'],
      // HAProxy's cookie, kept as a browser keeps it.
      withCredentials: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
      forceNew: true,
    });
    this.socket.on('connect', () => void this.enter());
    this.socket.on('disconnect', (reason) => {
      this.ready = false;
      // As the board does (room-client.ts): a server that said goodbye is asked again.
      if (reason === 'io server disconnect') setTimeout(() => this.socket.connect(), 500);
      changed();
    });
    this.socket.on('room:patch', (p: { seq: number; patch: RoomPatch }) => {
      if (!this.snapshot || this.syncing) return;
      const next = applyPatch(this.snapshot, p);
      if (next === null) void this.sync();
      else if (next !== this.snapshot) {
        this.snapshot = next;
        this.onSnapshot();
      }
    });
    this.socket.on('room:snapshot', (s: RoomSnapshot) => {
      this.snapshot = s;
      this.onSnapshot();
    });
  }

  abstract join(): Promise<Ack<{ snapshot: RoomSnapshot; phone?: PhoneState }>>;
  onSnapshot(_phone?: PhoneState) {
    changed();
  }

  async enter(): Promise<void> {
    const ack = await this.join();
    if (!this.socket.connected) return;
    if (!ack.ok) {
      // The room's store was unreachable a moment (Redis restarting): try again.
      setTimeout(() => void (this.socket.connected && this.enter()), 500);
      return;
    }
    this.snapshot = ack.snapshot;
    this.ready = true;
    this.onSnapshot(ack.phone);
  }

  async sync(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    const ack = await send<{ snapshot: RoomSnapshot; phone?: PhoneState }>(this.socket, 'room:sync');
    this.syncing = false;
    if (ack.ok) {
      this.snapshot = ack.snapshot;
      this.onSnapshot(ack.phone);
    } else if (this.socket.connected) void this.enter();
  }

  get polling() {
    return this.socket.io.engine?.transport?.name === 'polling';
  }
}

class Board extends Party {
  constructor(readonly room: BenchRoom) {
    super(professorToken(signer, room), false);
  }
  join() {
    return send<{ snapshot: RoomSnapshot }>(this.socket, 'room:open', {
      schoolclassId: this.room.schoolclassId,
      subjectId: this.room.subjectId,
    });
  }
  command(name: string, payload: unknown = {}) {
    return send(this.socket, name, payload);
  }
}

class Phone extends Party {
  readonly queue: AnswerQueue;
  /** Acknowledged answers, by question: what the server said. */
  readonly acks = new Map<string, string>();

  constructor(
    readonly index: number,
    readonly student: BenchRoom['students'][number],
    readonly room: BenchRoom,
  ) {
    super(studentToken(signer, student), index % POLLING_EVERY === 0);
    const storage = new Map<string, string>();
    this.queue = createAnswerQueue({
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
      key: `answer:${student.studentId}`,
      // As use-live-room.ts: a socket that is not connected (or not joined) does not buffer it.
      send: async (a) => {
        if (!this.socket.connected || !this.ready) return { ok: false, message: 'GAME.OFFLINE' };
        const ack = await send<{ status: 'counted' | 'duplicate' }>(this.socket, 'answer:submit', a);
        if (ack.ok) this.acks.set(a.questionId, ack.status);
        return ack;
      },
      onChange: changed,
      retryMs: 2000,
    });
  }
  join() {
    return send<{ snapshot: RoomSnapshot; phone?: PhoneState }>(this.socket, 'room:join', {
      schoolclassId: this.room.schoolclassId,
      subjectId: this.room.subjectId,
    });
  }
  override onSnapshot(phone?: PhoneState) {
    if (phone) this.queue.confirm(phone.myAnswer);
    // Back online, or a new question: the pending answer goes (again).
    if (this.ready) void this.queue.flush(openQuestionId(this.snapshot));
    changed();
  }
  /** The student taps an answer (three in four the right one, the first). */
  answer() {
    const q = this.snapshot?.activity?.kind === 'raid' ? this.snapshot.activity.question : null;
    if (!q) throw new Error(`phone ${this.index} has no question`);
    const pick = this.index % 4 === 0 ? q.answers[1] : q.answers[0];
    void this.queue.choose(q.id, [pick.id], openQuestionId(this.snapshot));
  }
  received(questionId: string) {
    const e = this.queue.current();
    return e?.questionId === questionId && e.state === 'received';
  }
}

// ---- processes: Redis, the nodes, HAProxy ----

const redisArgs = () => [
  '--port',
  String(redisPort),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  // Live rooms are kept across a restart: the append-only file (docs/operations.md).
  '--appendonly',
  'yes',
  '--appendfsync',
  'everysec',
  '--dir',
  tmp,
];
async function startRedis() {
  redis = spawn('redis-server', redisArgs(), { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(redisPort), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG'
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis did not start');
}
async function stopRedis() {
  const proc = redis;
  if (!proc || proc.exitCode !== null) return;
  const gone = new Promise((r) => proc.once('exit', r));
  // A clean shutdown writes the append-only file out.
  spawnSync('redis-cli', ['-p', String(redisPort), 'shutdown']);
  await gone;
}

async function start(i: number) {
  nodes[i] = await startNode(
    cluster,
    {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      AUTH_SECRET,
      ENCRYPTION_KEY,
      DRAIN_SECONDS: String(DRAIN_SECONDS),
      TRUST_PROXY: '127.0.0.1',
      PRESENCE_GRACE_SECONDS: '20',
    },
    ports[i],
  );
}

/** SIGTERM, as a rolling upgrade's supervisor sends it; resolves when the process is gone. */
async function stop(i: number) {
  const n = nodes[i];
  if (!n) return;
  const gone = new Promise((r) => n.proc.once('exit', r));
  process.kill(n.proc.pid as number, 'SIGTERM');
  await gone;
  nodes[i] = null;
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cr-haproxy-'));
  redisPort = await freePort();
  await startRedis();
  cluster = await startCluster(0);
  [room] = await prepareBench({ databaseUrl: cluster.dbUrl }, 1, PHONES, 4);
  for (let i = 0; i < 3; i++) ports.push(await freePort());
  await Promise.all([0, 1, 2].map(start));

  // docs/haproxy.cfg as it is, on this machine's free ports (scripts/bench/haproxy.ts).
  lb = await startHaproxy(ports);
  lbUrl = lb.url;
}, 180_000);

afterAll(async () => {
  for (const p of phones) p.socket.disconnect();
  board?.socket.disconnect();
  lb?.stop();
  for (const n of nodes) if (n) kill(n);
  redis?.kill('SIGKILL');
  await cluster?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// ---- the raid ----

const phonesOff = () => phones.filter((p) => !p.socket.connected).length;

/** Every phone and the board connected, joined, and showing question `qid` open. */
async function allOn(qid: string, ms = BACK_MS) {
  const wrong = () => phones.filter((p) => !p.ready || openQuestionId(p.snapshot) !== qid);
  await until(
    () => board.ready && openQuestionId(board.snapshot) === qid && wrong().length === 0,
    () =>
      `board ${board.ready ? 'on' : 'off'} (${openQuestionId(board.snapshot)}), ${wrong().length} phones elsewhere (${phonesOff()} disconnected), question ${qid}`,
    ms,
  );
}

/** The next question open on every screen; its id. */
async function nextQuestion(first: boolean): Promise<string> {
  const phase = () => (board.snapshot?.activity?.kind === 'raid' ? board.snapshot.activity.phase : null);
  const ack = first ? await board.command('raid:begin') : await board.command('raid:next');
  expect(ack).toEqual({ ok: true });
  await until(
    () => phase() === 'question' || phase() === 'ended',
    () => `the board on a question (${phase()})`,
    BACK_MS,
  );
  // The class beat the boss (or lost) before this question: the teacher plays the raid again.
  if (phase() === 'ended') {
    expect(await board.command('raid:start', { raidId: room.raidId, settings: SETTINGS })).toEqual({
      ok: true,
    });
    expect(await board.command('raid:begin')).toEqual({ ok: true });
    await until(
      () => phase() === 'question',
      () => `the board on the replayed raid's question (${phase()})`,
      BACK_MS,
    );
  }
  const qid = openQuestionId(board.snapshot) as string;
  await allOn(qid);
  return qid;
}

/** Every answer acknowledged, then the reveal counts each phone once. */
async function revealCountsAll(qid: string) {
  await until(
    () => phones.every((p) => p.received(qid)),
    () => `${phones.filter((p) => !p.received(qid)).length} answers not acknowledged`,
    BACK_MS,
  );
  expect((await board.command('raid:reveal')).ok).toBe(true);
  const sync = await send<{ snapshot: RoomSnapshot }>(board.socket, 'room:sync');
  if (!sync.ok) throw new Error(sync.message);
  const raid = sync.snapshot.activity as RaidView;
  expect(raid.phase).toBe('revealed');
  const counted = Object.values(raid.reveal?.counts ?? {}).reduce((a, b) => a + b, 0);
  expect(counted).toBe(PHONES);
  expect(new Set(raid.answeredStudentIds).size).toBe(PHONES);
  const statuses = phones.map((p) => p.acks.get(qid));
  expect(statuses.filter((s) => s === 'counted' || s === 'duplicate')).toHaveLength(PHONES);
}

const half = (first: boolean) => phones.filter((p) => (p.index % 2 === 0) === first);

describe('300 phones through HAProxy', () => {
  it('open the raid: boards and phones spread over the three nodes, a third on long-polling', async () => {
    board = new Board(room);
    await until(
      () => board.ready,
      () => 'the board',
      20_000,
    );
    const started = await board.command('raid:start', {
      raidId: room.raidId,
      settings: {
        questionSeconds: 120,
        endWhenAllAnswered: false,
        askEveryQuestion: false,
        scoring: 'accuracy',
      },
    });
    expect(started).toEqual({ ok: true });
    // Pupils come in as they enter the room: 30 at a time.
    for (let i = 0; i < PHONES; i += 30) {
      const batch = room.students.slice(i, i + 30).map((st, j) => new Phone(i + j, st, room));
      phones.push(...batch);
      await until(
        () => batch.every((p) => p.ready),
        () => `${batch.filter((p) => !p.ready).length} phones of batch ${i / 30} joining`,
        30_000,
      );
    }
    expect(phones.filter((p) => p.polling)).toHaveLength(PHONES / POLLING_EVERY);
    // HAProxy spread them (leastconn): every node holds a share of the open connections.
    const servers = await (lb as Balancer).servers();
    expect(Object.keys(servers)).toHaveLength(3);
    for (const s of Object.values(servers)) expect(s.sessions).toBeGreaterThan(PHONES / 6);
  }, 120_000);

  it('(1) a node is killed mid-question: nothing lost, nothing doubled, everyone back within 10 s', async () => {
    const qid = await nextQuestion(true);
    for (const p of half(true)) p.answer();
    await until(
      () => half(true).every((p) => p.received(qid)),
      () => 'the first half acknowledged',
      BACK_MS,
    );
    kill(nodes[0] as Node);
    nodes[0] = null;
    // The other half answers during the outage (some of them on the dead node: queued, re-sent).
    for (const p of half(false)) p.answer();
    await allOn(qid);
    await revealCountsAll(qid);
    // The node comes back (its supervisor restarts it) before the next event.
    await start(0);
    await (lb as Balancer).seesUp('node1');
  }, 120_000);

  it('(2) Redis restarts mid-question: nothing lost, nothing doubled, everyone back within 10 s', async () => {
    const qid = await nextQuestion(false);
    for (const p of half(true)) p.answer();
    await until(
      () => half(true).every((p) => p.received(qid)),
      () => 'the first half acknowledged',
      BACK_MS,
    );
    const down = stopRedis();
    for (const p of half(false)) p.answer();
    await down;
    // Redis stays down two seconds (a restart's time): the answers above wait, or are re-sent.
    await new Promise((r) => setTimeout(r, 2000));
    await startRedis();
    await allOn(qid);
    await revealCountsAll(qid);
  }, 120_000);

  it('(3) a rolling restart of the three nodes: each drains, nothing lost, everyone back within 10 s', async () => {
    const qid = await nextQuestion(false);
    // A sixth of the phones answer before, then a sixth as each node starts draining, then the rest.
    const groups = [0, 1, 2, 3, 4, 5].map((g) => phones.filter((p) => p.index % 6 === g));
    for (const p of groups[0]) p.answer();
    for (let i = 0; i < 3; i++) {
      const stopping = stop(i);
      for (const p of groups[i + 1]) p.answer();
      // Draining: readiness 503 at once, then (DRAIN_SECONDS later) the sockets told to go.
      await stopping;
      await allOn(qid);
      await start(i);
      await (lb as Balancer).seesUp(`node${i + 1}`);
    }
    for (const p of [...groups[4], ...groups[5]]) p.answer();
    await allOn(qid);
    await revealCountsAll(qid);
    // The answers reached the database, once each (written after each reveal).
    const db = new pg.Client({ connectionString: cluster.dbUrl });
    await db.connect();
    const stored = async () =>
      (
        await db.query(
          `select count(*)::int as n from student_answers sa join raid_plays p on p.id = sa.play_id
            where p.raid_id = $1`,
          [room.raidId],
        )
      ).rows[0].n as number;
    try {
      let n = await stored();
      for (let t = 0; t < 50 && n < PHONES * 3; t++) {
        await new Promise((r) => setTimeout(r, 200));
        n = await stored();
      }
      expect(n).toBe(PHONES * 3);
    } finally {
      await db.end();
    }
  }, 180_000);
});
