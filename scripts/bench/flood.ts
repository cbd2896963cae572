// npm run bench -- --flood [--students 30] [--sockets 4] [--questions 10] [--url URL]
// One student floods room:sync from several sockets (scripts/bench/flooder.ts, its own process)
// while the other phones of the room answer every question (scripts/bench/phones.ts, another
// process) and the teacher's board runs the raid. Budget (issue 10): the other phones' answer ack
// p99 under 100 ms, no answer lost, the board never disconnected. The last line printed is one JSON
// object with the figures.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../../server/config.js';
import { makeTokenSigner } from '../../server/lib/tokens.js';
import type { RoomPatch } from '../../shared/game/contract.js';
import { connected, freshDatabase, log, pct, round, rssMb, startServer } from './common.js';
import { prepareBench, professorToken, studentToken } from './prepare.js';

export interface FloodOptions {
  /** Phones that play normally (the flooder is one more student of the class). */
  students: number;
  sockets: number;
  questions: number;
  url?: string;
}

const message = (w: ChildProcess, type: string) =>
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

const child = (file: string) =>
  fork(path.join(import.meta.dirname, file), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

export async function runFlood(o: FloodOptions) {
  const dropDatabase = o.url ? async () => {} : await freshDatabase();
  const config = loadConfig();
  const signer = makeTokenSigner(config.AUTH_SECRET);
  let url = o.url;
  let server: ChildProcess | null = null;
  let cleanup = async () => {};
  const dataDir = url ? null : mkdtempSync(path.join(os.tmpdir(), 'cr-bench-flood-'));
  log(`preparing one room of ${o.students} phones and one student flooding from ${o.sockets} sockets`);
  const [room] = await prepareBench(
    { databaseUrl: config.DATABASE_URL, pgliteDir: dataDir ? path.join(dataDir, 'pglite') : undefined },
    1,
    o.students + 1,
    o.questions,
  );
  if (!url) ({ url, server, cleanup } = await startServer(dataDir as string));
  let peakRss = 0;
  const watchRss = setInterval(() => {
    if (server?.pid) peakRss = Math.max(peakRss, rssMb(server.pid));
  }, 200);
  const key = { schoolclassId: room.schoolclassId, subjectId: room.subjectId };
  const [flooderStudent, ...players] = room.students;

  const board: Socket = io(url, {
    auth: { token: professorToken(signer, room) },
    transports: ['websocket'],
    forceNew: true,
  });
  let boardDrops = 0;
  board.on('disconnect', () => boardDrops++);
  await connected(board);
  const opened = await board.timeout(30_000).emitWithAck('room:open', key);
  if (!opened.ok) throw new Error(`room:open ${opened.message}`);

  const phones = child('phones.ts');
  const phonesReady = message(phones, 'ready');
  phones.send({
    type: 'job',
    url,
    phones: players.map((st) => ({ token: studentToken(signer, st), ...key })),
  });
  await phonesReady;

  const flooder = child('flooder.ts');
  const flooderReady = message(flooder, 'ready');
  flooder.send({ type: 'job', url, token: studentToken(signer, flooderStudent), key, sockets: o.sockets });
  await flooderReady;
  log(`${players.length} phones joined; the flood has started`);
  // Let the flood reach its steady state (refusals, closed sockets, handshakes refused) first.
  await new Promise((r) => setTimeout(r, 2000));

  let boardMissed = 0;
  for (let q = 0; q < o.questions; q++) {
    let seen = 0;
    let complete = false;
    const onPatch = ({ patch }: { patch: RoomPatch }) => {
      if (patch.type !== 'answered') return;
      seen += patch.studentIds.length;
      if (seen >= players.length) complete = true;
    };
    board.on('room:patch', onPatch);
    let ack = await board
      .timeout(30_000)
      .emitWithAck(q === 0 ? 'raid:start' : 'raid:next', q === 0 ? { raidId: room.raidId } : {});
    if (!ack.ok) throw new Error(`question ${q}: ${ack.message}`);
    const sync = await board.timeout(30_000).emitWithAck('room:sync', {});
    if (q > 0 && sync.ok && sync.snapshot.activity?.phase === 'ended') {
      ack = await board.timeout(30_000).emitWithAck('raid:start', { raidId: room.raidId });
      if (!ack.ok) throw new Error(`restart: ${ack.message}`);
    }
    const flushed = message(phones, 'flushed');
    // Every phone answers within a second of the question.
    await new Promise((r) => setTimeout(r, 1500));
    phones.send({ type: 'flush' });
    await flushed;
    for (let t = 0; t < 100 && !complete; t++) await new Promise((r) => setTimeout(r, 50));
    board.off('room:patch', onPatch);
    if (!complete) boardMissed++;
    await board.timeout(30_000).emitWithAck('raid:reveal', {});
    log(`question ${q + 1}/${o.questions} done`);
  }

  const flooderStats = message(flooder, 'stats');
  flooder.send({ type: 'stop' });
  const flood = await flooderStats;
  const phoneStats = message(phones, 'stats');
  phones.send({ type: 'stop' });
  const p = await phoneStats;
  const boardConnected = board.connected && boardDrops === 0;
  clearInterval(watchRss);
  if (server?.pid) peakRss = Math.max(peakRss, rssMb(server.pid));
  board.disconnect();
  server?.kill('SIGTERM');
  await cleanup().catch((err) => log('could not delete the run’s Redis keys', err));
  await new Promise((r) => setTimeout(r, 500));
  await dropDatabase().catch((err) => log('could not drop the run’s database', err));
  if (dataDir) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);

  const latencies = p.latencies as number[];
  const expected = players.length * o.questions;
  const result = {
    mode: 'flood',
    phones: players.length,
    flood_sockets: o.sockets,
    questions: o.questions,
    answers_expected: expected,
    answers_acked: p.acked,
    answers_lost: expected - (p.acked as number),
    answer_errors: p.errors,
    others_ack_p50_ms: round(pct(latencies, 50)),
    others_ack_p99_ms: round(pct(latencies, 99)),
    others_ack_max_ms: round(Math.max(0, ...latencies)),
    board_stayed_connected: boardConnected,
    board_questions_missing_answers: boardMissed,
    flood_sent: flood.sent,
    flood_served: flood.served,
    flood_refused: flood.refused,
    flood_other_errors: flood.otherErrors,
    flood_sockets_disconnected: flood.closedByServer,
    flood_handshakes_refused: flood.handshakesRefused,
    server_rss_mb: server ? peakRss : null,
    store: process.env.REDIS_URL ? 'redis' : 'memory',
    database: config.DATABASE_URL ? 'postgres' : 'pglite',
  };
  console.log(JSON.stringify(result));
  setTimeout(() => process.exit(0), 1500);
}
