import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { nextDays, ownershipFixtures, type SignedInFixture, upload } from '#test/ownership-fixtures.ts';
import { createSecurityApp, type SecurityApp } from '#test/security-app.ts';
import { adminRows } from './ownership-admin-rows.ts';
import { bookingChangeRows } from './ownership-booking-change-rows.ts';
import { catalogueRows, publicCatalogueRow, publicFeeQuoteRow } from './ownership-catalogue-rows.ts';
import { counterRows } from './ownership-counter-rows.ts';
import { driverRows } from './ownership-driver-rows.ts';
import { invoiceRows } from './ownership-invoice-rows.ts';
import {
  BOOKING,
  CALLERS,
  type Expected,
  everyone,
  LICENCE,
  OPERATOR,
  REFUSED,
  type Row,
  SELF,
  type Who,
} from './ownership-matrix.ts';
import { operatorRows } from './ownership-operator-rows.ts';

// The security suite's ownership matrix (docs/architecture.md §4): every call that takes a user, booking, notification
// or file id, called by each kind of caller, against the status the code defines. Every call gets fresh records
// (a new driver with a booking, a cancelled booking, a licence and a notification: test/ownership-fixtures.ts), so a
// success changes nothing the next call relies on. A new route is one row.

/** The database of the suite's app, for rows that make their own records (set in beforeAll). */
let suiteDb: SecurityApp['db'] | undefined;
/** The suite's app, for rows that record money through the ledger (set in beforeAll). */
let suiteApp: SecurityApp | undefined;

