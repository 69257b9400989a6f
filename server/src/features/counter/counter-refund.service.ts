import { createHash } from 'node:crypto';
import { COUNTER_MESSAGES } from '@roam/contract/counter';
import type { CounterRefundBodySchema } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { deskRefundable, refundAtCounter } from '#server/features/refunds/counter-refunds.service.ts';
import { refundAcrossPayments } from '#server/features/refunds/refund-split.service.ts';
import { confirmRefund, refundsUnder } from '#server/features/refunds/refunds.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import * as repository from './counter.repository.ts';
import { counterView } from './counter-view.service.ts';
import { takesPayment } from './settlement.rules.ts';
import { counterBalance } from './settlement.service.ts';

// What was paid beyond the balance (a charge waived after it was paid, say) given back through the ledger's refund
// path (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"): from the online payments that took
// it, each at most what it took, decided on the locked row. Money paid at the desk is given back at the desk: a refund
// the gateways cannot make in full is refused, nothing refunded; it is handed back at the desk (`refundAtDesk`).

/** `POST /api/counter-refund/{id}`: the excess refunded; a second call finds nothing more to refund (409). */
export async function refundExcess(ctx: AppContext, actor: Operator, id: string, language: Language) {
  await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (!current) throw new AppError('NOT_FOUND', 'Booking not found.');
    if (!takesPayment(current.status)) throw new AppError('CONFLICT', COUNTER_MESSAGES.nothingToRefund);
    const { balance } = await counterBalance(ctx, tx, current);
    if (balance.excess === 0) throw new AppError('CONFLICT', COUNTER_MESSAGES.nothingToRefund);
    if (balance.refundable < balance.excess) throw new AppError('CONFLICT', COUNTER_MESSAGES.refundAtDesk);
    // One key per state of the ledger: a retry of this refund finds its own parts; a later excess is a new refund.
    const key = `counter-refund-${id}-${balance.paid}`;
    const { parts, refund } = await refundAcrossPayments(ctx, tx, current, balance.excess, key, {
      withDeposit: false,
    });
    for (const part of parts) await confirmRefund(ctx, tx, part.key, part.refund.reference);
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'counterRefund',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        refund: { before: null, after: { amount: refund?.amount ?? 0, currency: current.currency } },
      },
    });
  });
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
}

/**
 * `POST /api/counter-desk-refund/{id}`: money handed back at the desk (cash, the card terminal's refund), recorded as a
 * refund of the desk's payments, at most the excess and what was paid there; audited. The same `key` sent again
 * records nothing more.
 */
export async function refundAtDesk(
  ctx: AppContext,
  actor: Operator,
  id: string,
  body: z.output<typeof CounterRefundBodySchema>,
  language: Language,
) {
  await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (!current) throw new AppError('NOT_FOUND', 'Booking not found.');
    // The booking and the screen's key, hashed to fit the ledger's keys with a part's payment id after it.
    const key = `desk-${createHash('sha256').update(`${id}:${body.key}`).digest('hex').slice(0, 32)}`;
    // A double click or a retry after a lost answer: its parts are recorded, nothing more is.
    if ((await refundsUnder(ctx, tx, id, key)).length > 0) return;
    if (!takesPayment(current.status)) throw new AppError('CONFLICT', COUNTER_MESSAGES.nothingToRefund);
    const { balance } = await counterBalance(ctx, tx, current);
    const most = Math.min(balance.excess, await deskRefundable(ctx, tx, id));
    if (most === 0) throw new AppError('CONFLICT', COUNTER_MESSAGES.nothingToRefund);
    if (body.amount > most) {
      throw validationFailed({ amount: [COUNTER_MESSAGES.overDeskRefund(formatMinor(most, current.currency, 'en'))] });
    }
    await refundAtCounter(ctx, tx, current, body.amount, key, { method: body.method, recordedBy: actor.id });
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'counterRefund',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        refund: {
          before: null,
          after: { amount: body.amount, currency: current.currency, method: body.method, provider: 'counter' },
        },
        excess: { before: balance.excess, after: balance.excess - body.amount },
      },
    });
  });
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
}
