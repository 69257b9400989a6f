import { type InvoiceKind, type InvoiceLine, invoiceNumber, invoiceTotals } from '@roam/contract/invoices';
import { LanguageSchema } from '@roam/contract/languages.schema';
import type { PaymentPurpose } from '@roam/contract/ledger';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { creditLines, paymentLines } from './invoice-lines.rules.ts';
import * as repository from './invoices.repository.ts';

// Issuing invoices and credit notes (docs/decisions/0011-invoices.md), called by the ledger when it records money in
// (ledger.service.ts `recordPayment`) and by the refunds when one is confirmed (refunds.service.ts `confirmRefund`):
// one place each, so every writer of the ledger — checkout, a change's difference, a payment link, the counter —
// gets its documents without calling this. Each is issued in the caller's transaction, numbered there, once under
// its key. At the bottom of the money layers with the ledger: it imports no money slice.

/** The payment as an invoice reads it: a ledger row. */
export type InvoicedPayment = {
  id: string;
  bookingId: string;
  supplierId: string;
  kind: 'charge' | 'authorization' | 'capture' | 'counter';
  purpose: PaymentPurpose;
  status: string;
  amount: number;
  currency: string;
};

/** Money taken towards what the booking costs: a hold is not taken, and the security deposit is not a sale. */
const invoiceable = (payment: InvoicedPayment) =>
  payment.status === 'succeeded' && payment.kind !== 'authorization' && payment.purpose !== 'deposit';

/** The year of `at` in `timeZone`: the number's year is the issue date's, where the car was rented. */
const yearIn = (at: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(at));

async function issue(
  ctx: AppContext,
  tx: DbOrTx,
  document: Omit<repository.NewInvoice, 'year' | 'sequence' | 'number' | 'issuedAt' | 'net' | 'vat' | 'gross'> & {
    kind: InvoiceKind;
    lines: InvoiceLine[];
  },
) {
  const issuedAt = ctx.clock.now();
  const year = yearIn(issuedAt, document.timeZone);
  const sequence = await repository.nextSequence(tx, document.supplierId, document.kind, year);
  return repository.insertInvoice(tx, {
    ...document,
    year,
    sequence,
    number: invoiceNumber(document.kind, year, sequence),
    issuedAt,
    ...invoiceTotals(document.lines),
  });
}

/**
 * The payment's invoice, issued in `tx` (the transaction that recorded the payment) when it is money taken towards
 * the booking and has none yet; a retried confirmation finds the one issued before. Null when none is due.
 */
export async function invoicePayment(ctx: AppContext, tx: DbOrTx, payment: InvoicedPayment) {
  if (!invoiceable(payment)) return null;
  const key = `invoice-${payment.id}`;
  const issued = await repository.findByKey(tx, key);
  if (issued) return issued;
  const facts = await repository.invoiceFacts(tx, payment.bookingId);
  if (!facts) return null;
  const vatRate = ctx.config.VAT_RATES[facts.pickup.countryCode] ?? 0;
  const charges = await repository.openCharges(tx, payment.bookingId);
  const { booking, seller } = facts;
  return issue(ctx, tx, {
    kind: 'invoice',
    key,
    supplierId: payment.supplierId,
    bookingId: payment.bookingId,
    paymentId: payment.id,
    timeZone: facts.pickup.timeZone,
    currency: payment.currency,
    language: LanguageSchema.catch('en').parse(facts.language),
    seller: { name: seller.legalName ?? seller.fullName, address: seller.legalAddress, vatNumber: seller.vatNumber },
    buyer: booking.invoiceBuyer ?? { name: facts.buyerName, address: null, vatNumber: null },
    lines: paymentLines(facts, payment, charges, vatRate),
  });
}

/**
 * A credit note for `amount` of `invoice` under `key` (a refund's, a waived charge's), issued in `tx`, once: the
 * invoice is never changed. Its seller, buyer and language are the invoice's.
 */
export async function creditInvoice(
  ctx: AppContext,
  tx: DbOrTx,
  invoice: repository.InvoiceRow,
  credit: { key: string; amount: number; refundId?: string; lines?: InvoiceLine[] },
) {
  const issued = await repository.findByKey(tx, credit.key);
  if (issued) return issued;
  const {
    id,
    kind: _kind,
    key: _key,
    number: _n,
    year: _y,
    sequence: _s,
    createdAt: _c,
    issuedAt: _i,
    ...kept
  } = invoice;
  return issue(ctx, tx, {
    ...kept,
    kind: 'credit_note',
    key: credit.key,
    invoiceId: id,
    refundId: credit.refundId ?? null,
    lines: credit.lines ?? creditLines(invoice, credit.amount),
  });
}

/**
 * The refund's credit note, when the payment it gives back was invoiced; issued in the refund's transaction (the
 * refund already marked made). Only what the documents still state beyond what the invoiced payments now keep is
 * credited: money given back for a charge whose waiver was credited already (`creditWaivedCharge`) is credited once.
 */
export async function creditRefund(
  ctx: AppContext,
  tx: DbOrTx,
  refund: { id: string; key: string; paymentId: string | null; amount: number; status: string },
) {
  if (refund.status !== 'succeeded' || !refund.paymentId) return null;
  const invoice = await repository.findInvoiceOfPayment(tx, refund.paymentId);
  if (!invoice) return null;
  const key = `credit-${refund.key}`;
  const issued = await repository.findByKey(tx, key);
  if (issued) return issued;
  const { stated, kept } = await repository.creditState(tx, invoice.bookingId);
  const credited = (await repository.invoicesWithCredits(tx, invoice.bookingId)).find(
    (row) => row.invoice.id === invoice.id,
  )?.credited;
  const amount = Math.min(refund.amount, stated - kept, invoice.gross - (credited ?? 0));
  if (amount <= 0) return null;
  return creditInvoice(ctx, tx, invoice, { key, amount, refundId: refund.id });
}
