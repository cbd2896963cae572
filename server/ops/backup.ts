// A school's whole installation in one archive, and back (issue 25): every table of the database as
// JSON lines written by the database itself (to_jsonb, read back by jsonb_populate_recordset: uuids,
// timestamps, enums, arrays and bytea keep their exact values on both back-ends, and an archive of the
// embedded database restores into PostgreSQL), the uploaded files, and the secrets in effect (without
// ENCRYPTION_KEY the passwords teachers generated cannot be read again). A zip (fflate): tables are
// deflated, images stored as they are.
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Database } from '../db/client.js';
import * as schema from '../db/schema.js';

export const BACKUP_FORMAT = 1;
/** Rows per file of a table: a restore holds one file's rows at a time. */
const ROWS_PER_FILE = 5_000;

export interface Manifest {
  format: number;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The newest migration (drizzle journal's `when`) the database had. */
  migration: number;
  tables: Record<string, { rows: number; files: number }>;
  files: number;
  secrets: boolean;
}

interface TableInfo {
  name: string;
  primaryKey: string[];
  dependsOn: string[];
}

/** The schema's tables, each after the tables its foreign keys point to. */
export function tablesInOrder(): TableInfo[] {
  const infos = new Map<string, TableInfo>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const c = getTableConfig(value);
    const pk = c.columns.filter((col) => col.primary).map((col) => col.name);
    const composite = c.primaryKeys[0]?.columns.map((col) => col.name) ?? [];
    infos.set(c.name, {
      name: c.name,
      primaryKey: pk.length ? pk : composite.length ? composite : c.columns.map((col) => col.name),
      dependsOn: c.foreignKeys
        .map((fk) => getTableConfig(fk.reference().foreignTable).name)
        .filter((n) => n !== c.name),
    });
  }
  const ordered: TableInfo[] = [];
  const seen = new Set<string>();
  const visit = (name: string, trail: Set<string>) => {
    if (seen.has(name)) return;
    if (trail.has(name)) throw new Error(`foreign keys loop through ${name}`);
    const info = infos.get(name);
    if (!info) return;
    trail.add(name);
    for (const dep of info.dependsOn) visit(dep, trail);
    trail.delete(name);
    seen.add(name);
    ordered.push(info);
  };
  for (const name of [...infos.keys()].sort()) visit(name, new Set());
  return ordered;
}

type Executor = Pick<Database['db'], 'execute'>;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer { rows } (node-postgres and PGlite).
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function newestMigration(database: Database): Promise<number> {
  const r = await rows<{ newest: string | number | null }>(
    database.db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  return Number(r[0]?.newest ?? 0);
}

function filesUnder(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full, base);
    return e.isFile() ? [path.relative(base, full).split(path.sep).join('/')] : [];
  });
}

/** Table rows in the database's own JSON, one file per ROWS_PER_FILE rows, in primary-key order. */
async function* tableChunks(db: Executor, t: TableInfo): AsyncGenerator<string[]> {
  const order = sql.join(
    t.primaryKey.map((c) => sql`t.${sql.identifier(c)}`),
    sql`, `,
  );
  for (let offset = 0; ; offset += ROWS_PER_FILE) {
    const chunk = await rows<{ j: string }>(
      db,
      sql`select to_jsonb(t)::text as j from ${sql.identifier(t.name)} t order by ${order} limit ${ROWS_PER_FILE} offset ${offset}`,
    );
    if (chunk.length) yield chunk.map((r) => r.j);
    if (chunk.length < ROWS_PER_FILE) return;
  }
}

