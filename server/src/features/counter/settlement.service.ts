import type { BookingStatus } from '@roam/contract/bookings';
import { COUNTER_MESSAGES, canTransition, chargesTotal } from '@roam/contract/counter';
import type { CounterPaymentBodySchema } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { balanceOf, ledgerOf, paymentUnder, recordPayment } from '#server/features/ledger/ledger.service.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { translator } from '#server/i18n/translate.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { recordCounterNotice } from './counter.mail.ts';
import * as repository from './counter.repository.ts';
import { counterView } from './counter-view.service.ts';
import { settleDepositAtClose } from './deposit-hold.service.ts';
import { closedAmounts, depositSettled, storeFinalReceipt } from './final-receipt.service.ts';
import { takesPayment } from './settlement.rules.ts';

// The settlement (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"): the balance = the rental
// as due at pick-up + the charges not waived − what the ledger says was paid (never `charged_amount`); money taken at
// the desk is a `counter` payment of the ledger, at most the balance, once per key the screen sends; a returned rental
// whose balance is 0 is closed, its customer sent the final receipt and the condition report. Each decided on the
// booking's locked row, audited.

type Booking = { id: string; status: BookingStatus; totalAmount: number; currency: string };

/** The booking's balance with its counter charges not waived, read in `db`. */
export async function counterBalance(ctx: AppContext, db: DbOrTx, booking: Booking) {
  const charges = chargesTotal(
    (await repository.chargesOf(db, booking.id)).map(({ charge }) => ({
      amount: charge.amount,
      waivedAt: charge.waivedAt?.toISOString() ?? null,
    })),
  );
  return { balance: await balanceOf(ctx, db, { ...booking, charges }), charges };
}

const counterKey = (bookingId: string, key: string) => `counter-${bookingId}-${key}`;
type PaymentBody = z.output<typeof CounterPaymentBodySchema>;

/** `POST /api/counter-payment/{id}`: a payment taken at the desk with its method; a retried key records nothing more. */
export async function takeCounterPayment(
  ctx: AppContext,
  actor: Operator,
  id: string,
  body: PaymentBody,
  language: Language,
) {
  await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (!current) throw new AppError('NOT_FOUND', 'Booking not found.');
    const key = counterKey(id, body.key);
    // The same payment sent again (a double click, a retry after a lost answer): recorded once, answered again.
    if (await paymentUnder(ctx, tx, key)) return;
    if (!takesPayment(current.status)) throw new AppError('CONFLICT', COUNTER_MESSAGES.paymentNotOpen);
    const { balance, charges } = await counterBalance(ctx, tx, current);
    if (balance.due === 0) throw new AppError('CONFLICT', COUNTER_MESSAGES.nothingDue);
    // What a gateway is taking now (the saved card charged at the close) is not taken again at the desk
    // (docs/decisions/0014-charges-after-the-rental.md).
    const open = balance.due - balance.charging;
    if (open <= 0) throw new AppError('CONFLICT', COUNTER_MESSAGES.chargeUnderWay);
    if (body.amount > open) {
      throw validationFailed({
        amount: [COUNTER_MESSAGES.overBalance(formatMinor(open, current.currency, 'en'))],
      });
    }
    const purpose =
      current.status === 'no_show' ? 'no_show' : balance.paid >= balance.total - charges ? 'return_charges' : 'rental';
    const payment = await recordPayment(ctx, tx, {
      bookingId: id,
      supplierId: current.supplierId,
      kind: 'counter',
      purpose,
      provider: 'counter',
      providerReference: body.reference || null,
      method: body.method,
      recordedBy: actor.id,
      idempotencyKey: key,
      amount: body.amount,
      currency: current.currency,
      status: 'succeeded',
      settledAt: ctx.clock.now(),
    });
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'counterPayment',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        payment: {
          before: null,
          after: { id: payment.id, method: body.method, amount: body.amount, currency: current.currency },
        },
        due: { before: balance.due, after: balance.due - body.amount },
      },
    });
  });
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
}

/**
 * `POST /api/close-booking/{id}`: a returned rental with a balance of 0 is closed; its customer gets the final
 * receipt (drawn now, stored) and the condition report (stored at the return) by e-mail, in their language.
 */
export async function closeRental(ctx: AppContext, actor: Operator, id: string, language: Language) {
  // What is owed is captured from the deposit held on the card, the rest released (docs/decisions/0012-deposit-holds.md).
  await settleDepositAtClose(ctx, id, (tx, booking) => counterBalance(ctx, tx, booking));
  const mails = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    const record = current ? await repository.findCounterBooking(tx, id) : null;
    if (!current || !record) throw new AppError('NOT_FOUND', 'Booking not found.');
    if (!canTransition('close', current.status)) {
      throw new AppError(
        'CONFLICT',
        current.status === 'closed' ? COUNTER_MESSAGES.alreadyChanged : COUNTER_MESSAGES.notReturned,
      );
    }
    const { balance } = await counterBalance(ctx, tx, current);
    if (balance.charging > 0) throw new AppError('CONFLICT', COUNTER_MESSAGES.chargeUnderWay);
    if (balance.due > 0 || balance.excess > 0) {
      const open = balance.due > 0 ? balance.due : -balance.excess;
      throw new AppError('CONFLICT', COUNTER_MESSAGES.balanceOpen(formatMinor(open, current.currency, 'en')));
    }
    const receipt = await storeFinalReceipt(ctx, tx, id, balance);
    const deposit = depositSettled((await ledgerOf(ctx, tx, id)).payments);
    const report = (await repository.documentsOf(tx, id)).filter((row) => row.kind === 'condition_report').at(-1);
    await repository.updateBooking(tx, id, { status: 'closed' });
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'close',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        status: { before: current.status, after: 'closed' },
        settled: { before: null, after: { total: balance.total, paid: balance.paid, currency: current.currency } },
      },
    });
    const notice = await recordCounterNotice(
      ctx,
      tx,
      record,
      'driver',
      { kind: 'bookingClosed' },
      'closed',
      (lang) => ({
        ...closedAmounts(receipt.facts)(lang),
        // The deposit held (on the card, the payer's PayPal, at the desk), settled by the close: what was taken from
        // it and what was released.
        ...(deposit
          ? {
              deposit: `${translator(lang, 'counter')(`mail.depositSettled.${deposit.on}`, {
                captured: formatMinor(deposit.captured, current.currency, lang),
                released: formatMinor(deposit.released, current.currency, lang),
              })}\n`,
            }
          : {}),
      }),
      [receipt.fileId, ...(report ? [report.fileId] : [])],
      // Its invoices and credit notes, drawn when the mail is sent (docs/decisions/0011-invoices.md).
      true,
    );
    return [notice];
  });
  await deliverNotices(ctx, mails);
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
}

/**
 * The final receipt of a rental closed without the close's call — the demo's (db/seed/counter-demo.ts), whose rows the
 * seed writes and whose PDF it cannot draw (never the same bytes twice) — drawn and stored once; nothing otherwise.
 */
export async function storeClosedReceipt(ctx: AppContext, bookingId: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, bookingId);
    if (current?.status !== 'closed') return;
    if ((await repository.documentsOf(tx, bookingId)).some((row) => row.kind === 'receipt')) return;
    const { balance } = await counterBalance(ctx, tx, current);
    await storeFinalReceipt(ctx, tx, bookingId, balance);
  });
}
