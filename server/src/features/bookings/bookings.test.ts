import { BookingSchema, BookingsPageSchema } from '@roam/contract/bookings.schema';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, notifications, outbox, payments, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, checkoutBody, period } from '#test/booking-fixtures.ts';
import { withRefusedInserts } from '#test/refused-inserts.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

type Headers = { cookie: string } | Record<string, never>;

describe('bookings API', () => {
  let t: TestApp;
  const as: Record<'driver' | 'driver2' | 'supplier' | 'kestrel' | 'admin', Headers> = {} as never;
  const anonymous: Headers = {};
  let mine: string; // driver's Clio booking (Azur Coast fleet)
  let theirs: string; // driver2's Clio booking
  let van: string; // driver's van booking (Kestrel fleet)

  const book = async (who: Headers, daysAhead: number, extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: who,
      payload: { ...checkoutBody({}, daysAhead), ...extra },
    });
    expect(res.statusCode).toBe(201);
    return res.json().bookingId as string;
  };

  /** The demo driver's pay-later Clio 10 hours before pick-up: too late for a free cancellation. */
  const lateBooking = async () => {
    const soon = Date.now() + 10 * 3600_000;
    const [row] = await t.db
      .insert(bookings)
      .values(
        bookingRow({ pickupAt: new Date(soon), dropoffAt: new Date(soon + 72 * 3600_000) }, { status: 'pending' }),
      )
      .returning();
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // The lists below are exactly this file's bookings: the demo data's own (the operator console's
    // cancellation requests and blocked periods) leave first.
    // The paid one's ledger first: a booking that took money is never deleted otherwise.
    await t.db.delete(payments).where(inArray(payments.bookingId, Object.values(DEMO_IDS.bookings)));
    await t.db.delete(bookings).where(inArray(bookings.id, Object.values(DEMO_IDS.bookings)));
    as.driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    as.driver2 = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    as.supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    as.kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    as.admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    // With the Amendments extra: the Clio's terms allow changes only with it.
    mine = await book(as.driver, 10, { extras: { amendments: true } });
    theirs = await book(as.driver2, 15);
    const [row] = await t.db
      .insert(bookings)
      .values({
        carId: DEMO_IDS.cars.licenseRequired,
        supplierId: DEMO_IDS.suppliers.kestrel,
        driverId: DEMO_ACCOUNTS.driver.id,
        pickupLocationId: DEMO_IDS.locations.parisCdg,
        dropoffLocationId: DEMO_IDS.locations.parisCdg,
        pickupAt: new Date(period(10).pickupAt),
        dropoffAt: new Date(period(10).dropoffAt),
        status: 'paid',
        blocksCar: true,
        paymentOption: 'full',
        price: 33264,
        deposit: 90000,
        payNow: 33264,
        currency: 'EUR',
        chargedAmount: 33264,
      })
      .returning();
    van = row!.id;
  });
  afterAll(() => t.close());

  const list = (who: Headers, body: Record<string, unknown> = {}, page = 1, size = 20) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${page}/${size}`, headers: who, payload: body });
  const ids = async (who: Headers, body: Record<string, unknown> = {}) =>
    BookingsPageSchema.parse((await list(who, body)).json()).results.map((row) => row._id);

  it('lists what each role may see: driver own, supplier its fleet, admin all; anonymous 401', async () => {
    expect((await list(anonymous)).statusCode).toBe(401);
    expect(new Set(await ids(as.driver))).toEqual(new Set([mine, van]));
    expect(await ids(as.driver2)).toEqual([theirs]);
    expect(new Set(await ids(as.supplier))).toEqual(new Set([mine, theirs]));
    expect(await ids(as.kestrel)).toEqual([van]);
    expect(new Set(await ids(as.admin))).toEqual(new Set([mine, theirs, van]));
  });

  it('rows carry car, supplier, driver, places in the asked language, days, price, status', async () => {
    const page = BookingsPageSchema.parse((await list(as.driver2, { language: 'fr' })).json());
    expect(page.totalCount).toBe(1);
    expect(page.results[0]).toMatchObject({
      car: {
        _id: DEMO_IDS.cars.clio,
        name: 'Renault Clio',
        image: expect.stringMatching(/^\/api\/files\//),
        range: 'mini',
      },
      supplier: { _id: DEMO_IDS.suppliers.azurCoast, name: 'Azur Coast Rentals' },
      driver: { _id: DEMO_ACCOUNTS.driver2.id, name: 'Jonas Berg' },
      pickupLocation: { name: 'Aéroport Paris-Charles-de-Gaulle' },
      days: 3,
      price: 10500,
      status: 'pending',
      paymentOption: 'payLater',
      amounts: { currency: 'EUR', total: 10500, payAtPickup: 10500 },
    });
  });

  it('filters by status, dates and keyword, and pages', async () => {
    expect(await ids(as.admin, { statuses: ['paid'] })).toEqual([van]);
    expect(await ids(as.admin, { keyword: 'trafic' })).toEqual([van]);
    expect(await ids(as.admin, { keyword: 'jonas' })).toEqual([theirs]);
    // Operators find a booking by its reference as a customer reads it out: any case, with a dash.
    const [vanRow] = await t.db.select().from(bookings).where(eq(bookings.id, van));
    const spoken = `${vanRow!.reference.slice(0, 4).toLowerCase()}-${vanRow!.reference.slice(4)}`;
    expect(await ids(as.admin, { keyword: spoken })).toEqual([van]);
    expect(await ids(as.kestrel, { keyword: vanRow!.reference.toLowerCase() })).toEqual([van]);
    expect(await ids(as.supplier, { keyword: vanRow!.reference })).toEqual([]);
    expect(await ids(as.admin, { from: period(14).pickupAt })).toEqual([theirs]);
    const first = BookingsPageSchema.parse((await list(as.admin, {}, 1, 2)).json());
    const second = BookingsPageSchema.parse((await list(as.admin, {}, 2, 2)).json());
    expect(first.totalCount).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(second.results).toHaveLength(1);
    expect((await list(as.admin, { statuses: ['nope'] })).statusCode).toBe(400);
  });

  it('GET /api/booking/{id}: owner, fleet supplier and admin see it; others get 404', async () => {
    const get = (who: Headers, id: string) => t.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: who });
    expect((await get(anonymous, mine)).statusCode).toBe(401);
    expect((await get(as.driver2, mine)).statusCode).toBe(404);
    expect((await get(as.kestrel, mine)).statusCode).toBe(404);
    for (const who of [as.driver, as.supplier, as.admin]) expect((await get(who, mine)).statusCode).toBe(200);
    const detail = BookingSchema.parse((await get(as.driver, mine)).json());
    // 3 days at the 3-day rate 105 € + amendments 15 €, at the counter; the 500 € security deposit held there.
    expect(detail).toMatchObject({
      status: 'pending',
      amendable: true,
      reference: expect.stringMatching(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/),
      pickupLocation: {
        timeZone: 'Europe/Paris',
        address: 'Aéroport Paris-Charles de Gaulle, Terminal 2, 95700 Roissy-en-France',
      },
      amounts: {
        currency: 'EUR',
        total: 12000,
        payNow: 0,
        payAtPickup: 12000,
        securityDeposit: 50000,
        securityDepositTaken: 'atPickup',
      },
    });
  });

  it('a driver edits dates and extras of their pending booking, re-priced; not status, not others', async () => {
    const next = period(11, 4);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${mine}`,
      headers: as.driver,
      payload: { ...next, extras: { amendments: true } },
    });
    expect(res.statusCode).toBe(200);
    // 4 days: one 3-day rate 105 € + one day 39 €, amendments 15 €.
    expect(res.json()).toMatchObject({ price: 10500 + 3900 + 1500, days: 4, extras: { amendments: true } });
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${mine}`,
      headers: as.driver2,
      payload: next,
    });
    expect(other.statusCode).toBe(404);
    const status = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${mine}`,
      headers: as.driver,
      payload: { status: 'paid' },
    });
    expect(status.statusCode).toBe(403);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${van}`,
      headers: as.driver,
      payload: next,
    });
    expect(paid.statusCode).toBe(409);
    const tooSoon = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${mine}`,
      headers: as.driver,
      payload: period(-2),
    });
    expect(tooSoon.json().fieldErrors.pickupAt).toContain('Pick-up time must be at least a few hours in the future');
  });

  it('an edit that overlaps another booking of the car is a 409 and changes nothing', async () => {
    const overlap = { pickupAt: period(16).pickupAt, dropoffAt: period(16).dropoffAt };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${mine}`,
      headers: as.driver,
      payload: overlap,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CAR_UNAVAILABLE');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, mine));
    expect(row!.pickupAt.toISOString()).toBe(period(11).pickupAt);
  });

  it('a driver’s cancel is decided at once when the terms make it free, else a request to the operators; an operator cancels', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${mine}`, headers: as.driver2 })).statusCode,
    ).toBe(404);
    // Pay later, weeks ahead: free by the terms, cancelled with no request.
    const res = await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${mine}`, headers: as.driver });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelRequest: false });
    const [cancelled] = await t.db.select().from(bookings).where(eq(bookings.id, mine));
    expect(cancelled!.blocksCar).toBe(false);
    const kinds = await t.db
      .select({ kind: notifications.kind, userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.bookingId, mine));
    expect(kinds.filter((n) => n.kind === 'cancelRequested')).toEqual([]);
    expect(kinds).toContainEqual({ kind: 'cancelApproved', userId: DEMO_ACCOUNTS.driver.id });

    // Ten hours before pick-up: not free, so a request that notifies the supplier and the admins.
    const late = await lateBooking();
    const asked = await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${late}`, headers: as.driver });
    expect(asked.json()).toMatchObject({ status: 'pending', cancelRequest: true });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.bookingId, late), eq(notifications.kind, 'cancelRequested')));
    expect(notes.map((n) => n.userId)).toEqual(
      expect.arrayContaining([DEMO_IDS.suppliers.azurCoast, DEMO_ACCOUNTS.admin.id]),
    );
    const done = await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${late}`, headers: as.supplier });
    expect(done.json()).toMatchObject({ status: 'cancelled' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, late));
    expect(row!.blocksCar).toBe(false);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.bookingId, late),
          eq(notifications.userId, DEMO_ACCOUNTS.driver.id),
          eq(notifications.kind, 'bookingStatusChanged'),
        ),
      );
    expect(told).toHaveLength(1);
  });

  it('update-booking-status: admin and own-fleet supplier only, all or nothing, 409 on overlap', async () => {
    const post = (who: Headers, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/update-booking-status', headers: who, payload });
    expect((await post(anonymous, { ids: [theirs], status: 'reserved' })).statusCode).toBe(401);
    expect((await post(as.driver2, { ids: [theirs], status: 'reserved' })).statusCode).toBe(403);
    // Kestrel may not touch Azur Coast's booking; a mixed selection changes nothing.
    expect((await post(as.kestrel, { ids: [van, theirs], status: 'reserved' })).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [van, theirs]));
    expect(rows.map((r) => r.status).sort()).toEqual(['paid', 'pending']);
    expect((await post(as.supplier, { ids: [theirs], status: 'reserved' })).json()).toEqual({ count: 1 });
    // Re-activating the cancelled booking would overlap nothing now; put theirs on mine's dates first to force it.
    const clash = await book(as.driver2, 30);
    await post(as.admin, { ids: [clash], status: 'cancelled' });
    await book(as.driver, 30);
    const res = await post(as.admin, { ids: [theirs, clash], status: 'pending' });
    expect(res.statusCode).toBe(409);
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, theirs));
    expect(still!.status).toBe('reserved');
  });

  it('delete-bookings: driver only own cancelled/void; supplier own fleet; all or nothing', async () => {
    const post = (who: Headers, ids: string[]) =>
      t.app.inject({ method: 'POST', url: '/api/delete-bookings', headers: who, payload: { ids } });
    expect((await post(anonymous, [mine])).statusCode).toBe(401);
    expect((await post(as.driver2, [mine])).statusCode).toBe(404);
    expect((await post(as.driver, [van])).statusCode).toBe(409);
    expect((await post(as.kestrel, [van, theirs])).statusCode).toBe(404);
    expect((await post(as.driver, [mine])).json()).toEqual({ count: 1 });
    expect((await post(as.kestrel, [van])).json()).toEqual({ count: 1 });
    expect((await post(as.admin, [theirs])).json()).toEqual({ count: 1 });
    const left = await t.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [mine, van, theirs]));
    expect(left).toHaveLength(0);
  });

  it('each change commits with its notifications and e-mails, or not at all (a crash between them leaves neither)', async () => {
    // The outbox insert is the last write of each change's transaction. Too late to cancel free: a request.
    const id = await lateBooking();
    const written = async () => {
      const [notes] = await t.db.select({ n: count() }).from(notifications).where(eq(notifications.bookingId, id));
      const [mails] = await t.db
        .select({ n: count() })
        .from(outbox)
        .where(like(outbox.text, `%${id}%`));
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      return { notifications: notes!.n, mails: mails!.n, status: row!.status, cancelRequest: row!.cancelRequest };
    };
    const before = await written();
    const post = (who: Headers, url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: who, ...(payload ? { payload } : {}) });
    const changes = [
      () => post(as.supplier, '/api/update-booking-status', { ids: [id], status: 'reserved' }),
      () => post(as.admin, `/api/update-booking/${id}`, { status: 'reserved' }),
      () => post(as.supplier, `/api/cancel-booking/${id}`),
      () => post(as.driver, `/api/cancel-booking/${id}`),
    ];
    await withRefusedInserts(t.db, 'outbox', async () => {
      for (const change of changes) expect((await change()).statusCode).toBe(500);
    });
    expect(await written()).toEqual(before);
    // Committed: the driver's request tells the supplier and every admin, each by notification and e-mail.
    const admins = await t.db.$count(users, eq(users.type, 'admin'));
    expect((await changes[3]!()).statusCode).toBe(200);
    expect(await written()).toMatchObject({
      notifications: before.notifications + 1 + admins,
      mails: before.mails + 1 + admins,
      cancelRequest: true,
    });
    // An operator's status change tells the driver, by notification and e-mail.
    expect((await changes[0]!()).json()).toEqual({ count: 1 });
    expect(await written()).toMatchObject({
      notifications: before.notifications + 2 + admins,
      mails: before.mails + 2 + admins,
      status: 'reserved',
    });
  });
});
