// npm run backup / npm run restore (issue 25): an installation's database, uploads and secrets go into
// one archive and come back, identical, into an empty installation, on the back-end this pass runs on.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client.js';
import { RestoreError, restoreBackup, tablesInOrder, writeBackup } from '../../server/ops/backup.js';
import { createTestContext, type TestContext } from './helpers/app.js';

const SECRETS = { AUTH_SECRET: 'a'.repeat(16) + randomUUID(), ENCRYPTION_KEY: 'b'.repeat(16) + randomUUID() };

async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const name = `cr_restore_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Every row of every table, as the database writes it, in primary-key order. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tablesInOrder()) {
    const order = sql.join(
      t.primaryKey.map((c) => sql`t.${sql.identifier(c)}`),
      sql`, `,
    );
    const r = (await database.db.execute(
      sql`select to_jsonb(t)::text as j from ${sql.identifier(t.name)} t order by ${order}`,
    )) as unknown as { rows: { j: string }[] };
    out[t.name] = r.rows.map((x) => x.j);
  }
  return out;
}

describe('backup and restore', () => {
  let source: TestContext;
  let target: { database: Database; drop: () => Promise<void> };
  const work = mkdtempSync(path.join(os.tmpdir(), 'cr-backup-'));
  const archive = path.join(work, 'backup.zip');
  const targetDir = path.join(work, 'restored');
  const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);

  beforeAll(async () => {
    source = await createTestContext();
    // The demo school as seeded, and a question image uploaded.
    mkdirSync(path.join(source.dataDir, 'uploads', 'questions'), { recursive: true });
    writeFileSync(path.join(source.dataDir, 'uploads', 'questions', 'q1.png'), image);
    target = await emptyDatabase();
  });
  afterAll(async () => {
    await source?.close();
    await target?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('rebuilds an empty installation with every table, file and secret identical', async () => {
    const manifest = await writeBackup({
      database: source.database,
      dataDir: source.dataDir,
      secrets: SECRETS,
      out: archive,
    });
    expect(manifest.tables.users.rows).toBeGreaterThan(40);
    expect(manifest.files).toBe(1);

    await restoreBackup({ database: target.database, dataDir: targetDir, archive });
    const [before, after] = [await contents(source.database), await contents(target.database)];
    expect(Object.keys(after).length).toBe(tablesInOrder().length);
    for (const table of Object.keys(before))
      expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    expect(readFileSync(path.join(targetDir, 'uploads', 'questions', 'q1.png')).equals(image)).toBe(true);
    expect(JSON.parse(readFileSync(path.join(targetDir, 'secrets.json'), 'utf8'))).toEqual(SECRETS);
  });

  it('refuses to restore over a database that is not empty, unless forced', async () => {
    await expect(restoreBackup({ database: target.database, dataDir: targetDir, archive })).rejects.toThrow(
      RestoreError,
    );
    await restoreBackup({ database: target.database, dataDir: targetDir, archive, force: true });
    expect(await contents(target.database)).toEqual(await contents(source.database));
  });

  it('refuses a file that is not a backup', async () => {
    const junk = path.join(work, 'junk.zip');
    writeFileSync(junk, 'not a zip at all');
    await expect(
      restoreBackup({ database: target.database, dataDir: targetDir, archive: junk }),
    ).rejects.toThrow();
  });
});
