import type { z } from 'zod';
import type { InvoiceItem } from './invoices.ts';
import type { StatementSchema } from './statements.schema.ts';

// A supplier's monthly statement and its accounting export (docs/decisions/0011-invoices.md, "Statements"): one row
// per invoice, credit note, payment and refund of the month — a document with lines at two VAT rates gives one row
// per rate — and totals that are sums of those rows and of nothing else, so the statement's figures and its CSV
// always agree. Amounts are integer minor units; a credit note's and a refund's are negative. No zod here: the
// console reads these types.

export const STATEMENT_ROW_TYPES = ['invoice', 'credit_note', 'payment', 'refund'] as const;
export type StatementRowType = (typeof STATEMENT_ROW_TYPES)[number];

/** The parts of revenue a line counts in: the rental, its extras, charges at return or later, a booking's change. */
export const REVENUE_PARTS = ['rental', 'extras', 'charges', 'changes'] as const;
export type RevenuePart = (typeof REVENUE_PARTS)[number];

export interface StatementRow {
  type: StatementRowType;
  /** The document's number; a payment's or refund's own id in the ledger. */
  number: string;
  /** The day, in the rental place's time zone (YYYY-MM-DD). */
  date: string;
  bookingId: string;
  /** The buyer of a document; the driver of a payment or a refund. */
  counterpart: string;
  /** Documents only (a payment is money, its VAT is on its invoice): null on payments and refunds. */
  net: number | null;
  vatRate: number | null;
  vat: number | null;
  gross: number;
  currency: string;
  /** demo, card, wallet, or the desk's cash, card_terminal, bank_transfer. */
  paymentMethod: string | null;
  gatewayReference: string | null;
  /** The document's gross per part of revenue (its lines'), for the statement's totals; empty on money rows. */
  parts: Partial<Record<RevenuePart, number>>;
  /** What the booking's percentage added to the rental and extras lines of a document (minor units). */
  priceChange: number;
}

/** The part of revenue an invoice line counts in. */
export function revenuePartOf(item: InvoiceItem): RevenuePart | null {
  if (item === 'rental') return 'rental';
  if (item === 'amendment') return 'changes';
  if (item === 'refund') return null;
  if (item.startsWith('charge.') || item === 'return_charges' || item === 'later_charges' || item === 'no_show')
    return 'charges';
  return 'extras';
}

/** Deposits on the card in the month: held, captured from a hold, released. Zero until deposits are held. */
export interface DepositMovements {
  held: number;
  captured: number;
  released: number;
}

export interface VatRateTotal {
  vatRate: number;
  net: number;
  vat: number;
  gross: number;
}

/** One currency's totals of a statement: each the sum of its rows. */
export interface StatementTotals {
  currency: string;
  /** Distinct bookings with a row in the month. */
  bookings: number;
  /** Invoiced gross per part of revenue, credit notes deducted. */
  revenue: Record<RevenuePart, number>;
  invoiced: { net: number; vat: number; gross: number };
  /** Credit notes' gross (negative). */
  credited: number;
  received: number;
  /** Refunds' amount (negative). */
  refunded: number;
  deposits: DepositMovements;
  vatRates: VatRateTotal[];
  priceChange: number;
}

const zero = (): Record<RevenuePart, number> => ({ rental: 0, extras: 0, charges: 0, changes: 0 });

/** The statement's totals per currency, from its rows alone (and the deposits, kept apart: a hold is no row). */
export function statementTotals(
  rows: readonly StatementRow[],
  deposits: (currency: string) => DepositMovements,
): StatementTotals[] {
  const byCurrency = new Map<string, StatementRow[]>();
  for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, own]) => {
      const documents = own.filter((row) => row.type === 'invoice' || row.type === 'credit_note');
      const sum = (list: StatementRow[], pick: (row: StatementRow) => number) =>
        list.reduce((total, row) => total + pick(row), 0);
      const revenue = zero();
      for (const row of documents) for (const part of REVENUE_PARTS) revenue[part] += row.parts[part] ?? 0;
      const rates = new Map<number, VatRateTotal>();
      for (const row of documents) {
        const rate = row.vatRate ?? 0;
        const total = rates.get(rate) ?? { vatRate: rate, net: 0, vat: 0, gross: 0 };
        total.net += row.net ?? 0;
        total.vat += row.vat ?? 0;
        total.gross += row.gross;
        rates.set(rate, total);
      }
      return {
        currency,
        bookings: new Set(own.map((row) => row.bookingId)).size,
        revenue,
        invoiced: {
          net: sum(documents, (row) => row.net ?? 0),
          vat: sum(documents, (row) => row.vat ?? 0),
          gross: sum(documents, (row) => row.gross),
        },
        credited: sum(
          own.filter((row) => row.type === 'credit_note'),
          (row) => row.gross,
        ),
        received: sum(
          own.filter((row) => row.type === 'payment'),
          (row) => row.gross,
        ),
        refunded: sum(
          own.filter((row) => row.type === 'refund'),
          (row) => row.gross,
        ),
        deposits: deposits(currency),
        vatRates: [...rates.values()].sort((a, b) => a.vatRate - b.vatRate),
        priceChange: sum(documents, (row) => row.priceChange),
      };
    });
}

export type Statement = z.infer<typeof StatementSchema>;
