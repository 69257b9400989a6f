import { COUNTER_MESSAGES, canTransition, enteredCharge } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { convertMinor, formatMinor } from '@roam/contract/money';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { settleHolds } from '#server/features/holds/holds.service.ts';
import { balanceOf } from '#server/features/ledger/ledger.service.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { refundAcrossPayments } from '#server/features/refunds/refund-split.service.ts';
import { confirmRefund } from '#server/features/refunds/refunds.service.ts';
import { translator } from '#server/i18n/translate.ts';
import { AppError } from '#server/lib/app-error.ts';
import { formatLocalTime } from '#server/lib/local-time.ts';
import { recordCounterNotice } from './counter.mail.ts';
import * as repository from './counter.repository.ts';
import { counterSettingsFor } from './counter-settings.service.ts';
import { counterTimes, counterView } from './counter-view.service.ts';
import { vatRateOf } from './return.service.ts';
import { counterBalance } from './settlement.service.ts';

// A no-show (docs/architecture.md §5 "After the booking"): a confirmed booking not collected by its pick-up time plus
// the supplier's grace. By the supplier's rule what was paid online is kept, a fee is charged (what was paid above it
// refunded), or all of it refunded — through the gateway it was paid with, once even when retried. The car is free
// at once. Decided on the locked row; audited; the customer told.

/** The key of a no-show's refund (payments/refunds.service.ts: one refund per key, a retry reuses it). */
export const noShowRefundKey = (bookingId: string) => `no-show-${bookingId}`;

export async function recordNoShow(ctx: AppContext, actor: Operator, id: string, note: string, language: Language) {
  const { mails, rule, refunded, fee } = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    const record = current ? await repository.findCounterBooking(tx, id) : null;
    if (!current || !record) throw new AppError('NOT_FOUND', 'Booking not found.');
    if (!canTransition('noShow', current.status)) throw new AppError('CONFLICT', COUNTER_MESSAGES.alreadyChanged);
    const settings = await counterSettingsFor(tx, current.supplierId);
    const { noShowFrom } = counterTimes(record, settings);
    if (ctx.clock.now() < noShowFrom) {
      throw new AppError(
        'CONFLICT',
        COUNTER_MESSAGES.noShowTooEarly(formatLocalTime(noShowFrom, record.pickup.timeZone, 'en')),
      );
    }
    const rule = settings.noShowRule;
    // What was paid, and of it what the gateways can give back: the ledger's (docs/decisions/0009-the-money-ledger.md),
    // never `charged_amount`. What is paid beyond the fee is refunded; a fee above what was paid is due (the balance).
    const { paid, refundable } = await balanceOf(ctx, tx, current);
    const fee = rule === 'fee' ? convertMinor(settings.noShowFee, current.rate, current.currency) : 0;
    const toRefund = Math.min(refundable, rule === 'refund' ? paid : rule === 'fee' ? Math.max(0, paid - fee) : 0);
    const { parts, refund } =
      toRefund > 0
        ? await refundAcrossPayments(ctx, tx, current, toRefund, noShowRefundKey(id), { withDeposit: true })
        : { parts: [], refund: null };
    if (fee > 0) {
      const computation = enteredCharge('no_show', fee, current.currency);
      await repository.insertCharges(tx, [
        {
          bookingId: id,
          kind: 'no_show',
          amount: fee,
          currency: current.currency,
          computation,
          vatRate: vatRateOf(ctx, record),
          note,
          createdBy: actor.id,
        },
      ]);
    }
    await repository.updateBooking(tx, id, { status: 'no_show', blocksCar: false, holdExpiresAt: null });
    for (const part of parts) await confirmRefund(ctx, tx, part.key, part.refund.reference);
    const refunded = refund?.amount ?? 0;
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'noShow',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        status: { before: current.status, after: 'no_show' },
        noShow: { before: null, after: { rule, fee, refunded, currency: current.currency, note } },
      },
    });
    const money = (amount: number, lang: Language) => formatMinor(amount, current.currency, lang);
    const notice = await recordCounterNotice(
      ctx,
      tx,
      record,
      'driver',
      {
        kind: 'bookingNoShow',
        params: {
          rule,
          currency: current.currency,
          ...(fee > 0 ? { fee } : {}),
          ...(refunded > 0 ? { refundAmount: refunded } : {}),
        },
      },
      'noShow',
      (lang) => {
        const t = translator(lang, 'counter');
        const text =
          rule === 'refund'
            ? t('mail.noShowRefund', { amount: money(refunded, lang) })
            : rule === 'fee'
              ? t('mail.noShowFee', { amount: money(fee, lang) })
              : t('mail.noShowKept');
        return { money: text };
      },
    );
    return { mails: [notice], rule, refunded, fee };
  });
  // A deposit held (on the card, or at the desk) pays the no-show's fee still due — captured from it, invoiced — and
  // the rest is released (docs/decisions/0012-deposit-holds.md). Should the gateway fail, the fee stays due on the
  // balance (the desk or a payment link takes it) and the hold lapses by itself.
  await settleHolds(ctx, id, async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (current?.status !== 'no_show') return null;
    return { due: (await counterBalance(ctx, tx, current)).balance.due, purpose: 'no_show' };
  }).catch((error: unknown) => ctx.log.warn({ err: error, bookingId: id }, 'no-show: deposit hold not settled'));
  await deliverNotices(ctx, mails);
  const booking = await counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
  return { booking, rule, refunded, fee };
}
