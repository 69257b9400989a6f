import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRow, checkoutBody, period } from '../../test/booking-fixtures.ts';
import { multipart } from '../../test/multipart.ts';
import { createSecurityApp, type SecurityApp } from '../../test/security-app.ts';
import { bookings, files, notifications, users } from '../db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../db/seed/seed.ts';

// Issue #8 security suite, ownership matrix (ARCHITECTURE §4): every call that takes a user, booking, notification
// or file id, called by each kind of caller, against the status the code defines. Every call gets fresh records
// (a new driver with a booking, a cancelled booking, a licence and a notification), so a success changes nothing
// the next call relies on. A new route is one row.

type Who = 'anonymous' | 'owner' | 'otherDriver' | 'otherSupplier' | 'operatingSupplier' | 'admin';
const CALLERS: Who[] = ['anonymous', 'otherDriver', 'otherSupplier', 'operatingSupplier', 'admin', 'owner'];
type Expected = Record<Who, number>;
/** Never allowed on another's record: they share a fixture (a wrong success would show in the table anyway). */
const REFUSED = new Set<Who>(['anonymous', 'otherDriver', 'otherSupplier']);

/** `{userId}` checks (requireSelfOrAdmin): anonymous 401, anyone else 403, the owner and an admin succeed. */
const SELF: Expected = {
  anonymous: 401,
  otherDriver: 403,
  otherSupplier: 403,
  operatingSupplier: 403,
  admin: 200,
  owner: 200,
};
/** A booking: its driver, the supplier whose fleet it is in, and admins; to anyone else it does not exist (404). */
const BOOKING: Expected = { ...SELF, otherDriver: 404, otherSupplier: 404, operatingSupplier: 200 };
/** Operator calls: a driver is refused outright (403), another fleet's booking does not exist (404). */
const OPERATOR: Expected = { ...BOOKING, owner: 403, otherDriver: 403 };
/** A licence file: owner, admin, and the supplier of a booking of that driver (ARCHITECTURE §5). */
const LICENCE: Expected = BOOKING;
const everyone = (status: number): Expected => ({
  anonymous: status,
  otherDriver: status,
  otherSupplier: status,
  operatingSupplier: status,
  admin: status,
  owner: status,
});

/** Records made afresh for each call. The Clio is in the demo supplier's (Azur Coast) fleet. */
type Fixture = {
  userId: string;
  email: string;
  bookingId: string;
  cancelledBookingId: string;
  licenceId: string;
  notificationId: string;
};

type Row = { call: string; expected: Expected; request: (f: Fixture) => InjectOptions | Promise<InjectOptions> };

let pngBytes: Buffer | undefined;
const png = async () => {
  pngBytes ??= await sharp({ create: { width: 32, height: 32, channels: 3, background: '#357' } })
    .png()
    .toBuffer();
  return pngBytes;
};
const upload = async (url: string, field: string): Promise<InjectOptions> => {
  const body = multipart(field, 'a.png', 'image/png', await png());
  return { method: 'POST', url, payload: body.payload, headers: body.headers };
};
let daysAhead = 40;
const nextDays = () => {
  daysAhead += 3;
  return daysAhead;
};

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
  // Profile (spec §7, issue #6).
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
  // Bookings (issue #5).
  {
    call: 'GET /api/booking/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'GET', url: `/api/booking/${f.bookingId}` }),
  },
  {
    call: 'POST /api/update-booking/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'POST', url: `/api/update-booking/${f.bookingId}`, payload: {} }),
  },
  {
    call: 'POST /api/cancel-booking/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'POST', url: `/api/cancel-booking/${f.bookingId}` }),
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
  // Payment calls take the booking id as the capability (a guest pays without a session; paying grants nothing):
  // every caller gets the same answer, and a pay-later booking cannot be paid online by anyone.
  {
    call: 'POST /api/demo-payment/{bookingId}',
    expected: everyone(400),
    request: (f) => ({
      method: 'POST',
      url: `/api/demo-payment/${f.bookingId}`,
      payload: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    }),
  },
  {
    call: 'POST /api/create-paypal-order/',
    expected: everyone(400),
    request: (f) => ({
      method: 'POST',
      url: '/api/create-paypal-order/',
      payload: { bookingId: f.bookingId, amount: 10 },
    }),
  },
  {
    call: 'POST /api/check-paypal-order/{bookingId}/{orderId}',
    expected: everyone(402),
    request: (f) => ({ method: 'POST', url: `/api/check-paypal-order/${f.bookingId}/ORDER1` }),
  },
];

