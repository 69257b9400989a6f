import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A real server on a private copy of the migrated, seeded template database: PGlite by default, PostgreSQL in the
 * `server-pg` project (TEST_DATABASE_URL). Nothing is mocked.
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const postgres = inject('postgresTemplate');
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (postgres) {
    const name = `roam_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE roam_test_template`);
    await admin.end();
    const url = new URL(postgres);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: postgres });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: template });
  }
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
    DATA_DIR: '/tmp/roam-test-data',
    LOG_LEVEL: 'silent',
    // No request leaves the machine: rate-provider tests pass their own local servers.
    RATE_PROVIDERS: 'none',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, webDist: null });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
