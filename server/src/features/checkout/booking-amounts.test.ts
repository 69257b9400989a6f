import { convertMinor, formatMinor } from '@roam/contract/money';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, outbox, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Once a booking exists its amounts and currency are fixed: what the gateway charges, what
// the booking, the result and the e-mail show are the same amounts in the same currency, made line by line at the
// checkout's rate with the supplier's percentage in each line. The three payment options mean what they say.

describe('a booking in the currency it was made in', () => {
  let t: TestApp;
  let driver: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    // The Clio's supplier adds 5 % (as Atlas Drive does in the demo data).
    await t.db.update(users).set({ priceChangeRate: 5 }).where(eq(users.id, DEMO_IDS.suppliers.azurCoast));
  });
  afterAll(() => t.close());

  const checkout = (choices: Record<string, unknown>, daysAhead: number) =>
    t.app.inject({ method: 'POST', url: '/api/checkout', headers: driver, payload: checkoutBody(choices, daysAhead) });

  it('charges, books, answers and e-mails the same amount in the same currency (SEK, +5 %)', async () => {
    const res = await checkout({ paymentOption: 'full', currency: 'SEK', extras: { theftProtection: true } }, 40);
    expect(res.statusCode).toBe(201);
    const result = res.json();
    const sek = (eur: number) => convertMinor(eur, result.rate, 'SEK');
    // Each line in SEK, the percentage in each unit: the rental 105 € → 110.25 €, theft protection 9 € → 9.45 € a day.
    const total = sek(11025) + 3 * sek(945);
    expect(result.summary.amounts).toEqual({
      currency: 'SEK',
      total,
      payNow: total,
      payAtPickup: 0,
      securityDeposit: sek(50000),
      securityDepositTaken: 'now',
      securityDepositOn: 'card',
      held: 0,
      due: 0,
    });
    expect(result.chargedAmount).toBe(total);
    const booking = await t.app.inject({ method: 'GET', url: `/api/booking/${result.bookingId}`, headers: driver });
    expect(booking.json().amounts).toEqual(result.summary.amounts);

    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' };
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${result.bookingId}`,
      headers: driver,
      payload: card,
    });
    expect(paid.json()).toMatchObject({ status: 'paid', payment: 'paid' });
    const outcome = await t.app.inject({
      method: 'GET',
      url: `/api/checkout-session/${result.bookingId}`,
      headers: driver,
    });
    // Paid in full with the demo card: the security deposit held beside the payment, not charged
    // (docs/decisions/0014-charges-after-the-rental.md).
    expect(outcome.json().summary.amounts).toEqual({ ...result.summary.amounts, held: sek(50000) });

    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, DEMO_ACCOUNTS.driver.email), like(outbox.subject, `%${result.summary.reference}%`)));
    expect(mail?.text).toContain(`Total price: ${formatMinor(total, 'SEK', 'en')}`);
    expect(mail?.text).toContain(`Paid online: ${formatMinor(total, 'SEK', 'en')}`);
    expect(mail?.text).not.toContain('€');
  });

  it('re-prices an edited booking at its own rate, in its own currency', async () => {
    const res = await checkout({ currency: 'JPY', extras: { amendments: true } }, 50);
    const made = res.json();
    const [before] = await t.db.select().from(bookings).where(eq(bookings.id, made.bookingId));
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${made.bookingId}`,
      headers: driver,
      payload: { extras: { amendments: true, theftProtection: true } },
    });
    expect(edited.statusCode).toBe(200);
    // Theft protection adds 3 days × 9.45 € at the booking's rate, whatever today's rates are.
    const yen = (eur: number) => convertMinor(eur, before!.rate, 'JPY');
    expect(edited.json().amounts).toMatchObject({ currency: 'JPY', total: before!.totalAmount + 3 * yen(945) });
  });

  it('takes the security deposit online with the deposit option, the rental at pick-up', async () => {
    const res = await checkout({ paymentOption: 'deposit' }, 60);
    expect(res.json()).toMatchObject({ chargedAmount: 50000, payNow: 50000, payAtPickup: 11025 });
    expect(res.json().summary.amounts).toEqual({
      currency: 'EUR',
      total: 11025,
      payNow: 50000,
      payAtPickup: 11025,
      securityDeposit: 50000,
      securityDepositTaken: 'now',
      securityDepositOn: 'card',
      held: 0,
      due: 0,
    });
  });

  it('does not offer the deposit option for a car without a security deposit', async () => {
    await t.db.update(cars).set({ deposit: 0 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    try {
      const res = await checkout({ paymentOption: 'deposit' }, 70);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ paymentOption: ['This car has no security deposit to pay online.'] });
      expect((await checkout({ paymentOption: 'full' }, 70)).statusCode).toBe(201);
    } finally {
      await t.db.update(cars).set({ deposit: 50000 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    }
  });
});
