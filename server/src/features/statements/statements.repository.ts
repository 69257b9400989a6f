import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

// The only Drizzle code of the statements (docs/decisions/0011-invoices.md, "Statements"): a month's rows of a
// supplier (or of every supplier) — its invoices and credit notes (one row per document and VAT rate), payments and
// refunds — as one SQL relation, each dated on its rental place's clock: a document by the time zone it was issued
// in, a payment or a refund by its booking's pick-up place, so the month of a row is the month its document says.
// The totals are the database's sums over that relation and the pages its ordered slices, so a month of tens of
// thousands of rows is never read into the process to be summed (docs/architecture.md §7).

export type StatementScope = { month: string; supplierId: string | null; branchIds: readonly string[] };

/**
 * The rows dated in `month` on their own clock. Every clock's month lies within a day of UTC's, so the instant is also
 * bounded by those UTC instants: the bound is what an index reads (payments_supplier_at_idx, payments_at_idx,
 * refunds_at_idx, invoices_supplier_issued_idx, migration 0036); the local month, tested on those rows only, decides.
 */
function inMonth(instant: SQL, timeZone: SQL, month: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const day = 24 * 3600_000;
  const from = new Date(Date.UTC(year, number - 1, 1) - day).toISOString();
  const to = new Date(Date.UTC(year, number, 1) + day).toISOString();
  return sql`${instant} >= ${from}::timestamptz and ${instant} < ${to}::timestamptz
    and to_char(${instant} at time zone ${timeZone}, 'YYYY-MM') = ${month}`;
}
const localDay = (instant: SQL, timeZone: SQL) => sql`to_char(${instant} at time zone ${timeZone}, 'YYYY-MM-DD')`;
const PAID_AT = sql`coalesce(p.settled_at, p.created_at)`;
const REFUNDED_AT = sql`coalesce(r.refunded_at, r.created_at)`;

/**
 * The scope's rows: a supplier's (by the row's own supplier: its index reads it), and for a member limited to branches
 * those of the bookings picked up or returned there, as the desk's list (docs/decisions/0010-members-of-a-business.md).
 * A payment and a refund keep their booking's supplier and pick-up place's time zone (migration 0040), so the month's
 * money is read without its bookings (a large supplier's month at 10×: ~24k bookings read by key, seconds).
 */
function ofScope(scope: StatementScope, supplier: SQL, bookingId: SQL) {
  const own = scope.supplierId === null ? sql`` : sql`and ${supplier} = ${scope.supplierId}`;
  if (scope.branchIds.length === 0) return own;
  const ids = sql`${`{${scope.branchIds.join(',')}}`}::uuid[]`;
  return sql`${own} and exists (select 1 from bookings bb where bb.id = ${bookingId}
    and (bb.pickup_location_id = any(${ids}) or bb.dropoff_location_id = any(${ids})))`;
}

/**
 * The part of revenue of an invoice line's `item` — contract statements.ts `revenuePartOf`, in SQL (its equality is
 * tested in statement-sql.test.ts): null for a refund's line.
 */
export const REVENUE_PART = (item: SQL) => sql`(case when ${item} = 'rental' then 'rental'
  when ${item} = 'amendment' then 'changes' when ${item} = 'refund' then null
  when ${item} like 'charge.%' or ${item} in ('return_charges', 'later_charges', 'no_show') then 'charges'
  else 'extras' end)`;

/** A document's lines summed per VAT rate, `l`; the price change is contract statements' `priceChangeIn` per line. */
const LINES_BY_RATE = sql`select l."vatRate" as vat_rate, sum(l.net) as net, sum(l.vat) as vat, sum(l.gross) as gross,
    sum(l.gross) filter (where l.part = 'rental') as rental, sum(l.gross) filter (where l.part = 'extras') as extras,
    sum(l.gross) filter (where l.part = 'charges') as charges, sum(l.gross) filter (where l.part = 'changes') as changes,
    coalesce(sum(l.gross - floor(l.gross * 100 / (100 + s.rate) + 0.5))
      filter (where l.part in ('rental', 'extras') and s.rate <> 0), 0) as price_change
  from (select e.*, ${REVENUE_PART(sql`e.item`)} as part
    from jsonb_to_recordset(i.lines) as e(item text, net bigint, vat bigint, gross bigint, "vatRate" numeric)) l
  group by l."vatRate"`;

/**
 * The month's rows as one relation: what the totals sum and the pages order. A row's `key` is its document's,
 * payment's or refund's id; who, how and the gateway's reference are a page's (`pageOf`), read for its rows only.
 */
