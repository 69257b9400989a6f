import { DeskBookingSchema, DeskBookingsPageSchema, DeskTotalsAnswerSchema } from '@roam/contract/booking-desk.schema';
import { BOOKING_STATUSES, type BookingStatus } from '@roam/contract/bookings';
import { DashboardSchema } from '@roam/contract/dashboard.schema';
import { zonedToInstant } from '@roam/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAmendments, bookings, payments, refunds } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { ledgerOf } from '#server/features/ledger/ledger.repository.ts';
import { balanceFrom } from '#server/features/ledger/ledger.service.ts';
import { GOOD_CARD } from '#server/features/payments/payments.test-helpers.ts';
import {
  dayFromNow,
  L,
  lyonBooking,
  lyonCheckout,
  lyonPeriod,
  operatorCalls,
  operatorSessions,
} from '#test/fleet-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Honest money (docs/architecture.md §5 "The bookings desk"): a cancelled booking counts the money it kept, refunds
// show as refunds, and the dashboard's revenue for a period and scope is the sum of the bookings desk's list for the
// same days and scope — one computation over the money ledger (lib/booking-money.repository.ts), proved on random
// bookings with partial refunds and paid changes, each agreeing with the ledger's balance (contract bookingBalance),
// and on a real cancellation through the demo gateway.

type Headers = { cookie: string };

