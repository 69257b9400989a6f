import { COUNTER_MESSAGES, takesDeskDeposit } from '@roam/contract/counter';
import type { CounterDepositBodySchema } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { recordHold } from '#server/features/holds/holds.service.ts';
import { paymentUnder } from '#server/features/ledger/ledger.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import * as repository from './counter.repository.ts';
import { counterView } from './counter-view.service.ts';
import { counterBalance } from './settlement.service.ts';

// The security deposit taken at the desk (docs/decisions/0012-deposit-holds.md, "Deposits at the desk"): cash or the
// card terminal, recorded as a hold of the ledger whose provider is `counter` (an `authorization`, purpose `deposit`,
// with its method and the operator; no expiry: nothing lapses in a drawer). The close settles it like a card's hold
// (`settleHolds`): what the rental still owes is captured from it — a desk payment, invoiced — and the rest is
// released, handed back at the desk. Decided on the booking's locked row, audited, once per key.

type DepositBody = z.output<typeof CounterDepositBodySchema>;

/** The ledger key of a deposit taken at the desk under the screen's `key`. */
export const deskDepositKey = (bookingId: string, key: string) => `desk-deposit-${bookingId}-${key}`;

/** `POST /api/counter-deposit/{id}`: at most the booking's deposit, while none is held; a retried key records once. */
export async function takeDeskDeposit(
  ctx: AppContext,
  actor: Operator,
  id: string,
  body: DepositBody,
  language: Language,
) {
  await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (!current) throw new AppError('NOT_FOUND', 'Booking not found.');
    const key = deskDepositKey(id, body.key);
    // The same deposit sent again (a double click, a retry after a lost answer): recorded once, answered again.
    if (await paymentUnder(ctx, tx, key)) return;
    if (!takesDeskDeposit(current.status)) throw new AppError('CONFLICT', COUNTER_MESSAGES.depositNotOpen);
    if (current.depositAmount <= 0) throw new AppError('CONFLICT', COUNTER_MESSAGES.noDeposit);
    const { balance } = await counterBalance(ctx, tx, current);
    if (balance.held > 0) throw new AppError('CONFLICT', COUNTER_MESSAGES.depositHeld);
    if (body.amount > current.depositAmount) {
      const most = formatMinor(current.depositAmount, current.currency, 'en');
      throw validationFailed({ amount: [COUNTER_MESSAGES.overDeposit(most)] });
    }
    const hold = await recordHold(ctx, tx, {
      booking: current,
      provider: 'counter',
      reference: body.reference || null,
      amount: body.amount,
      key,
      expiresAt: null,
      method: body.method,
      recordedBy: actor.id,
    });
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'counterDeposit',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        deposit: {
          before: null,
          after: { id: hold.id, method: body.method, amount: body.amount, currency: current.currency },
        },
      },
    });
  });
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
}
