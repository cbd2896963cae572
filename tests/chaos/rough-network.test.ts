// A rough network: two server processes share one Redis and one PostgreSQL; during a 10-question
// raid, phones are dropped and come back 1,000 times, on either node, some of them with an answer in
// flight. Each phone behaves as the real one (client/src/game/phone/use-live-room.ts): it keeps its
// snapshot by numbered patches (a gap asks for room:sync), joins again on every connection, and its
// answers go through the real answer queue, which re-sends a pending answer with its idempotency id.
// At the end: every answer counted once, the XP granted once (in the database too), and every
// phone on the result screen, its view and its own state the room's.
//
// The drops are random but seeded: the seed is printed, and CHAOS_SEED=<seed> replays the same
// choices (which phone, how it drops, where it comes back, what it answers). Nothing waits a fixed
// time: every step waits for an ack or for a state every party reaches.
import { randomInt } from 'node:crypto';
import type { Socket as NetSocket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnswerPayload,
  type AnswerQueue,
  createAnswerQueue,
} from '../../client/src/game/phone/answer-queue.js';
import {
  applyPatch,
  type PhoneState,
  type RaidSettings,
  type RaidView,
  type RoomKey,
  type RoomPatch,
  type RoomSnapshot,
} from '../../shared/game/contract.js';
import { addCoins, applyXp, raidReward } from '../../shared/game/rules.js';
import type { StoredUser } from '../../shared/types.js';
import {
  api,
  type Cluster,
  connect,
  demoRoomKey,
  type Node,
  type Sock,
  send,
  signin,
  startCluster,
} from './helpers.js';

const SEED = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : randomInt(2 ** 31);
const PHONES = 24;
const QUESTIONS = 10;
/** Drops while a question is open (answers, re-sends), while it is revealed, and at the raid's end. */
const DROPS_OPEN = 80;
const DROPS_REVEAL = 15;
const DROPS_END = 1000 - QUESTIONS * (DROPS_OPEN + DROPS_REVEAL);
/** Questions (by index) the teacher reveals with half of the answers in, the others on their way. */
const EARLY_REVEALS = [2, 6];
/** At most this many phones are down at once. */
const MAX_DOWN = 4;
/** A phone answers a question with this chance, rightly with this one. */
const ANSWERS = 0.85;
const RIGHT = 0.4;
/** An answer send is cut by a drop with this chance. */
const IN_FLIGHT = 0.3;
/** A state every party must reach: past this, the test fails and says which party is stuck. */
const SETTLE_MS = 20_000;

/** mulberry32: a small seeded generator; each party draws from its own stream. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)];

/** Wakes every `until` when some party's state changed. */
const waiters = new Set<() => void>();
const changed = () => {
  for (const w of [...waiters]) w();
};
async function until(ok: () => boolean, what: () => string, ms = SETTLE_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`seed ${SEED}: stuck waiting for ${what()}`);
    await new Promise<void>((resolve) => {
      const done = () => {
        waiters.delete(done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, Math.min(left, 1000));
      waiters.add(done);
    });
  }
}

/** The question a phone may answer now (as use-live-room's openQuestionId). */
const openQuestionId = (s: RoomSnapshot | null): string | null => {
  const a = s?.activity;
  return a?.kind === 'raid' && a.phase === 'question' && a.question ? a.question.id : null;
};
const raidOf = (s: RoomSnapshot | null) => (s?.activity?.kind === 'raid' ? s.activity : null);

type DropMode = 'disconnect' | 'engine-close' | 'tcp-destroy' | 'silent';
const MODES: DropMode[] = ['disconnect', 'engine-close', 'tcp-destroy', 'silent'];

// biome-ignore lint/suspicious/noExplicitAny: engine.io's transport keeps its ws socket private
const rawSocketOf = (s: Sock): NetSocket | undefined => (s.io.engine?.transport as any)?.ws?._socket;
/** Raw sockets left half-open on purpose: destroyed when the test ends. */
const halfOpen: NetSocket[] = [];

/**
 * The network goes silent: nothing more reaches the server from this socket, nor the phone from
 * it. The server notices by its ping timeout, as with a phone that left the Wi-Fi's reach.
 */
function cutWire(s: Sock) {
  const raw = rawSocketOf(s);
  if (!raw) return;
  raw.pause();
  raw.write = (() => true) as NetSocket['write'];
  halfOpen.push(raw);
}

