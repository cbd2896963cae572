// HAProxy (Debian's package) with docs/haproxy.cfg as it is, on this machine's free ports: the
// listen address and the nodes' addresses replaced, a stats page added to watch its health checks.
// Used by `npm run bench -- --haproxy 3` and tests/chaos/haproxy.test.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from './common.js';

export const HAPROXY_BIN = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) =>
  existsSync(p),
);

export interface Balancer {
  url: string;
  statsUrl: string;
  proc: ChildProcess;
  /** Each server's state (UP, DOWN, …) and open connections, as HAProxy sees them. */
  servers(): Promise<Record<string, { status: string; sessions: number }>>;
  /** Resolves when HAProxy's checks see the server (node1, node2…) up. */
  seesUp(name: string, ms?: number): Promise<void>;
  stop(): void;
}

/** docs/haproxy.cfg for nodes on these loopback ports, listening on `listenPort`. */
export function haproxyConfig(nodePorts: number[], listenPort: number, statsPort: number): string {
  let cfg = readFileSync(path.join(ROOT, 'docs/haproxy.cfg'), 'utf8');
  // Within the file descriptors HAProxy will have (two per connection), or it refuses to start.
  const limit = descriptorLimit();
  if (Number.isFinite(limit) && limit > 0)
    cfg = cfg.replace(
      /^(\s*maxconn) (\d+)$/m,
      (_, k: string, n: string) => `${k} ${Math.min(Number(n), Math.floor((limit - 200) / 2))}`,
    );
  cfg = cfg.replace(/^(\s*bind) :80$/m, `$1 127.0.0.1:${listenPort}`);
  // The sample's three servers, or as many as asked (more are copies of the last line).
  const line = /^(\s*server node)(\d+) \S+ cookie node\d+$/gm;
  const lines = [...cfg.matchAll(line)];
  if (!lines.length) throw new Error('docs/haproxy.cfg has no `server nodeN ADDRESS cookie nodeN` line');
  const indent = lines[0][1];
  const servers = nodePorts
    .map((port, i) => `${indent}${i + 1} 127.0.0.1:${port} cookie node${i + 1}`)
    .join('\n');
  cfg = cfg.replace(line, '').replace(/\n+$/, '\n');
  cfg = `${cfg.trimEnd()}\n${servers}\n`;
  if (cfg.includes('10.0.0.')) throw new Error('a sample address was left in the configuration');
  return `${cfg}\nfrontend stats\n    bind 127.0.0.1:${statsPort}\n    stats enable\n    stats uri /stats\n`;
}

/** Descriptors a process started by `sh -c 'ulimit -n …'` gets: up to 100,000 when allowed (root). */
const RAISE = 'ulimit -n 100000 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null';
function descriptorLimit(): number {
  return Number(spawnSync('sh', ['-c', `${RAISE}; ulimit -n`], { encoding: 'utf8' }).stdout.trim());
}

export async function startHaproxy(nodePorts: number[]): Promise<Balancer> {
  if (!HAPROXY_BIN) throw new Error('HAProxy is not installed: apt-get install haproxy (.ci/run does it)');
  const listenPort = await freePort();
  const statsPort = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cr-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(nodePorts, listenPort, statsPort));
  const check = spawnSync(HAPROXY_BIN, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c: ${check.stderr}`);
  const proc = spawn('sh', ['-c', `${RAISE}; exec "$0" -db -f "$1"`, HAPROXY_BIN, file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${listenPort}`;
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
  const servers = async () => {
    const csv = await (await fetch(`${statsUrl};csv`)).text();
    const out: Record<string, { status: string; sessions: number }> = {};
    for (const f of csv.split('\n').map((l) => l.split(','))) {
      // pxname, svname, qcur, qmax, scur (4), …, status (17)
      if (f[0] === 'nodes' && f[1]?.startsWith('node')) out[f[1]] = { status: f[17], sessions: Number(f[4]) };
    }
    return out;
  };
  const seesUp = async (name: string, ms = 20_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const s = await servers().catch(() => ({}) as Record<string, { status: string }>);
      if (s[name]?.status === 'UP') return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`HAProxy did not see ${name} up within ${ms} ms`);
  };
  for (let i = 0; i < nodePorts.length; i++) await seesUp(`node${i + 1}`);
  return {
    url,
    statsUrl,
    proc,
    servers,
    seesUp,
    stop() {
      proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
