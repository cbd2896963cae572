// npm run bench -- --peer DIR [--students 30] [--questions 10] [--burst]
// The same class on the best open-source peer, for a side-by-side figure (issue 22): Rahoot
// (github.com/Ralex91/Rahoot, MIT; an in-memory Node/Socket.IO Kahoot clone), checked out in DIR.
// Its socket server is bundled with esbuild (its tsconfig paths), started on port 3001 with a
// quiz of our own, and driven as a host (its "manager") and N players: each player answers within
// a second of the question, as `npm run bench` does, and the host's "player answered" counts give
// the time from a player sending an answer to the host hearing of it (board-seen). Its own
// dependencies (socket.io, zod, dayjs, nanoid, uuid) must be installed next to DIR's packages:
// `npm install --prefix DIR socket.io zod dayjs nanoid uuid` (the bench says so if they are not).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { log, pct, round, rssMb } from './common.js';

const PORT = 3001;
const URL = `http://127.0.0.1:${PORT}`;

async function bundle(dir: string): Promise<string> {
  for (const dep of ['socket.io', 'zod', 'dayjs', 'nanoid', 'uuid'])
    if (!existsSync(path.join(dir, 'node_modules', dep)))
      throw new Error(`the peer needs ${dep}: npm install --prefix ${dir} socket.io zod dayjs nanoid uuid`);
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'peer-')), 'peer.cjs');
  await esbuild.build({
    entryPoints: [path.join(dir, 'packages/socket/src/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: out,
    tsconfig: path.join(dir, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return out;
}

function client(clientId: string): Socket {
  return io(URL, { path: '/ws', transports: ['websocket'], auth: { clientId }, forceNew: true });
}
const once = <T>(s: Socket, event: string, ms = 30_000) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (v: T) => {
      clearTimeout(t);
      resolve(v);
    });
  });

export async function runPeer(opts: { dir: string; students: number; questions: number; burst: boolean }) {
  const entry = await bundle(opts.dir);
  const config = mkdtempSync(path.join(os.tmpdir(), 'peer-config-'));
  mkdirSync(path.join(config, 'quizz'));
  writeFileSync(path.join(config, 'game.json'), JSON.stringify({ managerPassword: 'bench' }));
  const questions = Array.from({ length: opts.questions }, (_, i) => ({
    question: `Question ${i + 1} ?`,
    answers: ['A', 'B', 'C', 'D'],
    solutions: [0],
    cooldown: 3,
    time: 120,
  }));
  writeFileSync(path.join(config, 'quizz/bench.json'), JSON.stringify({ subject: 'Bench', questions }));
  const server: ChildProcess = spawn(process.execPath, [entry], {
    env: { ...process.env, CONFIG_PATH: config },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peakRss = 0;
  try {
    const manager = client('bench-manager');
    for (let t = 0; t < 100 && !manager.connected; t++) await new Promise((r) => setTimeout(r, 100));
    manager.emit('manager:auth', 'bench');
    await once(manager, 'manager:config');
    manager.emit('game:create', 'bench');
    const { gameId, inviteCode } = await once<{ gameId: string; inviteCode: string }>(
      manager,
      'manager:gameCreated',
    );
    const players = await Promise.all(
      Array.from({ length: opts.students }, async (_, i) => {
        const p = client(`bench-player-${i}`);
        const room = once<string>(p, 'game:successRoom');
        p.emit('player:join', inviteCode);
        await room;
        const joined = once(p, 'game:successJoin');
        p.emit('player:login', { gameId, data: { username: `player${i}` } });
        await joined;
        return p;
      }),
    );
    log(`peer: ${players.length} players joined`);
    const boardSeen: number[] = [];
    for (let q = 0; q < opts.questions; q++) {
      // Players answer when the question opens (its SELECT_ANSWER status), within a second.
      const sent: number[] = [];
      const seen: number[] = [];
      const counted = new Promise<void>((resolve) => {
        const h = (count: number) => {
          seen[count - 1] = performance.now();
          if (count >= opts.students) {
            manager.off('game:playerAnswer', h);
            resolve();
          }
        };
        manager.on('game:playerAnswer', h);
      });
      const opened = Promise.all(
        players.map(
          (p) =>
            new Promise<void>((resolve) => {
              const h = (s: { name: string }) => {
                if (s.name !== 'SELECT_ANSWER') return;
                p.off('game:status', h);
                resolve();
              };
              p.on('game:status', h);
            }),
        ),
      );
      const shown = new Promise<void>((resolve) => {
        const h = (s: { name: string }) => {
          if (s.name !== 'SHOW_RESPONSES') return;
          manager.off('game:status', h);
          resolve();
        };
        manager.on('game:status', h);
      });
      if (q === 0) manager.emit('manager:startGame', { gameId });
      else manager.emit('manager:nextQuestion', { gameId });
      await opened;
      const fireAt = performance.now() + (opts.burst ? 100 : 0);
      for (const p of players) {
        const delay = opts.burst ? fireAt - performance.now() : Math.random() * 1000;
        setTimeout(() => {
          sent.push(performance.now());
          p.emit('player:selectedAnswer', { gameId, data: { answerKey: Math.random() < 0.75 ? 0 : 1 } });
        }, delay);
      }
      await counted;
      // The n-th count the host hears is the n-th answer sent (one process: sends are ordered).
      sent.sort((a, b) => a - b);
      for (let i = 0; i < opts.students; i++) if (seen[i] !== undefined) boardSeen.push(seen[i] - sent[i]);
      if (server.pid) peakRss = Math.max(peakRss, rssMb(server.pid));
      // All answered: the peer shows the answers by itself; the next question waits for that.
      await shown;
      log(`peer: question ${q + 1}/${opts.questions} done`);
    }
    for (const p of players) p.close();
    manager.close();
    return {
      peer: 'Rahoot (in memory)',
      students: opts.students,
      questions: opts.questions,
      burst: opts.burst,
      board_seen_p50_ms: round(pct(boardSeen, 50)),
      board_seen_p99_ms: round(pct(boardSeen, 99)),
      board_seen_max_ms: round(Math.max(0, ...boardSeen)),
      board_seen_count: boardSeen.length,
      server_rss_peak_mb: round(peakRss),
    };
  } finally {
    server.kill('SIGTERM');
    rmSync(config, { recursive: true, force: true });
  }
}