export function monthRows(scope: StatementScope) {
  const noParts = sql`null::bigint as rental, null::bigint as extras, null::bigint as charges, null::bigint as changes,
    0::numeric as price_change`;
  return sql`
    select i.kind::text as type, i.number::text as number, ${localDay(sql`i.issued_at`, sql`i.time_zone`)} as date,
      i.booking_id, i.id as key, s.sign * d.net as net, d.vat_rate, s.sign * d.vat as vat, s.sign * d.gross as gross,
      i.currency::text as currency, s.sign * d.rental as rental, s.sign * d.extras as extras,
      s.sign * d.charges as charges, s.sign * d.changes as changes, s.sign * d.price_change as price_change
    from invoices i
      cross join lateral (select case when i.kind = 'credit_note' then -1 else 1 end as sign,
        coalesce((select (b.terms ->> 'priceChangeRate')::numeric from bookings b where b.id = i.booking_id), 0)
          as rate) s
      cross join lateral (${LINES_BY_RATE}) d
    where ${inMonth(sql`i.issued_at`, sql`i.time_zone`, scope.month)} ${ofScope(scope, sql`i.supplier_id`, sql`i.booking_id`)}
    union all
    select 'payment', p.id::text, ${localDay(PAID_AT, sql`p.time_zone`)}, p.booking_id, p.id, null, null, null,
      p.amount, p.currency::text, ${noParts}
    from payments p
    where p.status = 'succeeded' and p.kind <> 'authorization' and ${inMonth(PAID_AT, sql`p.time_zone`, scope.month)}
      ${ofScope(scope, sql`p.supplier_id`, sql`p.booking_id`)}
    union all
    select 'refund', r.id::text, ${localDay(REFUNDED_AT, sql`r.time_zone`)}, r.booking_id, r.id, null, null, null,
      -r.amount, r.currency::text, ${noParts}
    from refunds r
    where r.status = 'succeeded' and ${inMonth(REFUNDED_AT, sql`r.time_zone`, scope.month)}
      ${ofScope(scope, sql`r.supplier_id`, sql`r.booking_id`)}`;
}

/** The statement's order: the day, the type, the number (byte order: the same on every database), then the row. */
const rowOrder = (row: string) =>
  sql.raw(`${row}.date, ${row}.type, ${row}.number collate "C", ${row}.key, ${row}.vat_rate`);

/**
 * `size` rows of the month from `offset`, in the statement's order, with what only a page shows: the counterpart (a
 * document's buyer; the driver of a payment or refund, or what the desk typed), the payment method and the gateway's
 * reference (a document's: its refund's, else its payment's). The month's rows are ordered on their own columns and
 * only the page's are joined to their documents, payments, bookings and drivers.
 */
export function pageOf(scope: StatementScope, offset: number, size: number) {
  const money = sql`page.type in ('payment', 'refund')`;
  return sql`
    with page as (select * from (${monthRows(scope)}) r order by ${rowOrder('r')} limit ${size} offset ${offset})
    select page.*,
      case when ${money} then coalesce(b.desk_customer ->> 'fullName', u.full_name) else i.buyer ->> 'name' end
        as counterpart,
      case page.type when 'payment' then coalesce(p.method::text, p.provider::text) when 'refund' then r.provider::text
        else coalesce(ir.provider::text, ip.method::text, ip.provider::text) end as payment_method,
      case page.type when 'payment' then p.provider_reference when 'refund' then r.provider_reference
        else coalesce(ir.provider_reference, ip.provider_reference) end::text as gateway_reference
    from page
      left join payments p on page.type = 'payment' and p.id = page.key
      left join refunds r on page.type = 'refund' and r.id = page.key
      left join invoices i on page.type in ('invoice', 'credit_note') and i.id = page.key
      left join payments ip on ip.id = i.payment_id
      left join refunds ir on ir.id = i.refund_id
      left join bookings b on ${money} and b.id = page.booking_id
      left join users u on u.id = b.driver_id
    order by ${rowOrder('page')}`;
}

/**
 * Deposits on the card in the month, per currency: the holds of the deposit (`authorization`, purpose `deposit`) — their
 * amount held, the part released — and what was captured from them (docs/decisions/0012-deposit-holds.md).
 */
export function depositsOfMonth(scope: StatementScope) {
  const hold = sql`p.kind = 'authorization' and p.purpose = 'deposit'`;
  return sql`
    select p.currency::text as currency, coalesce(sum(p.amount) filter (where ${hold}), 0) as held,
      coalesce(sum(p.released_amount) filter (where ${hold}), 0) as released,
      coalesce(sum(p.amount) filter (where p.kind = 'capture' and p.status = 'succeeded'
        and (select h.purpose from payments h where h.id = p.parent_id) = 'deposit'), 0) as captured
    from payments p
    where p.status in ('succeeded', 'released') and (${hold} or p.kind = 'capture')
      and ${inMonth(PAID_AT, sql`p.time_zone`, scope.month)} ${ofScope(scope, sql`p.supplier_id`, sql`p.booking_id`)}
    group by p.currency`;
}

/** The supplier's name as its invoices state it: its legal name, else its account's. */
export async function supplierName(db: DbOrTx, supplierId: string) {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${users.legalName}, ${users.fullName})` })
    .from(users)
    .where(eq(users.id, supplierId));
  return row?.name ?? null;
}
