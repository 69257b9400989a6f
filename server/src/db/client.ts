import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { keepReadPlans } from './pglite-plans.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type features use: PGlite and node-postgres Drizzle databases both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction. */
export type DbOrTx = Db | Tx;

/**
 * The answers of `reads`, asked together on the database (each read takes a connection of the pool), one after the
 * other in a transaction: its one connection runs one statement at a time, and node-postgres 8 queues a second with a
 * deprecation warning where 9 refuses it. What a repository that may run in a transaction uses for Promise.all.
 */
export async function readTogether<T extends readonly unknown[] | []>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => T[K] | PromiseLike<T[K]> },
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const asked = reads as readonly (() => unknown)[];
  let answers: unknown[] = [];
  if (db instanceof PgTransaction) for (const read of asked) answers.push(await read());
  else answers = await Promise.all(asked.map((read) => read()));
  return answers as { -readonly [K in keyof T]: Awaited<T[K]> };
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: a dump of the data directory (test template). */
  dump?(): Promise<Blob>;
  /**
   * PGlite only (the server is its one writer): calls `listener` when a committed write changed what the car search
   * shows (migration 0007), before that write's caller resumes. Resolves to the call that stops it.
   */
  onSearchChange?(listener: () => void): Promise<() => Promise<void>>;
};

// In the bundle (dist/main.js) and in source (src/db/client.ts) the migrations folder sits at server/drizzle.
const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_FOLDER = path.resolve(here, here.endsWith('dist') ? '../drizzle' : '../../drizzle');
const MIGRATION_LOCK_ID = 724_311_001;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      extensions: { btree_gist },
    });
    keepReadPlans(client);
    const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
    // The session asks the triggers of migration 0007 to notify it (before they exist, the setting is inert).
    await client.exec(`set roam.search_notify = 'on'`);
    return {
      db,
      kind: 'pglite',
      close: () => client.close(),
      dump: () => client.dumpDataDir('none') as Promise<Blob>,
      onSearchChange: (listener) => client.listen('roam_search_index', listener),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 20 });
  // An idle connection the server drops (restart, failover, admin termination) must not crash the process: the
  // pool discards it and opens a new one on the next query. Without a listener, `error` would be thrown.
  pool.on('error', (error) => console.error(`database: idle connection lost (${error.message})`));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** Runs the committed migrations (docs/architecture.md §2); on PostgreSQL under an advisory lock so N processes can start at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    return;
  }
  const pgDb = database.db as unknown as Parameters<typeof migratePg>[0];
  const pool = (pgDb as unknown as { $client: pg.Pool }).$client;
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(pgDb, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lock.release();
  }
}
