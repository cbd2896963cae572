// npm run backup [-- FILE]: one archive of the installation (database, uploads, secrets) that
// `npm run restore` rebuilds. Reads the same environment as the server (DATABASE_URL, DATA_DIR).
// On the embedded database, a running server writes the archive itself (it owns the database's files:
// server/ops/control.ts); with no server running, this process claims them and writes it.
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { type Manifest, sizeOf, writeBackup } from '../server/ops/backup.js';
import { type Claim, claimDataDir, DataDirBusy, requestBackup } from '../server/ops/control.js';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(
  process.argv[2] ?? path.join(config.DATA_DIR, 'backups', `classe-raid-${stamp}.zip`),
);
const dataDir = path.resolve(config.DATA_DIR);

function done(m: Manifest, by: string) {
  const rows = Object.values(m.tables).reduce((a, t) => a + t.rows, 0);
  console.log(
    `Backup written${by}: ${out} (${sizeOf(out)}; ${rows} rows in ${Object.keys(m.tables).length} tables, ${m.files} files, secrets). It holds pupils' personal data: keep it as private as the server.`,
  );
}

let claim: Claim | null = null;
try {
  if (!config.DATABASE_URL) {
    const m = await requestBackup(dataDir, out);
    if (m) {
      done(m, ' by the running server');
      process.exit(0);
    }
    claim = await claimDataDir(dataDir, 'a backup');
  }
} catch (err) {
  console.error(
    err instanceof DataDirBusy ? err.message : `The backup was not written: ${(err as Error).message}`,
  );
  process.exit(1);
}
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    migrate: false,
  });
} catch (err) {
  console.error(`Cannot open the database (${(err as Error).message}).`);
  await claim?.close();
  process.exit(1);
}
try {
  done(
    await writeBackup({
      database,
      dataDir,
      secrets: { AUTH_SECRET: config.AUTH_SECRET, ENCRYPTION_KEY: config.ENCRYPTION_KEY },
      out,
    }),
    '',
  );
} finally {
  await database.close();
  await claim?.close();
}
