import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAccess, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { BOOKING_GRANT_COOKIE } from '#server/plugins/booking-grant.ts';
import { hashToken } from '#server/plugins/session.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { bookingRow, bookOnline, GOOD_CARD } from './payments.test-helpers.ts';

// Paying an existing booking from a booking grant: a browser that opened the
// booking's e-mailed link pays it and reads its payment as its driver would — and nothing else, and not once the
// grant is gone or its driver is suspended.

describe('pay an existing booking with a booking grant', () => {
  let t: TestApp;
  let driver: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  /** A grant to `bookingId` as opening its link leaves it: the browser's cookie header (no session, no guest token). */
  async function grantFor(bookingId: string, expiresAt = new Date(Date.now() + 3600_000)) {
    const secret = randomBytes(32).toString('base64url');
    await t.db.insert(bookingAccess).values({ tokenHash: hashToken(secret), bookingId, kind: 'grant', expiresAt });
    return { cookie: `${BOOKING_GRANT_COOKIE}=${secret}` };
  }
  const payment = (id: string, headers: { cookie: string }) =>
    t.app.inject({ method: 'GET', url: `/api/booking-payment/${id}?language=fr`, headers });
  const pay = (id: string, headers: { cookie: string }) =>
    t.app.inject({ method: 'POST', url: `/api/demo-payment/${id}`, headers, payload: GOOD_CARD });
  const outcome = (id: string, headers: { cookie: string }) =>
    t.app.inject({ method: 'GET', url: `/api/checkout-session/${id}`, headers });

  it('the grant holder sees the amount due and pays it; the booking is confirmed', async () => {
    const id = (await bookOnline(t, driver, { paymentOption: 'full' }, 60)).bookingId as string;
    const headers = await grantFor(id);
    const pending = await payment(id, headers);
    expect(pending.statusCode, pending.body).toBe(200);
    const row = await bookingRow(t, id);
    expect(pending.json()).toMatchObject({
      bookingId: id,
      payment: { provider: 'demo' },
      summary: { reference: row.reference, amounts: { payNow: row.chargedAmount } },
    });
    const paid = await pay(id, headers);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ bookingId: id, status: 'paid', payment: 'paid' });
    expect(await bookingRow(t, id)).toMatchObject({ status: 'paid', holdExpiresAt: null, paymentProvider: 'demo' });
    expect((await outcome(id, headers)).json()).toMatchObject({ bookingId: id, payment: 'paid' });
  });

  it('opens only its own booking, only while it lasts, and never for a suspended driver', async () => {
    // (A driver's new checkout releases their unpaid holds: the one to pay is made last.)
    const other = (await bookOnline(t, driver, { paymentOption: 'full' }, 68)).bookingId as string;
    const id = (await bookOnline(t, driver, { paymentOption: 'full' }, 64)).bookingId as string;
    const stranger = { cookie: '' };
    // No grant, or another booking's grant: unknown, as for any id.
    for (const headers of [stranger, await grantFor(other)]) {
      expect((await payment(id, headers)).statusCode).toBe(404);
      expect((await pay(id, headers)).statusCode).toBe(404);
      expect((await outcome(id, headers)).statusCode).toBe(404);
    }
    // An expired grant.
    const lapsed = await grantFor(id, new Date(Date.now() - 1000));
    expect((await pay(id, lapsed)).statusCode).toBe(404);
    // A suspended driver's grant (spec §6).
    const live = await grantFor(id);
    await t.db.update(users).set({ blacklisted: true }).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    try {
      expect((await payment(id, live)).statusCode).toBe(404);
      expect((await pay(id, live)).statusCode).toBe(404);
    } finally {
      await t.db.update(users).set({ blacklisted: false }).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    }
    expect((await bookingRow(t, id)).status).toBe('void');
    expect((await pay(id, live)).statusCode).toBe(200);
  });
});
