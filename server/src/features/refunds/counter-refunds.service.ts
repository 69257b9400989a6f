import type { CounterMethod } from '@roam/contract/ledger';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { counterPaymentsOf } from '#server/features/ledger/ledger.service.ts';
import * as repository from './refunds.repository.ts';
import { confirmRefund } from './refunds.service.ts';

// Money handed back at the desk (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"): money paid
// at the desk beyond the balance goes back there — cash, or the card terminal's refund — as refunds of the ledger
// whose provider is `counter`, each naming the desk payment it gives back (at most what that payment took), with the
// method and the operator. Confirmed at once (no gateway to ask), so its credit note is issued with it.

/** What the desk can still hand back: its payments less what was given back of them. */
export async function deskRefundable(ctx: AppContext, tx: DbOrTx, bookingId: string) {
  const rows = await counterPaymentsOf(ctx, tx, bookingId);
  return rows.reduce((sum, { payment, refunded }) => sum + Math.max(0, payment.amount - refunded), 0);
}

/**
 * Records `amount` handed back at the desk, in `tx` (the transaction holding the booking's row lock), from its desk
 * payments newest first, each part under `key`-<payment>: a retried call finds its parts and makes none twice. Returns
 * what was recorded (less than `amount` only when the desk payments cannot give it; the caller checks first).
 */
export async function refundAtCounter(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; currency: string },
  amount: number,
  key: string,
  by: { method: CounterMethod; recordedBy: string },
) {
  let left = amount;
  for (const { payment, refunded } of await counterPaymentsOf(ctx, tx, booking.id)) {
    const partKey = `${key}-${payment.id}`;
    const existing = await repository.findRefund(tx, partKey);
    // A retry: this part was recorded (and counted in `refunded`) by the first call.
    const part = existing ? existing.amount : Math.min(left, payment.amount - refunded);
    if (part <= 0) continue;
    left -= part;
    await repository.recordCounterRefund(tx, {
      key: partKey,
      bookingId: booking.id,
      amount: part,
      currency: booking.currency,
      paymentId: payment.id,
      ...by,
    });
    await confirmRefund(ctx, tx, partKey, `counter_${partKey}`);
    if (left === 0) break;
  }
  return amount - left;
}
