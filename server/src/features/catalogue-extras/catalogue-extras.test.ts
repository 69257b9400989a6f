import type { BookedTerms } from '@roam/contract/booked-terms';
import type { CatalogueExtra, OfferedCatalogueExtra } from '@roam/contract/catalogue-extras';
import { CATALOGUE_EXTRA_MESSAGES } from '@roam/contract/catalogue-extras';
import { withPriceChange } from '@roam/contract/price';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { L, lyonCheckout, lyonPeriod, operatorCalls, operatorSessions } from '#test/fleet-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The business's own extras (docs/architecture.md §5 "Catalogue extras"): the console's catalogue, what a car offers,
// and checkout's lines, terms and stock (docs/decisions/0016-extra-stock-row-locks.md).

const names = (en: string) => ({ en, fr: `${en} (fr)`, es: `${en} (es)`, se: `${en} (se)`, de: `${en} (de)` });
type Sessions = Awaited<ReturnType<typeof operatorSessions>>;

describe('catalogue extras', () => {
  let t: TestApp;
  let s: Sessions;
  let carA: string;
  let carB: string;
  let secondDriver: { cookie: string };
  let rate: number;
  beforeAll(async () => {
    t = await createTestApp();
    s = await operatorSessions(t.db);
    const calls = operatorCalls(t);
    carA = (await calls.created(s.supplier, { licensePlate: 'CX-001-AA', isDateBasedPrice: false }))._id;
    carB = (await calls.created(s.supplier, { licensePlate: 'CX-002-BB', isDateBasedPrice: false, range: 'maxi' }))._id;
    const template = (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
    const { id: _id, email: _email, ...rest } = template;
    const [made] = await t.db
      .insert(users)
      .values({ ...rest, email: 'second-seat@example.com' })
      .returning({ id: users.id });
    secondDriver = await signIn(t.db, made!.id);
    const [azur] = await t.db.select().from(users).where(eq(users.id, DEMO_IDS.suppliers.azurCoast));
    rate = Number(azur!.priceChangeRate ?? 0);
  });
  afterAll(() => t.close());

  const create = (headers: { cookie: string }, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/create-catalogue-extra', headers, payload: body });
  const created = async (body: object) => {
    const res = await create(s.supplier, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CatalogueExtra;
  };
  const checkout = (headers: { cookie: string }, carId: string, when: object, catalogueExtras: object[] = []) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers,
      payload: { ...lyonCheckout(carId, when as never), catalogueExtras },
    });
  const termsOf = async (bookingId: string) =>
    (await t.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.terms as BookedTerms;

  it('keeps a business’s catalogue: its own only, validated, edited whole, removed', async () => {
    const seat = await created({
      names: names('Child seat'),
      charge: 'perDay',
      price: 700,
      maxQuantity: 2,
      carIds: [carA],
      stock: [{ locationId: L.lyonAirport, quantity: 3 }],
    });
    expect(seat).toMatchObject({ supplierId: DEMO_IDS.suppliers.azurCoast, maxPerRental: null, mandatory: false });
    // A per-rental price has no maximum; a maximum is above the daily price; the cars are the business's own.
    const bad = [
      { names: names('X'), charge: 'perRental', price: 500, maxPerRental: 900 },
      { names: names('X'), charge: 'perDay', price: 500, maxPerRental: 400 },
      {
        names: names('X'),
        charge: 'perDay',
        price: 500,
        carIds: [DEMO_IDS.cars.clio, '00000000-0000-4000-8000-000000000000'],
      },
      { names: { ...names('X'), se: '' }, charge: 'perDay', price: 500 },
    ];
    for (const body of bad) {
      const res = await create(s.supplier, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    // The admin names the business; another business never sees nor changes it.
    expect((await create(s.admin, { names: names('Y'), charge: 'perDay', price: 100 })).statusCode).toBe(400);
    const other = await t.app.inject({ method: 'GET', url: '/api/catalogue-extras', headers: s.otherSupplier });
    expect((other.json() as CatalogueExtra[]).map((extra) => extra._id)).not.toContain(seat._id);
    const update = (headers: { cookie: string }, body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/update-catalogue-extra/${seat._id}`, headers, payload: body });
    const { _id, supplierId, ...fields } = seat;
    expect((await update(s.otherSupplier, fields)).statusCode).toBe(404);
    const changed = await update(s.supplier, { ...fields, stock: [{ locationId: L.lyonAirport, quantity: 1 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().stock).toEqual([{ locationId: L.lyonAirport, quantity: 1 }]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-catalogue-extra/${seat._id}`,
      headers: s.supplier,
    });
    expect(gone.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/catalogue-extras', headers: s.supplier });
    expect((mine.json() as CatalogueExtra[]).map((extra) => extra._id)).not.toContain(seat._id);
  });

  it('offers each car its extras with the same rule as the six: label × days = line, the percentage in', async () => {
    const gps = await created({
      names: names('GPS'),
      charge: 'perDay',
      price: 500,
      maxPerRental: 1800,
      maxQuantity: 2,
      ranges: ['midi'],
    });
    const cleaning = await created({
      names: names('Cleaning fee'),
      charge: 'perRental',
      price: 2500,
      mandatory: true,
      carIds: [carA],
    });
    const when = lyonPeriod(60, 3);
    const offered = await t.app.inject({
      method: 'GET',
      url: `/api/car-catalogue-extras/${carA}?locationId=${L.lyonAirport}&pickupAt=${encodeURIComponent(when.pickupAt)}&dropoffAt=${encodeURIComponent(when.dropoffAt)}`,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const ids = (offered.json() as OfferedCatalogueExtra[]).map((extra) => extra._id);
    expect(ids).toEqual(expect.arrayContaining([gps._id, cleaning._id]));
    // The maxi car is of neither the range nor the list.
    const onB = await t.app.inject({
      method: 'GET',
      url: `/api/car-catalogue-extras/${carB}?locationId=${L.lyonAirport}&pickupAt=${encodeURIComponent(when.pickupAt)}&dropoffAt=${encodeURIComponent(when.dropoffAt)}`,
    });
    expect((onB.json() as OfferedCatalogueExtra[]).map((extra) => extra._id)).not.toContain(gps._id);
    expect(
      (await checkout(s.driver, carB, lyonPeriod(61, 2), [{ extraId: gps._id, quantity: 1 }])).json(),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { catalogueExtras: [CATALOGUE_EXTRA_MESSAGES.notOffered] },
    });

    // Two GPS for three days, and the cleaning fee added though not chosen.
    const res = await checkout(s.driver, carA, when, [{ extraId: gps._id, quantity: 2 }]);
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json();
    const label = withPriceChange(500, rate);
    const cleaningLine = withPriceChange(2500, rate);
    const terms = await termsOf(booked.bookingId);
    expect(terms.catalogueExtras).toEqual([
      expect.objectContaining({ id: gps._id, quantity: 2, price: 500, maxPerRental: 1800 }),
      expect.objectContaining({ id: cleaning._id, quantity: 1, mandatory: true }),
    ]);
    const rentalOnly = await checkout(secondDriver, carB, lyonPeriod(60, 3));
    expect(rentalOnly.statusCode).toBe(201);
    expect(booked.price.total - booked.price.rental - booked.price.extrasTotal).toBe(label * 6 + cleaningLine);
    // A quantity above the extra's most, and an extra the car does not offer, are field errors.
    const tooMany = await checkout(s.driver, carA, lyonPeriod(70, 2), [{ extraId: cleaning._id, quantity: 2 }]);
    expect(tooMany.json().fieldErrors).toEqual({ catalogueExtras: [CATALOGUE_EXTRA_MESSAGES.tooMany(1)] });
  });

  it('lists the extras on the operator’s booking lines, named in each language, and prices a change from the terms', async () => {
    const chains = await created({ names: names('Snow chains'), charge: 'perDay', price: 400, carIds: [carA] });
    const res = await checkout(s.driver, carA, lyonPeriod(80, 2), [{ extraId: chains._id, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId } = res.json();
    const desk = await t.app.inject({ method: 'GET', url: `/api/operator-booking/${bookingId}`, headers: s.supplier });
    expect(desk.statusCode, desk.body).toBe(200);
    const line = desk.json().lines.find((l: { names?: { en: string } }) => l.names?.en === 'Snow chains');
    expect(line).toMatchObject({ item: 'catalogueExtra', quantity: 2, unit: withPriceChange(400, rate) });
    // A later price change of the catalogue leaves the booking's terms as they were.
    const { _id, supplierId, ...fields } = chains;
    await t.app.inject({
      method: 'PUT',
      url: `/api/update-catalogue-extra/${chains._id}`,
      headers: s.supplier,
      payload: { ...fields, price: 9900 },
    });
    expect((await termsOf(bookingId)).catalogueExtras?.find((extra) => extra.id === chains._id)?.price).toBe(400);
    // The change's quote re-prices the daily extra for the longer period at the booked price.
    const longer = lyonPeriod(80, 3);
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/amendment-quote/${bookingId}`,
      headers: s.supplier,
      payload: { dropoffAt: longer.dropoffAt },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const { before, after } = quote.json();
    // One more day of the car (4500 a day, discounted) and of the chains, at the price they were booked at.
    const oneMoreDay = withPriceChange(13_500, rate) - withPriceChange(9000, rate) + withPriceChange(400, rate);
    expect(after.amount - before.amount).toBe(oneMoreDay);
  });

  it('sells the last child seat once for overlapping periods, and gives it back on cancel', async () => {
    const seat = await created({
      names: names('Child seat'),
      charge: 'perDay',
      price: 700,
      stock: [{ locationId: L.lyonAirport, quantity: 1 }],
    });
    const when = lyonPeriod(100, 4);
    const overlapping = lyonPeriod(102, 4);
    const offeredLeft = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/car-catalogue-extras/${carB}?locationId=${L.lyonAirport}&pickupAt=${encodeURIComponent(overlapping.pickupAt)}&dropoffAt=${encodeURIComponent(overlapping.dropoffAt)}`,
      });
      return (res.json() as OfferedCatalogueExtra[]).find((extra) => extra._id === seat._id)?.left;
    };
    expect(await offeredLeft()).toBe(1);
    const first = await checkout(s.driver, carA, when, [{ extraId: seat._id, quantity: 1 }]);
    expect(first.statusCode, first.body).toBe(201);
    expect(await offeredLeft()).toBe(0);
    const second = await checkout(secondDriver, carB, overlapping, [{ extraId: seat._id, quantity: 1 }]);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: { catalogueExtras: [CATALOGUE_EXTRA_MESSAGES.soldOut] },
    });
    // Nothing of the refused checkout is left: the car is still free for the period.
    expect((await checkout(secondDriver, carB, overlapping)).statusCode).toBe(201);
    // After the first booking ends, the seat is free again; another location has none.
    expect(
      (await checkout(secondDriver, carB, lyonPeriod(110, 2), [{ extraId: seat._id, quantity: 1 }])).statusCode,
    ).toBe(201);
    // Cancelled, the first booking gives its seat back.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/cancel-booking/${first.json().bookingId}`,
      headers: s.supplier,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await offeredLeft()).toBe(1);
  });
  it('a walk-in adds the mandatory extra its screen shows, and a change’s quote keeps it in the price', async () => {
    const cleaning = await created({
      names: names('Desk cleaning'),
      charge: 'perRental',
      price: 2000,
      mandatory: true,
      carIds: [carB],
    });
    const customer = { kind: 'new', fullName: 'Desk Customer', phone: '+33 6 00 00 00 09', birthDate: '1990-01-01' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/walk-in',
      headers: s.supplier,
      payload: {
        ...lyonCheckout(carB, lyonPeriod(130, 2)),
        catalogueExtras: [],
        customer: { ...customer, language: 'en' },
        payment: 'counter',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, price } = res.json();
    expect((await termsOf(bookingId)).catalogueExtras).toEqual([
      expect.objectContaining({ id: cleaning._id, quantity: 1, mandatory: true }),
    ]);
    // Two days of the car (4500 a day, discounted) and the cleaning fee once.
    expect(price.total).toBe(withPriceChange(9000, rate) + withPriceChange(2000, rate));
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/amendment-quote/${bookingId}`,
      headers: s.supplier,
      payload: { dropoffAt: lyonPeriod(130, 3).dropoffAt },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const { before, after } = quote.json();
    // The quote starts from the total with the fee, and a day more adds the car's day only: the fee stays, once.
    expect(before.amount).toBe(price.total);
    expect(after.amount - before.amount).toBe(withPriceChange(13_500, rate) - withPriceChange(9000, rate));
  });
});
