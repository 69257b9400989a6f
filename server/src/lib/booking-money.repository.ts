import { earnsTotal } from '@roam/contract/booking-desk';
import { BOOKING_STATUSES } from '@roam/contract/bookings';
import { type SQL, sql } from 'drizzle-orm';

// What a booking's money came to, in SQL, for every reader of it at once — the bookings desk's list and view, the
// dashboard's revenue — so that their figures are one computation and always agree (docs/architecture.md §5 "The
// bookings desk"). In the booking's currency, minor units, over the bookings aliased `b`.
//
// They read the money ledger (docs/decisions/0009-the-money-ledger.md), the rows contract `bookingBalance` reads:
// paid = every payment taken (a charge, a capture, a counter payment that succeeded), refunded = every refund that
// succeeded, so paid − refunded is the balance's `paid + depositPaid` — what the booking holds now.

/** Each payment's part: taken (towards anything) and taken online. */
const TAKEN = sql`p.status = 'succeeded' and p.kind in ('charge', 'capture', 'counter')`;

/**
 * The ledger of each booking `b` as the columns `m.paid`, `m.paid_online`, `m.refunded`, and `m.charges` (the
 * counter's charges not waived, which the balance adds to what is due), read per booking through the booking
 * indexes: for a page of bookings, or one (a lateral join: only the rows the page keeps pay).
 */
export const LEDGER_JOIN = sql`left join lateral (select
    (select coalesce(sum(p.amount), 0) from payments p where p.booking_id = b.id and ${TAKEN})::int as paid,
    (select coalesce(sum(p.amount), 0) from payments p
      where p.booking_id = b.id and ${TAKEN} and p.provider <> 'counter')::int as paid_online,
    (select coalesce(sum(r.amount), 0) from refunds r where r.booking_id = b.id and r.status = 'succeeded')::int
      as refunded,
    (select coalesce(sum(ch.amount), 0) from booking_charges ch
      where ch.booking_id = b.id and ch.waived_at is null)::int as charges
  ) m on true`;

/**
 * The same columns for sums over many bookings (the desk's totals, the dashboard's period): each booking's sums as
 * the database keeps them (db/schema-counts.ts `booking_ledger_sums`, written by triggers in the transaction that
 * writes the payment or the refund), one row per booking joined by its key. Grouping the whole ledger here instead
 * took ~20 s a desk totals line at 2M bookings (bench/README.md, "The console's lists at ten times the data").
 */
export const LEDGER_SUMS_JOIN = sql`left join booking_ledger_sums ls on ls.booking_id = b.id`;

/** Reads the columns of either join: `LEDGER_JOIN`'s `m`, or `LEDGER_SUMS_JOIN`'s `ls`. */
export type LedgerJoin = 'page' | 'sums';
const column = (join: LedgerJoin, name: 'paid' | 'paid_online' | 'refunded') =>
  join === 'page' ? sql.raw(`m.${name}`) : sql.raw(`coalesce(ls.${name}, 0)`);

export const PAID = (join: LedgerJoin = 'page') => column(join, 'paid');
export const PAID_ONLINE = (join: LedgerJoin = 'page') => column(join, 'paid_online');
export const REFUNDED = (join: LedgerJoin = 'page') => column(join, 'refunded');

/** Statuses a booking earns its total in (contract booking-desk.ts `earnsTotal`); the others earn what was kept. */
const EARNING = BOOKING_STATUSES.filter(earnsTotal);
const earning = sql.join(
  EARNING.map((status) => sql`${status}`),
  sql`, `,
);

/** The revenue a booking counts for: its total when confirmed, else the money kept (paid − refunded, at least 0). */
export const REVENUE = (join: LedgerJoin = 'page') => sql`(case when b.status in (${earning}) then b.total_amount
  else greatest(0, ${PAID(join)} - ${REFUNDED(join)}) end)`;

/**
 * The revenue in base-currency minor units: a confirmed booking's authoritative base price; money kept, at the
 * share of the total it is (the booking's own rate, never today's).
 */
export const BASE_REVENUE = (join: LedgerJoin = 'page') => sql`(case when b.status in (${earning}) then b.price
  when b.total_amount > 0 then round(greatest(0, ${PAID(join)} - ${REFUNDED(join)})::numeric * b.price / b.total_amount)
  else round(greatest(0, ${PAID(join)} - ${REFUNDED(join)}) / b.rate) end)`;

/** The refunds in base-currency minor units, at the booking's rate. */
export const BASE_REFUNDED = (join: LedgerJoin = 'page') => sql`round(${REFUNDED(join)} / b.rate)`;

/** The payment state (contract booking-desk.ts PAYMENT_STATES). */
export const PAYMENT_STATE = (join: LedgerJoin = 'page') => sql<string>`(case when ${REFUNDED(join)} > 0 then 'refunded'
  when ${PAID(join)} <= 0 then 'unpaid'
  when b.payment_option = 'deposit' or ${PAID(join)} < b.total_amount then 'deposit'
  else 'paid' end)`;

/**
 * Bookings picked up on the calendar days [from, to) at their pick-up place's clock (`pl`, the pick-up location): the
 * dashboard's period and the desk's pick-up filter are the same days. The instants a day either side narrow the rows
 * by the pick-up index; the place's date decides.
 */
export function onPlaceDays(column: SQL, zone: SQL, from: string | undefined, to: string | undefined): SQL {
  const parts: SQL[] = [];
  // Midnight UTC of a day, a day earlier or later: every place's clock is within 14 hours of UTC.
  const utc = (day: string, shift: string) => sql`(${day}::date::timestamp at time zone 'UTC') + ${shift}::interval`;
  if (from) {
    parts.push(sql`${column} >= ${utc(from, '-1 day')}`);
    parts.push(sql`(${column} at time zone ${zone})::date >= ${from}::date`);
  }
  if (to) {
    parts.push(sql`${column} < ${utc(to, '1 day')}`);
    parts.push(sql`(${column} at time zone ${zone})::date < ${to}::date`);
  }
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}
