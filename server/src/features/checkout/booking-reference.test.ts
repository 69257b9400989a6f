import { REFERENCE_ALPHABET } from '@roam/contract/bookings';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { bookingRow, checkoutBody, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Every booking has a short human reference — 8 characters without I, L, O, 0 and 1, drawn at
// random by the database whoever inserts the row, unique (the index refuses a repeat, and checkout draws again).

const REFERENCE = new RegExp(`^[${REFERENCE_ALPHABET}]{8}$`);

describe('booking references', () => {
  let t: TestApp;
  let driver: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  it('are 8 unambiguous characters, different for each booking, also for a row inserted by other code', async () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[ILO01]/);
    const rows = await t.db
      .insert(bookings)
      .values(Array.from({ length: 200 }, (_, i) => bookingRow(period(400 + 3 * i, 2), { status: 'cancelled' })))
      .returning({ reference: bookings.reference });
    for (const { reference } of rows) expect(reference).toMatch(REFERENCE);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(200);
  });

  it('the index refuses a repeat, and a checkout that draws a taken reference draws again', async () => {
    const [taken] = await t.db
      .insert(bookings)
      .values(bookingRow(period(300, 2), { status: 'cancelled' }))
      .returning({ reference: bookings.reference });
    const repeat = t.db
      .insert(bookings)
      .values(bookingRow(period(303, 2), { status: 'cancelled', reference: taken!.reference }));
    await expect(repeat).rejects.toThrow();
    // The database's draw answers the taken reference once, then draws at random again.
    const original = await t.db.execute(sql`select pg_get_functiondef('booking_reference'::regproc) as def`);
    const definition = (original as unknown as { rows: { def: string }[] }).rows[0]!.def;
    await t.db.execute(sql.raw(`create sequence reference_draws`));
    await t.db.execute(
      sql.raw(`create or replace function booking_reference() returns varchar language sql volatile as $$
        select case when nextval('reference_draws') = 1 then '${taken!.reference}'
          else (select string_agg(substr('${REFERENCE_ALPHABET}', 1 + floor(random() * 31)::int, 1), '')
            from generate_series(1, 8)) end $$`),
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: driver,
        payload: checkoutBody({}, 20),
      });
      expect(res.statusCode).toBe(201);
      const reference = res.json().summary.reference;
      expect(reference).toMatch(REFERENCE);
      expect(reference).not.toBe(taken!.reference);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().bookingId));
      expect(row!.reference).toBe(reference);
    } finally {
      await t.db.execute(sql.raw(definition));
      await t.db.execute(sql.raw('drop sequence reference_draws'));
    }
  });
});
