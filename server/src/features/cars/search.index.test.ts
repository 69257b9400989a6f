import type { SearchCarsResponse } from '@roam/contract/cars';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { bookings, carLocations, cars, fleetVersion, runTimeSettings, users } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow } from '#test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { SearchIndex } from './search.index.ts';

// The search's in-memory index follows whatever writes the database: another process, a script, psql.
// Each test writes with plain SQL, never through the app, and reads through a search or a second index — what a
// second server process would hold.

const C = DEMO_IDS.cars;
const L = DEMO_IDS.locations;
const day = 24 * 3600_000;

describe('the search index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let nextWeek = 0;
  /** A period of its own per test (weeks apart from 2028 on), so that tests do not see each other's bookings. */
  function period() {
    const start = Date.parse('2028-01-03T09:00:00Z') + nextWeek++ * 7 * day;
    return { start, end: start + 2 * day };
  }
  const booking = (p: { start: number; end: number }, overrides: Partial<typeof bookings.$inferInsert> = {}) =>
    bookingRow({ pickupAt: new Date(p.start), dropoffAt: new Date(p.end) }, overrides);
  async function search(p: { start: number; end: number }) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-cars/1/100',
      payload: {
        pickupLocationId: L.parisCdg,
        dropoffLocationId: L.parisCdg,
        pickupAt: new Date(p.start).toISOString(),
        dropoffAt: new Date(p.end).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchCarsResponse;
  }
  const clio = async (p: { start: number; end: number }) => (await search(p)).results.find((car) => car._id === C.clio);

  it('sees bookings inserted, released and deleted by anyone since its last look', async () => {
    const other = new SearchIndex(t.db);
    const p = period();
    const blocked = () => other.current().then(() => other.isBlocked(C.clio, p.start, p.end, Date.now()));
    expect(await blocked()).toBe(false);

    const [first] = await t.db.insert(bookings).values(booking(p)).returning({ id: bookings.id });
    expect(await blocked()).toBe(true);
    expect(await clio(p)).toBeUndefined();

    // Released (cancelled): the update is seen.
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', blocksCar: false })
      .where(eq(bookings.id, first?.id ?? ''));
    expect(await blocked()).toBe(false);
    expect(await clio(p)).toBeDefined();

    // Deleted while still blocking (a cascade from the car's supplier would do it): the tombstone is seen.
    const [second] = await t.db.insert(bookings).values(booking(p)).returning({ id: bookings.id });
    expect(await blocked()).toBe(true);
    await t.db.delete(bookings).where(eq(bookings.id, second?.id ?? ''));
    expect(await blocked()).toBe(false);
    expect(await clio(p)).toBeDefined();
  });

  it('a hold blocks until it expires, without any write', async () => {
    const p = period();
    const index = new SearchIndex(t.db);
    await t.db.insert(bookings).values(booking(p, { status: 'void', holdExpiresAt: new Date(Date.now() + 60_000) }));
    await index.current();
    expect(index.isBlocked(C.clio, p.start, p.end, Date.now())).toBe(true);
    expect(index.isBlocked(C.clio, p.start, p.end, Date.now() + 61_000)).toBe(false);
  });

  it('finds the overlapping booking among many of one car, whatever their order of arrival', async () => {
    const { start } = period();
    nextWeek += 2; // this test uses three weeks
    const at = (days: number) => start + days * day;
    const index = new SearchIndex(t.db);
    // Written out of order: a later booking, a lapsed hold between, an earlier booking.
    await t.db.insert(bookings).values(booking({ start: at(8), end: at(9) }));
    await t.db
      .insert(bookings)
      .values(booking({ start: at(5), end: at(7) }, { status: 'void', holdExpiresAt: new Date(Date.now() - 1000) }));
    await t.db.insert(bookings).values(booking({ start: at(1), end: at(3) }));
    await index.current();
    const blocked = (from: number, to: number) => index.isBlocked(C.clio, at(from), at(to), Date.now());
    expect(blocked(2, 4)).toBe(true);
    expect(blocked(3, 5)).toBe(false); // touches the first booking's end and the lapsed hold's start
    expect(blocked(4, 6.5)).toBe(false); // inside the lapsed hold only
    expect(blocked(6, 8.5)).toBe(true);
    expect(blocked(0, 20)).toBe(true);
    expect(blocked(9, 20)).toBe(false);
    expect(blocked(-5, 1)).toBe(false);
  });

  it('holds the bookings not ended a day before now: an earlier one cannot hide a car, a long one spanning now blocks', async () => {
    const ended = period();
    const { start } = period();
    nextWeek += 3; // the long booking runs three weeks on
    const long = { start, end: start + 25 * day };
    await t.db.insert(bookings).values(booking(ended));
    await t.db.insert(bookings).values(booking(long));
    const now = long.start + 10 * day;
    // 'Now' ten days into the long booking: the first ended 20 days before, outside the window a search can reach.
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      const index = new SearchIndex(t.db);
      await index.current();
      expect(index.isBlocked(C.clio, ended.start, ended.end, now)).toBe(false);
      expect(index.isBlocked(C.clio, now + day, now + 2 * day, now)).toBe(true);
      expect(index.isBlocked(C.clio, long.end, long.end + day, now)).toBe(false);
      // Ended 12 hours ago: still within the day kept.
      await t.db.insert(bookings).values(booking({ start: long.end, end: long.end + day }));
      vi.setSystemTime(long.end + day + 12 * 3600_000);
      const later = new SearchIndex(t.db);
      await later.current();
      expect(later.isBlocked(C.clio, long.end, long.end + day, Date.now())).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reloads the fleet when a car, a place or a supplier changes, not when a driver edits a profile', async () => {
    const p = period();
    const before = await clio(p);
    await t.db
      .update(cars)
      .set({ dailyPrice: sql`${cars.dailyPrice} + 1000`, discountedDailyPrice: null })
      .where(eq(cars.id, C.clio));
    const repriced = await clio(p);
    expect(repriced?.dailyPrice).toBe((before?.dailyPrice ?? 0) + 1000);
    expect(repriced?.price.total).toBeGreaterThan(before?.price.total ?? 0);

    await t.db.update(users).set({ fullName: 'Azur Coast Rentals' }).where(eq(users.id, DEMO_IDS.suppliers.azurCoast));
    expect((await clio(p))?.supplier.fullName).toBe('Azur Coast Rentals');

    const version = async () => (await t.db.select().from(fleetVersion))[0]?.version;
    const unchanged = await version();
    await t.db.update(users).set({ fullName: 'Jonas Berg', bio: 'Driver' }).where(eq(users.id, DEMO_IDS.users.driver));
    expect(await version()).toBe(unchanged);
  });

  it('reads again only the car that changed — an edit, a new car at a place, a deletion —, the whole fleet on a supplier’s change', async () => {
    const index = new SearchIndex(t.db);
    const entryOf = async (id: string) => (await index.current()).cars.find((entry) => entry.car._id === id);
    const clioBefore = await entryOf(C.clio);
    const other = (await index.current()).cars.find((entry) => entry.car._id !== C.clio);
    const loads = index.fleetLoads;

    await t.db
      .update(cars)
      .set({ seats: sql`${cars.seats} + 1` })
      .where(eq(cars.id, C.clio));
    expect((await entryOf(C.clio))?.car.seats).toBe((clioBefore?.car.seats ?? 0) + 1);

    const [row] = await t.db.select().from(cars).where(eq(cars.id, C.clio));
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = row!;
    const [added] = await t.db
      .insert(cars)
      .values({ ...fields, name: 'Renault Zoe', licensePlate: null })
      .returning({ id: cars.id });
    const addedId = added?.id ?? '';
    await t.db.insert(carLocations).values({ carId: addedId, locationId: L.parisCdg });
    const fleet = await index.current();
    expect(fleet.places.get(L.parisCdg)?.cars.some((entry) => entry.car._id === addedId)).toBe(true);
    const ids = fleet.cars.map((entry) => entry.car._id);
    expect(ids).toEqual([...ids].sort());
    expect(fleet.cars.map((entry) => entry.ordinal)).toEqual(ids.map((_, i) => i));
    // Every other car is the object it was: only the changed ones were read.
    expect((await entryOf(other?.car._id ?? ''))?.car).toBe(other?.car);

    await t.db.update(cars).set({ deletedAt: new Date() }).where(eq(cars.id, addedId));
    expect(await entryOf(addedId)).toBeUndefined();
    expect((await index.current()).places.get(L.parisCdg)?.cars.some((entry) => entry.car._id === addedId)).toBe(false);
    expect(index.fleetLoads).toBe(loads);

    // What every card of a supplier shows: the whole fleet is read again.
    await t.db.update(users).set({ fullName: 'Azur Coast Cars' }).where(eq(users.id, DEMO_IDS.suppliers.azurCoast));
    await index.current();
    expect(index.fleetLoads).toBe(loads + 1);
  });

  it('applies the booking rules anyone sets from its next search: they come with its look at the database', async () => {
    const p = period(); // two days
    const searchOf = (when: { start: number; end: number }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/search-cars/1/5',
        payload: {
          pickupLocationId: L.parisCdg,
          dropoffLocationId: L.parisCdg,
          pickupAt: new Date(when.start).toISOString(),
          dropoffAt: new Date(when.end).toISOString(),
        },
      });
    expect((await searchOf(p)).statusCode).toBe(200);
    // Written by another process (plain SQL): rentals of one day at most.
    await t.db.insert(runTimeSettings).values({ key: 'maxRentalDays', value: 1 });
    const refused = await searchOf(p);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.dropoffAt).toBeDefined();
    expect((await searchOf({ start: p.start, end: p.start + day })).statusCode).toBe(200);
    await t.db.delete(runTimeSettings).where(eq(runTimeSettings.key, 'maxRentalDays'));
    expect((await searchOf(p)).statusCode).toBe(200);
  });

  it('after an idle hour reloads every booking, and its searches still see the bookings that follow', async () => {
    const p = period();
    expect(await clio(p)).toBeDefined();
    // Two hours on: the next look reloads every booking instead of reading what changed.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600_000 });
    try {
      expect(await clio(p)).toBeDefined();
      await t.db.insert(bookings).values(booking(p));
      expect(await clio(p)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers searches that arrive together from one look, each seeing what was committed before it', async () => {
    const p = period();
    const index = new SearchIndex(t.db);
    await index.current();
    await t.db.insert(bookings).values(booking(p));
    const looksBefore = index.looks;
    await Promise.all(Array.from({ length: 20 }, () => index.current()));
    // The first starts a look; the 19 that arrive while it runs share the one after it.
    expect(index.looks - looksBefore).toBe(2);
    expect(index.isBlocked(C.clio, p.start, p.end, Date.now())).toBe(true);
  });

  // PGlite only: its one writer is the server, which the database tells of each committed write (migration 0007).
  describe.runIf(!inject('postgresTemplate'))('on PGlite', () => {
    it('asks the database nothing until a write is committed, then sees it', async () => {
      const follow = t.app.database.onSearchChange;
      if (!follow) throw new Error('PGlite offers change notifications');
      const p = period();
      const index = new SearchIndex(t.db);
      await index.follow(follow);
      await index.current();
      const looks = index.looks;
      for (let i = 0; i < 5; i++) await index.current();
      expect(index.looks).toBe(looks);
      // Inside an open transaction nothing is announced; at its commit, the next search looks.
      await t.db.transaction(async (tx) => {
        await tx.insert(bookings).values(booking(p));
      });
      await index.current();
      expect(index.looks).toBe(looks + 1);
      expect(index.isBlocked(C.clio, p.start, p.end, Date.now())).toBe(true);
      await index.current();
      expect(index.looks).toBe(looks + 1);
    });
  });

  it("is the app's own, and closing it stops following the database and lets go of the fleet", async () => {
    const sibling = await t.sibling();
    expect(sibling.context.searchIndex).not.toBe(t.app.context.searchIndex);
    const closing = vi.spyOn(sibling.context.searchIndex, 'close');
    await sibling.close();
    expect(closing).toHaveBeenCalledOnce();
    let stopped = 0;
    const index = new SearchIndex(t.db);
    await index.follow(async () => async () => {
      stopped += 1;
    });
    await index.current();
    const looks = index.looks;
    await index.current();
    expect(index.looks).toBe(looks);
    await index.close();
    expect(stopped).toBe(1);
    // Closed, it no longer trusts notifications: a later call looks at the database again.
    await index.current();
    expect(index.looks).toBe(looks + 1);
  });

  // Two connections at once exist only on PostgreSQL (PGlite runs one transaction at a time), so this runs in the
  // server-pg project: a booking whose transaction is still open at a look is read at the next look, committed.
  describe.runIf(Boolean(inject('postgresTemplate')))('on PostgreSQL', () => {
    it('reads a booking committed after a look that started while its transaction was open', async () => {
      const p = period();
      const index = new SearchIndex(t.db);
      await index.current();
      await t.db.transaction(async (tx) => {
        // A transaction id older than the inserting one, still running: the look's snapshot cannot include it.
        await tx.insert(bookings).values(booking(p));
        await index.current();
        expect(index.isBlocked(C.clio, p.start, p.end, Date.now())).toBe(false);
      });
      await index.current();
      expect(index.isBlocked(C.clio, p.start, p.end, Date.now())).toBe(true);
    });
  });
});