export async function writeBackup(opts: {
  database: Database;
  dataDir: string;
  secrets: { AUTH_SECRET: string; ENCRYPTION_KEY: string } | null;
  out: string;
}): Promise<Manifest> {
  const { database } = opts;
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: database.kind,
    migration: await newestMigration(database),
    tables: {},
    files: 0,
    secrets: !!opts.secrets,
  };
  mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
  const stream = createWriteStream(opts.out, { mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let failed: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failed = err;
      stream.destroy(err);
      return;
    }
    stream.write(chunk);
    if (final) stream.end();
  });
  const add = (name: string, data: Uint8Array, store = false) => {
    const entry = store ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(data, true);
  };
  const text = (s: string) => new TextEncoder().encode(s);

  // One snapshot of the whole database: rows that point to each other stay consistent.
  await database.db.transaction(
    async (tx) => {
      for (const t of tablesInOrder()) {
        let n = 0;
        let files = 0;
        for await (const chunk of tableChunks(tx, t)) {
          files += 1;
          n += chunk.length;
          add(`tables/${t.name}/${String(files).padStart(5, '0')}.jsonl`, text(`${chunk.join('\n')}\n`));
        }
        manifest.tables[t.name] = { rows: n, files };
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const uploads = path.join(opts.dataDir, 'uploads');
  for (const rel of filesUnder(uploads)) {
    add(`uploads/${rel}`, readFileSync(path.join(uploads, rel)), true);
    manifest.files += 1;
  }
  if (opts.secrets) add('secrets.json', text(`${JSON.stringify(opts.secrets, null, 2)}\n`));
  add('manifest.json', text(`${JSON.stringify(manifest, null, 2)}\n`));
  zip.end();
  await done;
  if (failed) throw failed;
  return manifest;
}

export class RestoreError extends Error {}

/**
 * Rebuilds an installation from an archive: its database (migrated by this build, and empty unless
 * `force`, which empties it first), its uploads and its secrets (written to DATA_DIR/secrets.json;
 * an existing different file is refused unless `force`).
 */
export async function restoreBackup(opts: {
  database: Database;
  dataDir: string;
  archive: string;
  force?: boolean;
}): Promise<Manifest> {
  const { database } = opts;
  const data = readFileSync(opts.archive);
  const read = (name: string): Uint8Array | undefined =>
    unzipSync(data, { filter: (f) => f.name === name })[name];
  const manifestFile = read('manifest.json');
  if (!manifestFile)
    throw new RestoreError(`${opts.archive} is not a Classe Raid backup (no manifest.json).`);
  const manifest = JSON.parse(new TextDecoder().decode(manifestFile)) as Manifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreError(
      `backup format ${manifest.format} is not read by this version (${BACKUP_FORMAT}).`,
    );
  const ours = await newestMigration(database);
  if (manifest.migration > ours)
    throw new RestoreError('the backup comes from a newer version of Classe Raid: upgrade this one first.');

  const tables = tablesInOrder();
  const secretsFile = path.join(opts.dataDir, 'secrets.json');
  const secrets = read('secrets.json');
  if (secrets && existsSync(secretsFile) && !opts.force) {
    const same = readFileSync(secretsFile).equals(Buffer.from(secrets));
    if (!same)
      throw new RestoreError(
        `${secretsFile} holds other secrets: restore into a new DATA_DIR (or pass --force to replace them).`,
      );
  }
  const counts = await rows<{ name: string; n: number }>(
    database.db,
    sql.join(
      tables.map((t) => sql`select ${t.name} as name, count(*)::int as n from ${sql.identifier(t.name)}`),
      sql` union all `,
    ),
  );
  const used = counts.filter((c) => Number(c.n) > 0).map((c) => c.name);
  if (used.length && !opts.force)
    throw new RestoreError(
      `the database is not empty (${used.slice(0, 5).join(', ')}…): restore into an empty one (or pass --force to erase it).`,
    );

  await database.db.transaction(async (tx) => {
    if (used.length)
      await tx.execute(
        sql`truncate ${sql.join(
          tables.map((t) => sql.identifier(t.name)),
          sql`, `,
        )} cascade`,
      );
    for (const t of tables) {
      const files = manifest.tables[t.name]?.files ?? 0;
      const columns = new Set(
        (
          (await tx.execute(
            sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${t.name}`,
          )) as unknown as { rows: { column_name: string }[] }
        ).rows.map((r) => r.column_name),
      );
      for (let i = 1; i <= files; i++) {
        const file = read(`tables/${t.name}/${String(i).padStart(5, '0')}.jsonl`);
        if (!file) throw new RestoreError(`the backup lacks a part of ${t.name}.`);
        const lines = new TextDecoder().decode(file).split('\n').filter(Boolean);
        // Columns the backup has and this version keeps; a column added since takes its default.
        const keys = Object.keys(JSON.parse(lines[0]) as object).filter((k) => columns.has(k));
        const cols = sql.join(
          keys.map((k) => sql.identifier(k)),
          sql`, `,
        );
        await tx.execute(
          sql`insert into ${sql.identifier(t.name)} (${cols}) select ${cols} from jsonb_populate_recordset(null::${sql.identifier(t.name)}, ${`[${lines.join(',')}]`}::jsonb)`,
        );
      }
    }
  });

  const uploads = path.join(opts.dataDir, 'uploads');
  const entries = unzipSync(data, { filter: (f) => f.name.startsWith('uploads/') && !f.name.endsWith('/') });
  for (const [name, content] of Object.entries(entries)) {
    const target = path.resolve(uploads, name.slice('uploads/'.length));
    // An archive's names never leave DATA_DIR/uploads.
    if (!target.startsWith(`${path.resolve(uploads)}${path.sep}`))
      throw new RestoreError(`the backup names a file outside uploads: ${name}`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  if (secrets) {
    mkdirSync(opts.dataDir, { recursive: true });
    writeFileSync(secretsFile, secrets, { mode: 0o600 });
  }
  return manifest;
}

/** A file's size in a human unit (the scripts' messages). */
export const sizeOf = (file: string) => `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
