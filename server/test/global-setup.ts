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

/** The PostgreSQL template database, migrated and seeded. */
async function makePostgresTemplate(postgresUrl: string): Promise<void> {
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
}

/** The PGlite template: a file holding the dump of its data directory. */
async function makePgliteTemplate(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateDatabase(database);
  await seedDemoData(database.db, 'low');
  // A dump of a running PGlite is a crashed data directory: without a checkpoint, every test app (one per file, more
  // in some) replayed the seed's write-ahead log on opening its copy, ~0.1 s of CPU each (~12 % of opening it).
  // Each test app copies the whole data directory (server/test/test-app.ts), ~1 s of CPU per app, ~290 apps a run: the
  // copy's half of the files were PostgreSQL's template0 and template1 (~15 MB), which PGlite's one database never
  // uses — nothing creates a database from them; PostgreSQL's template (above) keeps its own.
  for (const name of ['template0', 'template1']) {
    await database.db.execute(sql.raw(`ALTER DATABASE ${name} IS_TEMPLATE false`));
    await database.db.execute(sql.raw(`DROP DATABASE ${name}`));
  }
  await database.db.execute(sql`CHECKPOINT`);
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'roam-test-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/**
 * vitest runs the projects' global set-ups one after the other and starts no test before the last has ended: the
 * first set-up starts both templates the run needs, so the PostgreSQL one is made beside the PGlite one (the database
 * server is another process, on the other core), and each set-up waits for its own. Kept on globalThis: each project
 * may load this module on its own. A failure is reported where it is awaited, not as an unhandled rejection before.
 */
const run = globalThis as typeof globalThis & {
  roamTemplates?: { pglite?: Promise<string>; postgres?: Promise<void> };
};
function templates(project: TestProject, postgresUrl: string | undefined) {
  if (!run.roamTemplates) {
    const names = new Set(project.vitest.projects.map((each) => each.name));
    const made = {
      pglite: names.has('server') ? makePgliteTemplate() : undefined,
      postgres: postgresUrl && names.has('server-pg') ? makePostgresTemplate(postgresUrl) : undefined,
    };
    for (const promise of Object.values(made)) promise?.catch(() => {});
    run.roamTemplates = made;
  }
  return run.roamTemplates;
}

/**
 * Migrates and seeds once; every test file then starts from a copy of this database (docs/architecture.md §6). The
 * demo accounts' passwords are hashed at the `low` cost the test apps use (test-app.ts says why).
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const made = templates(project, postgresUrl);
  if (postgresUrl && project.name === 'server-pg') {
    await (made.postgres ?? makePostgresTemplate(postgresUrl));
    project.provide('postgresTemplate', postgresUrl);
    project.provide('pgliteTemplate', '');
    return;
  }
  const file = await (made.pglite ?? makePgliteTemplate());
  project.provide('postgresTemplate', null);
  project.provide('pgliteTemplate', file);
  return () => rmSync(path.dirname(file), { recursive: true, force: true });
}