const ROWS: Row[] = [
  // Accounts (spec §7).
  { call: 'GET /api/user/{id}', expected: SELF, request: (f) => ({ method: 'GET', url: `/api/user/${f.userId}` }) },
  {
    call: 'POST /api/update-language',
    expected: SELF,
    request: (f) => ({ method: 'POST', url: '/api/update-language', payload: { id: f.userId, language: 'fr' } }),
  },
  {
    call: 'GET /api/check-password/{userId}/{password}',
    expected: SELF,
    request: (f) => ({
      method: 'GET',
      url: `/api/check-password/${f.userId}/${encodeURIComponent(DEMO_ACCOUNTS.driver.password)}`,
    }),
  },
  {
    call: 'POST /api/change-password',
    expected: SELF,
    request: (f) => ({
      method: 'POST',
      url: '/api/change-password',
      payload: { userId: f.userId, currentPassword: DEMO_ACCOUNTS.driver.password, newPassword: 'Brand-new-2026' },
    }),
  },
  {
    call: 'GET /api/has-password/{userId}',
    expected: SELF,
    request: (f) => ({ method: 'GET', url: `/api/has-password/${f.userId}` }),
  },
  {
    call: 'DELETE /api/delete-tokens/{userId}',
    expected: SELF,
    request: (f) => ({ method: 'DELETE', url: `/api/delete-tokens/${f.userId}` }),
  },
  // Profile (spec §7).
  {
    call: 'POST /api/update-user',
    expected: SELF,
    request: (f) => ({
      method: 'POST',
      url: '/api/update-user',
      payload: { _id: f.userId, fullName: 'Renamed Driver', birthDate: '1990-01-01' },
    }),
  },
  {
    call: 'POST /api/update-email-notifications',
    expected: SELF,
    request: (f) => ({
      method: 'POST',
      url: '/api/update-email-notifications',
      payload: { _id: f.userId, enableEmailNotifications: false },
    }),
  },
  {
    call: 'POST /api/update-avatar/{userId}',
    expected: SELF,
    request: (f) => upload(`/api/update-avatar/${f.userId}`, 'image'),
  },
  {
    call: 'POST /api/delete-avatar/{userId}',
    expected: SELF,
    request: (f) => ({ method: 'POST', url: `/api/delete-avatar/${f.userId}` }),
  },
  {
    call: 'POST /api/update-license/{id}',
    expected: SELF,
    request: (f) => upload(`/api/update-license/${f.userId}`, 'file'),
  },
  {
    call: 'POST /api/delete-license/{id}',
    expected: SELF,
    request: (f) => ({ method: 'POST', url: `/api/delete-license/${f.userId}` }),
  },
  {
    call: 'GET /api/user-license/{userId}',
    expected: SELF,
    request: (f) => ({ method: 'GET', url: `/api/user-license/${f.userId}` }),
  },
  {
    call: 'GET /api/license/{id}',
    expected: LICENCE,
    request: (f) => ({ method: 'GET', url: `/api/license/${f.licenceId}` }),
  },
  // A licence is never a public file, nor deletable as a guest's temporary upload, whoever asks.
  {
    call: 'GET /api/files/{id} (a licence)',
    expected: everyone(404),
    request: (f) => ({ method: 'GET', url: `/api/files/${f.licenceId}` }),
  },
  {
    call: 'POST /api/delete-temp-license/{file} (an attached licence)',
    expected: everyone(404),
    request: (f) => ({ method: 'POST', url: `/api/delete-temp-license/${f.licenceId}` }),
  },
  // Notifications (spec §7, paths with their casing).
  ...(['mark-Notifications-as-read', 'mark-Notifications-as-unread', 'delete-Notifications'] as const).map(
    (path): Row => ({
      call: `POST /api/${path}/{userId}`,
      expected: SELF,
      request: (f) => ({ method: 'POST', url: `/api/${path}/${f.userId}`, payload: { ids: [f.notificationId] } }),
    }),
  ),
  {
    call: 'GET /api/Notifications/{userId}/{page}/{pageSize}',
    expected: SELF,
    request: (f) => ({ method: 'GET', url: `/api/Notifications/${f.userId}/1/10` }),
  },
  {
    call: 'GET /api/notification-counter/{userId}',
    expected: SELF,
    request: (f) => ({ method: 'GET', url: `/api/notification-counter/${f.userId}` }),
  },
  // Bookings.
  {
    call: 'GET /api/booking/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'GET', url: `/api/booking/${f.bookingId}` }),
  },
  // Its documents: to exactly whoever may read the booking.
  {
    call: 'GET /api/booking-receipt/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'GET', url: `/api/booking-receipt/${f.bookingId}` }),
  },
  {
    call: 'GET /api/booking-calendar/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'GET', url: `/api/booking-calendar/${f.bookingId}` }),
  },
  ...invoiceRows(() => suiteApp!),
  {
    call: 'POST /api/update-booking/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'POST', url: `/api/update-booking/${f.bookingId}`, payload: {} }),
  },
  ...bookingChangeRows(() => suiteDb!),
  // Managing a booking without an account: the answer never depends on who asks, and a link
  // nobody was sent opens nothing for anyone (the grant's own checks: booking-access.test.ts).
  {
    call: 'POST /api/manage-booking-link',
    expected: everyone(200),
    request: (f) => ({
      method: 'POST',
      url: '/api/manage-booking-link',
      payload: { reference: 'ZZZZ2222', email: f.email },
    }),
  },
  {
    call: 'POST /api/open-manage-link',
    expected: everyone(410),
    request: () => ({ method: 'POST', url: '/api/open-manage-link', payload: { token: 'A'.repeat(43) } }),
  },
  // What the driver's cancel would do: whoever may cancel the booking.
  {
    call: 'GET /api/cancellation-quote/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'GET', url: `/api/cancellation-quote/${f.bookingId}` }),
  },
  {
    call: 'POST /api/cancel-booking/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'POST', url: `/api/cancel-booking/${f.bookingId}` }),
  },
  {
    call: 'POST /api/release-booking/{id}',
    // Only its driver lets go of an unpaid booking; an operator cancels it instead (409 here).
    expected: { ...BOOKING, operatingSupplier: 409, admin: 409 },
    request: (f) => ({ method: 'POST', url: `/api/release-booking/${f.unpaidBookingId}` }),
  },
  {
    call: 'POST /api/delete-bookings',
    expected: BOOKING,
    request: (f) => ({ method: 'POST', url: '/api/delete-bookings', payload: { ids: [f.cancelledBookingId] } }),
  },
  {
    call: 'POST /api/update-booking-status',
    expected: OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/update-booking-status',
      payload: { ids: [f.bookingId], status: 'reserved' },
    }),
  },
  // Checkout with a licence file id: only its owner may attach it to a booking.
  {
    call: 'POST /api/checkout (licenseFileId)',
    expected: { ...everyone(400), anonymous: 400, owner: 201 },
    request: (f) => ({
      method: 'POST',
      url: '/api/checkout',
      payload: {
        ...checkoutBody({ licenseFileId: f.licenceId }, nextDays()),
        driver: {
          fullName: 'Gwen Guest',
          email: `guest-${nextDays()}@example.com`,
          phone: '+33 6 00 00 00 00',
          birthDate: '1992-03-04',
          acceptTerms: true,
        },
      },
    }),
  },
  // Payment calls: a guest pays without a session, so nobody is refused as anonymous, but
  // only whoever placed the booking pays it (a guest's browser by its cookie: payment-party.test.ts); its supplier
  // and an admin may read the result. The booking id alone is worth nothing.
  {
    call: 'GET /api/checkout-session/{sessionId} (a booking id)',
    expected: { ...BOOKING, anonymous: 404 },
    request: (f) => ({ method: 'GET', url: `/api/checkout-session/${f.unpaidBookingId}` }),
  },
  {
    call: 'POST /api/create-paypal-order/',
    expected: { ...everyone(404), owner: 200 },
    request: (f) => ({
      method: 'POST',
      url: '/api/create-paypal-order/',
      payload: { bookingId: f.unpaidBookingId, amount: 100, currency: 'EUR', name: 'Renault Clio', description: 'x' },
    }),
  },
  // The payment step of an unpaid booking: like every payment call, only the party that placed
  // the booking — its driver, or the guest's browser (security/payment-party.test.ts) — is answered.
  {
    call: 'GET /api/booking-payment/{bookingId}',
    expected: { ...everyone(404), owner: 200 },
    request: (f) => ({ method: 'GET', url: `/api/booking-payment/${f.unpaidBookingId}` }),
  },
  {
    // The owner reaches the wallet provider, whose order is not approved yet: 402 Payment failed.
    call: 'POST /api/check-paypal-order/{bookingId}/{orderId}',
    expected: { ...everyone(404), owner: 402 },
    request: (f) => ({ method: 'POST', url: `/api/check-paypal-order/${f.unpaidBookingId}/${f.paypalOrderId}` }),
  },
  // With the card provider configured the demo gateway is off, for everyone alike.
  {
    call: 'POST /api/demo-payment/{bookingId}',
    expected: everyone(403),
    request: (f) => ({
      method: 'POST',
      url: `/api/demo-payment/${f.unpaidBookingId}`,
      payload: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' },
    }),
  },
  // The operator console.
  ...operatorRows(() => suiteDb!),
  ...catalogueRows(() => suiteDb!),
  publicCatalogueRow,
  publicFeeQuoteRow,
  // The admin's back office.
  ...adminRows(() => suiteDb!),
  // The counter (docs/architecture.md §5 "After the booking").
  ...counterRows(() => suiteDb!),
  // What an operator can learn about a driver (second outside audit, item 1).
  ...driverRows(() => suiteDb!),
];

