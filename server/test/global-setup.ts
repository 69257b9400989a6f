import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { seedDemoData } from '#server/db/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export const POSTGRES_TEMPLATE_DB = 'roam_test_template';

/**
 * Migrates and seeds once; every test file then starts from a copy of this database (docs/architecture.md §6). The
 * demo accounts' passwords are hashed at the `low` cost the test apps use (test-app.ts says why).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'roam-test-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl && project.name === 'server-pg') {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${POSTGRES_TEMPLATE_DB}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await migrateDatabase(database);
    await seedDemoData(database.db, 'low');
    await database.close();
    project.provide('postgresTemplate', postgresUrl);
    project.provide('pgliteTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('postgresTemplate', null);
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateDatabase(database);
  await seedDemoData(database.db, 'low');
  // A dump of a running PGlite is a crashed data directory: without a checkpoint, every test app (one per file, more
  // in some) replayed the seed's write-ahead log on opening its copy, ~0.1 s of CPU each (~12 % of opening it).
  await database.db.execute(sql`CHECKPOINT`);
  const dump = await database.dump!();
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