/** Drops a connection the way `mode` says; the client side learns of it at once or in a tick. */
function dropSocket(s: Sock, mode: DropMode) {
  switch (mode) {
    case 'disconnect':
      // The page leaves (a reload): the server hears a clean disconnect.
      s.disconnect();
      break;
    case 'engine-close':
      // The app's own reaction to `offline` or a sync timeout: the transport closes, no Socket.IO goodbye.
      s.io.engine?.close();
      break;
    case 'tcp-destroy':
      // The connection breaks: no close frame at all.
      rawSocketOf(s)?.destroy();
      break;
    case 'silent':
      // The phone knows (the browser's `offline`), the server does not: its socket lingers.
      cutWire(s);
      s.io.engine?.close();
      break;
  }
}

interface Tally {
  counted: number;
  duplicate: number;
}

class Phone {
  readonly random: () => number;
  socket: Sock | null = null;
  joined = false;
  /** Up: connected and joined, may be dropped; down: dropped, waiting to come back. */
  up = false;
  /** Coming back: a connection or a join under way. */
  connecting = false;
  snapshot: RoomSnapshot | null = null;
  state: PhoneState | null = null;
  readonly queue: AnswerQueue;
  /** What the student tapped, by question. */
  readonly tapped = new Map<string, string[]>();
  /** Answer sends, and those whose ack a drop swallowed. */
  sends = 0;
  lostAcks = 0;
  /** Acks of answer:submit by question. */
  readonly acks = new Map<string, Tally>();
  private pendingTap: { questionId: string; answerIds: string[] } | null = null;
  private syncing = false;

  constructor(
    readonly login: string,
    readonly user: StoredUser,
    readonly key: RoomKey,
    readonly chaos: Chaos,
    seed: number,
  ) {
    this.random = rng(seed);
    const storage = new Map<string, string>();
    this.queue = createAnswerQueue({
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
      key: `classe-raid:answer:${key.schoolclassId}:${key.subjectId}:${user.id}`,
      send: (a) => this.sendAnswer(a),
      onChange: changed,
      retryMs: 2000,
    });
  }

  get studentId() {
    return this.user.studentId as string;
  }

  private async sendAnswer(a: AnswerPayload) {
    const s = this.socket;
    // As the app: a socket that is not connected would buffer the emit next to the queue's re-send.
    if (!s?.connected || !this.joined) return { ok: false as const, message: 'GAME.OFFLINE' };
    const cut = this.chaos.inFlight(this);
    // The wire dies before the answer leaves: it never reaches the server.
    if (cut === 'before') cutWire(s);
    const pending = send<{ status: 'counted' | 'duplicate' }>(s, 'answer:submit', a, 8000);
    const mode = cut === 'before' ? 'silent' : pick(MODES, this.random);
    // Half of the answers cut just after they left come back at once, as the app's own reconnection
    // does: the answer may still be on its way through the first node when it is sent again.
    const back = cut !== 'before' && this.random() < 0.5;
    if (cut === 'before' || cut === 'now') this.chaos.drop(this, mode, true, back);
    else if (cut === 'tick') queueMicrotask(() => this.chaos.drop(this, mode, true, back));
    else if (cut === 'later') setImmediate(() => this.chaos.drop(this, mode, true, back));
    const ack = await pending;
    this.sends++;
    if (!ack.ok && ack.message === 'GAME.TIMEOUT') this.lostAcks++;
    if (ack.ok) {
      const t = this.acks.get(a.questionId) ?? { counted: 0, duplicate: 0 };
      t[ack.status]++;
      this.acks.set(a.questionId, t);
    }
    return ack;
  }

  /** Connects to `node` and joins the room (resolves once joined). */
  async connect(node: Node) {
    this.connecting = true;
    try {
      await this.attach(node);
    } finally {
      this.connecting = false;
    }
  }

