import { AuditHistorySchema } from '@roam/contract/audit.schema';
import { DeskBookingSchema, DeskBookingsPageSchema, DeskTotalsAnswerSchema } from '@roam/contract/booking-desk.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, files, payments, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The bookings desk's list and view (docs/architecture.md §5 "The bookings desk"): the operator's scope, the search
// by reference, driver name, e-mail, phone and plate, the filters, the order and the pages, and a booking's driver,
// licence and money as its operators read them.

type Headers = { cookie: string };

describe('bookings desk: list and view', () => {
  let t: TestApp;
  let supplier: Headers;
  let kestrel: Headers;
  let admin: Headers;
  let driver: Headers;
  let noemie: string;
  let clioPlate: string;
  const ids: Record<'upcoming' | 'later' | 'cancelled' | 'kestrel', string> = {} as never;

  const list = (who: Headers, body: Record<string, unknown> = {}, page = 1, size = 20) =>
    t.app.inject({ method: 'POST', url: `/api/operator-bookings/${page}/${size}`, headers: who, payload: body });
  const found = async (who: Headers, body: Record<string, unknown>) => {
    const res = await list(who, body);
    expect(res.statusCode).toBe(200);
    return DeskBookingsPageSchema.parse(res.json());
  };
  const refs = (page: { results: { _id: string }[] }) => page.results.map((row) => row._id);
  /** The totals line of a filter, asked apart from the pages. */
  const totalsOf = async (who: Headers, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator-bookings-totals',
      headers: who,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return DeskTotalsAnswerSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    // A driver the desk looks for: a phone written with spaces, a licence on the booking.
    const [person] = await t.db
      .insert(users)
      .values({
        email: 'noemie.desk@example.org',
        fullName: 'Noémie Deskfinder',
        phone: '+33 6 71 23 45 98',
        birthDate: '1990-06-15',
        verified: true,
      })
      .returning();
    noemie = person!.id;
    const [licence] = await t.db
      .insert(files)
      .values({ kind: 'license', ownerId: noemie, contentType: 'image/png', size: 3, bytes: Buffer.from([1, 2, 3]) })
      .returning();
    const at = (days: number) => {
      const p = period(days);
      return { pickupAt: p.pickupAt, dropoffAt: p.dropoffAt };
    };
    const insert = async (values: Parameters<typeof bookingRow>[1], days: number) => {
      const [row] = await t.db
        .insert(bookings)
        .values(bookingRow(at(days), values))
        .returning();
      return row!.id;
    };
    ids.upcoming = await insert({ driverId: noemie, licenseFileId: licence!.id }, 200);
    ids.later = await insert(
      {
        driverId: noemie,
        status: 'paid',
        paymentOption: 'full',
        chargedAmount: 10000,
        payNow: 10000,
        paidAt: new Date(),
        paymentProvider: 'demo',
        paymentReference: 'demo_desk_later',
      },
      210,
    );
    // Its payment in the money ledger, which the desk's money reads.
    await t.db.insert(payments).values({
      bookingId: ids.later,
      supplierId: DEMO_IDS.suppliers.azurCoast,
      kind: 'charge',
      purpose: 'rental',
      provider: 'demo',
      providerReference: 'demo_desk_later',
      idempotencyKey: `booking-${ids.later}`,
      amount: 10000,
      currency: 'EUR',
      status: 'succeeded',
      settledAt: new Date(),
    });
    ids.cancelled = await insert({ driverId: noemie, status: 'cancelled', blocksCar: false }, 220);
    ids.kestrel = await insert(
      {
        driverId: noemie,
        carId: DEMO_IDS.cars.licenseRequired,
        supplierId: DEMO_IDS.suppliers.kestrel,
      },
      230,
    );
    const [clio] = await t.db.select({ plate: cars.licensePlate }).from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
    clioPlate = clio!.plate!;
  });
  afterAll(() => t.close());

  it('finds a booking by the driver’s phone however it is written, by e-mail, name, reference and plate', async () => {
    // The national form, the international one and the last digits: the same driver.
    for (const search of ['06 71 23 45 98', '+33671234598', '45 98', 'noemie.desk@', 'deskfinder']) {
      const page = await found(supplier, { search });
      expect(new Set(refs(page)), search).toEqual(new Set([ids.upcoming, ids.later, ids.cancelled]));
    }
    const [row] = await t.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, ids.later));
    const reference = row!.reference;
    expect(refs(await found(supplier, { search: reference.toLowerCase() }))).toEqual([ids.later]);
    // A plate typed without its dashes, in lower case: every booking of the car (the seed's and these).
    const byPlate = DeskBookingsPageSchema.parse(
      (await list(supplier, { search: clioPlate.replace(/-/g, '').toLowerCase() }, 1, 100)).json(),
    );
    expect(refs(byPlate)).toEqual(expect.arrayContaining([ids.upcoming, ids.later, ids.cancelled]));
    expect(byPlate.results.every((result) => result.plate === clioPlate)).toBe(true);
    // Nothing found: an empty page, no error.
    expect((await found(supplier, { search: 'no such driver anywhere' })).results).toEqual([]);
    expect(await totalsOf(supplier, { search: 'no such driver anywhere' })).toMatchObject({
      totalCount: 0,
      totals: [],
    });
  });

  it('shows and finds a desk booking by what was typed of its customer, never by the account’s profile', async () => {
    // Booked at the desk in the name of the demo driver's e-mail, by someone who gave another name and phone.
    const [row] = await t.db
      .insert(bookings)
      .values(
        bookingRow(period(240), {
          bookedAtDesk: true,
          deskCustomer: {
            fullName: 'Walter Walkin',
            email: DEMO_ACCOUNTS.driver.email,
            phone: '+33 7 11 22 93 44',
            birthDate: '1985-02-03',
          },
        }),
      )
      .returning();
    const desk = row!.id;
    expect(refs(await found(supplier, { search: '07 11 22 93 44' }))).toEqual([desk]);
    expect(refs(await found(supplier, { search: 'walkin' }))).toEqual([desk]);
    expect(refs(await found(supplier, { search: DEMO_ACCOUNTS.driver.fullName }))).not.toContain(desk);
    const view = DeskBookingSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/operator-booking/${desk}`, headers: supplier })).json(),
    );
    expect(view.driver).toMatchObject({
      name: 'Walter Walkin',
      email: DEMO_ACCOUNTS.driver.email,
      phone: '+33 7 11 22 93 44',
      birthDate: '1985-02-03',
    });
    await t.db.delete(bookings).where(eq(bookings.id, desk));
  });

  it('sums a fleet’s revenue past a 32-bit integer', async () => {
    // Two bookings of 15 million euros: their sum in minor units (3 billion) does not fit an int.
    const rows = await t.db
      .insert(bookings)
      .values(
        [250, 260].map((days) =>
          bookingRow(period(days), {
            driverId: noemie,
            status: 'reserved',
            totalAmount: 1_500_000_000,
            price: 1_500_000_000,
            reference: days === 250 ? 'BGSVMA2Q' : 'BGSVMB3R',
          }),
        ),
      )
      .returning({ id: bookings.id });
    const day = (days: number) => new Date(period(days).pickupAt).toISOString().slice(0, 10);
    try {
      const { totals } = await totalsOf(supplier, { search: 'deskfinder', pickupFrom: day(250), pickupTo: day(260) });
      expect(totals).toEqual([{ currency: 'EUR', bookings: 2, revenue: 3_000_000_000, refunded: 0 }]);
    } finally {
      for (const row of rows) await t.db.delete(bookings).where(eq(bookings.id, row.id));
    }
  });

  it('finds a deleted car’s bookings by its plate (the live cars’ plates are read from memory)', async () => {
    const [car] = await t.db
      .select({ plate: cars.licensePlate })
      .from(cars)
      .where(eq(cars.id, DEMO_IDS.cars.licenseRequired));
    const plate = car!.plate!.replace(/[\s-]/g, '').toLowerCase();
    expect(refs(await found(kestrel, { search: plate }))).toContain(ids.kestrel);
    await t.db.update(cars).set({ deletedAt: new Date() }).where(eq(cars.id, DEMO_IDS.cars.licenseRequired));
    try {
      expect(refs(await found(kestrel, { search: plate }))).toContain(ids.kestrel);
      expect((await totalsOf(kestrel, { search: plate, fresh: true })).totalCount).toBeGreaterThan(0);
    } finally {
      await t.db.update(cars).set({ deletedAt: null }).where(eq(cars.id, DEMO_IDS.cars.licenseRequired));
    }
  });

  it('keeps each supplier to its fleet; the admin sees all, or one supplier', async () => {
    expect(new Set(refs(await found(kestrel, { search: 'deskfinder' })))).toEqual(new Set([ids.kestrel]));
    expect(new Set(refs(await found(admin, { search: 'deskfinder' })))).toEqual(
      new Set([ids.upcoming, ids.later, ids.cancelled, ids.kestrel]),
    );
    const one = await found(admin, { search: 'deskfinder', supplierId: DEMO_IDS.suppliers.kestrel });
    expect(refs(one)).toEqual([ids.kestrel]);
    // A supplier naming another supplier: refused, not widened.
    expect((await list(supplier, { supplierId: DEMO_IDS.suppliers.kestrel })).statusCode).toBe(403);
    // The totals line keeps to the same scope.
    expect((await totalsOf(kestrel, { search: 'deskfinder' })).totalCount).toBe(1);
    expect((await totalsOf(admin, { search: 'deskfinder' })).totalCount).toBe(4);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/operator-bookings-totals',
      headers: supplier,
      payload: { supplierId: DEMO_IDS.suppliers.kestrel },
    });
    expect(refused.statusCode).toBe(403);
    // A driver is not an operator; anonymous must sign in.
    expect((await list(driver)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/operator-bookings/1/20', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('a counter agent: the count without the money, and a booking without the actions that change it', async () => {
    const counter = await signIn(t.db, DEMO_ACCOUNTS.counter.id);
    const owner = await totalsOf(supplier, { search: 'deskfinder' });
    const agent = await totalsOf(counter, { search: 'deskfinder' });
    expect(owner.totals.length).toBeGreaterThan(0);
    expect(agent).toEqual({ totalCount: owner.totalCount, totals: [], asOf: owner.asOf });
    const view = async (who: Headers) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/operator-booking/${ids.upcoming}?language=en`,
        headers: who,
      });
      expect(res.statusCode, res.body).toBe(200);
      return DeskBookingSchema.parse(res.json()).actions;
    };
    expect(await view(supplier)).toEqual(
      expect.arrayContaining(['change', 'cancel', 'resendConfirmation', 'checkOut']),
    );
    // What the counter does (the check-out) stays; what changes the booking (its routes need bookings.write) goes.
    expect(await view(counter)).toEqual(['checkOut']);
  });

  it('filters by status, payment state, online check-in, place and pick-up days, sorts and pages', async () => {
    const search = 'deskfinder';
    expect(refs(await found(supplier, { search, statuses: ['cancelled'] }))).toEqual([ids.cancelled]);
    expect(refs(await found(supplier, { search, paymentStates: ['paid'] }))).toEqual([ids.later]);
    expect(new Set(refs(await found(supplier, { search, paymentStates: ['unpaid'] })))).toEqual(
      new Set([ids.upcoming, ids.cancelled]),
    );
    expect(await found(supplier, { search, locationId: DEMO_IDS.locations.parisOrly })).toEqual({
      results: [],
      hasMore: false,
    });
    // Pick-up days at the place's clock, both days included.
    const day = (days: number) => new Date(period(days).pickupAt).toISOString().slice(0, 10);
    expect(refs(await found(supplier, { search, pickupFrom: day(210), pickupTo: day(210) }))).toEqual([ids.later]);
    expect(new Set(refs(await found(supplier, { search, pickupFrom: day(205) })))).toEqual(
      new Set([ids.later, ids.cancelled]),
    );
    expect(refs(await found(supplier, { search, sort: 'pickupAsc' }))).toEqual([
      ids.upcoming,
      ids.later,
      ids.cancelled,
    ]);
    expect(refs(await found(supplier, { search, sort: 'pickupDesc' }))).toEqual([
      ids.cancelled,
      ids.later,
      ids.upcoming,
    ]);
    const second = await list(supplier, { search, sort: 'pickupAsc' }, 2, 2);
    expect(DeskBookingsPageSchema.parse(second.json())).toMatchObject({ hasMore: false });
    expect((await list(supplier, { search, sort: 'pickupAsc' }, 1, 2)).json()).toMatchObject({ hasMore: true });
    expect(await totalsOf(supplier, { search })).toMatchObject({ totalCount: 3 });
    expect(refs(second.json())).toEqual([ids.cancelled]);
    // Online check-in done, or not yet.
    await t.db.update(bookings).set({ checkedInAt: new Date() }).where(eq(bookings.id, ids.upcoming));
    try {
      expect(refs(await found(supplier, { search, checkedIn: true }))).toEqual([ids.upcoming]);
      expect(new Set(refs(await found(supplier, { search, checkedIn: false })))).toEqual(
        new Set([ids.later, ids.cancelled]),
      );
      expect(await totalsOf(supplier, { search, checkedIn: true })).toMatchObject({ totalCount: 1 });
    } finally {
      await t.db.update(bookings).set({ checkedInAt: null }).where(eq(bookings.id, ids.upcoming));
    }
    expect((await list(supplier, { checkedIn: 'yes' })).statusCode).toBe(400);
    // Every status of the contract is a filter, the counter's too once they exist.
    expect((await list(supplier, { statuses: ['nonsense'] })).statusCode).toBe(400);
  });

  it('opens a booking with the driver’s contact, age at pick-up and licence, to its operators only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/operator-booking/${ids.upcoming}`, headers: supplier });
    expect(res.statusCode).toBe(200);
    const booking = DeskBookingSchema.parse(res.json());
    expect(booking.driver).toMatchObject({
      name: 'Noémie Deskfinder',
      email: 'noemie.desk@example.org',
      phone: '+33 6 71 23 45 98',
      birthDate: '1990-06-15',
    });
    const pickupYear = new Date(booking.pickupAt).getUTCFullYear();
    expect(booking.driver.ageAtPickup).toBeGreaterThanOrEqual(pickupYear - 1991);
    expect(booking.plate).toBe(clioPlate);
    // Months before the pick-up the licence is the driver's alone (the licence window, licence-access.rules.ts).
    expect(booking.license).toBeNull();
    // From shortly before the pick-up the view links it, and the licence it links opens for this operator.
    const [far] = await t.db.select().from(bookings).where(eq(bookings.id, ids.upcoming));
    const soon = period(1);
    const move = (when: { pickupAt: Date | string; dropoffAt: Date | string }) =>
      t.db
        .update(bookings)
        .set({ pickupAt: new Date(when.pickupAt), dropoffAt: new Date(when.dropoffAt) })
        .where(eq(bookings.id, ids.upcoming));
    await move(soon);
    const near = DeskBookingSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/operator-booking/${ids.upcoming}`, headers: supplier })).json(),
    );
    expect(near.license?.url).toMatch(/^\/api\/license\//);
    const licence = await t.app.inject({ method: 'GET', url: near.license!.url, headers: supplier });
    await move(far!);
    expect(licence.statusCode).toBe(200);
    expect(booking.actions).toEqual(expect.arrayContaining(['change', 'cancel', 'resendConfirmation']));
    expect(booking.documents.map((document) => document.kind)).toEqual(['receipt', 'calendar']);
    // Another supplier, a driver — even the booking's own — and anonymous do not get the desk's view.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/operator-booking/${ids.upcoming}`, headers: kestrel }))
        .statusCode,
    ).toBe(404);
    const own = await signIn(t.db, noemie);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/operator-booking/${ids.upcoming}`, headers: own })).statusCode,
    ).toBe(403);
  });

  it('reads its money from the ledger: a payment at the counter is paid, not paid online', async () => {
    const [paidAtDesk] = await t.db
      .insert(payments)
      .values({
        bookingId: ids.upcoming,
        supplierId: DEMO_IDS.suppliers.azurCoast,
        kind: 'counter',
        purpose: 'rental',
        provider: 'counter',
        method: 'cash',
        idempotencyKey: `counter-${ids.upcoming}`,
        amount: 10000,
        currency: 'EUR',
        status: 'succeeded',
        settledAt: new Date(),
      })
      .returning();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/operator-booking/${ids.upcoming}`,
        headers: supplier,
      });
      const booking = DeskBookingSchema.parse(res.json());
      expect(booking.money).toEqual({ paid: 10000, refunded: 0, revenue: booking.amounts.total, state: 'paid' });
      // Paid online (the amounts' payNow once a booking): none of it; nothing due.
      expect(booking.amounts).toMatchObject({ payNow: 0, due: 0 });
      expect(refs(await found(supplier, { search: 'deskfinder', paymentStates: ['paid'] }))).toContain(ids.upcoming);
    } finally {
      await t.db.delete(payments).where(eq(payments.id, paidAtDesk!.id));
    }
  });

  it('keeps notes between operators, newest first, with their author', async () => {
    const write = (text: string, who: Headers = supplier) =>
      t.app.inject({ method: 'POST', url: `/api/booking-note/${ids.upcoming}`, headers: who, payload: { text } });
    expect((await write('Customer arrives on the late train.')).statusCode).toBe(201);
    const second = await write('  Keys at the front desk.  ', admin);
    expect(second.statusCode).toBe(201);
    expect(second.json().map((note: { text: string }) => note.text)).toEqual([
      'Keys at the front desk.',
      'Customer arrives on the late train.',
    ]);
    expect(second.json()[0].author.name).toBe(DEMO_ACCOUNTS.admin.fullName);
    expect((await write('   ')).statusCode).toBe(400);
    expect((await write('x', kestrel)).statusCode).toBe(404);
    const view = await t.app.inject({ method: 'GET', url: `/api/operator-booking/${ids.upcoming}`, headers: supplier });
    expect(view.json().notes).toHaveLength(2);
    // Never in the driver's reading of the booking.
    const own = await signIn(t.db, noemie);
    const driverView = await t.app.inject({ method: 'GET', url: `/api/booking/${ids.upcoming}`, headers: own });
    expect(JSON.stringify(driverView.json())).not.toContain('late train');
  });

  it('answers a history readable without ids: the places and accounts named, each entry with its clocks and currency', async () => {
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${ids.upcoming}`,
      headers: supplier,
      payload: { pickupLocationId: DEMO_IDS.locations.parisOrly },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/cancel-booking/${ids.upcoming}`,
      headers: supplier,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/booking-audit/${ids.upcoming}/1/20?language=fr`,
      headers: supplier,
    });
    expect(res.statusCode, res.body).toBe(200);
    const history = AuditHistorySchema.parse(res.json());
    expect(history.results.map((entry) => entry.action)).toEqual(['cancel', 'update']);
    const [cancel, update] = history.results;
    expect(cancel!.changes.status).toEqual({ before: 'reserved', after: 'cancelled' });
    expect(update!.changes.pickupLocationId).toEqual({
      before: DEMO_IDS.locations.parisCdg,
      after: DEMO_IDS.locations.parisOrly,
    });
    // The places by their French names, the operator by name; the booking's clocks and currency.
    expect(history.names[DEMO_IDS.locations.parisOrly]).toMatch(/Orly/);
    expect(history.names[DEMO_IDS.locations.parisCdg]).toMatch(/Charles/);
    expect(update!.actor?.fullName).toBe(DEMO_ACCOUNTS.supplier.fullName);
    expect(update!.clocks).toMatchObject({ pickup: 'Europe/Paris', dropoff: 'Europe/Paris' });
    expect(update!.currency).toBe('EUR');
    expect(history.baseCurrency).toBe('EUR');
    // The car's history shows the booking's entries too, as readable; another fleet's operator gets neither.
    const car = await t.app.inject({
      method: 'GET',
      url: `/api/car-audit/${DEMO_IDS.cars.clio}/1/50`,
      headers: supplier,
    });
    const carHistory = AuditHistorySchema.parse(car.json());
    expect(carHistory.results.some((entry) => entry.entityId === ids.upcoming)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/booking-audit/${ids.upcoming}/1/20`, headers: kestrel }))
        .statusCode,
    ).toBe(404);
  });
});
