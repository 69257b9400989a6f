import type { Language } from '@roam/contract/languages';
import { type BookingBalance, depositHolder, type LedgerPayment } from '@roam/contract/ledger';
import { formatMinor } from '@roam/contract/money';
import { rentalDays } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { bookingDocument } from '#server/features/documents/documents.service.ts';
import { movementsOf } from '#server/features/ledger/ledger.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { nameIn } from './counter.mapper.ts';
import * as repository from './counter.repository.ts';
import { storeDocument } from './counter-documents.service.ts';
import { type FinalReceipt, finalReceiptPdf } from './final-receipt.pdf.ts';

// The final receipt's facts (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"), read in the
// close's transaction from the booking, its charges and its ledger — never from `charged_amount` — then drawn and
// stored as the booking's next `receipt` document.

export async function finalReceiptOf(
  ctx: AppContext,
  db: DbOrTx,
  bookingId: string,
  balance: BookingBalance,
): Promise<FinalReceipt> {
  const [document, record, charges, movements] = await readTogether(db, [
    () => bookingDocument(ctx, bookingId, db),
    () => repository.findCounterBooking(db, bookingId),
    () => repository.chargesOf(db, bookingId),
    () => movementsOf(ctx, db, bookingId),
  ]);
  if (!document || !record) throw new AppError('NOT_FOUND', 'Booking not found.');
  const { booking, car } = record;
  const { language } = document;
  return {
    language,
    reference: booking.reference,
    car: car.licensePlate ? `${car.name} · ${car.licensePlate}` : car.name,
    driver: record.driver.fullName,
    supplier: record.supplier.fullName,
    pickup: { at: booking.pickupAt, timeZone: record.pickup.timeZone, place: nameIn(record.pickup.names, language) },
    dropoff: {
      at: booking.dropoffAt,
      timeZone: record.dropoff.timeZone,
      place: nameIn(record.dropoff.names, language),
    },
    currency: booking.currency,
    rentalDays: rentalDays(booking.pickupAt, booking.dropoffAt),
    lines: document.money.lines,
    charges: charges.map(({ charge }) => ({
      kind: charge.kind,
      amount: charge.amount,
      note: charge.note,
      waivedReason: charge.waivedAt ? (charge.waiveReason ?? '') : null,
    })),
    payments: movements.payments.map((payment) => ({
      at: payment.at,
      amount: payment.amount,
      method: payment.method ?? 'online',
      deposit: payment.purpose === 'deposit',
    })),
    refunds: movements.refunds,
    total: balance.total,
    paid: balance.paid,
    balance: balance.due - balance.excess,
  };
}

/** Draws and stores the final receipt in `tx` (the close's); returns its document row and the facts it states. */
export async function storeFinalReceipt(ctx: AppContext, tx: DbOrTx, bookingId: string, balance: BookingBalance) {
  const receipt = await finalReceiptOf(ctx, tx, bookingId, balance);
  const bytes = await finalReceiptPdf(receipt, { websiteName: await siteName(ctx, tx), issuedAt: ctx.clock.now() });
  const row = await storeDocument(tx, { bookingId, kind: 'receipt', language: receipt.language, bytes });
  return { ...row, facts: receipt };
}

/**
 * The closed rental's amounts as its e-mail restates them in the reader's language (the receipt's facts): the rental,
 * the charges not waived, what was paid towards them and refunded of it, and the balance — so the message says what
 * the PDF says. Paid less refunded is the ledger's `paid`: the lines add up to the balance.
 */
export function closedAmounts(receipt: FinalReceipt) {
  const charges = receipt.charges.reduce((sum, charge) => sum + (charge.waivedReason === null ? charge.amount : 0), 0);
  const paid = receipt.payments.reduce((sum, payment) => sum + (payment.deposit ? 0 : payment.amount), 0);
  return (language: Language) => {
    const money = (amount: number) => formatMinor(amount, receipt.currency, language);
    return {
      amount: money(receipt.total - charges),
      charges: money(charges),
      paid: money(paid),
      refunded: money(paid - receipt.paid),
      money: money(receipt.balance),
    };
  };
}

/**
 * The deposits held on the card (or at the desk) that the close settled: what was captured from them and what was
 * released (docs/decisions/0012-deposit-holds.md); null when the booking held none.
 */
export function depositSettled(payments: readonly LedgerPayment[]) {
  const holds = payments.filter((payment) => payment.kind === 'authorization' && payment.status === 'released');
  if (holds.length === 0) return null;
  const ids = new Set(holds.map((hold) => hold.id));
  const captured = payments
    .filter(
      (payment) => payment.kind === 'capture' && payment.status === 'succeeded' && ids.has(payment.parentId ?? ''),
    )
    .reduce((sum, payment) => sum + payment.amount, 0);
  return {
    captured,
    released: holds.reduce((sum, hold) => sum + hold.releasedAmount, 0),
    // What held it (contract ledger.ts `depositOn`): the close's words name the card, the payer's PayPal or the desk.
    on: depositHolder(holds) ?? 'card',
  };
}
