// npm run restore -- FILE [--force]: rebuilds an installation from `npm run backup`'s archive, into an
// empty database (DATABASE_URL, or the embedded one in DATA_DIR) and DATA_DIR (uploads, secrets.json).
// --force erases a database that is not empty and replaces other secrets. Run it before the first
// start of the new installation (the server would otherwise generate secrets of its own).
import path from 'node:path';
import { openDatabase } from '../server/db/client.js';
import { RestoreError, restoreBackup } from '../server/ops/backup.js';
import { type Claim, claimDataDir, DataDirBusy } from '../server/ops/control.js';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
// Not loadConfig(): it would generate the secrets the archive brings.
const dataDir = path.resolve(process.env.DATA_DIR || './data');
// The embedded database is rebuilt only while no server (or backup) holds it.
let claim: Claim | null = null;
if (!process.env.DATABASE_URL) {
  try {
    claim = await claimDataDir(dataDir, 'a restore');
  } catch (err) {
    console.error(err instanceof DataDirBusy ? `${err.message} Stop it first.` : err);
    process.exit(1);
  }
}
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: path.join(dataDir, 'pglite'),
});
try {
  const m = await restoreBackup({ database, dataDir, archive: path.resolve(file), force });
  const rows = Object.values(m.tables).reduce((a, t) => a + t.rows, 0);
  console.log(
    `Restored ${rows} rows, ${m.files} files${m.secrets ? ' and the secrets' : ''} from ${m.createdAt}.`,
  );
} catch (err) {
  console.error(err instanceof RestoreError ? `Not restored: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await database.close();
  await claim?.close();
}
