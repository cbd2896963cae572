// Every core of a machine: `WORKERS=N` (or `auto`, or `npm start -- --workers N`) runs one primary
// process that holds the port and N worker processes, each a whole server (server/main.ts). They
// share the live rooms through Redis, as separate machines do. The primary hands each incoming TCP
// connection to a worker (@socket.io/sticky): a request of a Socket.IO session (its `sid`) goes to
// the worker holding that session, as long-polling needs; any other goes to the worker with the
// fewest sessions. The primary reads only the first bytes of a connection; a request with a body is
// relayed over the cluster's channel, and the workers answer with `Connection: close`, so a kept-alive
// connection never carries another session's request to the wrong worker.
//
// SIGTERM (or SIGINT) drains: every worker drains (server/lib/drain.ts: readiness 503, no new session,
// then, after DRAIN_SECONDS, its sockets told to reconnect, what it holds finished), the primary keeps
// answering (readiness probes) until the last worker has gone, then exits. A worker that dies on its
// own is started again.
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:http';
import os from 'node:os';
import sticky from '@socket.io/sticky';
import type { Config } from './config.js';

/** The number of processes WORKERS asks for (`auto`: one per core). */
export function workerCount(value: string): number {
  return value === 'auto' ? os.availableParallelism() : Number(value);
}

/** Why this configuration cannot run several workers, or null. */
export function workersRefusal(
  config: Pick<Config, 'REDIS_URL' | 'DATABASE_URL'>,
  count: number,
): string | null {
  if (count <= 1) return null;
  const missing = [!config.REDIS_URL && 'REDIS_URL', !config.DATABASE_URL && 'DATABASE_URL'].filter(Boolean);
  if (!missing.length) return null;
  return (
    `Cannot start ${count} workers without ${missing.join(' and ')}: the workers share the live rooms ` +
    'through Redis and the data through PostgreSQL (the embedded database and in-memory rooms belong to ' +
    'one process). Set them, or start one process (WORKERS=1).'
  );
}

/** Worker k (1-based) of the primary; 0 in a single process. */
export const workerIndex = () => Number(process.env.CLASSE_RAID_WORKER ?? 0);

export async function runPrimary(config: Config, count: number): Promise<void> {
  // Sticky hands connections and request bytes over the cluster's channel: Buffers need the advanced
  // serialization.
  cluster.setupPrimary({ serialization: 'advanced' });
  const server = createServer();
  sticky.setupMaster(server, { loadBalancingMethod: 'least-connection' });

  let stopping = false;
  const fork = (k: number) => {
    const env: Record<string, string> = { CLASSE_RAID_WORKER: String(k) };
    // Each worker's metrics listener on a port of its own: METRICS_PORT, +1, +2…
    if (config.METRICS_PORT) env.METRICS_PORT = String(config.METRICS_PORT + k - 1);
    const w = cluster.fork(env);
    slots.set(w, k);
    return w;
  };
  const slots = new Map<Worker, number>();
  const started = Date.now();
  cluster.on('exit', (w, code, signal) => {
    const k = slots.get(w) ?? 0;
    slots.delete(w);
    if (stopping) {
      if (!slots.size) {
        server.close();
        console.log('all workers stopped');
        process.exit(0);
      }
      return;
    }
    console.error(`worker ${k} ended (${signal ?? `exit code ${code}`}); starting it again`);
    // A worker that cannot start at all (configuration, database) would loop: give up after 30 s of it.
    if (Date.now() - started < 30_000 && code !== 0) {
      console.error('a worker failed while starting: stopping');
      stopping = true;
      for (const other of slots.keys()) other.process.kill('SIGTERM');
      if (!slots.size) process.exit(1);
      return;
    }
    setTimeout(() => fork(k), 1_000);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining ${slots.size} workers`);
    for (const w of slots.keys()) w.process.kill('SIGTERM');
    // The workers give themselves DRAIN_SECONDS + 10 s (server/main.ts); past that, they are ended.
    setTimeout(
      () => {
        for (const w of slots.keys()) w.process.kill('SIGKILL');
        process.exit(1);
      },
      (config.DRAIN_SECONDS + 15) * 1000,
    ).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const ready = Array.from(
    { length: count },
    (_, i) =>
      new Promise<void>((resolve) => {
        const w = fork(i + 1);
        const onMessage = (m: unknown) => {
          if ((m as { type?: string })?.type !== 'classe-raid:ready') return;
          w.off('message', onMessage);
          resolve();
        };
        w.on('message', onMessage);
      }),
  );
  await Promise.all(ready);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  console.log(
    `\n  Classe Raid is running on ${config.PUBLIC_URL}: ${count} workers (one process each) on port ${config.PORT}, rooms shared through Redis\n`,
  );
}
