import type { InvoiceLine } from '@roam/contract/invoices';
import { roundHalfUp } from '@roam/contract/money';
import {
  type DepositMovements,
  type RevenuePart,
  revenuePartOf,
  type Statement,
  type StatementRow,
  statementTotals,
} from '@roam/contract/statements';
import type { AppContext } from '#server/context.ts';
import { fleetSupplier } from '#server/features/fleet/fleet.service.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import * as repository from './statements.repository.ts';

// A supplier's monthly statement (docs/decisions/0011-invoices.md, "Statements"): the rows are the month's invoices
// and credit notes (one row per document and VAT rate), payments and refunds; every total is computed from those
// rows by the contract's `statementTotals`, so the screen, the PDF and the CSV state the same sums.

/** Which supplier's month: a business member its own (naming another is 403); the admin the one named, or all. */
export async function statementSupplier(ctx: AppContext, user: SessionUser, named: string | undefined) {
  if (user.businessId === null && !named) return null;
  return fleetSupplier(ctx, user, named);
}

/** What the booking's percentage (`rate`, at its terms) added to a VAT-inclusive `gross` of the car's own prices. */
const priceChangeIn = (gross: number, rate: number) =>
  rate === 0 ? 0 : gross - roundHalfUp((gross * 100) / (100 + rate));

/** A document's lines summed per VAT rate: one row each; a credit note's amounts negative. */
function documentRows(document: Awaited<ReturnType<typeof repository.documentsOfMonth>>[number]): StatementRow[] {
  const { invoice, date, priceChangeRate, payment, refund } = document;
  const sign = invoice.kind === 'credit_note' ? -1 : 1;
  const byRate = new Map<number, InvoiceLine[]>();
  for (const line of invoice.lines) byRate.set(line.vatRate, [...(byRate.get(line.vatRate) ?? []), line]);
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRate, lines]) => {
      const parts: Partial<Record<RevenuePart, number>> = {};
      let priceChange = 0;
      for (const line of lines) {
        const part = revenuePartOf(line.item);
        if (part) parts[part] = (parts[part] ?? 0) + sign * line.gross;
        if (part === 'rental' || part === 'extras') priceChange += sign * priceChangeIn(line.gross, priceChangeRate);
      }
      const sum = (pick: (line: InvoiceLine) => number) => sign * lines.reduce((total, line) => total + pick(line), 0);
      return {
        type: invoice.kind,
        number: invoice.number,
        date,
        bookingId: invoice.bookingId,
        counterpart: invoice.buyer.name,
        net: sum((line) => line.net),
        vatRate,
        vat: sum((line) => line.vat),
        gross: sum((line) => line.gross),
        currency: invoice.currency,
        paymentMethod: refund?.provider ?? payment?.method ?? payment?.provider ?? null,
        gatewayReference: refund?.reference ?? payment?.reference ?? null,
        parts,
        priceChange,
      };
    });
}

const order = (a: StatementRow, b: StatementRow) =>
  a.date.localeCompare(b.date) || a.type.localeCompare(b.type) || a.number.localeCompare(b.number);

/** The month's rows, all of them (the downloads'), and their totals per currency. */
export type MonthStatement = Omit<Statement, 'rowCount'>;

/** `GET /api/statement`: the month's totals and one page of its rows (`size` 0: none). */
export async function statementPage(
  ctx: AppContext,
  user: SessionUser,
  query: { month: string; supplierId?: string | undefined; page: number; size: number },
): Promise<Statement> {
  const { rows, ...month } = await statementOf(ctx, user, query);
  const from = (query.page - 1) * query.size;
  return { ...month, rowCount: rows.length, rows: rows.slice(from, from + query.size) };
}

/** The month's rows and their totals per currency. */
export async function statementOf(
  ctx: AppContext,
  user: SessionUser,
  query: { month: string; supplierId?: string | undefined },
): Promise<MonthStatement> {
  const supplierId = await statementSupplier(ctx, user, query.supplierId);
  // A member limited to branches: the bookings there only, as the desk's list (docs/decisions/0010-members-of-a-business.md).
  const branchIds = user.businessId === null ? [] : user.branchIds;
  const [documents, paid, refunded] = await Promise.all([
    repository.documentsOfMonth(ctx.db, query.month, supplierId, branchIds),
    repository.paymentsOfMonth(ctx.db, query.month, supplierId, branchIds),
    repository.refundsOfMonth(ctx.db, query.month, supplierId, branchIds),
  ]);
  const money = (row: { bookingId: string; currency: string }, date: string, counterpart: string) => ({
    date,
    bookingId: row.bookingId,
    counterpart,
    net: null,
    vatRate: null,
    vat: null,
    currency: row.currency,
    parts: {},
    priceChange: 0,
  });
  const rows: StatementRow[] = [
    ...documents.flatMap(documentRows),
    ...paid
      .filter(({ payment }) => payment.kind !== 'authorization' && payment.status === 'succeeded')
      .map(({ payment, date, counterpart }) => ({
        ...money(payment, date, counterpart),
        type: 'payment' as const,
        number: payment.id,
        gross: payment.amount,
        paymentMethod: payment.method ?? payment.provider,
        gatewayReference: payment.providerReference,
      })),
    ...refunded.map(({ refund, date, counterpart }) => ({
      ...money(refund, date, counterpart),
      type: 'refund' as const,
      number: refund.id,
      gross: -refund.amount,
      paymentMethod: refund.provider,
      gatewayReference: refund.providerReference,
    })),
  ].sort(order);
  return {
    month: query.month,
    supplierId,
    totals: statementTotals(rows, (currency) => depositMovements(paid, currency)),
    rows,
  };
}

/**
 * Deposits on the card in the month: the holds of the deposit (`authorization`, purpose `deposit`) — their amount
 * held, the part released — and what was captured from them (docs/decisions/0012-deposit-holds.md; the statement's
 * side in docs/decisions/0011-invoices.md, "Statements").
 */
function depositMovements(
  paid: Awaited<ReturnType<typeof repository.paymentsOfMonth>>,
  currency: string,
): DepositMovements {
  const movements: DepositMovements = { held: 0, captured: 0, released: 0 };
  for (const { payment, parentPurpose } of paid) {
    if (payment.currency !== currency) continue;
    if (payment.kind === 'authorization' && payment.purpose === 'deposit') {
      movements.held += payment.amount;
      movements.released += payment.releasedAmount;
    }
    if (payment.kind === 'capture' && parentPurpose === 'deposit' && payment.status === 'succeeded')
      movements.captured += payment.amount;
  }
  return movements;
}
