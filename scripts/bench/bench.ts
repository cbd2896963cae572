// npm run bench -- --students 1000            one room, 1,000 phones, 10 questions
// npm run bench -- --rooms 300 --students 30  300 rooms of 30 phones
// npm run bench -- --rest                     REST reads of the class pages at 500 req/s (rest.ts)
// npm run bench -- --flood [--students 30] [--sockets 4]  one student floods room:sync from several
//   sockets while the other phones answer (flood.ts)
// npm run bench -- --fps [--students 35]      the projector board's frame rate in Chromium (fps.ts);
//   --gl disable-gpu|swiftshader|default, --renderer auto|webgl|canvas (the board's renderer)
// --burst: every phone answers at the same instant (else each within a second of the question).
// --kinds mixed: the raid has every kind of question in turn (scripts/bench/questions.ts: choice,
//   true/false, number, short text, order, poll, each twice; 12 questions unless --questions says),
//   phones typing realistic answers, right and wrong; the figures are also given per kind
//   (`by_kind`). --kinds choice (default): every question a choice of four.
// Options: --questions N (10, 12 with --kinds mixed), --procs N (load processes, 2), --url URL (a running server: then
// DATABASE_URL and AUTH_SECRET must be those of that server, so the bench can seed its school and
// mint tokens). Without --url it starts a server (PGlite, or DATABASE_URL / REDIS_URL when set).
// npm run bench -- --analytics [--calls 200]  a school year of analytics on PostgreSQL (analytics.ts)
// npm run bench -- --peer DIR [--students 30]  the same class on the open-source peer in DIR (peer.ts)
// --haproxy N (with DATABASE_URL and REDIS_URL): N server nodes behind HAProxy (docs/haproxy.cfg,
//   scripts/bench/haproxy.ts); boards and phones go through it. The figures add the nodes' memory
//   (peak of their sum), each node's CPU seconds over the questions, and answers per CPU second.
// --workers N: one server started with WORKERS=N (server/cluster.ts), measured the same way.
// The last line printed is one JSON object with the figures.
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../../server/config.js';
import { makeTokenSigner } from '../../server/lib/tokens.js';
import type { RaidSettings, RoomPatch } from '../../shared/game/contract.js';
import { runAnalytics } from './analytics.js';
import {
  BUNDLED,
  connected,
  cpuSeconds,
  freshDatabase,
  log,
  pct,
  round,
  rssMb,
  startServer,
  TSX,
  wallNow,
} from './common.js';
import { runFlood } from './flood.js';
import { runFps } from './fps.js';
import { type Balancer, startHaproxy } from './haproxy.js';
import { runPeer } from './peer.js';
import { type BenchRoom, prepareBench, professorToken, studentToken } from './prepare.js';
import { type KindLabel, type KindsMode, MIXED_QUESTIONS } from './questions.js';
import { runRest } from './rest.js';

/** Questions stay open two minutes and end when the bench reveals them, never by themselves. */
const BENCH_RAID_SETTINGS: RaidSettings = {
  questionSeconds: 120,
  endWhenAllAnswered: false,
  askEveryQuestion: false,
  scoring: 'accuracy',
};

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '1000' },
    rooms: { type: 'string', default: '1' },
    questions: { type: 'string' },
    kinds: { type: 'string', default: 'choice' },
    procs: { type: 'string', default: '2' },
    url: { type: 'string' },
    // --rest: the REST reads of the class pages instead of the live rooms (scripts/bench/rest.ts).
    rest: { type: 'boolean', default: false },
    // --fps: the projector board's frame rate with animated avatars (scripts/bench/fps.ts).
    fps: { type: 'boolean', default: false },
    // --flood: one student floods the room while the others answer (scripts/bench/flood.ts).
    flood: { type: 'boolean', default: false },
    // --analytics: a school year of answers and the analytics calls (scripts/bench/analytics.ts).
    analytics: { type: 'boolean', default: false },
    calls: { type: 'string', default: '200' },
    sockets: { type: 'string', default: '4' },
    gl: { type: 'string', default: 'disable-gpu' },
    renderer: { type: 'string', default: 'auto' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '20' },
    classes: { type: 'string', default: '50' },
    burst: { type: 'boolean', default: false },
    // --peer DIR: the same class on the open-source peer checked out in DIR (scripts/bench/peer.ts).
    peer: { type: 'string' },
    haproxy: { type: 'string' },
    workers: { type: 'string' },
  },
});
const perRoom = Number(values.students);
const roomCount = Number(values.rooms);
if (values.kinds !== 'choice' && values.kinds !== 'mixed') throw new Error('--kinds choice|mixed');
const kinds: KindsMode = values.kinds;
const questionCount = Number(values.questions ?? (kinds === 'mixed' ? MIXED_QUESTIONS.length : 10));
const procs = Math.max(1, Number(values.procs));
/** Direct children of a process (a cluster primary's workers). */
function childrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
}

