// Migrates and seeds one template database once; every test file then starts from its own copy
// (PGlite: a dump loaded in memory; PostgreSQL: CREATE DATABASE ... TEMPLATE).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.js';
import { seedDemo, seedReference } from '../../server/db/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

export const PG_TEMPLATE = 'cr_test_template';

export default async function setup(project: TestProject) {
  const work = path.join(os.tmpdir(), `cr-tests-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${PG_TEMPLATE}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await seedReference(database.db);
    await seedDemo(database.db, path.join(work, 'uploads'), { history: false });
    await database.close();
    project.provide('pgTemplateDb', PG_TEMPLATE);
    project.provide('pgliteTemplate', '');
  } else {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await seedReference(database.db);
    await seedDemo(database.db, path.join(work, 'uploads'), { history: false });
    const { PGlite } = await import('@electric-sql/pglite');
    // biome-ignore lint/suspicious/noExplicitAny: reach the PGlite client behind drizzle
    const client = (database.db as any).$client as InstanceType<typeof PGlite>;
    const dump = await client.dumpDataDir('none');
    const file = path.join(work, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    project.provide('pgTemplateDb', '');
  }
  return () => rmSync(work, { recursive: true, force: true });
}
