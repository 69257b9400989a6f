import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, outbox, payments, savedCards } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { GOOD_CARD } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { checkOutBody, insertCar, parisAt, setClock } from '../counter/counter.test-helpers.ts';

// The deposit held beside a payment in full with the demo card (docs/decisions/0014-charges-after-the-rental.md):
// the rental charged, the car's deposit held (not charged) and said so on the booking and in the confirmation; at
// the close the charges at return captured from the hold and the rest released; with the payer's consent, a toll
// added after the close taken from the saved card with its invoice.

const DAY = 24 * 3600_000;

describe('the deposit held beside a payment in full (demo gateway)', () => {
  let t: TestApp;
  let driver: { cookie: string };
  let supplier: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_IDS.users.driver);
    supplier = await signIn(t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => t.close());

  const call = (url: string, payload: object = {}, headers = supplier) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const ledger = (bookingId: string) => t.db.select().from(payments).where(eq(payments.bookingId, bookingId));

  it('holds the deposit, shows it held, captures the charges at the close and charges a later toll to the card', async () => {
    const carId = await insertCar(t, { deposit: 30000 });
    const placed = await call(
      '/api/checkout',
      checkoutBody({ carId, paymentOption: 'full', saveCard: true } as never, 45),
      driver,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { bookingId, chargedAmount, summary } = placed.json();
    expect(summary.amounts).toMatchObject({ securityDeposit: 30000, securityDepositTaken: 'now', held: 0 });
    for (let i = 0; i < 2; i++) {
      const paid = await call(`/api/demo-payment/${bookingId}`, GOOD_CARD, driver);
      expect(paid.json()).toMatchObject({ status: 'paid', payment: 'paid' });
    }
    const rows = await ledger(bookingId);
    expect(rows.map((row) => [row.kind, row.purpose, row.provider, row.amount]).sort()).toEqual([
      ['authorization', 'deposit', 'demo', 30000],
      ['charge', 'rental', 'demo', chargedAmount],
    ]);
    const [card] = await t.db.select().from(savedCards).where(eq(savedCards.bookingId, bookingId));
    expect(card).toMatchObject({ provider: 'demo', customer: `demo_cus_${bookingId}` });
    const page = await t.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: driver });
    expect(page.json().amounts).toMatchObject({ held: 30000, securityDepositTaken: 'now', due: 0 });
    // The confirmation (the only e-mail of the booking so far) says it too.
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, DEMO_ACCOUNTS.driver.email), like(outbox.subject, `%${summary.reference}%`)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('held on your card, not charged');

    setClock(t, new Date(parisAt(45).getTime() - 3600_000));
    expect((await call(`/api/check-out/${bookingId}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    setClock(t, new Date(parisAt(45).getTime() + 2 * DAY));
    const back = await call(`/api/return/${bookingId}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call(`/api/add-charge/${bookingId}`, { kind: 'toll', amount: 1200, note: 'A6' })).statusCode).toBe(
      200,
    );
    const closed = await call(`/api/close-booking/${bookingId}`);
    expect(closed.statusCode, closed.body).toBe(200);
    const afterClose = await ledger(bookingId);
    const hold = afterClose.find((row) => row.kind === 'authorization')!;
    expect(hold).toMatchObject({ status: 'released', releasedAmount: 28800 });
    expect(afterClose.find((row) => row.kind === 'capture')).toMatchObject({
      parentId: hold.id,
      amount: 1200,
      status: 'succeeded',
    });

    const fine = await call(`/api/add-charge/${bookingId}`, { kind: 'fine', amount: 3000, note: 'Speeding' });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().balance.due).toBe(0);
    const later = (await ledger(bookingId)).find((row) => row.idempotencyKey.startsWith('offsession-charge-'))!;
    expect(later).toMatchObject({ kind: 'charge', provider: 'demo', amount: 3000, purpose: 'return_charges' });
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, later.id))).toHaveLength(1);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.status).toBe('closed');
  });
});
