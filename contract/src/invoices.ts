import type { z } from 'zod';
import type { ChargeKind } from './counter-charges.ts';
import type { BookingInvoiceSchema } from './invoices.schema.ts';
import type { Language } from './languages.ts';
import { roundHalfUp } from './money.ts';
import type { Extra, PlaceFee } from './price.ts';
import type { RentalFee } from './rental-fees.ts';

// Invoices and credit notes (docs/decisions/0011-invoices.md): the documents a supplier issues for the money its
// bookings took in. One invoice per settled payment of the ledger, a credit note per refund of an invoiced payment;
// each numbered gap-free per supplier, series and year, never edited. Amounts are integer minor units of the
// booking's currency, VAT included in every price: each line's VAT is rounded on its own (half up) and its net is
// the rest, so the lines and the totals add up exactly. No zod here: the booking pages read these types.

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A number's prefix per kind: INV-2026-0001, CN-2026-0001. */
export const INVOICE_PREFIXES: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** What a line is for: the rental, an extra, a counter charge, or a payment's purpose when it has no finer lines. */
export type InvoiceItem =
  | 'rental'
  | Extra
  | PlaceFee
  | 'catalogueExtra'
  | RentalFee
  /** A promo code's discount: a negative line (promo-codes.ts). */
  | 'promo'
  | `charge.${ChargeKind}`
  | 'amendment'
  | 'return_charges'
  | 'later_charges'
  | 'no_show'
  | 'refund';

export interface InvoiceLine {
  item: InvoiceItem;
  /** The rental's days (the rental line), or 1. */
  quantity: number;
  /** VAT rate in percent (the rental country's VAT_RATES; 0 where none is configured). */
  vatRate: number;
  /** Minor units: gross = net + vat exactly. */
  net: number;
  vat: number;
  gross: number;
  /** A catalogue extra's line: its names as the booking bought it (catalogue-extras.ts). */
  names?: Record<Language, string>;
}

/** The seller (the supplier's legal name, address, VAT number) or the buyer (the driver, or a business). */
export interface InvoiceParty {
  name: string;
  address: string | null;
  vatNumber: string | null;
}

export interface InvoiceTotals {
  net: number;
  vat: number;
  gross: number;
}

/** An issued invoice or credit note as every reader sees it (the PDF, the booking page). */
export interface InvoiceDocument extends InvoiceTotals {
  id: string;
  kind: InvoiceKind;
  number: string;
  /** ISO timestamp; its day in the rental place's time zone is the issue date. */
  issuedAt: string;
  timeZone: string;
  bookingId: string;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
  currency: string;
  language: Language;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
}

/** A booking's invoice or credit note as its booking page lists it (`GET /api/booking-invoices/{id}`). */
export type BookingInvoice = z.infer<typeof BookingInvoiceSchema>;

/** A line of `gross` minor units at `vatRate` %: the VAT a VAT-inclusive price holds, rounded half up, per line. */
export function invoiceLine(item: InvoiceItem, gross: number, vatRate: number, quantity = 1): InvoiceLine {
  const vat = roundHalfUp((gross * vatRate) / (100 + vatRate));
  return { item, quantity, vatRate, net: gross - vat, vat, gross };
}

/** The totals are the sums of the lines: nothing is rounded twice. */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  return lines.reduce(
    (sum, line) => ({ net: sum.net + line.net, vat: sum.vat + line.vat, gross: sum.gross + line.gross }),
    { net: 0, vat: 0, gross: 0 },
  );
}

/** The document's number: the series prefix, the year, the sequence padded to four digits. */
export const invoiceNumber = (kind: InvoiceKind, year: number, sequence: number) =>
  `${INVOICE_PREFIXES[kind]}-${year}-${String(sequence).padStart(4, '0')}`;
