import { CarDetailsSchema } from '@roam/contract/cars.schema';
import { FLEET_MESSAGES, type OperatorCar } from '@roam/contract/fleet';
import { OperatorCarSchema } from '@roam/contract/fleet.schema';
import { calculatePrice } from '@roam/contract/price';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, carLocations, cars } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import { L, lyonBooking, lyonCheckout, lyonPeriod, newCar, operatorCalls, search } from '#test/fleet-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// An operator creates, reads, changes and deletes its cars; the customer search sees each
// change at once, priced by the contract engine.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const priceOf = (car: OperatorCar, when: { pickupAt: string; dropoffAt: string }) =>
  calculatePrice({
    car,
    priceChangeRate: car.supplier.priceChangeRate,
    pickupAt: new Date(when.pickupAt),
    dropoffAt: new Date(when.dropoffAt),
    timeZone: 'Europe/Paris',
  }).total;

describe('operator cars: create, read, update, delete', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let otherSupplier: { cookie: string };
  let admin: { cookie: string };
  let driver: { cookie: string };
  let calls: ReturnType<typeof operatorCalls>;
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    otherSupplier = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    calls = operatorCalls(t);
  });
  afterAll(() => t.close());

  it('creates a car with weekly and date-based prices and an extra; search shows it priced by the contract', async () => {
    const car = await calls.created(supplier);
    expect(OperatorCarSchema.parse(car)).toEqual(car);
    expect(car).toMatchObject({
      supplierId: AZUR,
      licensePlate: 'GH-123-JK',
      locationIds: [L.lyonAirport],
      theftProtection: 850,
      availability: 'available',
      image: null,
    });
    // Within the first date-based period (7,000 a day) for 3 days, then a week priced by date.
    for (const when of [lyonPeriod(31, 3), lyonPeriod(36, 7)]) {
      const found = await search(t, L.lyon, when, AZUR);
      const result = found.results.find((entry) => entry._id === car._id);
      expect(result?.theftProtection).toBe(850);
      expect(result?.price.total).toBe(priceOf(car, when));
    }
    expect((await search(t, L.lyon, lyonPeriod(31, 3), AZUR)).results.find((r) => r._id === car._id)?.price.total).toBe(
      Math.round(3 * 7000 * (1 + car.supplier.priceChangeRate / 100)),
    );
    // Checkout charges the same, with the extra chosen.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: lyonCheckout(car._id, lyonPeriod(31, 3), { theftProtection: true }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().price.total).toBe(
      calculatePrice({
        car,
        priceChangeRate: car.supplier.priceChangeRate,
        ...{ pickupAt: new Date(lyonPeriod(31, 3).pickupAt), dropoffAt: new Date(lyonPeriod(31, 3).dropoffAt) },
        timeZone: 'Europe/Paris',
        extras: { theftProtection: true },
      }).total,
    );
  });

  it('a price change shows in search at once; so do availability and places', async () => {
    const car = await calls.created(supplier, { licensePlate: 'AB-100-CD' });
    const week = lyonPeriod(60, 7);
    const before = (await search(t, L.lyon, week, AZUR)).results.find((r) => r._id === car._id);
    expect(before?.price.total).toBe(priceOf(car, week));
    const changed = (
      await calls.update(supplier, { _id: car._id, isDateBasedPrice: false, weeklyPrice: 21000 })
    ).json();
    expect(changed).toMatchObject({ isDateBasedPrice: false, weeklyPrice: 21000, dailyPrice: 5000 });
    const after = (await search(t, L.lyon, week, AZUR)).results.find((r) => r._id === car._id);
    expect(after?.price.total).toBe(priceOf(changed, week));
    expect(after?.price.total).toBe(Math.round(21000 * (1 + car.supplier.priceChangeRate / 100)));

    await calls.update(supplier, { _id: car._id, availability: 'comingSoon' });
    expect((await search(t, L.lyon, week, AZUR)).results.find((r) => r._id === car._id)).toMatchObject({
      availability: 'comingSoon',
      bookable: false,
    });
    await calls.update(supplier, { _id: car._id, locationIds: [L.marseille] });
    expect((await search(t, L.lyon, week, AZUR)).results.map((r) => r._id)).not.toContain(car._id);
    expect((await search(t, L.marseille, week, AZUR)).results.map((r) => r._id)).toContain(car._id);
  });

  it('an update changes only the fields sent: absent keeps, null clears; read-modify-write works', async () => {
    const car = await calls.created(supplier, { licensePlate: 'RMW-1', hourlyPrice: 900 });
    const renamed = (await calls.update(supplier, { _id: car._id, name: 'Peugeot 308 SW GT' })).json();
    expect(renamed).toEqual({ ...car, name: 'Peugeot 308 SW GT', updatedAt: renamed.updatedAt });
    const cleared = (await calls.update(supplier, { _id: car._id, hourlyPrice: null })).json();
    expect(cleared).toMatchObject({ hourlyPrice: null, discountedDailyPrice: 4500, weeklyPrice: 28000 });
    // The operator's reading sent back whole, one field changed.
    const read = (await calls.read(supplier, car._id)).json() as OperatorCar;
    const res = await calls.update(supplier, { ...read, seats: 7 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...read, seats: 7, updatedAt: res.json().updatedAt });
    // Nothing changed: no write, no audit row.
    const rows = async () => (await t.db.select().from(auditLog).where(eq(auditLog.carId, car._id))).length;
    const count = await rows();
    expect((await calls.update(supplier, res.json())).statusCode).toBe(200);
    expect(await rows()).toBe(count);
  });

  it('answers its operator the editable fields and everyone else the customer reading', async () => {
    const car = await calls.created(supplier, { licensePlate: 'READ-1' });
    for (const who of [supplier, admin]) {
      const read = (await calls.read(who, car._id)).json();
      expect(read).toEqual(car);
      // A superset of the customer's reading: checkout and the booking editor work for an operator too.
      expect(CarDetailsSchema.parse(read)).toEqual((await calls.read({}, car._id)).json());
    }
    for (const who of [driver, otherSupplier, {}]) {
      const res = await calls.read(who, car._id);
      expect(res.statusCode).toBe(200);
      expect(res.json().licensePlate).toBeUndefined();
      expect(CarDetailsSchema.safeParse(res.json()).success).toBe(true);
    }
  });

  it('refuses what cannot be stored, with field messages', async () => {
    const bad = async (body: unknown) => {
      const res = await calls.create(supplier, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fieldErrors as Record<string, string[]>;
    };
    const overlapping = await bad(
      newCar({
        dateBasedPrices: [
          { startDate: '2027-07-01', endDate: '2027-07-10', dailyPrice: 7000 },
          { startDate: '2027-07-10', endDate: '2027-07-20', dailyPrice: 6000 },
        ],
      }),
    );
    expect(overlapping['dateBasedPrices.1.startDate']).toEqual([
      FLEET_MESSAGES.periodOverlap({ startDate: '2027-07-01', endDate: '2027-07-10' }),
    ]);
    expect((await bad(newCar({ discountedDailyPrice: 5000 }))).discountedDailyPrice).toEqual([
      FLEET_MESSAGES.discountNotLower,
    ]);
    expect((await bad(newCar({ locationIds: [DEMO_IDS.cars.clio] }))).locationIds).toEqual([
      FLEET_MESSAGES.unknownLocation,
    ]);
    const shape = await bad({ ...newCar(), name: '', mileage: 0, theftProtection: -5, minimumAge: 17 });
    expect(shape).toMatchObject({
      name: [FLEET_MESSAGES.required('Name')],
      mileage: [FLEET_MESSAGES.invalidMileage],
      theftProtection: [FLEET_MESSAGES.invalidExtra],
      minimumAge: [FLEET_MESSAGES.minimumAge],
    });
    // A plate is unique among a supplier's cars; another supplier may use it.
    await calls.created(supplier, { licensePlate: 'SAME-1' });
    expect((await bad(newCar({ licensePlate: 'same-1' }))).licensePlate).toEqual([FLEET_MESSAGES.plateTaken]);
    expect((await calls.create(otherSupplier, newCar({ licensePlate: 'SAME-1' }))).statusCode).toBe(201);
    // A partial update is checked whole: a discount above the stored price.
    const car = await calls.created(supplier, { licensePlate: null });
    const res = await calls.update(supplier, { _id: car._id, discountedDailyPrice: 9000 });
    expect(res.json().fieldErrors.discountedDailyPrice).toEqual([FLEET_MESSAGES.discountNotLower]);
    expect((await calls.read(supplier, car._id)).json().discountedDailyPrice).toBe(4500);
  });

  it('a supplier acts on its own cars only; the admin on any, naming the supplier', async () => {
    const car = await calls.created(supplier, { licensePlate: 'OWN-1' });
    expect((await calls.update(otherSupplier, { _id: car._id, name: 'Taken' })).statusCode).toBe(403);
    expect((await calls.remove(otherSupplier, car._id)).statusCode).toBe(403);
    expect((await calls.create(otherSupplier, newCar({ supplierId: AZUR }))).statusCode).toBe(403);
    expect((await calls.update(driver, { _id: car._id, name: 'Taken' })).statusCode).toBe(403);
    expect((await calls.update({}, { _id: car._id, name: 'Taken' })).statusCode).toBe(401);
    expect((await calls.read(supplier, car._id)).json().name).toBe('Peugeot 308 SW');

    expect((await calls.create(admin, newCar({ licensePlate: 'ADM-1' }))).json().fieldErrors.supplierId).toEqual([
      FLEET_MESSAGES.required('Supplier'),
    ]);
    expect(
      (await calls.create(admin, newCar({ supplierId: DEMO_ACCOUNTS.driver.id }))).json().fieldErrors.supplierId,
    ).toEqual([FLEET_MESSAGES.unknownSupplier]);
    const made = (await calls.create(admin, newCar({ supplierId: DEMO_IDS.suppliers.kestrel }))).json();
    expect(made.supplierId).toBe(DEMO_IDS.suppliers.kestrel);
    expect((await calls.update(admin, { _id: car._id, name: 'Renamed by admin' })).json().name).toBe(
      'Renamed by admin',
    );
    expect((await calls.update(admin, { _id: car._id, supplierId: DEMO_IDS.suppliers.kestrel })).statusCode).toBe(400);
  });

  it('refuses to delete a car while a booking holds it; then it leaves search at once, its history stays', async () => {
    const car = await calls.created(supplier, { licensePlate: 'DEL-1', isDateBasedPrice: false });
    const when = lyonPeriod(70, 3);
    const [booked] = await t.db
      .insert(bookings)
      .values(lyonBooking(car._id, lyonPeriod(20, 2)))
      .returning();
    const refused = await calls.remove(supplier, car._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: FLEET_MESSAGES.deleteBooked });
    expect((await search(t, L.lyon, when, AZUR)).results.map((r) => r._id)).toContain(car._id);

    await t.db.update(bookings).set({ status: 'cancelled', blocksCar: false }).where(eq(bookings.id, booked!.id));
    const removed = await calls.remove(supplier, car._id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await search(t, L.lyon, when, AZUR)).results.map((r) => r._id)).not.toContain(car._id);
    expect((await calls.read(driver, car._id)).statusCode).toBe(404);
    expect((await calls.read(supplier, car._id)).statusCode).toBe(404);
    expect((await calls.remove(supplier, car._id)).statusCode).toBe(404);
    // The booking it had stays in the driver's history, with the car's name.
    const history = await t.app.inject({ method: 'GET', url: `/api/booking/${booked!.id}`, headers: driver });
    expect(history.json().car.name).toBe('Peugeot 308 SW');
    expect(await t.db.select().from(carLocations).where(eq(carLocations.carId, car._id))).toEqual([]);
    // A booking of it is refused by the database itself (migration 0009), whoever writes it.
    const refusedInsert = await t.db
      .insert(bookings)
      .values(lyonBooking(car._id, when))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(pgErrorCode(refusedInsert)).toBe('23P01');
    // Its plate is free again.
    expect((await calls.create(supplier, newCar({ licensePlate: 'DEL-1' }))).statusCode).toBe(201);
    const [row] = await t.db.select().from(cars).where(eq(cars.id, car._id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('a deletion racing checkouts of the car: deleted with no booking, or refused with one; never both', async () => {
    for (let round = 0; round < 3; round++) {
      const car = await calls.created(supplier, { licensePlate: null, isDateBasedPrice: false });
      const when = lyonPeriod(90 + round * 5, 2);
      const checkout = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers: driver,
          payload: lyonCheckout(car._id, when),
        });
      const responses = await Promise.all([
        ...Array.from({ length: round + 1 }, checkout),
        calls.remove(supplier, car._id),
        ...Array.from({ length: 4 }, checkout),
      ]);
      expect(responses.map((res) => res.statusCode).filter((code) => code >= 500)).toEqual([]);
      const [row] = await t.db.select().from(cars).where(eq(cars.id, car._id));
      const held = await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.carId, car._id), eq(bookings.blocksCar, true)));
      expect(held).toHaveLength(row?.deletedAt ? 0 : 1);
    }
  }, 60_000);

  it('a booking written while a deletion holds the car waits for it, then is refused (migration 0009)', async () => {
    const car = await calls.created(supplier, { licensePlate: null });
    let inserting: Promise<unknown> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, car._id)).for('update');
      await tx.update(cars).set({ deletedAt: new Date() }).where(eq(cars.id, car._id));
      // Another writer (a checkout that checked the car a moment ago) inserts its booking now.
      inserting = t.db
        .insert(bookings)
        .values(lyonBooking(car._id, lyonPeriod(45, 2)))
        .then(
          () => null,
          (error: unknown) => error,
        );
      await tx.execute(sql`select pg_sleep(0.2)`);
    });
    expect(pgErrorCode(await inserting)).toBe('23P01');
    expect(await t.db.select().from(bookings).where(eq(bookings.carId, car._id))).toEqual([]);
  });

  it('audits every change: who, what, before and after', async () => {
    const car = await calls.created(supplier, { licensePlate: 'AUD-1' });
    await calls.update(admin, { _id: car._id, dailyPrice: 5500, locationIds: [L.lyonAirport, L.lyon] });
    await calls.remove(supplier, car._id);
    const res = await t.app.inject({ method: 'GET', url: `/api/car-audit/${car._id}/1/10`, headers: supplier });
    expect(res.statusCode, res.body).toBe(404);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.carId, car._id)).orderBy(auditLog.at);
    expect(rows.map((row) => [row.action, row.actorId])).toEqual([
      ['create', DEMO_ACCOUNTS.supplier.id],
      ['update', DEMO_ACCOUNTS.admin.id],
      ['delete', DEMO_ACCOUNTS.supplier.id],
    ]);
    expect(rows[0]?.changes.licensePlate).toEqual({ before: null, after: 'AUD-1' });
    expect(rows[1]?.changes).toEqual({
      dailyPrice: { before: 5000, after: 5500 },
      locationIds: { before: [L.lyonAirport], after: [L.lyonAirport, L.lyon].sort() },
    });
    expect(rows[2]?.changes.name).toEqual({ before: 'Peugeot 308 SW', after: null });
  });

  it('answers a car audit to its operator, newest first', async () => {
    const car = await calls.created(supplier, { licensePlate: 'AUD-2' });
    await calls.update(supplier, { _id: car._id, seats: 4 });
    const res = await t.app.inject({ method: 'GET', url: `/api/car-audit/${car._id}/1/10`, headers: supplier });
    expect(res.statusCode, res.body).toBe(200);
    const { results, totalCount } = res.json();
    expect(totalCount).toBe(2);
    expect(results[0]).toMatchObject({
      action: 'update',
      entity: 'car',
      actor: { _id: DEMO_ACCOUNTS.supplier.id, type: 'supplier' },
      changes: { seats: { before: 5, after: 4 } },
    });
    for (const who of [otherSupplier, driver]) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/car-audit/${car._id}/1/10`, headers: who });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('documents every operator call in the OpenAPI document, with its body and answers', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls: [string, string, boolean][] = [
      ['/api/cars/{page}/{size}', 'post', true],
      ['/api/create-car', 'post', true],
      ['/api/update-car', 'put', true],
      ['/api/delete-car/{id}', 'delete', false],
      ['/api/update-car-image/{id}', 'post', false],
      ['/api/delete-car-image/{id}', 'post', false],
      ['/api/car-audit/{id}/{page}/{size}', 'get', false],
      ['/api/create-car-block', 'post', true],
      ['/api/update-car-block', 'put', true],
      ['/api/delete-car-block/{id}', 'delete', false],
      ['/api/car-calendar/{id}', 'get', false],
      ['/api/supplier/{id}', 'get', false],
      ['/api/update-supplier', 'put', true],
      ['/api/update-supplier-logo/{id}', 'post', false],
      ['/api/delete-supplier-logo/{id}', 'post', false],
      ['/api/cancellation-requests/{page}/{size}', 'post', true],
      ['/api/approve-cancellation/{id}', 'post', false],
      ['/api/decline-cancellation/{id}', 'post', true],
    ];
    for (const [path, method, body] of calls) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.summary).toBeTruthy();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
      if (body) expect(operation.requestBody.content['application/json'].schema, path).toBeDefined();
    }
    const update = paths['/api/update-car'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(update.properties)).toEqual(expect.arrayContaining(['licensePlate', 'dateBasedPrices']));
  });
});