  private async attach(node: Node) {
    const s = await connect(node.url, this.user.accessToken);
    this.socket = s;
    s.on('room:patch', (p: { seq: number; patch: RoomPatch }) => this.onPatch(s, p));
    // The server's follow-up to a join that a patch overtook.
    s.on('room:snapshot', (snap: RoomSnapshot, p?: PhoneState) => {
      if (s === this.socket) this.receive(snap, p);
    });
    s.on('phone:state', (p: PhoneState) => {
      if (s !== this.socket) return;
      this.state = p;
      this.queue.confirm(p.myAnswer);
      changed();
    });
    s.on('disconnect', () => {
      if (s !== this.socket) return;
      // Not one of the test's drops (a server's ping timeout under load): the app reconnects by itself.
      this.socket = null;
      this.joined = false;
      this.up = false;
      this.chaos.unplanned++;
      if (!this.chaos.running && !this.chaos.stopped) void this.chaos.reconnect(this).catch(() => {});
    });
    await this.join(s);
    this.up = s === this.socket && this.joined;
  }

  private async join(s: Sock) {
    const ack = await send<{ snapshot: RoomSnapshot; phone: PhoneState }>(s, 'room:join', this.key);
    if (s !== this.socket) return;
    if (!ack.ok) throw new Error(`seed ${SEED}: ${this.login} could not join: ${ack.message}`);
    this.joined = true;
    this.receive(ack.snapshot, ack.phone);
  }

  private receive(snapshot: RoomSnapshot, phone?: PhoneState) {
    this.snapshot = snapshot;
    if (phone) {
      this.state = phone;
      this.queue.confirm(phone.myAnswer);
    }
    void this.queue.flush(openQuestionId(snapshot));
    this.tapIfShown();
    changed();
  }

  private async sync(s: Sock) {
    if (!this.joined) return this.join(s);
    if (this.syncing) return;
    this.syncing = true;
    const ack = await send<{ snapshot: RoomSnapshot; phone?: PhoneState }>(s, 'room:sync');
    this.syncing = false;
    if (s !== this.socket) return;
    if (ack.ok) this.receive(ack.snapshot, ack.phone);
    else if (ack.message === 'GAME.NO_ROOM') {
      this.joined = false;
      await this.join(s);
    }
    // GAME.TIMEOUT: the connection died meanwhile; the next connection joins again.
  }

  private onPatch(s: Sock, p: { seq: number; patch: RoomPatch }) {
    const cur = this.snapshot;
    if (s !== this.socket || !cur || this.syncing) return;
    const next = applyPatch(cur, p);
    if (next === null) void this.sync(s);
    else if (next !== cur) {
      this.snapshot = next;
      if (p.patch.type === 'activity') void this.queue.flush(openQuestionId(next));
      this.tapIfShown();
      changed();
    }
  }

  /** The student will tap this answer once the question is on the phone's screen. */
  tap(questionId: string, answerIds: string[]) {
    this.pendingTap = { questionId, answerIds };
    this.tapIfShown();
  }

  private tapIfShown() {
    const t = this.pendingTap;
    const open = openQuestionId(this.snapshot);
    if (!t || open !== t.questionId) return;
    this.pendingTap = null;
    this.tapped.set(t.questionId, t.answerIds);
    void this.queue.choose(t.questionId, t.answerIds, open);
  }

  /** The drop itself; the phone learns of it now (or, for a broken TCP connection, in a tick). */
  cut(mode: DropMode) {
    const s = this.socket;
    this.up = false;
    this.joined = false;
    if (!s) return;
    // Events of the old connection are ignored from now on, as the app's would be after `disconnect`.
    this.socket = null;
    dropSocket(s, mode);
  }

  answered(questionId: string) {
    const e = this.queue.current();
    return e?.questionId === questionId && e.state === 'received';
  }
}

/** Drops phones at random and brings them back on either node; counts the drops. */
class Chaos {
  readonly random: () => number;
  drops = 0;
  readonly byMode: Record<DropMode | 'in-flight', number> = {
    disconnect: 0,
    'engine-close': 0,
    'tcp-destroy': 0,
    silent: 0,
    'in-flight': 0,
  };
  /** Connections lost that the test did not drop. */
  unplanned = 0;
  /** The test is over: nothing comes back any more. */
  stopped = false;
  private limit = 0;
  private active = false;
  get running() {
    return this.active;
  }
  phones: Phone[] = [];
  /** Taps to give once the drop count reaches their mark. */
  private taps: { at: number; phone: Phone; questionId: string; answerIds: string[] }[] = [];

  constructor(
    seed: number,
    readonly nodes: Node[],
  ) {
    this.random = rng(seed);
  }

  scheduleTap(at: number, phone: Phone, questionId: string, answerIds: string[]) {
    this.taps.push({ at, phone, questionId, answerIds });
  }

