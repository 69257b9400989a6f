import { earnsTotal } from '@roam/contract/booking-desk';
import { BOOKING_STATUSES } from '@roam/contract/bookings';
import { type SQL, sql } from 'drizzle-orm';

// What a booking's money came to, in SQL, for every reader of it at once — the bookings desk's list and view, the
// dashboard's revenue — so that their figures are one computation and always agree (docs/architecture.md §5 "The
// bookings desk"). In the booking's currency, minor units, over the bookings aliased `b`.
//
// Paid is what came in online: the booking's own payment and each paid change's difference. The bookings row keeps
// `charged_amount` net of the refunds of cheaper changes (amendments.service.ts), not of its cancellation's refund
// (`refund-<id>…` keys, refunds.service.ts `cancellationRefundKey`): so paid = charged + the changes' refunds, and
// refunded = every refund made. When the money ledger (the `payments` table) lands, these three expressions read it.

/** The succeeded refunds of each booking: all of them, and those that were not its cancellation's. */
export const REFUNDS_JOIN = sql`left join (
    select booking_id, sum(amount)::int as refunded,
      coalesce(sum(amount) filter (where key not like 'refund-%'), 0)::int as change_refunded
    from refunds where status = 'succeeded' group by booking_id
  ) r on r.booking_id = b.id`;

export const PAID = sql`(case when b.paid_at is not null then b.charged_amount else 0 end
  + coalesce(r.change_refunded, 0))`;
export const REFUNDED = sql`coalesce(r.refunded, 0)`;

/** Statuses a booking earns its total in (contract booking-desk.ts `earnsTotal`); the others earn what was kept. */
const EARNING = BOOKING_STATUSES.filter(earnsTotal);
const earning = sql.join(
  EARNING.map((status) => sql`${status}`),
  sql`, `,
);

/** The revenue a booking counts for: its total when confirmed, else the money kept (paid − refunded, at least 0). */
export const REVENUE = sql`(case when b.status in (${earning}) then b.total_amount
  else greatest(0, ${PAID} - ${REFUNDED}) end)`;

/**
 * The revenue in base-currency minor units: a confirmed booking's authoritative base price; money kept, at the
 * share of the total it is (the booking's own rate, never today's).
 */
export const BASE_REVENUE = sql`(case when b.status in (${earning}) then b.price
  when b.total_amount > 0 then round(greatest(0, ${PAID} - ${REFUNDED})::numeric * b.price / b.total_amount)
  else round(greatest(0, ${PAID} - ${REFUNDED}) / b.rate) end)`;

/** The refunds in base-currency minor units, at the booking's rate. */
export const BASE_REFUNDED = sql`round(${REFUNDED} / b.rate)`;

/** The payment state (contract booking-desk.ts PAYMENT_STATES). */
export const PAYMENT_STATE = sql<string>`(case when ${REFUNDED} > 0 then 'refunded'
  when ${PAID} <= 0 then 'unpaid'
  when b.payment_option = 'deposit' or ${PAID} < b.total_amount then 'deposit'
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