describe('security: ownership matrix', () => {
  let t: SecurityApp;
  let driverRow: typeof users.$inferSelect;
  let counter = 0;

  beforeAll(async () => {
    t = await createSecurityApp();
    driverRow = (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
  });
  afterAll(() => t.close());

  /**
   * `n` new verified drivers (the demo driver's password), each with a pending and a cancelled Clio booking, a licence
   * and a notification, made in a handful of multi-row inserts, and signed in.
   */
  async function fixtures(n: number): Promise<(Fixture & { headers: { cookie: string } })[]> {
    const { id: _id, email: _email, ...rest } = driverRow;
    const made = await t.db
      .insert(users)
      .values(
        Array.from({ length: n }, () => {
          counter += 1;
          return { ...rest, email: `owner-${counter}@example.com`, avatarFileId: null, licenseFileId: null };
        }),
      )
      .returning({ id: users.id, email: users.email });
    const bytes = await png();
    const licences = await t.db
      .insert(files)
      .values(
        made.map((user) => ({
          kind: 'license' as const,
          ownerId: user.id,
          contentType: 'image/png',
          size: bytes.length,
          bytes,
        })),
      )
      .returning({ id: files.id, ownerId: files.ownerId });
    await t.db
      .update(users)
      .set({ licenseFileId: sql`${files.id}` })
      .from(files)
      .where(
        and(
          eq(files.ownerId, users.id),
          eq(files.kind, 'license'),
          inArray(
            users.id,
            made.map((user) => user.id),
          ),
        ),
      );
    const booking = (driverId: string, status: 'pending' | 'cancelled') =>
      bookingRow(period(nextDays(), 2), { driverId, status, blocksCar: status === 'pending' });
    const rows = await t.db
      .insert(bookings)
      .values(made.flatMap((user) => [booking(user.id, 'pending'), booking(user.id, 'cancelled')]))
      .returning({ id: bookings.id });
    const notes = await t.db
      .insert(notifications)
      .values(made.map((user, i) => ({ userId: user.id, kind: 'bookingConfirmed', bookingId: rows[2 * i]!.id })))
      .returning({ id: notifications.id });
    const headers = await t.asMany(made.map((user) => user.id));
    return made.map((user, i) => ({
      userId: user.id,
      email: user.email,
      bookingId: rows[2 * i]!.id,
      cancelledBookingId: rows[2 * i + 1]!.id,
      licenceId: licences[i]!.id,
      notificationId: notes[i]!.id,
      headers: headers[i]!,
    }));
  }

  const headersOf = async (who: Who, f: Fixture & { headers: { cookie: string } }) => {
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

  it('answers each caller as the code defines: anonymous 401, others 403/404, owner and admin succeed', {
    timeout: 60_000,
  }, async () => {
    const got: Record<string, Partial<Expected>> = {};
    const want: Record<string, Partial<Expected>> = {};
    // Callers that are refused change nothing, so they share one fixture per row; the others get their own.
    const made = await fixtures(ROWS.length * 4);
    for (const row of ROWS) {
      got[row.call] = {};
      want[row.call] = row.expected;
      const shared = made.pop()!;
      for (const who of CALLERS) {
        const f = REFUSED.has(who) ? shared : made.pop()!;
        const request = await row.request(f);
        const res = await t.inject({
          ...request,
          headers: { ...(request.headers as Record<string, string>), ...(await headersOf(who, f)) },
        });
        got[row.call]![who] = res.statusCode;
        if (res.statusCode >= 400)
          expect(res.json(), `${row.call} as ${who}`).toMatchObject({ code: expect.any(String) });
      }
    }
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
