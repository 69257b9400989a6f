import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

// PGlite runs PostgreSQL in one process without its background workers: no autovacuum, so nothing ever sets a table's
// visibility map or refreshes its statistics. An index-only scan then reads every row's heap page anyway (the
// dashboard's count of the day's movements, built on covering indexes: 2.7k heap pages for the admin's day on the
// 10k / 200k bench dataset), and dead rows are never reclaimed. The server does the daemon's work itself: once at
// start, before it listens, and then every hour. A pass skips the pages already all-visible, so after the first it
// costs the rows written since the last one. On PostgreSQL autovacuum does it: nothing to do.

/** How often the server vacuums its PGlite database after the pass at start. */
export const PGLITE_VACUUM_EVERY_MS = 3600_000;

/** One pass over every table: VACUUM (the visibility map, dead rows) and ANALYZE (the planner's statistics). */
export async function vacuumPglite(database: Pick<Database, 'db' | 'kind'>): Promise<void> {
  if (database.kind !== 'pglite') return;
  await database.db.execute(sql`vacuum (analyze)`);
}