  private giveTaps() {
    const due = this.taps.filter((t) => t.at <= this.drops);
    this.taps = this.taps.filter((t) => t.at > this.drops);
    for (const t of due) t.phone.tap(t.questionId, t.answerIds);
  }

  drop(phone: Phone, mode: DropMode, inFlight = false, back = false) {
    if (!phone.up) return;
    this.drops++;
    this.byMode[mode]++;
    if (inFlight) this.byMode['in-flight']++;
    phone.cut(mode);
    this.giveTaps();
    if (back) void this.reconnect(phone);
  }

  /** Phones waiting to come back (not already coming back). */
  private down() {
    return this.phones.filter((p) => !p.up && !p.socket && !p.connecting);
  }

  /** Whether (and when) this answer send gets cut: only while drops are due. */
  inFlight(phone: Phone): 'before' | 'now' | 'tick' | 'later' | null {
    if (!this.active || this.drops >= this.limit || !phone.up || phone.random() >= IN_FLIGHT) return null;
    return pick(['before', 'now', 'tick', 'later'] as const, phone.random);
  }

  /** Drops phones until `count` more drops happened, then brings every phone back. */
  async run(count: number) {
    this.limit = this.drops + count;
    this.active = true;
    this.giveTaps();
    while (this.drops < this.limit) {
      const down = this.down();
      const up = this.phones.filter((p) => p.up);
      const cap = 1 + Math.floor(this.random() * MAX_DOWN);
      if (down.length && (down.length >= cap || up.length === 0 || this.random() < 0.3)) {
        await this.reconnect(pick(down, this.random));
      } else if (up.length) {
        this.drop(pick(up, this.random), pick(MODES, this.random));
        // Let the sockets and the acks move between two drops.
        await new Promise((r) => setImmediate(r));
      } else {
        await new Promise((r) => setImmediate(r));
      }
    }
    this.active = false;
    this.giveTaps();
    await this.heal();
  }

  async heal() {
    for (;;) {
      for (const p of this.down()) await this.reconnect(p);
      if (this.phones.every((p) => p.up)) return;
      // Some phones are still on their way back by themselves.
      await until(
        () => this.down().length > 0 || this.phones.every((p) => p.up || (!p.connecting && !p.socket)),
        () => `phones to come back: ${this.phones.filter((p) => !p.up).map((p) => p.login)}`,
      );
    }
  }

  /** Errors of phones coming back by themselves: the test fails with them. */
  readonly errors: unknown[] = [];
  async reconnect(p: Phone) {
    // A phone that reconnects dozens of times in a few seconds meets the server's handshake budget
    // (server/game/budgets.ts: 20, then one every 2 s): like the app's own reconnection, it tries
    // again once the budget allows, and only another error fails the test.
    for (let tries = 0; ; tries++) {
      try {
        await p.connect(pick(this.nodes, this.random));
        break;
      } catch (err) {
        if ((err as Error).message !== 'GAME.RATE_LIMITED' || tries >= 20 || this.stopped) {
          this.errors.push(err);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, HANDSHAKE_REFILL_MS));
      }
    }
    changed();
  }
}

/** How often the server admits one more handshake of a user past its burst (server/game/budgets.ts). */
const HANDSHAKE_REFILL_MS = 2_100;

let cluster: Cluster;
let db: pg.Client;
const parties: { chaos?: Chaos; phones: Phone[]; board?: Sock } = { phones: [] };