/** A small seeded generator: the same bookings on every run of one seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

describe('bookings desk: the revenue agrees with the dashboard', () => {
  let t: TestApp;
  let supplier: Headers;
  let admin: Headers;
  let driver: Headers;
  let carId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ supplier, admin, driver } = await operatorSessions(t.db));
    // Its cancellation extra priced and not chosen: a late request keeps a day's price.
    carId = (
      await operatorCalls(t).created(supplier, { name: 'Money Clio', licensePlate: 'MO-001-NY', cancellation: 2500 })
    )._id;
  });
  afterAll(() => t.close());

  const dashboard = async (headers: Headers, from: string, to: string, supplierId?: string) => {
    const query = new URLSearchParams({ from, to, fresh: 'true', ...(supplierId ? { supplierId } : {}) });
    const res = await t.app.inject({ method: 'GET', url: `/api/dashboard?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const { revenue } = DashboardSchema.parse(res.json()).period;
    if (!revenue) throw new Error('the dashboard showed no revenue to its owner');
    return revenue;
  };
  /** Every page of the desk's list for the days [from, last]. */
  const listed = async (headers: Headers, body: Record<string, unknown>) => {
    const rows = [];
    for (let page = 1; ; page++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/operator-bookings/${page}/100`,
        headers,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = DeskBookingsPageSchema.parse(res.json());
      rows.push(...answer.results);
      if (!answer.hasMore) break;
    }
    const sums = await t.app.inject({ method: 'POST', url: '/api/operator-bookings-totals', headers, payload: body });
    expect(sums.statusCode, sums.body).toBe(200);
    const { totals, totalCount } = DeskTotalsAnswerSchema.parse(sums.json());
    expect(totalCount).toBe(rows.length);
    return { rows, totals };
  };
  const byCurrency = <T>(items: T[], currency: (item: T) => string, amount: (item: T) => number) => {
    const sums: Record<string, number> = {};
    for (const item of items) sums[currency(item)] = (sums[currency(item)] ?? 0) + amount(item);
    return sums;
  };

  it('counts a cancellation’s kept fee as revenue and its refund as a refund, on the list and the dashboard', async () => {
    const when = lyonPeriod(250, 3);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: { ...lyonCheckout(carId, when), paymentOption: 'full' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { bookingId } = booked.json();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${bookingId}`,
      headers: driver,
      payload: GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Not covered: the driver's cancel is a request; the supplier approves it, keeping a day's price.
    await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${bookingId}`, headers: driver });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/approve-cancellation/${bookingId}`,
      headers: supplier,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const fee = row!.chargedAmount - approved.json().refund.amount;
    expect(fee).toBeGreaterThan(0);

    const view = DeskBookingSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/operator-booking/${bookingId}`, headers: supplier })).json(),
    );
    expect(view.status).toBe('cancelled');
    expect(view.money).toEqual({
      paid: row!.chargedAmount,
      refunded: row!.chargedAmount - fee,
      revenue: fee,
      state: 'refunded',
    });
    expect(view.payments).toEqual([
      expect.objectContaining({ purpose: 'rental', provider: 'demo', amount: row!.chargedAmount }),
    ]);
    expect(view.refunds).toEqual([
      expect.objectContaining({ purpose: 'cancellation', amount: row!.chargedAmount - fee, status: 'succeeded' }),
    ]);
    expect(view.refunds[0]!.reference).toMatch(/^demo_/);

    const day = dayFromNow(250);
    const revenue = await dashboard(supplier, day, dayFromNow(251));
    expect(revenue).toEqual([
      expect.objectContaining({ status: 'cancelled', bookings: 1, amount: fee, refunded: row!.chargedAmount - fee }),
    ]);
    const { totals } = await listed(supplier, { pickupFrom: day, pickupTo: day });
    expect(totals).toEqual([
      { currency: row!.currency, bookings: 1, revenue: fee, refunded: row!.chargedAmount - fee },
    ]);
  });

  it('sums to the dashboard’s figures on random bookings with partial refunds and paid changes', async () => {
    const seed = Date.now() % 100_000;
    const random = generator(seed);
    const from = dayFromNow(300);
    const to = dayFromNow(330);
    const currencies = [
      { currency: 'EUR', rate: 1 },
      { currency: 'GBP', rate: 0.86 },
      { currency: 'SEK', rate: 11.4 },
    ];
    const statuses = BOOKING_STATUSES.filter((status) =>
      ['void', 'pending', 'deposit', 'paid', 'reserved', 'cancelled'].includes(status),
    );
    for (let i = 0; i < 40; i++) {
      const { currency, rate } = currencies[random(currencies.length)]!;
      const status = statuses[random(statuses.length)] as BookingStatus;
      const price = 5_000 + random(50_000);
      const total = Math.round(price * rate);
      const online = status !== 'pending' && status !== 'reserved' && random(3) > 0;
      const change = online && random(3) === 0 ? 1_000 + random(5_000) : 0;
      const changeRefund = online && random(4) === 0 ? random(2_000) : 0;
      // Day 301 to 328 at 10:00 in Lyon, and now and then half past midnight there (the previous day in UTC).
      const date = dayFromNow(301 + random(28));
      const time = random(5) === 0 ? '00:30' : '10:00';
      const pickupAt = zonedToInstant({ date, time }, 'Europe/Paris');
      const when = {
        pickupAt: pickupAt.toISOString(),
        dropoffAt: new Date(pickupAt.getTime() + (1 + random(3)) * 86_400_000).toISOString(),
      };
      const [inserted] = await t.db
        .insert(bookings)
        .values(
          lyonBooking(carId, when, {
            status,
            blocksCar: false,
            price,
            totalAmount: total,
            currency,
            rate,
            paymentOption: online ? (random(2) ? 'full' : 'deposit') : 'payLater',
            chargedAmount: online ? total + change - changeRefund : 0,
            ...(online
              ? { paidAt: new Date(), paymentProvider: 'demo', paymentReference: `demo_rand_${seed}_${i}` }
              : {}),
          }),
        )
        .returning();
      const id = inserted!.id;
      // The money in the ledger, as the checkout, a paid change and the refunds record it.
      const ledger = (row: Omit<typeof payments.$inferInsert, 'bookingId' | 'supplierId' | 'currency' | 'status'>) =>
        t.db
          .insert(payments)
          .values({ bookingId: id, supplierId: inserted!.supplierId, currency, status: 'succeeded', ...row })
          .returning()
          .then(([payment]) => payment!);
      const own = online
        ? await ledger({
            kind: 'charge',
            purpose: inserted!.paymentOption === 'deposit' ? 'deposit' : 'rental',
            provider: 'demo',
            providerReference: `demo_rand_${seed}_${i}`,
            idempotencyKey: `booking-${id}`,
            amount: total,
          })
        : null;
      let changePayment: typeof own = null;
      if (change > 0) {
        const [amendment] = await t.db
          .insert(bookingAmendments)
          .values({
            bookingId: id,
            changes: {},
            basisTotal: total,
            amount: change,
            currency,
            provider: 'demo',
            paymentReference: `demo_change_${seed}_${i}`,
            status: 'applied',
            expiresAt: new Date(),
            settledAt: new Date(),
          })
          .returning();
        changePayment = await ledger({
          kind: 'charge',
          purpose: 'amendment',
          amendmentId: amendment!.id,
          provider: 'demo',
          providerReference: `demo_change_${seed}_${i}`,
          idempotencyKey: `amendment-${amendment!.id}`,
          amount: change,
        });
      }
      if (changeRefund > 0) {
        await t.db.insert(refunds).values({
          bookingId: id,
          key: `amend-${id}-${seed}`,
          provider: 'demo',
          amount: changeRefund,
          currency,
          status: 'succeeded',
          providerReference: `demo_amend-${id}`,
          paymentId: (changePayment ?? own)!.id,
        });
      }
      if (status === 'cancelled' && online && random(3) > 0) {
        const paidNet = total + change - changeRefund;
        await t.db.insert(refunds).values({
          bookingId: id,
          key: `refund-${id}`,
          provider: 'demo',
          amount: random(paidNet + 1),
          currency,
          status: random(6) === 0 ? 'pending' : 'succeeded',
          providerReference: `demo_refund-${id}`,
          paymentId: own!.id,
        });
      }
    }
    // The days of the list are the dashboard's [from, to): its last day is the one before `to`.
    const last = dayFromNow(329);
    for (const [headers, supplierId] of [
      [supplier, undefined],
      [admin, DEMO_IDS.suppliers.azurCoast],
    ] as const) {
      const revenue = await dashboard(headers, from, to, supplierId);
      const { rows, totals } = await listed(headers, {
        pickupFrom: from,
        pickupTo: last,
        ...(supplierId ? { supplierId } : {}),
      });
      const listRevenue = byCurrency(
        rows,
        (row) => row.amounts.currency,
        (row) => row.money.revenue,
      );
      const listRefunded = byCurrency(
        rows,
        (row) => row.amounts.currency,
        (row) => row.money.refunded,
      );
      expect(
        byCurrency(
          revenue,
          (row) => row.currency,
          (row) => row.amount,
        ),
        `seed ${seed}`,
      ).toEqual(listRevenue);
      expect(
        byCurrency(
          revenue,
          (row) => row.currency,
          (row) => row.refunded,
        ),
        `seed ${seed}`,
      ).toEqual(listRefunded);
      expect(
        byCurrency(
          revenue,
          (row) => row.currency,
          (row) => row.bookings,
        ),
      ).toEqual(
        byCurrency(
          rows,
          (row) => row.amounts.currency,
          () => 1,
        ),
      );
      expect(Object.fromEntries(totals.map((row) => [row.currency, row.revenue]))).toEqual(listRevenue);
      expect(rows).toHaveLength(40);
      // Each row's revenue follows the rule: a confirmed booking its total, any other the money kept.
      for (const row of rows) {
        // What the desk holds is the ledger's balance (contract bookingBalance): one reading of the same rows.
        const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, row._id));
        const balance = balanceFrom(booking!, await ledgerOf(t.db, row._id));
        expect(row.money.paid - row.money.refunded, row.reference).toBe(balance.paid + balance.depositPaid);
        const kept = Math.max(0, row.money.paid - row.money.refunded);
        const earns = !['void', 'cancelled'].includes(row.status);
        expect(row.money.revenue, `${row.reference} ${row.status}`).toBe(earns ? row.amounts.total : kept);
      }
    }
  });

  it('counts a car’s available days from the day it was added', async () => {
    const from = dayFromNow(-10);
    const to = dayFromNow(10);
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard?from=${from}&to=${to}&fresh=true`,
      headers: supplier,
    });
    const cars = (body: typeof before) => DashboardSchema.parse(body.json()).period.utilisation.bySupplier[0]!;
    const was = cars(before);
    await operatorCalls(t).created(supplier, {
      name: 'Fresh Clio',
      licensePlate: 'FR-001-SH',
      locationIds: [L.lyonAirport],
    });
    const now = cars(
      await t.app.inject({ method: 'GET', url: `/api/dashboard?from=${from}&to=${to}&fresh=true`, headers: supplier }),
    );
    expect(now.cars).toBe(was.cars + 1);
    // Added today: today and the 9 days after it are in the period, not the 10 before.
    expect(now.availableDays - was.availableDays).toBeCloseTo(10, 1);
  });
});
