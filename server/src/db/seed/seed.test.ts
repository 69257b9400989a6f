import { CarRangeSchema, FuelPolicySchema, FuelTypeSchema, GearboxSchema } from '@roam/contract/cars.schema';
import { OpeningHoursSchema } from '@roam/contract/opening-hours.schema';
import { EXTRAS } from '@roam/contract/price';
import argon2 from 'argon2';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todaysMovements } from '#server/features/dashboard/dashboard.repository.ts';
import { type Database, migrateDatabase, openDatabase } from '../client.ts';
import {
  bookingCharges,
  bookings,
  carLocations,
  carPhotos,
  cars,
  catalogueExtraStock,
  catalogueExtras,
  chargeRules,
  counterSettings,
  countries,
  dateBasedPrices,
  feeRules,
  files,
  inspections,
  locations,
  notAMember,
  payments,
  promoCodes,
  users,
} from '../schema.ts';
import { DEMO_PHOTO_VIEWS } from './images.ts';
import { locationId } from './places.ts';
import { DEMO_ACCOUNTS, DEMO_IDS, type SeedCounts, seedDemoData } from './seed.ts';

async function freshDatabase(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateDatabase(database);
  return database;
}

/** Everything but the insert timestamps, in a stable order. */
async function snapshot(database: Database) {
  const { db } = database;
  const carRows = await db.select().from(cars).orderBy(asc(cars.id));
  return {
    cars: carRows.map(({ createdAt: _created, updatedAt: _updated, ...car }) => car),
    carLocations: await db.select().from(carLocations).orderBy(asc(carLocations.carId), asc(carLocations.locationId)),
    dateBasedPrices: await db.select().from(dateBasedPrices).orderBy(asc(dateBasedPrices.id)),
    locations: await db.select().from(locations).orderBy(asc(locations.id)),
    countries: await db.select().from(countries).orderBy(asc(countries.id)),
    users: await db
      .select({ id: users.id, email: users.email, type: users.type, logoFileId: users.logoFileId })
      .from(users)
      .orderBy(asc(users.id)),
    files: await db.select({ id: files.id, kind: files.kind, size: files.size }).from(files).orderBy(asc(files.id)),
    // Their days count from the load: everything else about them is fixed.
    bookings: (await db.select().from(bookings).orderBy(asc(bookings.id))).map(
      ({
        pickupAt: _p,
        dropoffAt: _d,
        period: _r,
        paidAt: _a,
        cancelRequestedAt: _c,
        createdAt: _cr,
        updatedAt: _u,
        changedXid: _x,
        ...row
      }) => row,
    ),
  };
}

const ageOn = (birthDate: string, today: Date) => {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const hadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  return today.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
};