beforeAll(async () => {
  console.log(`rough network: CHAOS_SEED=${SEED}`);
  cluster = await startCluster(2);
  db = new pg.Client({ connectionString: cluster.dbUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  if (parties.chaos) parties.chaos.stopped = true;
  for (const p of parties.phones) {
    p.queue.dispose();
    p.socket?.disconnect();
  }
  parties.board?.disconnect();
  for (const raw of halfOpen) raw.destroy();
  await db?.end();
  await cluster?.stop();
});

/** Ten questions of four answers; the sixth has two right answers. */
function raidBody() {
  return {
    title: 'Réseau agité',
    shared: false,
    questions: Array.from({ length: QUESTIONS }, (_, i) => ({
      text: `Combien font ${i + 2} fois ${i + 3} ?`,
      equationMode: false,
      imagePath: null,
      answers: [0, 1, 2, 3].map((j) => ({
        text: String((i + 2) * (i + 3) + (j === 0 ? 0 : j * 7)),
        isCorrect: j === 0 || (i === 5 && j === 1),
      })),
    })),
  };
}

describe('a raid on a rough network, two nodes', () => {
  it('counts every answer once and leaves every phone on the result after 1,000 drops', async () => {
    const [nodeA] = cluster.nodes;
    const prof = await signin(nodeA.url, 'prof-demo', 'Craie-Verte-2026!');
    const key = await demoRoomKey(nodeA.url, prof);
    const chapter = await api<{ id: string }>(nodeA.url, prof, '/chapters', {
      name: 'Réseau agité',
      level: 5,
      subjectId: key.subjectId,
    });
    const raid = await api<{
      id: string;
      questions: { id: string; answers: { id: string; isCorrect: boolean }[] }[];
    }>(nodeA.url, prof, `/chapters/${chapter.id}/raids`, raidBody());
    const correct = new Map(
      raid.questions.map((q) => [
        q.id,
        q.answers
          .filter((a) => a.isCorrect)
          .map((a) => a.id)
          .sort(),
      ]),
    );

    // The board, on node A, keeps its snapshot by patches and notes every "answered" announcement.
    const board = await connect(nodeA.url, prof.accessToken);
    parties.board = board;
    let boardSnap: RoomSnapshot | null = null;
    const announced = new Map<string, string[]>();
    let boardSyncing = false;
    const boardSync = async () => {
      boardSyncing = true;
      const ack = await send<{ snapshot: RoomSnapshot }>(board, 'room:sync');
      boardSyncing = false;
      if (!ack.ok) throw new Error(ack.message);
      boardSnap = ack.snapshot;
      changed();
    };
    board.on('room:patch', (p: { seq: number; patch: RoomPatch }) => {
      if (p.patch.type === 'answered')
        announced.set(p.patch.questionId, [
          ...(announced.get(p.patch.questionId) ?? []),
          ...p.patch.studentIds,
        ]);
      if (!boardSnap || boardSyncing) return;
      const next = applyPatch(boardSnap, p);
      if (next === null) void boardSync();
      else {
        boardSnap = next;
        changed();
      }
    });
    const opened = await send<{ snapshot: RoomSnapshot }>(board, 'room:open', key);
    if (!opened.ok) throw new Error(opened.message);
    boardSnap = opened.snapshot;
    // No clock, the teacher reveals, every question asked: the test sets the pace.
    const settings: RaidSettings = {
      questionSeconds: null,
      endWhenAllAnswered: false,
      askEveryQuestion: true,
      scoring: 'accuracy',
    };
    expect(await send(board, 'raid:start', { raidId: raid.id, settings })).toEqual({ ok: true });

    // Phones spread over both nodes, each in the lobby.
    const chaos = new Chaos(SEED, cluster.nodes);
    parties.chaos = chaos;
    const phones = parties.phones;
    for (let i = 1; i <= PHONES; i++) {
      const login = `eleve${String(i).padStart(2, '0')}`;
      const user = await signin(nodeA.url, login, 'Cartable-Bleu-7!');
      const phone = new Phone(login, user, key, chaos, SEED + i);
      await phone.connect(cluster.nodes[i % 2]);
      phones.push(phone);
    }
    chaos.phones = phones;
    expect(phones.every((p) => raidOf(p.snapshot)?.phase === 'lobby')).toBe(true);
    const everyone = boardSnap?.roster.map((s) => s.studentId) ?? [];
    const before = new Map(
      (
        await db.query(
          'select id, xp, level, level_progression as "levelProgression", power_xp as "powerXp", coin from students where id = any($1)',
          [everyone],
        )
      ).rows.map((r) => [r.id as string, r]),
    );

    const stuck = (ok: (p: Phone) => boolean, what: string) => () =>
      `${what}: ${phones
        .filter((p) => !ok(p))
        .map(
          (p) =>
            `${p.login} (up ${p.up}, ${raidOf(p.snapshot)?.phase} #${raidOf(p.snapshot)?.index}, answer ${p.queue.current()?.state})`,
        )
        .join(', ')}`;
    const tapRandom = rng(SEED ^ 0x5eed);

    /** The answers counted, by question: student → answer ids. */
    const counted = new Map<string, Map<string, string[]>>();
    for (let k = 0; k < QUESTIONS; k++) {
      // The question opens while phones drop; taps come at random points among the drops.
      const q = raid.questions[k];
      const expected = new Map<string, string[]>();
      const start = chaos.drops;
      for (const p of phones) {
        if (tapRandom() >= ANSWERS) continue;
        const right = correct.get(q.id) as string[];
        const wrong = q.answers.filter((a) => !right.includes(a.id)).map((a) => a.id);
        const answerIds = tapRandom() < RIGHT ? right : [pick(wrong, tapRandom)];
        expected.set(p.studentId, [...answerIds].sort());
        chaos.scheduleTap(start + Math.floor(tapRandom() * DROPS_OPEN * 0.75), p, q.id, answerIds);
      }
      const cmd = send(board, k === 0 ? 'raid:begin' : 'raid:next');
      const dropping = chaos.run(DROPS_OPEN);
      const early = EARLY_REVEALS.includes(k);
      if (early) {
        // The teacher does not wait: she reveals once half the answers are in, while the others are
        // being tapped, sent, cut and sent again.
        expect(await cmd).toEqual({ ok: true });
        await until(
          () => new Set(raidOf(boardSnap)?.answeredStudentIds).size >= expected.size / 2,
          () => `the board to see half the answers to question ${k + 1}`,
        );
        expect(await send(board, 'raid:reveal')).toEqual({ ok: true });
        await dropping;
        await chaos.run(DROPS_REVEAL);
        // What the server holds, as each phone's own state says after the reveal.
        const held = new Map<string, string[]>();
        for (const p of phones) {
          const fresh = await send<{ snapshot: RoomSnapshot; phone: PhoneState }>(
            p.socket as Sock,
            'room:sync',
          );
          if (!fresh.ok) throw new Error(fresh.message);
          const mine = fresh.phone.myAnswer;
          if (mine?.questionId === q.id) held.set(p.studentId, [...mine.answerIds].sort());
          // An answer acknowledged is held, and as tapped; nothing is held that was not tapped.
          const t = p.acks.get(q.id);
          if (t && t.counted + t.duplicate > 0)
            expect(held.has(p.studentId), `seed ${SEED}: ${p.login}'s acknowledged answer to ${k + 1}`).toBe(
              true,
            );
          if (held.has(p.studentId))
            expect(held.get(p.studentId)).toEqual([...(p.tapped.get(q.id) ?? [])].sort());
        }
        counted.set(q.id, held);
      } else {
        const [opening] = await Promise.all([cmd, dropping]);
        expect(opening).toEqual({ ok: true });
        // Every phone that tapped has its answer acknowledged; the board saw each of them, once.
        await until(
          () => phones.every((p) => !expected.has(p.studentId) || p.answered(q.id)),
          stuck((p) => !expected.has(p.studentId) || p.answered(q.id), `answers to question ${k + 1}`),
        );
        await until(
          () => new Set(raidOf(boardSnap)?.answeredStudentIds).size === expected.size,
          () => `the board to see ${expected.size} answers to question ${k + 1}`,
        );
        expect(new Set(raidOf(boardSnap)?.answeredStudentIds)).toEqual(new Set(expected.keys()));
        // The reveal, while phones drop.
        const [revealed] = await Promise.all([send(board, 'raid:reveal'), chaos.run(DROPS_REVEAL)]);
        expect(revealed).toEqual({ ok: true });
        counted.set(q.id, expected);
      }
      const heard = announced.get(q.id) ?? [];
      expect(heard.length, `seed ${SEED}: question ${k + 1} announced twice`).toBe(new Set(heard).size);
      for (const p of phones) {
        const t = p.acks.get(q.id);
        expect(
          t?.counted ?? 0,
          `seed ${SEED}: ${p.login} counted twice on question ${k + 1}`,
        ).toBeLessThanOrEqual(1);
      }

      // Each answer the server holds is counted once in the reveal.
      const view = await send<{ snapshot: RoomSnapshot }>(board, 'room:sync');
      if (!view.ok) throw new Error(view.message);
      const tally: Record<string, number> = Object.fromEntries(q.answers.map((a) => [a.id, 0]));
      for (const ids of (counted.get(q.id) as Map<string, string[]>).values())
        for (const id of ids) tally[id]++;
      expect(raidOf(view.snapshot)?.reveal?.counts, `seed ${SEED}: counts of question ${k + 1}`).toEqual(
        tally,
      );
      await until(
        () =>
          phones.every((p) => raidOf(p.snapshot)?.phase === 'revealed' && raidOf(p.snapshot)?.index === k),
        stuck(
          (p) => raidOf(p.snapshot)?.phase === 'revealed' && raidOf(p.snapshot)?.index === k,
          'the reveal',
        ),
      );
    }

    // The raid ends while phones drop.
    const [ended] = await Promise.all([send(board, 'raid:next'), chaos.run(DROPS_END)]);
    expect(ended).toEqual({ ok: true });
    expect(chaos.drops).toBeGreaterThanOrEqual(1000);
    const acks = phones.flatMap((p) => [...p.acks.values()]);
    const sum = (f: (p: Phone) => number) => phones.reduce((n, p) => n + f(p), 0);
    const lost = sum((p) => p.lostAcks);
    console.log(
      `rough network: ${chaos.drops} drops ${JSON.stringify(chaos.byMode)}; answer sends ${sum((p) => p.sends)}, ` +
        `acks lost to a drop ${lost}, counted ${acks.reduce((n, t) => n + t.counted, 0)}, ` +
        `duplicates ${acks.reduce((n, t) => n + t.duplicate, 0)}; connections lost unplanned ${chaos.unplanned}`,
    );
    // Answers were cut in flight: the queue had to send them again or learn from the server it had them.
    expect(lost).toBeGreaterThan(0);
    expect(chaos.errors).toEqual([]);

    // What the class earned: XP and coins for each student who answered, from the right answers.
    const final = await send<{ snapshot: RoomSnapshot }>(board, 'room:sync');
    if (!final.ok) throw new Error(final.message);
    const result = raidOf(final.snapshot)?.result;
    expect(raidOf(final.snapshot)?.phase).toBe('ended');
    if (!result) throw new Error('no result');
    const victory = result.outcome === 'VICTORY';
    const gains: Record<string, { xp: number; coins: number }> = {};
    for (const p of phones) {
      const mine = [...counted].flatMap(([qid, held]) =>
        held.has(p.studentId) ? [[qid, held.get(p.studentId)]] : [],
      );
      if (mine.length === 0) continue;
      const rights = mine.filter(
        ([qid, ids]) => (ids as string[]).join() === (correct.get(qid as string) as string[]).join(),
      ).length;
      gains[p.studentId] = raidReward({ correctAnswers: rights, victory });
    }
    expect(result.gains).toEqual(gains);

    // Every phone ends on the result with its own gain, and its view is the room's.
    await until(
      () =>
        phones.every(
          (p) => raidOf(p.snapshot)?.phase === 'ended' && p.state?.xpGained === (gains[p.studentId]?.xp ?? 0),
        ),
      stuck(
        (p) => raidOf(p.snapshot)?.phase === 'ended' && p.state?.xpGained === (gains[p.studentId]?.xp ?? 0),
        'the result screen',
      ),
    );
    for (const p of phones) {
      const fresh = await send<{ snapshot: RoomSnapshot; phone: PhoneState }>(p.socket as Sock, 'room:sync');
      if (!fresh.ok) throw new Error(fresh.message);
      expect(p.snapshot?.activity, `seed ${SEED}: ${p.login}'s screen`).toEqual(fresh.snapshot.activity);
      expect(p.state, `seed ${SEED}: ${p.login}'s own state`).toEqual(fresh.phone);
      expect((raidOf(p.snapshot) as RaidView).result?.outcome).toBe(result.outcome);
      expect(p.state?.coinsGained).toBe(gains[p.studentId]?.coins ?? 0);
    }

    // The database: the XP and coins granted once, nothing for the students who never answered.
    const after = await db.query(
      'select id, xp, level, level_progression as "levelProgression", power_xp as "powerXp", coin from students where id = any($1)',
      [everyone],
    );
    for (const row of after.rows) {
      const was = before.get(row.id);
      const gain = gains[row.id];
      const want = gain ? addCoins(applyXp(was, gain.xp, 1), gain.coins) : was;
      expect({ ...row }, `seed ${SEED}: student ${row.id} in the database`).toEqual({ ...want, id: row.id });
    }
    const events = await db.query(
      `select payload from game_events where type = 'RAID_RESULT' and schoolclass_id = $1`,
      [key.schoolclassId],
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0].payload.participants).toBe(Object.keys(gains).length);
  }, 90_000);
});
