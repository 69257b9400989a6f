import { priceBooked } from '@roam/contract/booked-terms';
import { PROMO_MESSAGES } from '@roam/contract/promo-codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Promo codes through HTTP (docs/architecture.md §5 "Promo codes"): the console's calls, the checkout's check, the
// discount as its own line of the one price engine, kept on the booking's terms, the limits, and a cancelled
// booking giving its use back. The race for the last use is promo-race.test.ts (on PostgreSQL too).

type Headers = Record<string, string>;

describe('promo codes', () => {
  let t: TestApp;
  let supplier: Headers;
  let kestrel: Headers;
  let admin: Headers;
  let driver: Headers;
  let driver2: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    driver2 = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
  });
  afterAll(() => t.close());

  const create = (headers: Headers, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/create-promo-code', headers, payload });
  const checkout = (headers: Headers, promoCode: string, daysAhead: number, more: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers,
      payload: checkoutBody({ promoCode, ...more } as never, daysAhead),
    });
  const check = (headers: Headers, code: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/check-promo-code',
      headers,
      ...(remoteAddress && { remoteAddress }),
      payload: { code, carId: DEMO_IDS.cars.clio, pickupLocationId: DEMO_IDS.locations.parisCdg, ...period(30) },
    });
  const refusal = (res: { statusCode: number; json: () => { fieldErrors?: Record<string, string[]> } }) => [
    res.statusCode,
    res.json().fieldErrors?.promoCode?.[0],
  ];

  it('a business creates, lists, changes and deletes its codes; a code is unique and a percentage at most 100', async () => {
    const made = await create(supplier, { code: ' azur-spring ', kind: 'percent', value: 15, usageLimit: 50 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      code: 'AZUR-SPRING',
      supplierId: DEMO_IDS.suppliers.azurCoast,
      kind: 'percent',
      value: 15,
      usageLimit: 50,
      uses: 0,
    });
    const id = made.json()._id as string;
    const taken = await create(kestrel, { code: 'Azur-Spring', kind: 'amount', value: 500 });
    expect([taken.statusCode, taken.json().fieldErrors?.code]).toEqual([409, [PROMO_MESSAGES.codeTaken]]);
    expect((await create(supplier, { code: 'TOO-MUCH', kind: 'percent', value: 150 })).statusCode).toBe(400);
    // Another business's car cannot be named; another business's code does not exist for it.
    const foreignCar = await create(kestrel, {
      code: 'KES-CLIO',
      kind: 'amount',
      value: 100,
      carIds: [DEMO_IDS.cars.clio],
    });
    expect(foreignCar.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/update-promo-code',
          headers: kestrel,
          payload: { _id: id, value: 5 },
        })
      ).statusCode,
    ).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/promo-codes', headers: supplier });
    expect(list.json().map((code: { code: string }) => code.code)).toContain('AZUR-SPRING');
    const kestrelList = await t.app.inject({ method: 'GET', url: '/api/promo-codes', headers: kestrel });
    expect(kestrelList.json().map((code: { code: string }) => code.code)).not.toContain('AZUR-SPRING');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/update-promo-code',
      headers: supplier,
      payload: { _id: id, kind: 'amount', value: 2000 },
    });
    expect(changed.json()).toMatchObject({ kind: 'amount', value: 2000 });
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/delete-promo-code/${id}`, headers: supplier });
    expect(gone.json()).toEqual({ _id: id, deleted: true });
  });

  it('checkout takes a code off as its own line, keeps it on the terms, and counts its use', async () => {
    await create(supplier, { code: 'TEN-OFF', kind: 'percent', value: 10 });
    const seen = await check(driver, 'ten-off');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ code: 'TEN-OFF', kind: 'percent', value: 10 });

    const res = await checkout(driver, 'ten-off', 40);
    expect(res.statusCode, res.body).toBe(201);
    // The Clio's 3 days are 105 €; 10 % off is 10.50 €.
    expect(res.json().price).toMatchObject({ rental: 10500, total: 9450 });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().bookingId));
    expect(row).toMatchObject({ price: 9450, totalAmount: 9450 });
    expect(row!.terms.promo).toEqual({ code: 'TEN-OFF', kind: 'percent', value: 10 });
    // Every later price of the booking (the receipt's, the invoice's, a change's) has the line.
    const lines = priceBooked(row!.terms, {
      pickupAt: row!.pickupAt,
      dropoffAt: row!.dropoffAt,
      timeZone: 'Europe/Paris',
      extras: {},
    }).lines;
    expect(lines).toEqual([
      { item: 'rental', unit: 10500, quantity: 1, amount: 10500 },
      { item: 'promo', unit: -1050, quantity: 1, amount: -1050 },
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/api/promo-codes', headers: supplier });
    expect(list.json().find((code: { code: string }) => code.code === 'TEN-OFF').uses).toBe(1);
  });

  it('an amount off is never more than the rental; unknown and foreign codes read "not valid"', async () => {
    await create(supplier, { code: 'BIG-AMOUNT', kind: 'amount', value: 1_000_000 });
    const res = await checkout(driver2, 'BIG-AMOUNT', 44);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().price.total).toBe(0);
    // Nothing left to pay online: the code is refused for a payment in full, before any booking or gateway call
    // (a provider refuses to charge 0); the deposit only still goes online (the gateway holds the deposit).
    const before = (await t.db.select().from(bookings)).length;
    const online = await checkout(driver2, 'BIG-AMOUNT', 90, { paymentOption: 'full' });
    expect(refusal(online)).toEqual([400, PROMO_MESSAGES.nothingOnline]);
    expect((await t.db.select().from(bookings)).length).toBe(before);
    const deposit = await checkout(driver2, 'BIG-AMOUNT', 95, { paymentOption: 'deposit' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json()).toMatchObject({ payNow: 50000, payAtPickup: 0, price: { total: 0 } });
    await create(kestrel, { code: 'KESTREL-ONLY', kind: 'percent', value: 5 });
    expect(refusal(await check(driver, 'KESTREL-ONLY'))).toEqual([400, PROMO_MESSAGES.invalid]);
    expect(refusal(await check(driver, 'NO-SUCH-CODE'))).toEqual([400, PROMO_MESSAGES.invalid]);
    const inactive = await create(supplier, { code: 'SLEEPING', kind: 'percent', value: 5, active: false });
    expect(inactive.statusCode).toBe(201);
    expect(refusal(await checkout(driver, 'SLEEPING', 48))).toEqual([400, PROMO_MESSAGES.invalid]);
  });

  it("refuses a code outside its dates, length, places, ranges and cars, with the reason at the code's field", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await create(supplier, { code: 'LATER', kind: 'percent', value: 5, validFrom: day(5) });
    await create(supplier, { code: 'OVER', kind: 'percent', value: 5, validUntil: day(-2) });
    await create(supplier, { code: 'LONG-ONLY', kind: 'percent', value: 5, minimumDays: 7 });
    await create(supplier, {
      code: 'NICE-ONLY',
      kind: 'percent',
      value: 5,
      placeIds: [DEMO_IDS.locations.niceAirport],
    });
    await create(supplier, { code: 'VANS-ONLY', kind: 'percent', value: 5, ranges: ['bus'] });
    expect(refusal(await check(driver, 'LATER'))).toEqual([400, PROMO_MESSAGES.notYet]);
    expect(refusal(await check(driver, 'OVER'))).toEqual([400, PROMO_MESSAGES.expired]);
    expect(refusal(await check(driver, 'LONG-ONLY'))).toEqual([400, PROMO_MESSAGES.tooShort]);
    expect(refusal(await check(driver, 'NICE-ONLY'))).toEqual([400, PROMO_MESSAGES.notForThisCar]);
    expect(refusal(await checkout(driver, 'VANS-ONLY', 52))).toEqual([400, PROMO_MESSAGES.notForThisCar]);
    // The admin's code for every business applies to the Clio.
    const everyone = await create(admin, { code: 'ROAM-WIDE', kind: 'amount', value: 700, minimumDays: 3 });
    expect(everyone.json().supplierId).toBeNull();
    expect((await check(driver, 'ROAM-WIDE')).json()).toEqual({ code: 'ROAM-WIDE', kind: 'amount', value: 700 });
  });

  it('one use per customer: refused again until the booking is cancelled, which gives the use back', async () => {
    await create(supplier, { code: 'ONCE-EACH', kind: 'percent', value: 20, perCustomerLimit: 1 });
    const first = await checkout(driver, 'ONCE-EACH', 60);
    expect(first.statusCode, first.body).toBe(201);
    expect(refusal(await checkout(driver, 'ONCE-EACH', 64))).toEqual([400, PROMO_MESSAGES.usedByYou]);
    expect((await checkout(driver2, 'ONCE-EACH', 68)).statusCode).toBe(201);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/cancel-booking/${first.json().bookingId}`,
      headers: driver,
    });
    expect(cancelled.json().status, cancelled.body).toBe('cancelled');
    const again = await checkout(driver, 'ONCE-EACH', 72);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().price.total).toBe(8400);
  });

  it('a first-booking code: refused to a driver with a booking, taken by a new guest', async () => {
    await create(supplier, { code: 'WELCOME', kind: 'amount', value: 1500, firstBookingOnly: true });
    expect(refusal(await checkout(driver, 'WELCOME', 76))).toEqual([400, PROMO_MESSAGES.firstBookingOnly]);
    const guest = await checkout({}, 'WELCOME', 80, { driver: guestDriver(`welcome-${Date.now()}@roam.test`) });
    expect(guest.statusCode, guest.body).toBe(201);
    expect(guest.json().price.total).toBe(10500 - 1500);
  });

  it('a walk-in takes a code like the checkout', async () => {
    await create(supplier, { code: 'DESK-FIVE', kind: 'amount', value: 500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/walk-in',
      headers: supplier,
      payload: {
        ...checkoutBody({}, 84),
        paymentOption: undefined,
        promoCode: 'desk-five',
        customer: {
          kind: 'new',
          fullName: 'Walk In',
          birthDate: '1980-01-01',
          phone: '+33 6 11 11 11 11',
          language: 'en',
        },
        payment: 'counter',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().price.total).toBe(10000);
  });

  it('unknown codes spend a budget per address: a guesser is stopped', async () => {
    const address = '10.77.0.1';
    for (let i = 0; i < 20; i++) expect((await check({}, `GUESS-${i}`, address)).statusCode).toBe(400);
    const stopped = await check({}, 'GUESS-LAST', address);
    expect([stopped.statusCode, stopped.json().code]).toEqual([429, 'RATE_LIMITED']);
  });
});
