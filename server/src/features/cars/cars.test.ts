import type { CarSearchResult, SearchCarsBody, SearchCarsResponse } from '@roam/contract/cars';
import { CarSearchResultSchema, SearchCarsResponseSchema } from '@roam/contract/cars.schema';
import { calculatePrice, fromDailyPrice, withPriceChange } from '@roam/contract/price';
import { SupplierTermsSchema } from '@roam/contract/suppliers.schema';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, dateBasedPrices, files, users } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow } from '#test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const L = DEMO_IDS.locations;
const C = DEMO_IDS.cars;
const PERIOD = { pickupAt: '2027-03-10T09:00:00.000Z', dropoffAt: '2027-03-13T09:00:00.000Z' };
const PARIS = { pickupLocationId: L.paris, dropoffLocationId: L.paris, ...PERIOD };

describe('car search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function search(body: Partial<SearchCarsBody>, page = 1, size = 100) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/search-cars/${page}/${size}`,
      payload: { ...PARIS, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The route writes its answer from each car's JSON without the response schema's check (search-page.json.ts): it
    // must still match it, with no field beyond it and none twice (a repeated key would not survive a round trip).
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const found = res.json() as SearchCarsResponse;
    expect(JSON.stringify(found)).toBe(res.body);
    expect(SearchCarsResponseSchema.safeParse(found).error).toBeUndefined();
    for (const car of found.results) {
      expect(Object.keys(car).sort()).toEqual(Object.keys(CarSearchResultSchema.shape).sort());
      expect(Object.keys(car.supplier).sort()).toEqual(Object.keys(SupplierTermsSchema.shape).sort());
    }
    return found;
  }
  const ids = (response: SearchCarsResponse) => response.results.map((car) => car._id);

  it('finds cars at the location and every location below it', async () => {
    const city = await search({});
    expect(ids(city)).toEqual(expect.arrayContaining([C.clio, C.dateBased, C.licenseRequired]));
    const airport = await search({ pickupLocationId: L.parisCdg });
    expect(ids(airport)).toContain(C.clio);
    expect(ids(airport)).not.toContain(C.dateBased);
    expect(airport.totalCount).toBeLessThan(city.totalCount);
    const lyon = await search({ pickupLocationId: L.lyon, dropoffLocationId: L.lyon });
    expect(ids(lyon)).not.toContain(C.clio);
  });

  it('lists unavailable, coming-soon and fully-booked cars with their label, after the bookable ones', async () => {
    const { results } = await search({});
    const byId = new Map(results.map((car) => [car._id, car]));
    expect(byId.get(C.clio)).toMatchObject({ availability: 'available', bookable: true });
    expect(byId.get(C.unavailable)).toMatchObject({ availability: 'unavailable', bookable: false });
    expect(byId.get(C.comingSoon)).toMatchObject({ availability: 'comingSoon', bookable: false });
    expect(byId.get(C.fullyBooked)).toMatchObject({ availability: 'fullyBooked', bookable: false });
    const firstUnbookable = results.findIndex((car) => !car.bookable);
    expect(results.slice(firstUnbookable).every((car) => !car.bookable)).toBe(true);
  });

  it('prices each result with the contract engine, in the pick-up zone, with the supplier percentage', async () => {
    const { results } = await search({});
    for (const car of results) {
      const expected = calculatePrice({
        car,
        priceChangeRate: car.supplier.priceChangeRate,
        pickupAt: new Date(PERIOD.pickupAt),
        dropoffAt: new Date(PERIOD.dropoffAt),
        timeZone: 'Europe/Paris',
      });
      expect(car.price).toEqual({ total: expected.total, rentalDays: 3, perDay: Math.round(expected.total / 3) });
    }
    const clio = results.find((car) => car._id === C.clio)!;
    expect(clio.price.total).toBe(10500); // the 3-day rate
    const trafic = results.find((car) => car._id === C.licenseRequired)!;
    expect(trafic.price.total).toBe(Math.round(3 * 9900 * 1.12));
    const peugeot = results.find((car) => car._id === C.dateBased)!;
    expect(peugeot.dateBasedPrices).toHaveLength(3);
  });

  it('ranks a car priced by date by the period searched, one period after another of the same length', async () => {
    const christmas = { pickupAt: '2026-12-22T09:00:00.000Z', dropoffAt: '2026-12-25T09:00:00.000Z' };
    // Three days each: 8,900 a day at Christmas, the 6,500 daily price in March, then Christmas again.
    for (const period of [christmas, PERIOD, christmas]) {
      const { results } = await search({ ...period, sort: 'priceAsc' });
      const peugeot = results.find((car) => car._id === C.dateBased)!;
      const { total } = calculatePrice({
        car: peugeot,
        priceChangeRate: peugeot.supplier.priceChangeRate,
        pickupAt: new Date(period.pickupAt),
        dropoffAt: new Date(period.dropoffAt),
        timeZone: 'Europe/Paris',
      });
      expect(peugeot.price.total, period.pickupAt).toBe(total);
      // Its place in the order is the one its price gives.
      const bookable = results.filter((car) => car.bookable);
      const rank = bookable.indexOf(peugeot);
      const [before, after] = [bookable[rank - 1]?.price.total ?? 0, bookable[rank + 1]?.price.total ?? Infinity];
      expect(before, period.pickupAt).toBeLessThanOrEqual(total);
      expect(after, period.pickupAt).toBeGreaterThanOrEqual(total);
    }
  });

  it('sorts by price both ways and by rating, ties broken by id', async () => {
    const check = (results: CarSearchResult[], compare: (a: CarSearchResult, b: CarSearchResult) => number) => {
      const bookable = results.filter((car) => car.bookable);
      for (let i = 1; i < bookable.length; i++) expect(compare(bookable[i - 1]!, bookable[i]!)).toBeLessThan(0);
    };
    check(
      (await search({ sort: 'priceAsc' })).results,
      (a, b) => a.price.total - b.price.total || (a._id < b._id ? -1 : 1),
    );
    check(
      (await search({ sort: 'priceDesc' })).results,
      (a, b) => b.price.total - a.price.total || (a._id < b._id ? -1 : 1),
    );
    check(
      (await search({ sort: 'rating' })).results,
      (a, b) => (b.rating ?? -1) - (a.rating ?? -1) || a.price.total - b.price.total || (a._id < b._id ? -1 : 1),
    );
  });

  it('every filter narrows the results to cars that match it', async () => {
    const all = await search({});
    const cases: [Partial<SearchCarsBody>, (car: CarSearchResult) => boolean][] = [
      [{ ranges: ['midi'] }, (car) => car.range === 'midi'],
      [{ ranges: ['mini', 'maxi'] }, (car) => car.range === 'mini' || car.range === 'maxi'],
      [{ minRating: 4 }, (car) => car.rating !== null && car.rating >= 4],
      [{ seats: '5' }, (car) => car.seats === 5],
      [{ seats: '5+' }, (car) => car.seats > 5],
      [{ specs: ['aircon'] }, (car) => car.aircon],
      [{ specs: ['doors4plus', 'seats5plus'] }, (car) => car.doors >= 4 && car.seats >= 5],
      [
        { multimedia: ['appleCarPlay', 'androidAuto'] },
        (car) => car.multimedia.includes('appleCarPlay') && car.multimedia.includes('androidAuto'),
      ],
      [{ fuelTypes: ['diesel'] }, (car) => car.fuelType === 'diesel'],
      [{ gearboxes: ['automatic'] }, (car) => car.gearbox === 'automatic'],
      [{ mileage: ['unlimited'] }, (car) => car.mileage === -1],
      [{ mileage: ['limited'] }, (car) => car.mileage !== -1],
      [{ fuelPolicies: ['likeForlike'] }, (car) => car.fuelPolicy === 'likeForlike'],
      [{ maxDeposit: 50000 }, (car) => car.deposit <= 50000],
      [{ suppliers: [DEMO_IDS.suppliers.kestrel] }, (car) => car.supplier._id === DEMO_IDS.suppliers.kestrel],
    ];
    for (const [filter, matches] of cases) {
      const narrowed = await search(filter);
      const label = JSON.stringify(filter);
      expect(narrowed.totalCount, label).toBeGreaterThan(0);
      expect(narrowed.totalCount, label).toBeLessThan(all.totalCount);
      expect(narrowed.results.every(matches), label).toBe(true);
      expect(narrowed.totalCount, label).toBe(all.results.filter(matches).length);
    }
    // Combined: the intersection.
    const combined = await search({ ranges: ['mini'], gearboxes: ['manual'], maxDeposit: 50000 });
    expect(combined.totalCount).toBe(
      all.results.filter((car) => car.range === 'mini' && car.gearbox === 'manual' && car.deposit <= 50000).length,
    );
    expect(ids(combined)).toContain(C.clio);
  });

  it('counts cars per supplier without the supplier filter', async () => {
    const all = await search({});
    const filtered = await search({ suppliers: [DEMO_IDS.suppliers.azurCoast] });
    expect(filtered.supplierCounts).toEqual(all.supplierCounts);
    const azur = all.supplierCounts.find((entry) => entry.supplierId === DEMO_IDS.suppliers.azurCoast)!;
    expect(azur.count).toBe(filtered.totalCount);
    expect(all.supplierCounts.reduce((sum, entry) => sum + entry.count, 0)).toBe(all.totalCount);
  });

  it('pages with a stable order and a total count', async () => {
    const full = await search({}, 1, 100);
    expect(full.totalCount).toBeGreaterThan(10);
    const first = await search({}, 1, 5);
    const second = await search({}, 2, 5);
    expect(first.totalCount).toBe(full.totalCount);
    expect([...ids(first), ...ids(second)]).toEqual(ids(full).slice(0, 10));
    // Each sort pages the same way: a page is the slice of the whole order, ties included.
    for (const sort of ['priceAsc', 'priceDesc', 'rating'] as const) {
      const whole = ids(await search({ sort }, 1, 100));
      const pages = [];
      for (let page = 1; page <= 4; page++) pages.push(...ids(await search({ sort }, page, 7)));
      expect(pages, sort).toEqual(whole.slice(0, 28));
    }
    const beyond = await search({}, 1000, 15);
    expect(beyond).toMatchObject({ results: [], totalCount: full.totalCount });
  });

  describe('bookings', () => {
    const clioFound = async (period: { pickupAt: string; dropoffAt: string }) =>
      ids(await search({ pickupLocationId: L.parisCdg, dropoffLocationId: L.parisCdg, ...period })).includes(C.clio);

    it('a blocking booking hides the car for overlapping periods only', async () => {
      const [booking] = await t.db
        .insert(bookings)
        .values(
          bookingRow({ pickupAt: '2027-05-10T09:00:00Z', dropoffAt: '2027-05-12T09:00:00Z' }, { status: 'pending' }),
        )
        .returning();
      expect(await clioFound({ pickupAt: '2027-05-11T09:00:00Z', dropoffAt: '2027-05-14T09:00:00Z' })).toBe(false);
      expect(await clioFound({ pickupAt: '2027-05-09T09:00:00Z', dropoffAt: '2027-05-10T10:00:00Z' })).toBe(false);
      // Adjacent periods do not overlap ([) ranges).
      expect(await clioFound({ pickupAt: '2027-05-12T09:00:00Z', dropoffAt: '2027-05-14T09:00:00Z' })).toBe(true);
      expect(await clioFound({ pickupAt: '2027-05-08T09:00:00Z', dropoffAt: '2027-05-10T09:00:00Z' })).toBe(true);
      expect(booking).toBeDefined();
    });

    it('cancelled bookings and expired holds do not hide the car; a live hold does', async () => {
      const period = { pickupAt: '2027-06-10T09:00:00Z', dropoffAt: '2027-06-12T09:00:00Z' };
      await t.db.insert(bookings).values(bookingRow(period, { status: 'cancelled', blocksCar: false }));
      expect(await clioFound(period)).toBe(true);
      const [expired] = await t.db
        .insert(bookings)
        .values(bookingRow(period, { status: 'void', holdExpiresAt: new Date(Date.now() - 60_000) }))
        .returning();
      expect(await clioFound(period)).toBe(true);
      const later = { pickupAt: '2027-07-10T09:00:00Z', dropoffAt: '2027-07-12T09:00:00Z' };
      await t.db
        .insert(bookings)
        .values(bookingRow(later, { status: 'void', holdExpiresAt: new Date(Date.now() + 30 * 60_000) }));
      expect(await clioFound(later)).toBe(false);
      expect(expired).toBeDefined();
    });
  });

  it('bad input is a 400 with field errors', async () => {
    const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
    const reversed = await post('/api/search-cars/1/15', { ...PARIS, dropoffAt: PERIOD.pickupAt });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toHaveProperty('dropoffAt');
    const badId = await post('/api/search-cars/1/15', { ...PARIS, pickupLocationId: 'nope', ranges: ['rocket'] });
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json().fieldErrors)).toEqual(expect.arrayContaining(['pickupLocationId', 'ranges.0']));
    const badPage = await post('/api/search-cars/0/1000', PARIS);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().code).toBe('VALIDATION_FAILED');
    const unknown = await post('/api/search-cars/1/15', {
      ...PARIS,
      pickupLocationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ pickupLocationId: ['Unknown location'] });
    const rating = await post('/api/search-cars/1/15', { ...PARIS, minRating: 5, pickupAt: 'tomorrow' });
    expect(rating.statusCode).toBe(400);
    expect(Object.keys(rating.json().fieldErrors)).toEqual(expect.arrayContaining(['minRating', 'pickupAt']));
  });

  it('refuses a period checkout would refuse, with the spec messages (a past pick-up, 30 minutes, at night)', async () => {
    const post = (period: { pickupAt: string; dropoffAt: string }) =>
      t.app.inject({ method: 'POST', url: '/api/search-cars/1/15', payload: { ...PARIS, ...period } });
    const hour = 3_600_000;
    // 10:00 in Paris (UTC+1 in winter or +2 in summer: 08:00Z is 09:00 or 10:00, within opening hours either way).
    const dayAt = (days: number) => Date.UTC(2027, 0, 1) + days * 24 * hour + 8 * hour;
    const past = await post({
      pickupAt: new Date(Date.now() - 24 * hour).toISOString(),
      dropoffAt: new Date(Date.now() + 48 * hour).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors.pickupAt).toContain('Pick-up time must be at least a few hours in the future');
    const soon = await post({
      pickupAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      dropoffAt: new Date(Date.now() + 72 * hour).toISOString(),
    });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().fieldErrors.pickupAt).toContain('Pick-up time must be at least a few hours in the future');
    const short = await post({
      pickupAt: new Date(dayAt(10)).toISOString(),
      dropoffAt: new Date(dayAt(10) + 30 * 60_000).toISOString(),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { dropoffAt: ['Rental duration is too short'] },
    });
    const night = await post({ pickupAt: '2027-03-10T02:00:00Z', dropoffAt: '2027-03-12T02:00:00Z' });
    expect(night.statusCode).toBe(400);
    expect(night.json().fieldErrors).toEqual({
      pickupAt: ['Invalid pick-up time'],
      dropoffAt: ['Invalid drop-off time'],
    });
  });

  it('GET /api/car/{id} gives the car with its supplier and locations', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/car/${C.clio}?language=fr` });
    expect(res.statusCode).toBe(200);
    const car = res.json();
    expect(car).toMatchObject({
      _id: C.clio,
      name: 'Renault Clio',
      supplier: { _id: DEMO_IDS.suppliers.azurCoast, priceChangeRate: 0, payLater: true },
      cancellation: 0,
      additionalDriver: -1,
    });
    expect(car.image).toMatch(/^\/api\/files\//);
    expect(car.supplier.logo).toMatch(/^\/api\/files\//);
    expect(car.locations.map((l: { name: string }) => l.name).sort()).toEqual([
      'Aéroport Paris-Charles-de-Gaulle',
      'Aéroport de Paris-Orly',
    ]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/car/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
  });

  it('GET /api/files/{id} serves images with long caching and never a licence', async () => {
    const car = (await t.app.inject({ method: 'GET', url: `/api/car/${C.clio}` })).json();
    const image = await t.app.inject({ method: 'GET', url: car.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.rawPayload.length).toBeGreaterThan(100);
    const [licence] = await t.db
      .insert(files)
      .values({ kind: 'license', contentType: 'image/png', size: 3, bytes: Buffer.from([1, 2, 3]) })
      .returning();
    const denied = await t.app.inject({ method: 'GET', url: `/api/files/${licence!.id}` });
    expect(denied.statusCode).toBe(404);
    expect(denied.body).not.toContain('\u0001');
  });

  it('GET /api/range-prices gives each range its lowest bookable daily price', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/range-prices' });
    expect(res.statusCode).toBe(200);
    const prices: { range: string; fromDailyPrice: number; carCount: number }[] = res.json();
    expect(prices.map((entry) => entry.range)).toEqual(expect.arrayContaining(['mini', 'midi', 'maxi']));
    const mini = prices.find((entry) => entry.range === 'mini')!;
    // The unavailable Sandero (29 €) does not count; the Clio (39 €) is an upper bound.
    expect(mini.fromDailyPrice).toBeLessThanOrEqual(3900);
    expect(mini.fromDailyPrice).toBeGreaterThan(0);
  });

  it("GET /api/range-prices is, per range, the contract's fromDailyPrice of its cheapest car", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const nextYear = Number(today.slice(0, 4)) + 1;
    // A scooter whose week costs less than a day of any scooter, and a date-based car with a cheap period that is
    // over and a cheaper-than-daily one to come: the 'from' price must see both as fromDailyPrice does.
    const [scooter] = await t.db
      .select({ id: cars.id, weeklyPrice: cars.weeklyPrice, discountedWeeklyPrice: cars.discountedWeeklyPrice })
      .from(cars)
      .where(eq(cars.range, 'scooter'))
      .limit(1);
    await t.db.update(cars).set({ weeklyPrice: 150, discountedWeeklyPrice: 120 }).where(eq(cars.id, scooter!.id));
    const added = await t.db
      .insert(dateBasedPrices)
      .values([
        { carId: C.dateBased, startDate: '2020-01-01', endDate: '2020-01-31', dailyPrice: 100 },
        { carId: C.dateBased, startDate: `${nextYear}-02-01`, endDate: `${nextYear}-02-28`, dailyPrice: 130 },
      ])
      .returning({ id: dateBasedPrices.id });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/range-prices' });
      const served = new Map((res.json() as { range: string; fromDailyPrice: number }[]).map((e) => [e.range, e]));

      const fleet = await t.db
        .select({ car: cars, priceChangeRate: users.priceChangeRate })
        .from(cars)
        .innerJoin(users, eq(users.id, cars.supplierId))
        .where(and(eq(cars.available, true), eq(cars.comingSoon, false), isNull(cars.deletedAt)));
      const periods = await t.db.select().from(dateBasedPrices);
      const expected = new Map<string, number>();
      for (const { car, priceChangeRate } of fleet) {
        const pricing = { ...car, dateBasedPrices: periods.filter((period) => period.carId === car.id) };
        const from = fromDailyPrice(pricing, priceChangeRate, today);
        expected.set(car.range, Math.min(expected.get(car.range) ?? Number.POSITIVE_INFINITY, from));
      }
      expect(new Map([...served].map(([range, entry]) => [range, entry.fromDailyPrice]))).toEqual(expected);
      // The cheapest of each range is the car made cheap above: its week, its period to come (not the one over).
      const rateOf = (id: string) => fleet.find(({ car }) => car.id === id)!.priceChangeRate;
      expect(served.get('scooter')!.fromDailyPrice).toBe(withPriceChange(120, rateOf(scooter!.id)));
      expect(served.get('midi')!.fromDailyPrice).toBe(withPriceChange(130, rateOf(C.dateBased)));
    } finally {
      await t.db.delete(dateBasedPrices).where(
        inArray(
          dateBasedPrices.id,
          added.map(({ id }) => id),
        ),
      );
      await t.db
        .update(cars)
        .set({ weeklyPrice: scooter!.weeklyPrice, discountedWeeklyPrice: scooter!.discountedWeeklyPrice })
        .where(eq(cars.id, scooter!.id));
    }
  });
});