describe('seedDemoData', () => {
  let first: Database;
  let second: Database;
  /** Stays unseeded until the roll-back test. */
  let third: Database;
  let counts: SeedCounts | null;

  beforeAll(async () => {
    [first, second, third] = await Promise.all([freshDatabase(), freshDatabase(), freshDatabase()]);
    // At production cost, as `npm start` seeds (PASSWORD_HASH_COST's default); the others as the test template is.
    counts = await seedDemoData(first.db, 'production');
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), third?.close()]);
  });

  it('reports what it inserted, and it is all there', async () => {
    const { db } = first;
    const [countryCount] = await db.select({ n: count() }).from(countries);
    const [locationCount] = await db.select({ n: count() }).from(locations);
    const [carCount] = await db.select({ n: count() }).from(cars);
    const [userCount] = await db.select({ n: count() }).from(users);
    const [bookingCount] = await db.select({ n: count() }).from(bookings);
    // The businesses: their members' accounts are of type supplier too (docs/decisions/0010-members-of-a-business.md).
    const [supplierCount] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.type, 'supplier'), notAMember(users.id)));
    expect(counts).toEqual({
      countries: countryCount?.n,
      locations: locationCount?.n,
      suppliers: 8,
      cars: carCount?.n,
      users: userCount?.n,
      bookings: bookingCount?.n,
    });
    expect(supplierCount?.n).toBe(8);
    expect(counts!.countries).toBeGreaterThanOrEqual(4);
    expect(counts!.locations).toBeGreaterThanOrEqual(25);
    expect(counts!.cars).toBeGreaterThanOrEqual(300);
  });

  it('covers every range, fuel type, gearbox and fuel policy, and every extra in all three states', async () => {
    const rows = await first.db.select().from(cars);
    const values = <K extends keyof (typeof rows)[number]>(key: K) => new Set(rows.map((car) => car[key]));
    expect(values('range')).toEqual(new Set(CarRangeSchema.options));
    expect(values('fuelType')).toEqual(new Set(FuelTypeSchema.options));
    expect(values('gearbox')).toEqual(new Set(GearboxSchema.options));
    expect(values('fuelPolicy')).toEqual(new Set(FuelPolicySchema.options));
    for (const extra of EXTRAS) {
      const states = values(extra);
      expect(states.has(-1), `${extra} unavailable`).toBe(true);
      expect(states.has(0), `${extra} included`).toBe(true);
      expect(
        [...states].some((value) => value > 0),
        `${extra} priced`,
      ).toBe(true);
    }
    expect(rows.some((car) => !car.available)).toBe(true);
    expect(rows.some((car) => car.comingSoon)).toBe(true);
    expect(rows.some((car) => car.fullyBooked)).toBe(true);
    expect(rows.some((car) => car.rating === null)).toBe(true);
    for (const car of rows) {
      expect(Number.isInteger(car.dailyPrice) && car.dailyPrice > 0).toBe(true);
      expect(Number.isInteger(car.deposit)).toBe(true);
      if (car.rating !== null) expect(car.rating).toBeGreaterThanOrEqual(1);
      if (car.rating !== null) expect(car.rating).toBeLessThanOrEqual(5);
      expect(['touchscreen', 'bluetooth', 'androidAuto', 'appleCarPlay']).toEqual(
        expect.arrayContaining(car.multimedia),
      );
      if (car.range === 'scooter') expect([car.seats, car.doors, car.aircon]).toEqual([2, 0, false]);
    }
    const dateBased = rows.filter((car) => car.isDateBasedPrice);
    const periods = await first.db
      .select()
      .from(dateBasedPrices)
      .where(
        inArray(
          dateBasedPrices.carId,
          dateBased.map((car) => car.id),
        ),
      );
    expect(dateBased.length).toBeGreaterThan(0);
    for (const car of dateBased) {
      const own = periods.filter((period) => period.carId === car.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(3);
    }
  });

  it('offers cars at every location, children included, and gives every supplier cars', async () => {
    const { db } = first;
    const perLocation = await db
      .select({ id: locations.id, cars: count(carLocations.carId) })
      .from(locations)
      .leftJoin(carLocations, eq(carLocations.locationId, locations.id))
      .groupBy(locations.id);
    expect(perLocation.filter((location) => location.cars === 0)).toEqual([]);
    const perCar = await db
      .select({ id: cars.id, locations: count(carLocations.locationId) })
      .from(cars)
      .leftJoin(carLocations, eq(carLocations.carId, cars.id))
      .groupBy(cars.id);
    expect(perCar.every((car) => car.locations >= 1 && car.locations <= 3)).toBe(true);
    const perSupplier = await db
      .select({ id: users.id, cars: count(cars.id) })
      .from(users)
      .leftJoin(cars, eq(cars.supplierId, users.id))
      .where(and(eq(users.type, 'supplier'), notAMember(users.id)))
      .groupBy(users.id);
    expect(perSupplier).toHaveLength(8);
    expect(perSupplier.every((supplier) => supplier.cars > 0)).toBe(true);
    const children = await db.select().from(locations).where(eq(locations.parentId, DEMO_IDS.locations.paris));
    expect(children.map((child) => child.id).sort()).toEqual(
      [DEMO_IDS.locations.parisCdg, DEMO_IDS.locations.parisOrly, DEMO_IDS.locations.parisGareDeLyon].sort(),
    );
  });

  it('stores places with names in the five languages and real coordinates and time zones', async () => {
    const { db } = first;
    const [cdg] = await db.select().from(locations).where(eq(locations.id, DEMO_IDS.locations.parisCdg));
    expect(cdg).toMatchObject({ timeZone: 'Europe/Paris', kind: 'airport', countryId: DEMO_IDS.countries.FR });
    expect(cdg?.latitude).toBeCloseTo(49.01, 1);
    expect(cdg?.longitude).toBeCloseTo(2.55, 1);
    const [casablanca] = await db
      .select()
      .from(locations)
      .where(eq(locations.id, DEMO_IDS.locations.casablancaAirport));
    expect(casablanca?.timeZone).toBe('Africa/Casablanca');
    const all = await db.select().from(locations);
    for (const location of all) {
      expect(Object.keys(location.names).sort()).toEqual(['de', 'en', 'es', 'fr', 'se']);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: location.timeZone })).not.toThrow();
    }
    // Two Swedish locations keep their own hours (with Sweden's holidays), every other the booking rules'.
    const withHours = all.filter((location) => location.openingHours !== null);
    expect(withHours.map((location) => location.names.en).sort()).toEqual(['Gothenburg', 'Stockholm Central Station']);
    for (const { openingHours } of withHours) {
      expect(OpeningHoursSchema.parse(openingHours)).toEqual(openingHours);
      expect(openingHours?.closures).toContainEqual({
        date: `${new Date().getUTCFullYear() + 1}-06-06`,
        name: 'National Day',
      });
    }
    const [germany] = await db.select().from(countries).where(eq(countries.id, DEMO_IDS.countries.DE));
    expect(germany?.names).toEqual({
      en: 'Germany',
      fr: 'Allemagne',
      es: 'Alemania',
      se: 'Tyskland',
      de: 'Deutschland',
    });
  });

  it('creates the demo accounts with argon2id hashes of their passwords, at the cost it is given', async () => {
    const { db } = first;
    const rows = await db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          Object.values(DEMO_ACCOUNTS).map((account) => account.id),
        ),
      );
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    const driver = byEmail.get(DEMO_ACCOUNTS.driver.email);
    expect(driver).toMatchObject({ id: DEMO_IDS.users.driver, type: 'user', verified: true, language: 'en' });
    expect(driver?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await argon2.verify(driver!.passwordHash!, DEMO_ACCOUNTS.driver.password)).toBe(true);
    expect(await argon2.verify(driver!.passwordHash!, 'wrong-password')).toBe(false);
    expect(ageOn(driver!.birthDate!, new Date())).toBeGreaterThanOrEqual(30);
    const supplier = byEmail.get(DEMO_ACCOUNTS.supplier.email);
    expect(supplier).toMatchObject({ type: 'supplier', verified: true, logoFileId: expect.any(String) });
    expect(await argon2.verify(supplier!.passwordHash!, DEMO_ACCOUNTS.supplier.password)).toBe(true);
    expect(byEmail.get(DEMO_ACCOUNTS.admin.email)).toMatchObject({ type: 'admin', verified: true });
    expect(byEmail.get(DEMO_ACCOUNTS.driver2.email)).toMatchObject({ type: 'user', verified: true });
    expect(byEmail.get(DEMO_ACCOUNTS.suspended.email)).toMatchObject({ blacklisted: true });
    expect(byEmail.get(DEMO_ACCOUNTS.unverified.email)).toMatchObject({ verified: false, verifiedAt: null });
  });

  it('keeps the featured cars as documented', async () => {
    const { db } = first;
    const [clio] = await db.select().from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
    expect(clio).toMatchObject({ name: 'Renault Clio', supplierId: DEMO_IDS.users.supplier, dailyPrice: 3900 });
    const clioLocations = await db.select().from(carLocations).where(eq(carLocations.carId, DEMO_IDS.cars.clio));
    expect(clioLocations.map((entry) => entry.locationId)).toContain(DEMO_IDS.locations.parisCdg);
    const [kestrel] = await db.select().from(users).where(eq(users.id, DEMO_IDS.suppliers.kestrel));
    expect(kestrel).toMatchObject({ licenseRequired: true, payLater: false, priceChangeRate: 12 });
    const periods = await db.select().from(dateBasedPrices).where(eq(dateBasedPrices.carId, DEMO_IDS.cars.dateBased));
    expect(periods).toHaveLength(3);
  });

  it('stores supplier logos as 240x120 PNG and each car photo as 600x400 and 300x200 WebP', async () => {
    const rows = await first.db.select().from(files);
    const logos = rows.filter((file) => file.kind === 'supplierLogo');
    const images = rows.filter((file) => file.kind === 'carImage');
    expect(logos).toHaveLength(8);
    // Each of the six looks per range, in each of the demo photo's views, at the cards' two sizes.
    expect(images.length).toBe(CarRangeSchema.options.length * 6 * DEMO_PHOTO_VIEWS.length * 2);
    const photos = await first.db.select().from(carPhotos);
    const card = new Set(photos.map((photo) => photo.fileId));
    const sizes = new Map<string, number>();
    for (const file of [...logos, ...images]) {
      const meta = await sharp(file.bytes).metadata();
      const expected = file.kind === 'supplierLogo' ? 'png' : 'webp';
      expect(meta.format).toBe(expected);
      expect(file.contentType).toBe(`image/${expected}`);
      expect(file.size).toBe(file.bytes.length);
      const size = `${meta.width}x${meta.height}`;
      sizes.set(size, (sizes.get(size) ?? 0) + 1);
      if (card.has(file.id)) expect(size).toBe('600x400');
    }
    expect(Object.fromEntries(sizes)).toEqual({
      '240x120': 8,
      '600x400': images.length / 2,
      '300x200': images.length / 2,
    });
    // Each car's first photo is its card image (the spec's `image`), and every photo names a stored small size.
    const first600 = (await first.db.select({ id: cars.imageFileId }).from(cars)).map((car) => car.id);
    expect(first600.every((id) => id !== null && card.has(id))).toBe(true);
    expect(photos.every((photo) => photo.smallFileId !== null)).toBe(true);
  });

  it('gives every car a licence plate, unique within its supplier’s fleet', async () => {
    const rows = await first.db.select({ supplierId: cars.supplierId, plate: cars.licensePlate }).from(cars);
    expect(rows.every((row) => row.plate && /^[A-Z0-9][A-Z0-9 -]*$/.test(row.plate))).toBe(true);
    expect(new Set(rows.map((row) => `${row.supplierId}:${row.plate}`)).size).toBe(rows.length);
    const [clio] = await first.db.select().from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
    expect(clio?.licensePlate).toMatch(/^[A-Z]{2}-\d{3}-[A-Z]{2}$/);
  });

  it('gives the demo supplier two blocked periods and two open cancellation requests ahead', async () => {
    // The counter's demo rentals have their own tests, below.
    const counter = new Set([
      DEMO_IDS.bookings.demoOnRent,
      DEMO_IDS.bookings.demoReturned,
      DEMO_IDS.bookings.demoClosed,
      DEMO_IDS.bookings.demoPickupToday,
    ]);
    const rows = (await first.db.select().from(bookings)).filter((row) => !counter.has(row.id));
    const now = Date.now();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.supplierId).toBe(DEMO_IDS.suppliers.azurCoast);
      expect(row.pickupAt.getTime()).toBeGreaterThan(now);
      expect(row.blocksCar).toBe(true);
      expect(Object.values(DEMO_IDS.cars)).not.toContain(row.carId);
    }
    const blocks = rows.filter((row) => row.kind === 'block');
    expect(blocks.map((row) => row.blockReason).sort()).toEqual(['maintenance', 'privateUse']);
    const requests = rows.filter((row) => row.kind === 'rental');
    expect(requests.map((row) => [row.driverId, row.cancelRequest, row.status]).sort()).toEqual([
      [DEMO_IDS.users.driver2, true, 'paid'],
      [DEMO_IDS.users.driver2, true, 'pending'],
    ]);
    const paid = requests.find((row) => row.status === 'paid')!;
    expect(paid).toMatchObject({ paymentProvider: 'demo', chargedAmount: paid.price, payNow: paid.price });
    expect(new Set(rows.map((row) => row.carId)).size).toBe(4);
  });

  it('gives the desk a rental to pick up today at its place’s clock, to pay at the counter', async () => {
    const azur = DEMO_IDS.suppliers.azurCoast;
    const [row] = await first.db.select().from(bookings).where(eq(bookings.id, DEMO_IDS.bookings.demoPickupToday));
    expect(row).toMatchObject({
      status: 'pending',
      paymentOption: 'payLater',
      blocksCar: true,
      supplierId: azur,
      driverId: DEMO_IDS.users.driver2,
    });
    // What the supplier's dashboard lists as today's: this pick-up, and nothing else of the demo's.
    const { movements } = await todaysMovements(first.db, azur, new Date(), 100);
    expect(movements.map((move) => [move.kind, move.id])).toEqual([['pickup', row!.id]]);
  });

  it('gives the counter a rental on rent, one returned with its charges, one closed, and the supplier’s rules', async () => {
    const counter = new Set([
      DEMO_IDS.bookings.demoOnRent,
      DEMO_IDS.bookings.demoReturned,
      DEMO_IDS.bookings.demoClosed,
    ]);
    const rows = (await first.db.select().from(bookings)).filter((row) => counter.has(row.id));
    // Each was booked before it was handed over (the booking's history reads in order).
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThan(row.pickupAt.getTime());
    expect(rows.map((row) => [row.status, row.blocksCar, row.driverId]).sort()).toEqual([
      ['closed', false, DEMO_IDS.users.driver2],
      ['on_rent', true, DEMO_IDS.users.driver2],
      ['returned', false, DEMO_IDS.users.driver2],
    ]);
    const returned = rows.find((row) => row.status === 'returned')!;
    const charges = await first.db.select().from(bookingCharges).where(eq(bookingCharges.bookingId, returned.id));
    expect(charges.map((charge) => charge.kind).sort()).toEqual(['fuel', 'late']);
    expect(charges.every((charge) => charge.amount === charge.computation.amount && charge.amount > 0)).toBe(true);
    expect(await first.db.select().from(inspections)).toHaveLength(5);
    // The closed one was paid at the desk, in full: its balance is 0.
    const closed = rows.find((row) => row.status === 'closed')!;
    const [cash] = await first.db.select().from(payments).where(eq(payments.bookingId, closed.id));
    expect(cash).toMatchObject({ kind: 'counter', method: 'cash', amount: closed.totalAmount, status: 'succeeded' });
    const [settings] = await first.db.select().from(counterSettings);
    expect(settings?.checklist.map((item) => item.id)).toEqual(['documents', 'spare-wheel', 'child-seat', 'keys']);
    expect(await first.db.select().from(chargeRules)).toHaveLength(1);
  });

  it('gives Azur Coast its offer: a young-driver fee, a one-way fee, a child seat in stock, a cleaning fee, a code', async () => {
    const azur = DEMO_IDS.suppliers.azurCoast;
    const [fees] = await first.db.select().from(feeRules).where(eq(feeRules.supplierId, azur));
    expect(fees?.rules.youngDriver).toEqual([{ fromAge: 21, toAge: 24, dailyFee: 1200 }]);
    const [rules] = await first.db.select().from(chargeRules).where(eq(chargeRules.supplierId, azur));
    expect(rules?.oneWayFees).toEqual([
      { fromLocationId: locationId('niceAirport'), toLocationId: locationId('parisCdg'), fee: 6000 },
    ]);
    const extras = await first.db.select().from(catalogueExtras).where(eq(catalogueExtras.supplierId, azur));
    const seat = extras.find((extra) => extra.names.en === 'Child seat');
    const stock = await first.db.select().from(catalogueExtraStock);
    expect(stock.filter((row) => row.extraId === seat?.id)).toEqual([
      expect.objectContaining({ locationId: locationId('parisCdg'), quantity: 1 }),
    ]);
    const cleaning = extras.filter((extra) => extra.mandatory);
    expect(cleaning.map((extra) => [extra.names.en, extra.charge, extra.ranges, extra.carIds])).toEqual([
      ['Final cleaning', 'perRental', ['caravan'], []],
    ]);
    const campers = await first.db
      .select({ n: count() })
      .from(cars)
      .where(and(eq(cars.supplierId, azur), eq(cars.range, 'caravan')));
    expect(campers[0]?.n).toBeGreaterThan(0);
    const codes = await first.db.select().from(promoCodes);
    expect(codes.map((code) => [code.code, code.supplierId, code.kind, code.value, code.active])).toEqual([
      ['RIVIERA10', azur, 'percent', 10, true],
    ]);
  });

  it('produces the same rows and ids on another database', async () => {
    expect(await seedDemoData(second.db, 'low')).toEqual(counts);
    const [a, b] = await Promise.all([snapshot(first), snapshot(second)]);
    expect(b).toEqual(a);
    expect(a.cars.map((car) => car.id)).toContain(DEMO_IDS.cars.clio);
    expect(a.cars[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('does nothing once any user exists', async () => {
    const before = await snapshot(first);
    expect(await seedDemoData(first.db, 'low')).toBeNull();
    expect(await snapshot(first)).toEqual(before);
  });

  it('rolls everything back when an insert fails half-way, and skips a database with a user of its own', async () => {
    const { db } = third;
    // A country the seed also inserts: the failure comes after files and users were written in the transaction.
    await db.insert(countries).values({ code: 'FR', names: { en: 'France' } });
    await expect(seedDemoData(db, 'low')).rejects.toThrow();
    const emptied = await Promise.all(
      [files, users, locations, cars].map((table) => db.select({ n: count() }).from(table)),
    );
    expect(emptied.map(([row]) => row?.n)).toEqual([0, 0, 0, 0]);

    await db.insert(users).values({ email: 'someone@example.com', fullName: 'Someone' });
    expect(await seedDemoData(db, 'low')).toBeNull();
    const [carCount] = await db.select({ n: count() }).from(cars);
    expect(carCount?.n).toBe(0);
  });
});
