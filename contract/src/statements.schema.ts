import { z } from 'zod';
import { CSV_SEPARATORS } from './fleet-import.ts';
import { LanguageSchema } from './languages.schema.ts';
import { STATEMENT_ROW_TYPES } from './statements.ts';
import { PERIOD_YEARS } from './time.ts';

// The statements' API shapes (their rules: statements.ts).

/** A calendar month, YYYY-MM, within the years a period may name. */
const MonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'A month as YYYY-MM.' })
  .refine(
    (month) => {
      const year = Number(month.slice(0, 4));
      return year >= PERIOD_YEARS.first && year <= PERIOD_YEARS.last;
    },
    { error: `A month between ${PERIOD_YEARS.first} and ${PERIOD_YEARS.last}.` },
  );

/**
 * `GET /api/statement`: a supplier's month (a supplier: its own; the admin: the supplier named, or every supplier
 * when none is).
 */
const MonthQuerySchema = z.object({
  month: MonthSchema,
  supplierId: z.uuid().optional(),
});

/**
 * The month's totals and one page of its rows (`size` rows from `page`, 1 the first; `size` 0: the totals alone, as
 * the screen shows them). A large supplier's month is tens of thousands of rows: its downloads carry them all.
 */
export const StatementQuerySchema = MonthQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(0).max(500).default(100),
  /** 'true': the month's totals summed now, not the ones of the last minute (the screen's refresh). */
  fresh: z.enum(['true', 'false']).optional(),
});

/** `GET /api/statement-export`: the same month as CSV (one row per document and VAT rate, payment, refund) or PDF. */
export const StatementExportQuerySchema = MonthQuerySchema.extend({
  format: z.enum(['csv', 'pdf']),
  separator: z.enum(CSV_SEPARATORS).optional(),
  language: LanguageSchema.optional(),
});

const Minor = z.number().int();
/** Per part of revenue (statements.ts `REVENUE_PARTS`). */
const parts = z.object({ rental: Minor, extras: Minor, charges: Minor, changes: Minor });

export const StatementRowSchema = z.object({
  type: z.enum(STATEMENT_ROW_TYPES),
  number: z.string(),
  date: z.string(),
  bookingId: z.uuid(),
  counterpart: z.string(),
  net: Minor.nullable(),
  vatRate: z.number().nullable(),
  vat: Minor.nullable(),
  gross: Minor,
  currency: z.string(),
  paymentMethod: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  parts: parts.partial(),
  priceChange: Minor,
});

export const StatementTotalsSchema = z.object({
  currency: z.string(),
  bookings: z.number().int(),
  revenue: parts,
  invoiced: z.object({ net: Minor, vat: Minor, gross: Minor }),
  credited: Minor,
  received: Minor,
  refunded: Minor,
  deposits: z.object({ held: Minor, captured: Minor, released: Minor }),
  vatRates: z.array(z.object({ vatRate: z.number(), net: Minor, vat: Minor, gross: Minor })),
  priceChange: Minor,
});

export const StatementSchema = z.object({
  month: z.string(),
  /** null: every supplier (the admin's). */
  supplierId: z.uuid().nullable(),
  totals: z.array(StatementTotalsSchema),
  /** Every row of the month, which the totals sum. */
  rowCount: z.number().int(),
  /** When the totals and the row count were summed: they are kept a minute per scope and month (the rows are live). */
  asOf: z.iso.datetime({ offset: true }),
  /** The page asked for, in the downloads' order (date, type, number). */
  rows: z.array(StatementRowSchema),
});
