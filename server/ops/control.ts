// The embedded database's one owner (issue 25). PGlite's files belong to one process at a time: two
// processes opening DATA_DIR/pglite together corrupt it. So whoever opens them (the server,
// `npm run backup`, `npm run restore`) first claims DATA_DIR's control socket, a Unix socket readable
// by the files' owner only; a second process finds it answering and leaves the files alone. The
// running server also answers `npm run backup` through it: the archive is written by the process that
// owns the database, while it serves, so a nightly backup needs no stop.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Manifest } from './backup.js';

export const CONTROL_SOCKET = 'control.sock';
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

/** Another process holds the embedded database of this DATA_DIR. */
export class DataDirBusy extends Error {}

/** DATA_DIR/control.sock, or, for a DATA_DIR too deep for a socket path, one in the system's tmp. */
export function controlPath(dataDir: string): string {
  const full = path.join(path.resolve(dataDir), CONTROL_SOCKET);
  if (full.length <= MAX_SOCKET_PATH) return full;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `classe-raid-${hash}.sock`);
}

/** Whether a live process answers on the socket; a socket file left by a killed process is removed. */
async function ownerAnswers(sock: string): Promise<boolean> {
  if (!existsSync(sock)) return false;
  const answered = await new Promise<boolean>((resolve) => {
    const c = net.connect(sock);
    const done = (v: boolean) => {
      c.destroy();
      resolve(v);
    };
    c.once('connect', () => done(true));
    c.once('error', () => done(false));
    c.setTimeout(2_000, () => done(true));
  });
  if (!answered) rmSync(sock, { force: true });
  return answered;
}

export interface Claim {
  /** What the owner does when `npm run backup` asks it for an archive at `out`. */
  onBackup(write: (out: string) => Promise<Manifest>): void;
  close(): Promise<void>;
}

/**
 * Claims the embedded database of `dataDir` for this process, or throws DataDirBusy when another
 * process holds it. `role` is what the other process is told ("the server", "a backup").
 */
export async function claimDataDir(dataDir: string, role: string): Promise<Claim> {
  const sock = controlPath(dataDir);
  const busy = () =>
    new DataDirBusy(
      `Another process (a server, a backup or a restore) uses the embedded database in ${path.resolve(dataDir)}.`,
    );
  if (await ownerAnswers(sock)) throw busy();
  mkdirSync(path.resolve(dataDir), { recursive: true });

  let backup: ((out: string) => Promise<Manifest>) | null = null;
  let running = false;
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/owner') return send(200, { pid: process.pid, role });
    if (req.method !== 'POST' || req.url !== '/backup') return send(404, { error: 'not found' });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      raw += d;
      if (raw.length > 4096) req.destroy();
    });
    req.on('end', async () => {
      let out: unknown;
      try {
        out = (JSON.parse(raw) as { out?: unknown }).out;
      } catch {
        out = null;
      }
      if (typeof out !== 'string' || !path.isAbsolute(out) || !out.endsWith('.zip'))
        return send(400, { error: 'the archive must be an absolute path ending in .zip' });
      if (!backup) return send(409, { error: `${role} holds the database and cannot write a backup now` });
      if (running) return send(409, { error: 'a backup is already being written' });
      running = true;
      try {
        send(200, { manifest: await backup(out) });
      } catch (err) {
        send(500, { error: (err as Error).message });
      } finally {
        running = false;
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? busy() : err));
    server.listen(sock, () => resolve());
  });
  chmodSync(sock, 0o600);
  return {
    onBackup(write) {
      backup = write;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(sock, { force: true });
      }),
  };
}

/**
 * Asks the process that holds `dataDir`'s embedded database to write a backup to `out`. Null when no
 * process holds it (the caller may then open the files itself); throws with the owner's reason when it
 * refuses.
 */
export async function requestBackup(dataDir: string, out: string): Promise<Manifest | null> {
  const sock = controlPath(dataDir);
  if (!(await ownerAnswers(sock))) return null;
  const body = JSON.stringify({ out: path.resolve(out) });
  return new Promise<Manifest>((resolve, reject) => {
    const req = http.request(
      {
        socketPath: sock,
        method: 'POST',
        path: '/backup',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          raw += d;
        });
        res.on('end', () => {
          try {
            const answer = JSON.parse(raw) as { manifest?: Manifest; error?: string };
            if (res.statusCode === 200 && answer.manifest) resolve(answer.manifest);
            else reject(new Error(answer.error ?? `the server answered ${res.statusCode}`));
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
