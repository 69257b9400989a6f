import { PGlite, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { isKeptRead, keepReadPlans } from './pglite-plans.ts';
import { users } from './schema.ts';

// PGlite keeps the plans of reads (db/pglite-plans.ts): each read prepared once as a named statement, then bound and
// executed. A PGlite database of its own, whatever engine the suite runs on: the kept plans are PGlite's.

type Prepared = { statement: string; plans: number };

describe('PGlite: the plans of reads are kept', () => {
  let client: PGlite;
  /** PGlite's own query, kept before the plans are: what the kept path must answer alike, and the test's look. */
  let plain: PGlite['query'];
  let plans: ReturnType<typeof keepReadPlans>;
  const prepared = async () =>
    (
      await plain<Prepared>(
        `select statement, (generic_plans + custom_plans)::int as plans from pg_prepared_statements order by prepare_time`,
      )
    ).rows;

  beforeEach(async () => {
    client = await PGlite.create();
    plain = client.query.bind(client);
    plans = keepReadPlans(client, 3);
    await client.exec(`create table cars (id int primary key, name text not null, seen timestamptz, specs jsonb,
      price numeric(10, 2), tags text[])`);
    await client.exec(`insert into cars values (1, 'Clio', '2026-11-30 10:00:00+00', '{"doors": 5}', 41.50, '{a,b}'),
      (2, 'Zoe', null, null, null, '{}')`);
  });
  afterEach(() => client.close());

  it('prepares a read once and executes its plan on every later call', async () => {
    const text = 'select id, name from cars where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'Clio' }]);
    expect((await client.query(text, [2])).rows).toEqual([{ id: 2, name: 'Zoe' }]);
    expect((await client.query(text, [3])).rows).toEqual([]);
    expect(await prepared()).toEqual([{ statement: text, plans: 3 }]);
    expect(plans.kept()).toBe(1);
  });

  it('answers as PGlite’s own query: types, nulls, rows as arrays, the parsers asked for', async () => {
    const text = `select id, name, seen, specs, price, tags, $2::int + 1 as next from cars where id = any($1::int[])
      and (seen is null or seen < $3) order by id`;
    const params = [[1, 2], 41, new Date('2027-01-01T00:00:00Z')];
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      // What Drizzle asks: timestamps as the database's text.
      { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } },
    ]) {
      const kept = await client.query(text, params, options);
      const own = await plain(text, params, options);
      expect(kept).toEqual(own);
    }
    expect((await client.query<{ seen: Date }>(text, params)).rows[0]!.seen).toEqual(new Date('2026-11-30T10:00:00Z'));
    const nulls = await client.query(text, [[2], null, null]);
    expect(nulls).toEqual(await plain(text, [[2], null, null]));
    expect(nulls.rows).toEqual([{ id: 2, name: 'Zoe', seen: null, specs: null, price: null, tags: [], next: null }]);
  });

  it('throws the database’s error with its statement, and the next read is answered', async () => {
    const text = 'select id from cars where id = $1::int';
    await expect(client.query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02', query: text });
    expect((await client.query(text, ['2'])).rows).toEqual([{ id: 2 }]);
    await expect(client.query('select nope from cars')).rejects.toMatchObject({ code: '42703' });
    expect((await client.query('select count(*)::int as n from cars')).rows).toEqual([{ n: 2 }]);
  });

  it('waits for an open transaction to end, then reads what it committed', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into cars (id, name) values (3, 'Twingo')`);
      inserted();
      await held;
      await tx.query(`insert into cars (id, name) values (4, 'Kangoo')`);
    });
    try {
      await insertedYet;
      let answered = false;
      const read = client.query<{ n: number }>('select count(*)::int as n from cars').then((result) => {
        answered = true;
        return result;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      release();
      await transaction;
      expect((await read).rows).toEqual([{ n: 4 }]);
    } finally {
      release();
    }
  });

  it('lets the least recently used statement go when it keeps as many as it may', async () => {
    const reads = ['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 4 as n'];
    await client.query(reads[0]!);
    await client.query(reads[1]!);
    await client.query(reads[2]!);
    await client.query(reads[0]!); // used again: the second is now the oldest
    await client.query(reads[3]!);
    expect((await prepared()).map((row) => row.statement).sort()).toEqual([reads[0], reads[2], reads[3]]);
    expect(plans.kept()).toBe(3);
    expect((await client.query(reads[1]!)).rows).toEqual([{ n: 2 }]);
  });

  it('leaves writes to PGlite', async () => {
    await client.query(`insert into cars (id, name) values ($1, $2)`, [4, 'Kangoo']);
    await client.query(`with gone as (delete from cars where id = $1 returning id) select id from gone`, [4]);
    await client.query(`update cars set name = $1 where id = $2`, ['Clio 5', 1]);
    await client.query(`select id from cars where id = $1 for update`, [1]);
    expect(await prepared()).toEqual([]);
    expect((await client.query('select name from cars where id = $1', [1])).rows).toEqual([{ name: 'Clio 5' }]);
  });

  it('prepares a read again when its table changed under it', async () => {
    const text = 'select * from cars where id = $1';
    expect(Object.keys((await client.query<object>(text, [1])).rows[0]!)).not.toContain('plate');
    await client.exec(`alter table cars add column plate text`);
    expect((await client.query<object>(text, [1])).rows[0]).toMatchObject({ id: 1, plate: null });
    expect(plans.kept()).toBe(1);
  });
});

describe('PGlite: which statements are reads', () => {
  it('keeps a SELECT or WITH … SELECT that writes nothing', () => {
    expect(isKeptRead('select id from cars where id = $1')).toBe(true);
    expect(isKeptRead('  WITH m AS (select 1) SELECT * FROM m')).toBe(true);
    expect(isKeptRead('select updated_at from cars')).toBe(true);
    expect(isKeptRead('insert into cars values (1)')).toBe(false);
    expect(isKeptRead('with x as (update cars set name = $1 returning id) select id from x')).toBe(false);
    expect(isKeptRead('select id from cars for update')).toBe(false);
    expect(isKeptRead(`select nextval('reference_seq')`)).toBe(false);
    expect(isKeptRead('vacuum (analyze)')).toBe(false);
  });
});

describe('PGlite: the server’s database keeps the plans of its reads', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await database.db.execute(sql.raw(`create table users (id uuid primary key, email text not null)`));
  });
  afterAll(() => database.close());

  it('runs a Drizzle read as a kept statement', async () => {
    const read = () => database.db.select({ email: users.email }).from(users).where(eq(users.id, crypto.randomUUID()));
    await read();
    await read();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<Prepared>(
      `select statement, (generic_plans + custom_plans)::int as plans from pg_prepared_statements
        where statement like 'select "email" from "users"%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.plans).toBe(2);
  });
});
