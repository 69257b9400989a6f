import type { BookingStatus, PaymentProvider } from '@roam/contract/bookings';
import { type BookingBalance, bookingBalance, type PaymentPurpose } from '@roam/contract/ledger';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { invoicePayment } from '#server/features/invoices/invoice-issue.service.ts';
import * as repository from './ledger.repository.ts';

// The money ledger (docs/decisions/0009-the-money-ledger.md, docs/architecture.md §5 "Money rules"): what a booking
// actually took in (`payments`) and gave back (`refunds`), and its balance by the one rule (contract
// `bookingBalance`). At the bottom of the money layers with the gateways and the refunds: it imports no money slice.
//
// How to use it (the counter, invoices and statements build on it):
// - record money in with `recordPayment` (or `recordCharge` for a gateway's charge), in the transaction that holds
//   the booking's row lock (bookings.repository.ts `lockBooking`), under an idempotency key of its own; a payment
//   that succeeded towards the booking is invoiced there (features/invoices/invoice-issue.service.ts);
// - read what a booking paid, holds and owes with `balanceOf` (one booking) or, in a query of many bookings, the
//   repository's `ledgerColumn` and `balanceFrom`;
// - give money back through refunds/refunds.service.ts (`refundAcrossPayments`): each refund names its payment.

export type { PaymentRow } from './ledger.repository.ts';
export { ledgerColumn } from './ledger.repository.ts';

/**
 * The balance of a booking from its row and its ledger (as `ledgerColumn` reads it); `charges`: its counter charges
 * not waived (the counter passes them; 0 elsewhere until charges are read with the ledger).
 */
export const balanceFrom = (
  booking: { status: BookingStatus; totalAmount: number; charges?: number },
  ledger: Pick<Parameters<typeof bookingBalance>[0], 'payments' | 'refunds'>,
): BookingBalance =>
  bookingBalance({
    status: booking.status,
    totalAmount: booking.totalAmount,
    charges: booking.charges ?? 0,
    payments: ledger.payments,
    refunds: ledger.refunds,
  });

/** The booking's balance now, read in `db` (the transaction that locked it, to settle on what it read). */
export async function balanceOf(
  _ctx: AppContext,
  db: DbOrTx,
  booking: { id: string; status: BookingStatus; totalAmount: number; charges?: number },
): Promise<BookingBalance> {
  return balanceFrom(booking, await repository.ledgerOf(db, booking.id));
}

/** The booking's payments (with their method) and refunds that succeeded, oldest first: the final receipt's lines. */
export const movementsOf = (_ctx: AppContext, db: DbOrTx, bookingId: string) => repository.movementsOf(db, bookingId);

/**
 * Records a movement of money in, once under its idempotency key; returns the row (the earlier one on a retry).
 * Money taken towards the booking gets its invoice in the same transaction (docs/decisions/0011-invoices.md): the
 * one place every writer of the ledger passes, so none issues one itself.
 */
export const recordPayment = (ctx: AppContext, db: DbOrTx, payment: repository.NewPayment) =>
  db.transaction(async (tx) => {
    const row = await repository.recordPayment(tx, payment);
    await invoicePayment(ctx, tx, row);
    return row;
  });

/**
 * Issues the invoices of payments written outside `recordPayment` — the demo data's, which the seed inserts with its
 * bookings — as recording them would have: once each (the invoice's key), in one transaction, dated now.
 */
export const invoiceRecordedPayments = (ctx: AppContext, bookingIds: readonly string[]) =>
  ctx.db.transaction(async (tx) => {
    for (const row of await repository.paymentsOfBookings(tx, bookingIds)) await invoicePayment(ctx, tx, row);
  });

/**
 * A gateway's charge that succeeded (a booking's online payment, a change's difference), recorded once under `key`
 * in `tx`, the transaction that records what it paid for.
 */
export function recordCharge(
  ctx: AppContext,
  tx: DbOrTx,
  charge: {
    booking: { id: string; supplierId: string; currency: string };
    amendmentId?: string;
    purpose: PaymentPurpose;
    provider: PaymentProvider;
    reference: string;
    amount: number;
    key: string;
  },
) {
  const now = ctx.clock.now();
  return recordPayment(ctx, tx, {
    bookingId: charge.booking.id,
    supplierId: charge.booking.supplierId,
    amendmentId: charge.amendmentId ?? null,
    kind: 'charge',
    purpose: charge.purpose,
    provider: charge.provider,
    providerReference: charge.reference,
    idempotencyKey: charge.key,
    amount: charge.amount,
    currency: charge.booking.currency,
    status: 'succeeded',
    settledAt: now,
  });
}

/** The ledger key of a booking's own online payment, and of a change's difference. */
export const bookingPaymentKey = (bookingId: string) => `booking-${bookingId}`;
export const amendmentPaymentKey = (amendmentId: string) => `amendment-${amendmentId}`;

/** The booking's ledger rows as its operators read them: payments with method and reference, refunds (any state). */
export const ledgerRowsOf = (_ctx: AppContext, db: DbOrTx, bookingId: string) => repository.ledgerRowsOf(db, bookingId);

/** Of `bookingIds`, those that took or held money: kept, never deleted. */
export const withMoney = (_ctx: AppContext, db: DbOrTx, bookingIds: string[]) => repository.tookMoney(db, bookingIds);

/** The payments a refund under `key` may come from (refunds.service.ts `refundAcrossPayments`). */
export const refundablePayments = (
  _ctx: AppContext,
  db: DbOrTx,
  bookingId: string,
  key: string,
  scope: { withDeposit: boolean },
) => repository.refundablePayments(db, bookingId, key, scope);

/** The payments taken at the desk, newest first, each with what was given back of it (a refund at the desk). */
export const counterPaymentsOf = (_ctx: AppContext, db: DbOrTx, bookingId: string) =>
  repository.counterPaymentsOf(db, bookingId);

/** Whether a payment was recorded under `key` (a retried counter payment finds its own). */
export const paymentUnder = (_ctx: AppContext, db: DbOrTx, key: string) => repository.paymentUnder(db, key);

/** A booking's ledger as the balance reads it (`balanceFrom`), for a caller that takes two balances from one read. */
export const ledgerOf = (_ctx: AppContext, db: DbOrTx, bookingId: string) => repository.ledgerOf(db, bookingId);
