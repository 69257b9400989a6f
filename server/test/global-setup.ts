import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** Migrates and seeds once; every test file then starts from a copy of this database (docs/architecture.md §6). */
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
    await seedDemoData(database.db);
    await database.close();
    project.provide('postgresTemplate', postgresUrl);
    project.provide('pgliteTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('postgresTemplate', null);
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateDatabase(database);
  await seedDemoData(database.db);
  const dump = await database.dump!();
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
