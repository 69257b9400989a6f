import { BookingsPageSchema } from '@roam/contract/bookings.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { bookingRow, checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A driver's list holds only bookings that exist for them — an unpaid online attempt while
// its hold lasts, shown as what it is, with pay and release — and the server takes exactly the actions the contract's
// rule (booking-actions.ts) offers.

type Headers = Record<string, string>;

describe('what a driver sees and may do', () => {
  let t: TestApp;
  let driver: Headers;
  let supplier: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    // A driver of its own, so that the lists below are exactly this file's bookings.
    const template = (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
    const { id: _id, email: _email, ...rest } = template;
    const [own] = await t.db
      .insert(users)
      .values({ ...rest, email: `actions-${Date.now()}@roam.test`, avatarFileId: null, licenseFileId: null })
      .returning();
    driver = await signIn(t.db, own!.id);
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
  });
  afterAll(() => t.close());

  const checkout = async (choices: Record<string, unknown>, daysAhead: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody(choices as never, daysAhead),
    });
    expect(res.statusCode).toBe(201);
    return res.json().bookingId as string;
  };
  const listed = async (who: Headers) =>
    BookingsPageSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/bookings/1/50', headers: who, payload: {} })).json(),
    ).results.map((row) => row._id);
  const call = (path: string, who: Headers = driver) => t.app.inject({ method: 'POST', url: path, headers: who });
  const detail = (id: string, who: Headers = driver) =>
    t.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: who });

  it('an unpaid attempt is listed while its hold lasts, and can be released; then it is gone for its driver', async () => {
    const attempt = await checkout({ paymentOption: 'full' }, 130);
    expect(await listed(driver)).toContain(attempt);
    expect((await detail(attempt)).json()).toMatchObject({ status: 'void', holdExpiresAt: expect.any(String) });
    // Nothing to cancel, edit or delete: only pay or release.
    expect((await call(`/api/cancel-booking/${attempt}`)).statusCode).toBe(409);
    expect((await call(`/api/release-booking/${attempt}`)).json()).toEqual({ count: 1 });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, attempt));
    expect(row).toMatchObject({ status: 'void', blocksCar: false, holdExpiresAt: null });
    expect(await listed(driver)).not.toContain(attempt);
    expect((await detail(attempt)).statusCode).toBe(404);
    expect((await call(`/api/release-booking/${attempt}`)).statusCode).toBe(404);
    // The operator still sees what happened to the car.
    expect(await listed(supplier)).toContain(attempt);
  });

  it('a declined card and a lapsed hold leave no booking in the driver’s list', async () => {
    const declined = await checkout({ paymentOption: 'deposit' }, 136);
    const card = { cardNumber: '4000 0000 0000 0002', expiry: '12/39', cvc: '123', cardholder: 'X' };
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${declined}`,
      headers: driver,
      payload: card,
    });
    expect(pay.statusCode).toBe(402);
    const lapsed = await checkout({ paymentOption: 'full' }, 142);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, lapsed));
    const mine = await listed(driver);
    expect(mine).not.toContain(declined);
    expect(mine).not.toContain(lapsed);
    expect((await detail(lapsed)).statusCode).toBe(404);
    expect((await call(`/api/release-booking/${lapsed}`)).statusCode).toBe(404);
  });

  it('refuses what it does not offer: deleting a booking that is not cancelled, cancelling one under way', async () => {
    const payLater = await checkout({}, 150);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/delete-bookings',
      headers: driver,
      payload: { ids: [payLater] },
    });
    expect(deleted.statusCode).toBe(409);
    expect((await call(`/api/release-booking/${payLater}`)).statusCode).toBe(409);
    // A booking whose pick-up has passed is no longer the driver's to cancel (nor to change).
    const [started] = await t.db
      .insert(bookings)
      .values(
        bookingRow(
          { pickupAt: new Date(Date.now() - 3600_000), dropoffAt: new Date(Date.now() + 2 * 24 * 3600_000) },
          { status: 'pending', amendments: true },
        ),
      )
      .returning({ id: bookings.id });
    const owner = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    expect((await call(`/api/cancel-booking/${started!.id}`, owner)).statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${started!.id}`,
      headers: owner,
      payload: { extras: {} },
    });
    expect(edit.statusCode).toBe(409);
  });

  it("changes a pay-later booking only where the car's terms allow changes", async () => {
    const withoutAmendments = await checkout({}, 160);
    const withAmendments = await checkout({ extras: { amendments: true } }, 166);
    const edit = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/update-booking/${id}`,
        headers: driver,
        payload: { extras: { amendments: true, theftProtection: true } },
      });
    expect((await detail(withoutAmendments)).json().amendable).toBe(false);
    expect((await edit(withoutAmendments)).statusCode).toBe(409);
    expect((await detail(withAmendments)).json().amendable).toBe(true);
    expect((await edit(withAmendments)).statusCode).toBe(200);
  });
});
