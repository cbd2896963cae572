// npm run backup [-- FILE]: one archive of the installation (database, uploads, secrets) that
// `npm run restore` rebuilds. Reads the same environment as the server (DATABASE_URL, DATA_DIR).
// On the embedded database, stop the server first: PGlite's files belong to one process at a time.
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { sizeOf, writeBackup } from '../server/ops/backup.js';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(
  process.argv[2] ?? path.join(config.DATA_DIR, 'backups', `classe-raid-${stamp}.zip`),
);
const dataDir = path.resolve(config.DATA_DIR);
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    migrate: false,
  });
} catch (err) {
  console.error(
    `Cannot open the database (${(err as Error).message}). On the embedded database, stop the server first.`,
  );
  process.exit(1);
}
try {
  const m = await writeBackup({
    database,
    dataDir,
    secrets: { AUTH_SECRET: config.AUTH_SECRET, ENCRYPTION_KEY: config.ENCRYPTION_KEY },
    out,
  });
  const rows = Object.values(m.tables).reduce((a, t) => a + t.rows, 0);
  console.log(
    `Backup written: ${out} (${sizeOf(out)}; ${rows} rows in ${Object.keys(m.tables).length} tables, ${m.files} files, secrets). It holds pupils' personal data: keep it as private as the server.`,
  );
} finally {
  await database.close();
}