describe('security: ownership matrix', () => {
  let t: SecurityApp;
  let fixtures: (n: number) => Promise<SignedInFixture[]>;

  beforeAll(async () => {
    t = await createSecurityApp();
    suiteDb = t.db;
    suiteApp = t;
    fixtures = ownershipFixtures(t);
  });
  afterAll(() => t.close());

  const headersOf = async (who: Who, f: SignedInFixture) => {
    switch (who) {
      case 'owner':
        return f.headers;
      case 'otherDriver':
        return t.as('driver2');
      case 'otherSupplier':
        return t.as({ id: DEMO_IDS.suppliers.kestrel });
      case 'operatingSupplier':
        return t.as('supplier');
      default:
        return t.as(who);
    }
  };

  it('covers every route with an id of a user, booking, notification or file', () => {
    const routes = new Set(ROWS.map((row) => row.call.split(' (')[0]));
    expect(routes.size).toBeGreaterThanOrEqual(30);
  });

  // One test per row, each with its own fixtures: the matrix grows with every operator call, and as one test it
  // outgrew its time limit on a loaded machine (CI, session 14).
  it.each(ROWS.map((row) => [row.call, row] as const))(
    '%s answers each caller as the code defines: anonymous 401, others 403/404, owner and admin succeed',
    async (_call, row) => {
      const got: Partial<Expected> = {};
      // Callers that are refused change nothing, so they share one fixture; the others get their own.
      const made = await fixtures(4);
      const shared = made.pop()!;
      for (const who of CALLERS) {
        const f = REFUSED.has(who) ? shared : made.pop()!;
        const request = await row.request(f);
        const res = await t.inject({
          ...request,
          headers: { ...(request.headers as Record<string, string>), ...(await headersOf(who, f)) },
        });
        got[who] = res.statusCode;
        if (res.statusCode >= 400)
          expect(res.json(), `${row.call} as ${who}`).toMatchObject({ code: expect.any(String) });
      }
      expect(got).toEqual(row.expected);
    },
  );

  // The caller is checked before the body, so an anonymous caller learns nothing of the schema.
  it('answers an anonymous caller 401 before looking at the body: the rows refused to anonymous, sent empty', async () => {
    const [f] = await fixtures(1);
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const row of ROWS.filter((r) => r.expected.anonymous === 401)) {
      const { payload: _payload, headers: _headers, ...request } = await row.request(f!);
      const res = await t.inject({ ...request, headers: { 'content-type': 'application/json' }, payload: '{}' });
      got[row.call] = res.statusCode;
      want[row.call] = 401;
    }
    expect(Object.keys(want).length).toBeGreaterThan(20);
    expect(got).toEqual(want);
  });

  it('notification ids of another user in a body are ignored, never touched', async () => {
    const [f] = await fixtures(1);
    const res = await t.inject({
      method: 'POST',
      url: `/api/delete-Notifications/${DEMO_ACCOUNTS.driver2.id}`,
      headers: await t.as('driver2'),
      payload: { ids: [f!.notificationId] },
    });
    expect(res.json()).toEqual({ count: 0 });
    expect(await t.db.select().from(notifications).where(eq(notifications.id, f!.notificationId))).toHaveLength(1);
  });

  it('leaks no password hash, session token, one-time token or secret in any response or log line', async () => {
    expect(await t.leaks()).toEqual([]);
  });
});