async function main() {
  const dropDatabase = values.url ? async () => {} : await freshDatabase();
  const config = loadConfig();
  const signer = makeTokenSigner(config.AUTH_SECRET);
  let server: ChildProcess | null = null;
  let url = values.url;
  let dataDir: string | null = null;
  let peakRss = 0;

  log(`preparing ${roomCount} room(s) of ${perRoom} students, ${questionCount} questions (${kinds})`);
  if (!url) dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-bench-'));
  const rooms: BenchRoom[] = await prepareBench(
    { databaseUrl: config.DATABASE_URL, pgliteDir: dataDir ? path.join(dataDir, 'pglite') : undefined },
    roomCount,
    perRoom,
    questionCount,
    kinds,
  );
  /** Each question's kind, by id (every room's). */
  const labelOf = new Map(rooms.flatMap((r) => r.questions.map((q) => [q.id, q.label] as const)));

  let cleanup = async () => {};
  /** The server processes measured: one, the nodes behind HAProxy, or a primary and its workers. */
  let measured: () => number[] = () => (server?.pid ? [server.pid] : []);
  let extra: ChildProcess[] = [];
  let balancer: Balancer | null = null;
  const nodeCount = Number(values.haproxy ?? 0);
  if (!url && nodeCount > 0) {
    if (!process.env.REDIS_URL || !config.DATABASE_URL)
      throw new Error('--haproxy needs DATABASE_URL and REDIS_URL (the nodes share the rooms)');
    const prefix = `crbench:${randomUUID().slice(0, 8)}:`;
    const nodes: Awaited<ReturnType<typeof startServer>>[] = [];
    for (let i = 0; i < nodeCount; i++) nodes.push(await startServer(dataDir as string, { prefix }));
    server = nodes[0].server;
    extra = nodes.slice(1).map((n) => n.server);
    cleanup = nodes[0].cleanup;
    balancer = await startHaproxy(nodes.map((n) => Number(new URL(n.url).port)));
    url = balancer.url;
    measured = () => nodes.map((n) => n.server.pid as number);
    log(`${nodeCount} nodes behind HAProxy at ${url}`);
  } else if (!url && values.workers) {
    if (!process.env.REDIS_URL || !config.DATABASE_URL)
      throw new Error('--workers needs DATABASE_URL and REDIS_URL');
    ({ url, server, cleanup } = await startServer(dataDir as string, { env: { WORKERS: values.workers } }));
    // The primary and its workers (children of the server process).
    measured = () => [server?.pid as number, ...childrenOf(server?.pid as number)];
  } else if (!url) ({ url, server, cleanup } = await startServer(dataDir as string));
  const watchRss = setInterval(() => {
    peakRss = Math.max(
      peakRss,
      measured().reduce((sum, pid) => sum + rssMb(pid), 0),
    );
  }, 200);

  // Teachers' boards, one per room.
  const boards: (Socket & { counts: Map<string, number> })[] = [];
  for (const room of rooms) {
    const token = professorToken(signer, room);
    const s = io(url, { auth: { token }, transports: ['websocket'], forceNew: true }) as Socket & {
      counts: Map<string, number>;
    };
    s.counts = new Map();
    await connected(s);
    const ack = await s
      .timeout(30_000)
      .emitWithAck('room:open', { schoolclassId: room.schoolclassId, subjectId: room.subjectId });
    if (!ack.ok) throw new Error(`room:open ${ack.message}`);
    boards.push(s);
  }

  // Phones, spread over the load processes.
  const allPhones = rooms.flatMap((room) =>
    room.students.map((st) => ({
      token: studentToken(signer, st),
      schoolclassId: room.schoolclassId,
      subjectId: room.subjectId,
      studentId: st.studentId,
      roomIndex: rooms.indexOf(room),
    })),
  );
  const workers = Array.from({ length: procs }, () =>
    fork(path.join(import.meta.dirname, BUNDLED ? 'phones.js' : 'phones.ts'), [], {
      execArgv: [
        ...(process.env.BENCH_PHONES_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PHONES_PROFILE}`]
          : []),
        ...TSX,
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const nextMessage = (w: ChildProcess, type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const on = (m: Record<string, unknown>) => {
        if (m.type === 'error') reject(new Error(String(m.message)));
        if (m.type === type) {
          w.off('message', on);
          resolve(m);
        }
      };
      w.on('message', on);
    });
  const ready = workers.map((w) => nextMessage(w, 'ready'));
  workers.forEach((w, i) => {
    const phones = allPhones.filter((_, j) => j % procs === i);
    const roomsHere = [...new Set(phones.map((p) => p.roomIndex))];
    w.send({
      type: 'job',
      url,
      burst: values.burst,
      phones,
      questions: roomsHere.flatMap((r) => rooms[r].questions),
    });
  });
  await Promise.all(ready);
  log(`${allPhones.length} phones connected and joined`);

  const cpuAtStart = new Map(measured().map((pid) => [pid, cpuSeconds(pid)]));
  const questionsStart = performance.now();
  const tallyDelays: number[] = [];
  /** Per answer: from the phone sending it to its board seeing it. */
  const boardSeen: number[] = [];
  const boardSeenByKind: Partial<Record<KindLabel, number[]>> = {};
  /** Per question and board: from the reveal's command to its acknowledgement (judging every answer). */
  const revealByKind: Partial<Record<KindLabel, number[]>> = {};
  for (let q = 0; q < questionCount; q++) {
    // Each board records when it has seen every one of its students answer, and when it saw each.
    const completeAt = new Map<number, number>();
    const seenAt = new Map<string, number>();
    const handlers = boards.map((b, i) => {
      let count = 0;
      const h = ({ patch }: { patch: RoomPatch }) => {
        if (patch.type !== 'answered') return;
        const at = wallNow();
        for (const id of patch.studentIds) seenAt.set(`${patch.questionId}|${id}`, at);
        count += patch.studentIds.length;
        if (count === rooms[i].students.length) completeAt.set(i, wallNow());
      };
      b.on('room:patch', h);
      return h;
    });
    // The next question; a raid that ended (victory or defeat) starts again, so every round is a question.
    /** The question each board has open (its kind labels the reveal's time). */
    const openQuestion: (string | undefined)[] = [];
    await Promise.all(
      boards.map(async (b, i) => {
        // The bench reveals each question itself (no early end) and a raid starts in its lobby.
        const start = { raidId: rooms[i].raidId, settings: BENCH_RAID_SETTINGS };
        const startRaid = async () => {
          const started = await b.timeout(60_000).emitWithAck('raid:start', start);
          if (!started.ok) throw new Error(`start: ${started.message}`);
          return b.timeout(60_000).emitWithAck('raid:begin', {});
        };
        let ack = q === 0 ? await startRaid() : await b.timeout(60_000).emitWithAck('raid:next', {});
        if (!ack.ok) throw new Error(`question ${q}: ${ack.message}`);
        const sync = await b.timeout(30_000).emitWithAck('room:sync', {});
        const activity = sync.ok ? sync.snapshot.activity : null;
        openQuestion[i] = activity?.kind === 'raid' ? activity.question?.id : undefined;
        if (q > 0 && activity?.phase === 'ended') {
          ack = await startRaid();
          if (!ack.ok) throw new Error(`restart: ${ack.message}`);
          openQuestion[i] = rooms[i].questions[0]?.id;
        }
      }),
    );
    const flushed = workers.map((w) => nextMessage(w, 'flushed'));
    if (values.burst) {
      // Once every phone holds the question, all answer at one instant.
      for (let t = 0; t < 400; t++) {
        const replies = workers.map((w) => nextMessage(w, 'armed'));
        workers.forEach((w) => {
          w.send({ type: 'armed' });
        });
        const armed = (await Promise.all(replies)).reduce((n, m) => n + (m.count as number), 0);
        if (armed >= allPhones.length) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const at = Date.now() + 100;
      workers.forEach((w) => {
        w.send({ type: 'fire', at });
      });
      await new Promise((r) => setTimeout(r, 800));
    }
    // Every phone answers within a second; give acknowledgements time to arrive.
    else await new Promise((r) => setTimeout(r, 1500));
    workers.forEach((w) => {
      w.send({ type: 'flush' });
    });
    const sentAt = await Promise.all(flushed);
    const sentEach = Object.assign({}, ...sentAt.map((m) => m.sentAt as Record<string, number>));
    const lastSent = Math.max(
      ...sentAt.flatMap((m) => Object.values(m.lastSentAt as Record<string, number>)),
    );
    for (let t = 0; t < 100 && completeAt.size < boards.length; t++)
      await new Promise((r) => setTimeout(r, 50));
    for (const at of completeAt.values()) tallyDelays.push(Math.max(0, at - lastSent));
    for (const [k, at] of Object.entries(sentEach) as [string, number][]) {
      const seen = seenAt.get(k);
      if (seen === undefined) continue;
      boardSeen.push(Math.max(0, seen - at));
      const label = labelOf.get(k.slice(0, k.indexOf('|')));
      if (!label) continue;
      const list = boardSeenByKind[label] ?? [];
      list.push(Math.max(0, seen - at));
      boardSeenByKind[label] = list;
    }
    boards.forEach((b, i) => {
      b.off('room:patch', handlers[i]);
    });
    if (completeAt.size < boards.length)
      log(`question ${q}: ${boards.length - completeAt.size} board(s) never saw every answer`);
    await Promise.all(
      boards.map(async (b, i) => {
        const t0 = performance.now();
        await b.timeout(30_000).emitWithAck('raid:reveal', {});
        const label = labelOf.get(openQuestion[i] ?? '');
        if (label) {
          const list = revealByKind[label] ?? [];
          list.push(performance.now() - t0);
          revealByKind[label] = list;
        }
      }),
    );
    log(`question ${q + 1}/${questionCount} done`);
  }

  const questionsSeconds = (performance.now() - questionsStart) / 1000;
  const cpuUsed = measured().map((pid) => round(cpuSeconds(pid) - (cpuAtStart.get(pid) ?? 0)));
  const statsP = workers.map((w) => nextMessage(w, 'stats'));
  workers.forEach((w) => {
    w.send({ type: 'stop' });
  });
  const stats = await Promise.all(statsP);
  clearInterval(watchRss);
  peakRss = Math.max(
    peakRss,
    measured().reduce((sum, pid) => sum + rssMb(pid), 0),
  );
  const rssEach = measured().map((pid) => rssMb(pid));
  for (const b of boards) b.disconnect();
  balancer?.stop();
  // The servers store the last answers as they close: the database is dropped once they are gone.
  const exited = [server, ...extra].map((p) =>
    p && p.exitCode === null
      ? new Promise<void>((r) => {
          p.once('exit', () => r());
          setTimeout(r, 15_000);
        })
      : Promise.resolve(),
  );
  for (const p of extra) p.kill('SIGTERM');
  server?.kill('SIGTERM');
  await Promise.all(exited);
  await cleanup().catch((err) => log('could not delete the run’s Redis keys', err));
  await new Promise((r) => setTimeout(r, 500));
  await dropDatabase().catch((err) => log('could not drop the run’s database', err));
  if (dataDir) setTimeout(() => rmSync(dataDir as string, { recursive: true, force: true }), 1000);

  const latencies = stats.flatMap((s) => s.latencies as number[]);
  const labels = [...new Set(rooms.flatMap((r) => r.questions.map((q) => q.label)))];
  const byKind = Object.fromEntries(
    labels.map((label) => {
      const acks = stats.flatMap((s) => (s.byKind as Record<string, number[]>)[label] ?? []);
      const seen = boardSeenByKind[label] ?? [];
      const reveals = revealByKind[label] ?? [];
      return [
        label,
        {
          answers: acks.length,
          ack_p50_ms: round(pct(acks, 50)),
          ack_p99_ms: round(pct(acks, 99)),
          board_seen_p50_ms: round(pct(seen, 50)),
          board_seen_p99_ms: round(pct(seen, 99)),
          reveal_ack_max_ms: round(Math.max(0, ...reveals)),
        },
      ];
    }),
  );
  const sent = stats.reduce((n, s) => n + (s.sent as number), 0);
  const acked = stats.reduce((n, s) => n + (s.acked as number), 0);
  const errors = stats.reduce<Record<string, number>>((acc, s) => {
    for (const [k, v] of Object.entries(s.errors as Record<string, number>)) acc[k] = (acc[k] ?? 0) + v;
    return acc;
  }, {});
  const result = {
    students: allPhones.length,
    rooms: roomCount,
    questions: questionCount,
    answers_expected: allPhones.length * questionCount,
    answers_sent: sent,
    answers_acked: acked,
    lost: allPhones.length * questionCount - acked,
    duplicates: stats.reduce((n, s) => n + (s.duplicates as number), 0),
    errors,
    ack_p50_ms: round(pct(latencies, 50)),
    ack_p99_ms: round(pct(latencies, 99)),
    ack_max_ms: round(Math.max(0, ...latencies)),
    tally_after_last_ms_p99: round(pct(tallyDelays, 99)),
    board_seen_p50_ms: round(pct(boardSeen, 50)),
    board_seen_p99_ms: round(pct(boardSeen, 99)),
    board_seen_max_ms: round(Math.max(0, ...boardSeen)),
    board_seen_count: boardSeen.length,
    burst: values.burst,
    kinds,
    by_kind: byKind,
    server_rss_mb: server ? peakRss : null,
    server_rss_each_mb: server ? rssEach : null,
    nodes: nodeCount || (values.workers ? `workers ${values.workers}` : 1),
    server_cpu_seconds_each: cpuUsed,
    questions_seconds: round(questionsSeconds),
    // Answers the servers handled per CPU second they used over the questions (all processes).
    answers_per_server_cpu_second: round(
      acked /
        Math.max(
          0.01,
          cpuUsed.reduce((a, b) => a + b, 0),
        ),
    ),
    store: process.env.REDIS_URL ? 'redis' : 'memory',
    database: config.DATABASE_URL ? 'postgres' : 'pglite',
  };
  console.log(JSON.stringify(result));
  setTimeout(() => process.exit(0), 1500);
}

(values.flood
  ? runFlood({
      students: Number(values.students === '1000' ? '30' : values.students),
      sockets: Number(values.sockets),
      questions: questionCount,
      url: values.url,
    })
  : values.analytics
    ? runAnalytics({ calls: Number(values.calls) })
    : values.fps
      ? runFps({
          students: Number(values.students === '1000' ? '35' : values.students),
          seconds: Number(values.seconds === '20' ? '10' : values.seconds),
          gl: values.gl,
          renderer: values.renderer,
        })
      : values.rest
        ? runRest({
            rate: Number(values.rate),
            seconds: Number(values.seconds),
            classes: Number(values.classes),
            students: Number(values.students === '1000' ? '30' : values.students),
            url: values.url,
          })
        : values.peer
          ? runPeer({
              dir: values.peer,
              students: perRoom,
              questions: questionCount,
              burst: values.burst,
            }).then((r) => console.log(JSON.stringify(r)))
          : main()
).catch((err) => {
  console.error(err);
  process.exit(1);
});
