import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { readTogether } from './client.ts';

// A repository that may run in a transaction reads through readTogether: together on the database's pool, one after
// the other in a transaction, whose one connection runs one statement at a time (node-postgres 9 refuses a second).

describe('reads asked together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const events: string[] = [];
  const read = (name: string) => async () => {
    events.push(`${name} asked`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    events.push(`${name} answered`);
    return name;
  };

  it('run together on the database, one after the other in a transaction, each answer in its place', async () => {
    events.length = 0;
    expect(await readTogether(t.db, [read('a'), read('b')])).toEqual(['a', 'b']);
    expect(events).toEqual(['a asked', 'b asked', 'a answered', 'b answered']);

    events.length = 0;
    await t.db.transaction(async (tx) => {
      expect(await readTogether(tx, [read('a'), read('b')])).toEqual(['a', 'b']);
    });
    expect(events).toEqual(['a asked', 'a answered', 'b asked', 'b answered']);
  });

  it('answer a transaction’s statements, a value that is no query included', async () => {
    const [one, two, none] = await t.db.transaction((tx) =>
      readTogether(tx, [() => tx.execute(sql`select 1 as n`), () => tx.execute(sql`select 2 as n`), () => null]),
    );
    const n = (result: unknown) => Number((result as { rows: { n: unknown }[] }).rows[0]?.n);
    expect([n(one), n(two)]).toEqual([1, 2]);
    expect(none).toBeNull();
  });
});
