import type { CancellationRequestsPage } from '@roam/contract/cancellations';
import { formatMinor } from '@roam/contract/money';
import { rentalDays } from '@roam/contract/time';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, cars, notifications, outbox, payments, refunds, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, checkoutBody, paymentRow } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The operator's queue of cancellation requests. Approve → cancelled with the refund
// the terms give (recorded once), decline → a message to the driver; both notify the driver in their language.
// The card and wallet providers' refunds: cancellation-refunds.test.ts.

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' };

describe('cancellation requests (demo gateway)', () => {
  let t: TestApp;
  let driver: { cookie: string };
  let supplier: { cookie: string };
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    // The Clio sells its cancellation cover here (not bought below): a paid booking's cancel is then a request, not
    // the free cancellation decided at once (cancellations.test.ts).
    await t.db.update(cars).set({ cancellation: 1500 }).where(eq(cars.id, DEMO_IDS.cars.clio));
  });
  afterAll(() => t.close());

  /** A Clio booking by the demo driver, paid with the demo card, and its cancellation request. */
  async function requested(daysAhead: number, paymentOption: 'full' | 'deposit' = 'full') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption } as never, daysAhead),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, chargedAmount } = res.json();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${bookingId}`,
      headers: driver,
      payload: GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${bookingId}`, headers: driver });
    expect(cancel.json().cancelRequest).toBe(true);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    // Not covered: one rental day's price is kept (contract cancellationRefund).
    const fee = Math.round(row!.price / rentalDays(row!.pickupAt, row!.dropoffAt));
    return { bookingId: bookingId as string, chargedAmount: chargedAmount as number, fee };
  }
  const queue = async (headers: Record<string, string>, body: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/cancellation-requests/1/100', headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CancellationRequestsPage;
  };
  const approve = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/approve-cancellation/${id}`, headers });
  const mailsTo = (email: string) =>
    t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));

  it('lists a supplier its fleet’s open requests with what approval refunds; an admin everyone’s', async () => {
    const { bookingId, chargedAmount, fee } = await requested(40);
    const own = await queue(supplier);
    const row = own.results.find((entry) => entry._id === bookingId);
    // Paid online without the cancellation cover: one rental day kept, the rest back.
    expect(row).toMatchObject({
      car: { _id: DEMO_IDS.cars.clio, name: 'Renault Clio' },
      driver: { _id: DEMO_ACCOUNTS.driver.id, email: DEMO_ACCOUNTS.driver.email },
      paymentProvider: 'demo',
      paid: { amount: chargedAmount, currency: 'EUR' },
      refund: { amount: chargedAmount - fee, currency: 'EUR', free: false, fee },
    });
    expect(row?.requestedAt).not.toBeNull();
    expect(own.results.every((entry) => entry.supplier._id === DEMO_IDS.suppliers.azurCoast)).toBe(true);
    expect((await queue(admin)).results.map((entry) => entry._id)).toContain(bookingId);
    const other = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    expect((await queue(other)).results.map((entry) => entry._id)).not.toContain(bookingId);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/cancellation-requests/1/10',
      headers: other,
      payload: { supplierId: DEMO_IDS.suppliers.azurCoast },
    });
    expect(refused.statusCode).toBe(403);
    expect((await approve(other, bookingId)).statusCode).toBe(404);
    expect((await approve(driver, bookingId)).statusCode).toBe(403);
    expect((await approve({}, bookingId)).statusCode).toBe(401);
  });

  it('shows the demo data’s two requests to the demo supplier: pay later (nothing to refund), paid (a fee kept)', async () => {
    const { results } = await queue(supplier);
    const later = results.find((entry) => entry._id === DEMO_IDS.bookings.demoCancelLater);
    const paid = results.find((entry) => entry._id === DEMO_IDS.bookings.demoCancelPaid);
    expect(later).toMatchObject({ paymentOption: 'payLater', refund: { amount: 0, free: true } });
    expect(paid).toMatchObject({ paymentOption: 'full', paymentProvider: 'demo', refund: { free: false } });
    const days = rentalDays(new Date(paid!.pickupAt), new Date(paid!.dropoffAt));
    expect(paid!.refund.fee).toBe(Math.round(paid!.price / days));
    expect(paid!.refund.amount).toBe(paid!.paid.amount - paid!.refund.fee);
    expect(later?.driver._id).toBe(DEMO_ACCOUNTS.driver2.id);
  });

  it('approve: cancelled, refunded once through the demo gateway (a day kept), the driver told with the amount', async () => {
    const { bookingId, chargedAmount, fee } = await requested(46);
    const refunded = chargedAmount - fee;
    const res = await approve(supplier, bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      _id: bookingId,
      status: 'cancelled',
      cancelRequest: false,
      refund: { provider: 'demo', amount: refunded, currency: 'EUR', reference: `demo_refund-${bookingId}` },
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'cancelled', blocksCar: false, cancelRequest: false });
    // Retried: the same answer, one refund.
    expect((await approve(admin, bookingId)).json()).toEqual(res.json());
    const made = await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'succeeded', amount: refunded, provider: 'demo' });
    const note = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.bookingId, bookingId), eq(notifications.kind, 'cancelApproved')));
    expect(note).toHaveLength(1);
    expect(note[0]?.params).toMatchObject({ refundAmount: refunded, refundCurrency: 'EUR' });
    const [mail] = await mailsTo(DEMO_ACCOUNTS.driver.email);
    expect(mail?.subject).toBe('Your booking of the Renault Clio is cancelled');
    expect(mail?.text).toContain(`Refund: ${formatMinor(refunded, 'EUR', 'en')}, to the card`);
    // The booking's history tells the driver's request, then the supplier's approval with its refund.
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, bookingId)).orderBy(auditLog.at);
    expect(trail.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['requestCancellation', DEMO_ACCOUNTS.driver.id],
      ['approveCancellation', DEMO_ACCOUNTS.supplier.id],
    ]);
    expect(trail[1]?.changes.refund).toEqual({ before: null, after: { amount: refunded, currency: 'EUR' } });
    // The car is free again for the period.
    expect((await queue(supplier)).results.map((entry) => entry._id)).not.toContain(bookingId);
  });

  it('late or not covered: the fee (one rental day) is kept; pay later refunds nothing', async () => {
    // Asked 10 hours before pick-up: the Clio's included cancellation no longer makes it free.
    const [late] = await t.db
      .insert(bookings)
      .values(
        bookingRow(
          { pickupAt: new Date(Date.now() + 10 * 3600_000), dropoffAt: new Date(Date.now() + 82 * 3600_000) },
          {
            status: 'paid',
            paymentOption: 'full',
            paymentProvider: 'demo',
            paymentReference: 'demo_late',
            paidAt: new Date(),
            price: 12000,
            payNow: 12000,
            chargedAmount: 12000,
            cancelRequest: true,
            cancelRequestedAt: new Date(),
          },
        ),
      )
      .returning();
    await t.db.insert(payments).values(paymentRow(late!));
    const row = (await queue(supplier)).results.find((entry) => entry._id === late!.id);
    // 72 hours: 3 rental days, one of them (4,000) kept.
    expect(row?.refund).toEqual({ amount: 8000, currency: 'EUR', free: false, fee: 4000 });
    expect((await approve(supplier, late!.id)).json().refund).toMatchObject({ amount: 8000, provider: 'demo' });

    // The demo data's pay-later request (a driver's own pay-later cancel weeks ahead is decided at once).
    const later = DEMO_IDS.bookings.demoCancelLater;
    const res = await approve(supplier, later);
    expect(res.json()).toEqual({ _id: later, status: 'cancelled', cancelRequest: false, refund: null });
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, later))).toEqual([]);
  });

  it('decline: the request closed with a message in the driver’s language, the booking as it was', async () => {
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    try {
      const { bookingId } = await requested(58, 'deposit');
      const empty = await t.app.inject({
        method: 'POST',
        url: `/api/decline-cancellation/${bookingId}`,
        headers: supplier,
        payload: { message: '  ' },
      });
      expect(empty.statusCode).toBe(400);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/decline-cancellation/${bookingId}`,
        headers: supplier,
        payload: { message: 'The car is already prepared for you.' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ _id: bookingId, status: 'deposit', cancelRequest: false, refund: null });
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(row).toMatchObject({ status: 'deposit', blocksCar: true, cancelRequest: false });
      const [mail] = await mailsTo(DEMO_ACCOUNTS.driver.email);
      expect(mail?.subject).toBe('Solicitud de cancelación rechazada: Renault Clio');
      expect(mail?.text).toContain('Tu solicitud para cancelar la reserva');
      expect(mail?.text).toContain('The car is already prepared for you.');
      const [note] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.bookingId, bookingId), eq(notifications.kind, 'cancelDeclined')));
      expect(note?.params.message).toBe('The car is already prepared for you.');
      // Decided: no second decision either way.
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/decline-cancellation/${bookingId}`,
        headers: admin,
        payload: { message: 'Again' },
      });
      expect(again.statusCode).toBe(409);
      expect((await approve(admin, bookingId)).statusCode).toBe(409);
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    }
  });
});
