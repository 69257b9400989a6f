import { REVENUE_PARTS, type Statement, type StatementRow, type StatementTotals } from '@roam/contract/statements';
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { fleetSupplier } from '#server/features/fleet/fleet.service.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { depositsOfMonth, monthRows, pageOf, type StatementScope } from './statements.repository.ts';

// A supplier's monthly statement (docs/decisions/0011-invoices.md, "Statements"): the rows are the month's invoices
// and credit notes (one row per document and VAT rate), payments and refunds; every total is the database's sum of
// those rows (contract `statementTotals` states the same sums over rows, and statement-sql.test.ts holds them equal),
// so the screen, the PDF and the CSV state the same sums without the month ever being read into the process.

/** Which supplier's month: a business member its own (naming another is 403); the admin the one named, or all. */
export async function statementSupplier(ctx: AppContext, user: SessionUser, named: string | undefined) {
  if (user.businessId === null && !named) return null;
  return fleetSupplier(ctx, user, named);
}

/** The month of the supplier the user may read (a member limited to branches: the bookings there only). */
export async function statementScope(
  ctx: AppContext,
  user: SessionUser,
  query: { month: string; supplierId?: string | undefined },
): Promise<StatementScope> {
  const supplierId = await statementSupplier(ctx, user, query.supplierId);
  return { month: query.month, supplierId, branchIds: user.businessId === null ? [] : user.branchIds };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type TotalsRow = StatementTotals & { rowCount: number };

/** The month's totals per currency and its number of rows: one statement, the rows read once. */
export async function monthTotals(db: DbOrTx, scope: StatementScope) {
  // Each part grouped once and joined per currency (a subquery per currency made the planner's estimate, and so its
  // JIT compilation, seconds of the answer at 10×).
  const result = await db.execute(sql`
    with r as materialized (${monthRows(scope)}),
    sums as (
      select r.currency, count(*) as "rowCount", count(distinct r.booking_id) as bookings,
        json_build_object('rental', coalesce(sum(r.rental), 0), 'extras', coalesce(sum(r.extras), 0),
          'charges', coalesce(sum(r.charges), 0), 'changes', coalesce(sum(r.changes), 0)) as revenue,
        json_build_object('net', coalesce(sum(r.net), 0), 'vat', coalesce(sum(r.vat), 0),
          'gross', coalesce(sum(r.gross) filter (where r.type in ('invoice', 'credit_note')), 0)) as invoiced,
        coalesce(sum(r.gross) filter (where r.type = 'credit_note'), 0) as credited,
        coalesce(sum(r.gross) filter (where r.type = 'payment'), 0) as received,
        coalesce(sum(r.gross) filter (where r.type = 'refund'), 0) as refunded,
        coalesce(sum(r.price_change), 0) as "priceChange"
      from r group by r.currency),
    rates as (
      select v.currency, json_agg(json_build_object('vatRate', v.vat_rate, 'net', v.net, 'vat', v.vat, 'gross', v.gross)
          order by v.vat_rate) as "vatRates"
      from (select r.currency, r.vat_rate, sum(r.net) as net, sum(r.vat) as vat, sum(r.gross) as gross from r
        where r.type in ('invoice', 'credit_note') group by r.currency, r.vat_rate) v
      group by v.currency),
    deposits as (${depositsOfMonth(scope)})
    select coalesce(json_agg(t order by t.currency), '[]') as totals from (
      select s.*, coalesce(v."vatRates", '[]') as "vatRates",
        json_build_object('held', coalesce(d.held, 0), 'captured', coalesce(d.captured, 0),
          'released', coalesce(d.released, 0)) as deposits
      from sums s left join rates v on v.currency = s.currency left join deposits d on d.currency = s.currency) t`);
  const [row] = rowsOf<{ totals: TotalsRow[] | string }>(result);
  const parsed: TotalsRow[] = typeof row?.totals === 'string' ? JSON.parse(row.totals) : (row?.totals ?? []);
  const totals: StatementTotals[] = parsed.map(({ rowCount: _rows, ...own }) => own);
  return { totals, rowCount: parsed.reduce((count, own) => count + Number(own.rowCount), 0) };
}

type RowRecord = {
  type: StatementRow['type'];
  number: string;
  date: string;
  booking_id: string;
  net: string | number | null;
  vat_rate: string | number | null;
  vat: string | number | null;
  gross: string | number;
  currency: string;
  counterpart: string | null;
  payment_method: string | null;
  gateway_reference: string | null;
  price_change: string | number;
} & Record<(typeof REVENUE_PARTS)[number], string | number | null>;

const nullable = (value: string | number | null) => (value === null ? null : Number(value));

/** `size` rows of the month from `offset`, in the statement's order. */
export async function monthRowsPage(db: DbOrTx, scope: StatementScope, offset: number, size: number) {
  const result = await db.execute(pageOf(scope, offset, size));
  return rowsOf<RowRecord>(result).map(
    (row): StatementRow => ({
      type: row.type,
      number: row.number,
      date: row.date,
      bookingId: row.booking_id,
      counterpart: row.counterpart ?? '',
      net: nullable(row.net),
      vatRate: nullable(row.vat_rate),
      vat: nullable(row.vat),
      gross: Number(row.gross),
      currency: row.currency,
      paymentMethod: row.payment_method,
      gatewayReference: row.gateway_reference,
      // A document's parts with a line (contract statements.ts): a part without one is absent, as on the invoice.
      parts: Object.fromEntries(
        REVENUE_PARTS.filter((part) => row[part] !== null).map((part) => [part, Number(row[part])]),
      ),
      priceChange: Number(row.price_change),
    }),
  );
}

/**
 * `GET /api/statement`: the month's totals and one page of its rows (`size` 0: none, as the screen asks). Summing the
 * month is the costly part (a large supplier's month, or the admin's of everyone, at 10×), so the totals and the row
 * count are kept a minute per scope — supplier or all, month, branches — as the bookings desk keeps its totals
 * (booking-desk.service.ts `deskTotals`, dashboard/period.cache.ts), with the time they were summed; `fresh` sums them
 * now. Not invalidated by writes, for the dashboard's reason. The page's rows and the downloads are always read now.
 */
export async function statementPage(
  ctx: AppContext,
  user: SessionUser,
  query: { month: string; supplierId?: string | undefined; page: number; size: number; fresh?: 'true' | 'false' },
): Promise<Statement> {
  const scope = await statementScope(ctx, user, query);
  const key = JSON.stringify([scope.supplierId, scope.month, [...scope.branchIds].sort()]);
  const { asOf, figures } = await ctx.statementTotals.keyed(key, query.fresh === 'true', () =>
    monthTotals(ctx.db, scope),
  );
  const { totals, rowCount } = figures;
  const rows = query.size === 0 ? [] : await monthRowsPage(ctx.db, scope, (query.page - 1) * query.size, query.size);
  return { month: query.month, supplierId: scope.supplierId, totals, rowCount, asOf: asOf.toISOString(), rows };
}
