import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, notifications, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The house business's bell (docs/decisions/0013-the-owner-runs-their-own-business.md): no one signs in as the house
// business, so what a business is told — a new booking, a cancellation request — is stored for the admin who runs it
// (their bell, through the notifications calls) and e-mailed to the admin's address in the admin's language, once.

describe("the house business's notices", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;
  let admin: { cookie: string };
  let business: string;
  const adminId = DEMO_ACCOUNTS.admin.id;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.test>' });
    admin = await signIn(t.db, adminId);
    const created = await t.app.inject({ method: 'POST', url: '/api/create-house-business', headers: admin });
    expect(created.statusCode, created.body).toBe(201);
    business = created.json()._id;
    await t.db.update(cars).set({ supplierId: business }).where(eq(cars.id, DEMO_IDS.cars.clio));
    // The admin reads German since the business was made: the notices follow the admin, not the copy on the business.
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, adminId));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const bell = async () => {
    const page = await t.app.inject({ method: 'GET', url: `/api/Notifications/${adminId}/1/50`, headers: admin });
    expect(page.statusCode, page.body).toBe(200);
    return page.json().results as { kind: string; bookingId: string; isRead: boolean }[];
  };
  const mailsTo = (from: number, bookingId: string) =>
    smtp.received
      .slice(from)
      .filter((mail) => mail.to.includes(DEMO_ACCOUNTS.admin.email) && smtp.textOf(mail).includes(bookingId));

  const book = async (daysAhead: number) => {
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({}, daysAhead),
    });
    expect(res.statusCode, res.body).toBe(201);
    const bookingId: string = res.json().bookingId;
    const cancel = () =>
      t.app.inject({ method: 'POST', url: `/api/cancel-booking/${bookingId}`, headers: driver, payload: {} });
    return { bookingId, cancel };
  };
  const told = async (bookingId: string, kind: string) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.bookingId, bookingId), eq(notifications.kind, kind)))
    )
      .map((row) => row.userId)
      .filter((userId) => userId === adminId || userId === business);

  it("a new booking and its cancellation reach the admin's bell and mailbox, in the admin's language", async () => {
    const before = smtp.received.length;
    const counted = await t.app.inject({ method: 'GET', url: `/api/notification-counter/${adminId}`, headers: admin });
    const { bookingId, cancel } = await book(10);
    expect((await bell()).filter((n) => n.bookingId === bookingId).map((n) => [n.kind, n.isRead])).toEqual([
      ['bookingNew', false],
    ]);
    const after = await t.app.inject({ method: 'GET', url: `/api/notification-counter/${adminId}`, headers: admin });
    expect(after.json().count).toBe(counted.json().count + 1);
    // Nothing is left on the business's own account, which no one reads.
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, business))).toEqual([]);
    // E-mailed to the admin's address, in German: the desk's link opens in that language.
    await expect.poll(() => mailsTo(before, bookingId).length).toBe(1);
    expect(smtp.textOf(mailsTo(before, bookingId)[0]!)).toContain(`/operator/bookings/${bookingId}?l=de`);

    // Free to cancel (pay later, days ahead): cancelled at once, the business told.
    const cancelled = smtp.received.length;
    expect((await cancel()).statusCode).toBe(200);
    expect(await told(bookingId, 'driverCancelled')).toEqual([adminId]);
    await expect.poll(() => mailsTo(cancelled, bookingId).length).toBe(1);
  });

  it("a cancellation request reaches the admin once: as the business's owner, not again as the platform's admin", async () => {
    const { bookingId, cancel } = await book(20);
    // Inside 24 hours of the pick-up, a driver's cancel is a request the business decides.
    const hours = (count: number) => new Date(Date.now() + count * 3600_000);
    await t.db
      .update(bookings)
      .set({ pickupAt: hours(6), dropoffAt: hours(30) })
      .where(eq(bookings.id, bookingId));
    const asked = smtp.received.length;
    expect((await cancel()).statusCode).toBe(200);
    expect(await told(bookingId, 'cancelRequested')).toEqual([adminId]);
    await expect.poll(() => mailsTo(asked, bookingId).length).toBe(1);
    expect(smtp.textOf(mailsTo(asked, bookingId)[0]!)).toContain('/operator/cancellation-requests?l=de');
  });
});
