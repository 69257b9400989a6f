import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { bookings, files, notifications, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { bookingRow, period } from './booking-fixtures.ts';
import { multipart } from './multipart.ts';
import type { SecurityApp } from './security-app.ts';

// The records the ownership matrix (src/security/ownership.test.ts) makes afresh for each call, and the request
// helpers its rows use.

/** Records made afresh for each call. The Clio is in the demo supplier's (Azur Coast) fleet. */
export type Fixture = {
  userId: string;
  email: string;
  bookingId: string;
  cancelledBookingId: string;
  /** Awaiting online payment: void, holding the car, 100.00 EUR to pay in full. */
  unpaidBookingId: string;
  /** The local wallet provider's order for it, created and not yet approved. */
  paypalOrderId: string;
  licenceId: string;
  notificationId: string;
};
export type SignedInFixture = Fixture & { headers: { cookie: string } };

let pngBytes: Buffer | undefined;
const png = async () => {
  pngBytes ??= await sharp({ create: { width: 32, height: 32, channels: 3, background: '#357' } })
    .png()
    .toBuffer();
  return pngBytes;
};

/** A multipart upload of a small PNG in `field`. */
export const upload = async (url: string, field: string): Promise<InjectOptions> => {
  const body = multipart(field, 'a.png', 'image/png', await png());
  return { method: 'POST', url, payload: body.payload, headers: body.headers };
};

let daysAhead = 40;
/** A pick-up further ahead at each call: bookings made for different rows never overlap. */
export const nextDays = () => {
  daysAhead += 3;
  return daysAhead;
};

/**
 * `n` new verified drivers (the demo driver's password), each with a pending, a cancelled and an unpaid (void, held)
 * Clio booking, a licence and a notification, made in a handful of multi-row inserts, and signed in.
 */
export function ownershipFixtures(t: SecurityApp): (n: number) => Promise<SignedInFixture[]> {
  let driverRow: typeof users.$inferSelect | undefined;
  let counter = 0;
  return async (n) => {
    driverRow ??= (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
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
      bookingRow(period(nextDays(), 2), {
        driverId,
        status,
        blocksCar: status === 'pending',
        // Amendments bought: the Clio's terms then let its driver change the booking.
        amendments: true,
      });
    const unpaid = (driverId: string) =>
      bookingRow(period(nextDays(), 2), {
        driverId,
        status: 'void',
        blocksCar: true,
        amendments: true,
        holdExpiresAt: new Date(Date.now() + 30 * 60_000),
        paymentOption: 'full',
        payNow: 10000,
        chargedAmount: 10000,
      });
    const rows = await t.db
      .insert(bookings)
      .values(made.flatMap((user) => [booking(user.id, 'pending'), booking(user.id, 'cancelled'), unpaid(user.id)]))
      .returning({ id: bookings.id });
    const notes = await t.db
      .insert(notifications)
      .values(made.map((user, i) => ({ userId: user.id, kind: 'bookingConfirmed', bookingId: rows[3 * i]!.id })))
      .returning({ id: notifications.id });
    for (const row of rows.filter((_, i) => i % 3 === 2)) {
      const unit = { custom_id: row.id, reference_id: row.id, amount: { currency_code: 'EUR', value: '100.00' } };
      t.paypal.orders.set(`ORDER-${row.id}`, { id: `ORDER-${row.id}`, status: 'CREATED', purchase_units: [unit] });
    }
    const headers = await t.asMany(made.map((user) => user.id));
    return made.map((user, i) => ({
      userId: user.id,
      email: user.email,
      bookingId: rows[3 * i]!.id,
      cancelledBookingId: rows[3 * i + 1]!.id,
      unpaidBookingId: rows[3 * i + 2]!.id,
      paypalOrderId: `ORDER-${rows[3 * i + 2]!.id}`,
      licenceId: licences[i]!.id,
      notificationId: notes[i]!.id,
      headers: headers[i]!,
    }));
  };
}
