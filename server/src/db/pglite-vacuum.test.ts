import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { vacuumPglite } from './pglite-vacuum.ts';

// PGlite has no autovacuum: until the server's pass, a table's visibility map stays empty and an index-only scan reads
// the heap page of every row it returns (db/pglite-vacuum.ts). A PGlite database of its own, whatever engine the
// suite runs on: the pass is PGlite's.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('PGlite: the server’s vacuum pass', () => {
  let database: Database;
  const plan = async () =>
    rowsOf<{ 'QUERY PLAN': string }>(
      await database.db.execute(
        sql`explain (analyze, costs off, timing off, summary off) select count(*) from moves where at >= 100 and at < 5000`,
      ),
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await database.db.execute(sql`create table moves (id int primary key, at int not null, place int not null)`);
    await database.db.execute(sql`create index moves_at_idx on moves (at) include (place)`);
    await database.db.execute(sql`insert into moves select i, i, i % 37 from generate_series(1, 20000) i`);
    await database.db.execute(sql`analyze moves`);
  });
  afterAll(() => database.close());

  it('sets the visibility map, so an index-only scan reads no heap page', async () => {
    await database.db.execute(sql`set enable_seqscan = off`);
    await database.db.execute(sql`set enable_bitmapscan = off`);
    const before = await plan();
    expect(before).toContain('Index Only Scan using moves_at_idx');
    expect(before).toMatch(/Heap Fetches: [1-9]/);

    await vacuumPglite(database);

    const [table] = rowsOf<{ pages: number; visible: number }>(
      await database.db.execute(
        sql`select relpages as pages, relallvisible as visible from pg_class where relname = 'moves'`,
      ),
    );
    expect(table!.pages).toBeGreaterThan(0);
    expect(table!.visible).toBe(table!.pages);
    expect(await plan()).toContain('Heap Fetches: 0');
  });

  it('leaves a PostgreSQL database to its autovacuum', async () => {
    let asked = false;
    const postgres = {
      kind: 'postgres' as const,
      db: {
        execute: async () => {
          asked = true;
        },
      } as unknown as Database['db'],
    };
    await vacuumPglite(postgres);
    expect(asked).toBe(false);
  });
});
