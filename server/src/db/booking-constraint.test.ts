import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { bookings, cars, countries, locations, users } from './schema.ts';

// docs/architecture.md §5: the database itself rejects two car-blocking bookings of one car whose periods overlap.
describe('bookings_no_overlap exclusion constraint', () => {
  let t: TestApp;
  let base: Omit<typeof bookings.$inferInsert, 'pickupAt' | 'dropoffAt' | 'status' | 'blocksCar'>;

  beforeAll(async () => {
    t = await createTestApp();
    const [supplier] = await t.db
      .insert(users)
      .values({ type: 'supplier', email: 'constraint-supplier@test.local', fullName: 'Constraint Cars' })
      .returning();
    const [driver] = await t.db
      .insert(users)
      .values({ email: 'constraint-driver@test.local', fullName: 'Constraint Driver' })
      .returning();
    const [country] = await t.db
      .insert(countries)
      .values({ code: 'ZZ', names: { en: 'Testland' } })
      .returning();
    const [location] = await t.db
      .insert(locations)
      .values({ countryId: country!.id, names: { en: 'Test' }, latitude: 0, longitude: 0, timeZone: 'UTC' })
      .returning();
    const extras = {
      cancellation: -1,
      amendments: 0,
      theftProtection: 900,
      collisionDamageWaiver: 0,
      fullInsurance: -1,
      additionalDriver: 0,
    };
    const [car] = await t.db
      .insert(cars)
      .values({
        supplierId: supplier!.id,
        name: 'Constraint Clio',
        range: 'mini',
        fuelType: 'gasoline',
        gearbox: 'manual',
        seats: 5,
        doors: 5,
        aircon: true,
        mileage: -1,
        fuelPolicy: 'fullToFull',
        dailyPrice: 4000,
        deposit: 50000,
        ...extras,
      })
      .returning();
    base = {
      carId: car!.id,
      supplierId: supplier!.id,
      driverId: driver!.id,
      pickupLocationId: location!.id,
      dropoffLocationId: location!.id,
      paymentOption: 'payLater',
      price: 12000,
      deposit: 50000,
      payNow: 0,
      currency: 'EUR',
      chargedAmount: 0,
    };
  });
  afterAll(() => t.close());

  const at = (day: number, hour = 10) => new Date(Date.UTC(2030, 0, day, hour));
  const insert = (from: Date, to: Date, blocksCar = true) =>
    t.db
      .insert(bookings)
      .values({ ...base, pickupAt: from, dropoffAt: to, status: blocksCar ? 'pending' : 'cancelled', blocksCar });

  it('refuses an overlapping blocking booking of the same car', async () => {
    await insert(at(1), at(4));
    await expect(insert(at(3), at(6))).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
    await expect(insert(at(2), at(3))).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
  });

  it('allows back-to-back periods: drop-off at 10:00 and the next pick-up at 10:00', async () => {
    await insert(at(10), at(12));
    await expect(insert(at(12), at(14))).resolves.toBeDefined();
  });

  it('ignores bookings that no longer block the car (cancelled, expired hold)', async () => {
    await insert(at(20), at(25), false);
    await expect(insert(at(21), at(23))).resolves.toBeDefined();
  });

  it('refuses a drop-off that is not after the pick-up', async () => {
    await expect(insert(at(28), at(28))).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });

  it('lets exactly one of many concurrent overlapping bookings through', async () => {
    const attempts = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => insert(at(40, i % 5), at(42))));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
  });
});
