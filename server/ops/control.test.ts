// The embedded database's one owner (issue 25): while a server holds DATA_DIR's PGlite files, no
// other process opens them, and `npm run backup` gets its archive from the server, which keeps serving.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { type Manifest, writeBackup } from './backup.js';
import { type Claim, CONTROL_SOCKET, claimDataDir, DataDirBusy, requestBackup } from './control.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

function manifestOf(file: string): Manifest {
  const entries = unzipSync(readFileSync(file));
  return JSON.parse(new TextDecoder().decode(entries['manifest.json'])) as Manifest;
}

describe('the embedded database has one owner', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cr-ctl-'));
  let owner: Claim | null = null;
  let database: Database;
  let backups = 0;

  beforeAll(async () => {
    owner = await claimDataDir(dir, 'the server');
    // The database this owner serves (in memory: what is tested is the claim on DATA_DIR and the
    // archive the owner writes; migrating files on disk would only make the test slower).
    database = await openDatabase({ pgliteDir: 'memory://' });
    owner.onBackup((out) => {
      backups += 1;
      return writeBackup({ database, dataDir: dir, secrets: null, out });
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await owner?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process while the server holds the files', async () => {
    await expect(claimDataDir(dir, 'a backup')).rejects.toBeInstanceOf(DataDirBusy);
  });

  it('npm run backup gets the archive from the running server, which keeps serving', async () => {
    const out = path.join(dir, 'night.zip');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, NODE_ENV: 'production' };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/backup.ts', out], {
      cwd: root,
      env,
      timeout: 60_000,
    });
    expect(stdout).toContain('by the running server');
    expect(backups).toBe(1);
    const m = manifestOf(out);
    expect(m.database).toBe('pglite');
    expect(Object.keys(m.tables)).toContain('users');
    // The server's own connection still answers.
    const r = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(r.rows[0].one).toBe(1);
  }, 60_000);

  it('refuses an archive path that is not an absolute .zip, and says so', async () => {
    await expect(requestBackup(dir, path.join(dir, 'night.txt'))).rejects.toThrow(/\.zip/);
  });

  it('once the server stops, the socket it leaves does not block the next owner', async () => {
    await owner?.close();
    owner = null;
    expect(await requestBackup(dir, path.join(dir, 'none.zip'))).toBeNull();
    // A process killed without closing leaves its socket file: the next claim clears it.
    writeFileSync(path.join(dir, CONTROL_SOCKET), '');
    const next = await claimDataDir(dir, 'a backup');
    await next.close();
    expect(existsSync(path.join(dir, CONTROL_SOCKET))).toBe(false);
  });

  it('a DATA_DIR too deep for a socket path still has one owner', async () => {
    const deep = path.join(dir, 'd'.repeat(60), 'e'.repeat(60));
    const first = await claimDataDir(deep, 'the server');
    try {
      await expect(claimDataDir(deep, 'a backup')).rejects.toBeInstanceOf(DataDirBusy);
    } finally {
      await first.close();
    }
  });
});
