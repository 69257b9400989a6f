import type { AdminUsersPage } from '@roam/contract/users';
import { and, count, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, userBookingCounts, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The accounts list's rental count is kept by the database as bookings are written (schema-counts.ts, migration
// 0036's triggers, 0041's bulk updates), not counted per page: it must equal the count of the account's rentals after every kind of write.

describe('admin: the accounts list counts rentals as they are written', () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => t.close());

  const listed = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/1/5',
      headers: admin,
      payload: { keyword: email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as AdminUsersPage;
    return page.results.find((row) => row.email === email)?.bookingCount;
  };
  /** What the list showed before the count was kept: the account's rentals counted. */
  const counted = async (userId: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.kind, 'rental'), or(eq(bookings.driverId, userId), eq(bookings.supplierId, userId))));
    return Number(row?.n ?? 0);
  };
  async function newDriver(email: string) {
    const [demo] = await t.db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    const { id: _id, avatarFileId: _a, licenseFileId: _l, ...rest } = demo!;
    const [row] = await t.db
      .insert(users)
      .values({ ...rest, email, fullName: 'Konrad Count' })
      .returning();
    return row!;
  }

  it('equals every account’s rentals counted, after the seed', async () => {
    const kept = await t.db.select().from(userBookingCounts);
    const all = await t.db.select({ id: users.id }).from(users);
    expect(kept.length).toBeGreaterThan(0);
    for (const { id } of all) expect(kept.find((row) => row.userId === id)?.rentals ?? 0, id).toBe(await counted(id));
  });

  it('follows inserts, blocks, a new driver, a status change and deletes', async () => {
    const driver = await newDriver('konrad.count@example.com');
    const supplier = DEMO_ACCOUNTS.supplier.email;
    const supplierBefore = await listed(supplier);
    expect(await listed(driver.email)).toBe(0);

    // Three rentals in one statement, one block (never counted), one rental its supplier drives (counted once).
    const inserted = await t.db
      .insert(bookings)
      .values([
        bookingRow(period(200, 2), { driverId: driver.id }),
        bookingRow(period(203, 2), { driverId: driver.id, status: 'cancelled', blocksCar: false }),
        bookingRow(period(206, 2), { driverId: driver.id }),
        bookingRow(period(209, 2), {
          driverId: DEMO_IDS.suppliers.azurCoast,
          kind: 'block',
          blockReason: 'maintenance',
        }),
        bookingRow(period(212, 2), { driverId: DEMO_IDS.suppliers.azurCoast }),
      ])
      .returning({ id: bookings.id });
    expect(await listed(driver.email)).toBe(3);
    expect(await listed(supplier)).toBe(supplierBefore! + 4);

    // A status change names the same accounts: nothing moves.
    await t.db.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, inserted[0]!.id));
    expect(await listed(driver.email)).toBe(3);
    // The rental handed to another driver: it leaves this one's count for the other's.
    const driverBefore = await listed(DEMO_ACCOUNTS.driver.email);
    await t.db.update(bookings).set({ driverId: DEMO_IDS.users.driver }).where(eq(bookings.id, inserted[2]!.id));
    expect(await listed(driver.email)).toBe(2);
    expect(await listed(DEMO_ACCOUNTS.driver.email)).toBe(driverBefore! + 1);
    // The block turned into a rental (and back) counts, then does not.
    await t.db.update(bookings).set({ kind: 'rental', blockReason: null }).where(eq(bookings.id, inserted[3]!.id));
    expect(await listed(supplier)).toBe(supplierBefore! + 5);
    await t.db
      .update(bookings)
      .set({ kind: 'block', blockReason: 'maintenance' })
      .where(eq(bookings.id, inserted[3]!.id));

    await t.db.delete(bookings).where(sql`${bookings.id} in (${inserted[0]!.id}, ${inserted[1]!.id})`);
    expect(await listed(driver.email)).toBe(0);
    for (const email of [driver.email, supplier, DEMO_ACCOUNTS.driver.email]) {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(await listed(email), email).toBe(await counted(row!.id));
    }
  });

  it('a bulk update of every booking moves only the counts of the rows whose accounts changed', async () => {
    // One statement over every booking (as a tool or a migration writes): the trigger compares the statement's old and
    // new rows as sets, so a row that changed its driver among thousands that did not is found (migration 0041).
    const driver = await newDriver('bulk.count@example.com');
    const [one] = await t.db
      .insert(bookings)
      .values(bookingRow(period(230, 2), { driverId: DEMO_IDS.users.driver }))
      .returning({ id: bookings.id });
    const driverBefore = await listed(DEMO_ACCOUNTS.driver.email);
    await t.db.update(bookings).set({
      driverId: sql`case when ${bookings.id} = ${one!.id} then ${driver.id}::uuid else ${bookings.driverId} end`,
    });
    expect(await listed(driver.email)).toBe(1);
    expect(await listed(DEMO_ACCOUNTS.driver.email)).toBe(driverBefore! - 1);
    const kept = await t.db.select().from(userBookingCounts);
    for (const { userId, rentals } of kept) expect(rentals, userId).toBe(await counted(userId));
  });

  it('lets an account with rentals be deleted with them (its count goes too)', async () => {
    const driver = await newDriver('gone.count@example.com');
    await t.db.insert(bookings).values(bookingRow(period(220, 2), { driverId: driver.id }));
    await t.db.delete(users).where(eq(users.id, driver.id));
    expect(await t.db.select().from(userBookingCounts).where(eq(userBookingCounts.userId, driver.id))).toEqual([]);
    expect(await listed(DEMO_ACCOUNTS.supplier.email)).toBe(await counted(DEMO_IDS.suppliers.azurCoast));
  });
});
