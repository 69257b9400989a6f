import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { todaysMovements } from '#server/features/dashboard/dashboard.repository.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Today's movements count the day's pick-ups and drop-offs per place from the indexes alone (an index-only scan: at
// 10× the admin's day of drop-offs was 14k heap pages read for a place, a supplier and a status; bench/README.md),
// and read the rows of the first movements shown only. The plan is asked of the database the tests run on, the
// sequential and bitmap scans ruled out (on a demo's few rows the planner reads the table whole).

describe('dashboard: today’s movements read by their indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`vacuum analyze bookings`);
  });
  afterAll(() => t.close());

  it('counts the day’s pick-ups and drop-offs by index-only scans', async () => {
    let statement: SQL | undefined;
    const capture = {
      execute: async (query: SQL) => {
        statement = query;
        return { rows: [] };
      },
    } as unknown as DbOrTx;
    await todaysMovements(capture, null, new Date(), 100);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute(sql`explain ${statement!}`);
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('Index Only Scan using bookings_rental_pickup_money_idx');
    expect(plan).toContain('Index Only Scan using bookings_rental_dropoff_idx');
  });
});
