// Starts the process: configuration, database, server, graceful shutdown.
import cluster from 'node:cluster';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import sticky from '@socket.io/sticky';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { boot } from './boot.js';
import { runPrimary, workerCount, workerIndex, workersRefusal } from './cluster.js';
import { loadConfig, SECRETS_FILE } from './config.js';
import { DEMO_PROFESSOR_PASSWORD, DEMO_STUDENT_PASSWORD } from './db/seed.js';
import { formatDateFr } from './lib/dates.js';
import { drainNode } from './lib/drain.js';
import { writeBackup } from './ops/backup.js';
import { DataDirBusy } from './ops/control.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

// WORKERS above one: this process is the primary and only hands connections to its workers.
const workers = workerCount(config.WORKERS);
if (cluster.isPrimary && workers > 1) {
  const refusal = workersRefusal(config, workers);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  // Migrations and seeding once, here, before the workers open the database together.
  const booted = await boot(config);
  await booted.redis?.quit();
  await booted.database.close();
  await runPrimary(config, workers);
} else {
  await serve();
}

async function serve() {
  const booted = await boot(config).catch((err) => {
    if (!(err instanceof DataDirBusy)) throw err;
    console.error(`${err.message} Stop it first, or give this server another DATA_DIR.`);
    process.exit(1);
  });
  const { database, redis, demo, claim } = booted;
  const app = await buildApp({ config, database, redis });
  // `npm run backup` asks this process for the archive: the embedded database is written by its owner.
  claim?.onBackup((out) =>
    writeBackup({
      database,
      dataDir: path.resolve(config.DATA_DIR),
      secrets: { AUTH_SECRET: config.AUTH_SECRET, ENCRYPTION_KEY: config.ENCRYPTION_KEY },
      out,
    }),
  );

  // Asked to stop: readiness answers 503 at once, the load balancer has DRAIN_SECONDS to send new
  // connections elsewhere, then the node closes: it takes no new connection, answers what it holds, and
  // its live sockets are told to reconnect (they come back through the load balancer to another node).
  closeWithGrace({ delay: config.DRAIN_SECONDS * 1000 + 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    // Readiness 503 and no new session at once; sockets sent elsewhere after DRAIN_SECONDS
    // (server/lib/drain.ts); then what is in hand is finished.
    await drainNode(app, err ? 0 : config.DRAIN_SECONDS);
    await app.close();
    await redis?.quit();
    await database.close();
    await claim?.close();
  });

  if (cluster.isWorker) {
    // A worker of server/cluster.ts: the primary hands it its connections (sticky by session). It
    // listens on a loopback port of its own only so that Fastify runs its listen hooks (the metrics
    // port) and closes as a listening server does.
    if (app.game) sticky.setupWorker(app.game.io);
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.send?.({ type: 'classe-raid:ready' });
    if (workerIndex() === 1) console.log(banner().join('\n'));
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`${banner().join('\n')}\n`);

  function banner(): string[] {
    const lines = [
      '',
      `  Classe Raid is running on ${config.PUBLIC_URL}`,
      `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}/pglite` : 'PostgreSQL'}; rooms: ${redis ? 'Redis' : 'in memory'}`,
      ...listening(config.HOST, config.PORT),
    ];
    if (demo) {
      lines.push(
        '',
        '  Demo school: THESE ACCOUNTS HAVE PUBLIC PASSWORDS (printed here and in the README).',
        '  Anyone who can reach this server can sign in with them, as the administrator too.',
        `  To start without them: a new DATA_DIR (or an empty database) and SEED_DEMO=0.`,
        `    teacher (admin)  prof-demo      / ${DEMO_PROFESSOR_PASSWORD}`,
        `    teacher          prof-sciences  / ${DEMO_PROFESSOR_PASSWORD}`,
        `    students         eleve01 … eleve30 (5e B), eleve31 … eleve40 (2nde A) / ${DEMO_STUDENT_PASSWORD}`,
        ...demo.map(
          (c) =>
            `    class code       ${c.name.padEnd(7)} ${c.code}  (valid until ${formatDateFr(c.expiresAt)})`,
        ),
        `    a new student joins at ${config.REACHABLE_URL}/register/student/code`,
      );
    }
    if (config.secretsFrom === 'data-dir')
      lines.push(
        '',
        `  Secrets: ${config.secretsGenerated ? 'generated at this start, kept in' : 'read from'} ${path.join(config.DATA_DIR, SECRETS_FILE)} (keep it private).`,
      );
    if (!config.SMTP_URL)
      lines.push(
        '',
        `  Mail: no SMTP_URL, mails (with their links) are written to ${path.join(config.DATA_DIR, 'outbox')}.`,
      );
    return lines;
  }
}

/** Where phones reach the server: every address of this machine when it listens on all of them. */
function listening(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [`  listening on ${host}:${port} only`];
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal)
    .map((i) => `http://${i?.address}:${port}`);
  return [
    `  listening on every network interface${lan.length ? `: phones in the room use ${lan.join(', ')}` : ''}`,
    '  (HOST=127.0.0.1 keeps it on this computer only)',
  ];
}
