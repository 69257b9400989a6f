import { canTransition } from '@roam/contract/counter';
import type { BookingBalance } from '@roam/contract/ledger';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { settleHolds } from '#server/features/holds/holds.service.ts';
import * as repository from './counter.repository.ts';

// The security deposit held on the card at the close of a rental (docs/decisions/0012-deposit-holds.md): what the
// rental still owes (its balance, the charges at return included) is captured from the hold, the rest released —
// all of it when nothing is owed. The close calls it before it checks that the balance is 0.

type CounterBalance = (
  tx: DbOrTx,
  booking: NonNullable<Awaited<ReturnType<typeof repository.lockBooking>>>,
) => Promise<{ balance: BookingBalance; charges: number }>;

/**
 * Settles the returned rental's deposit holds: `counterBalance` (settlement.service.ts) gives what is owed, read on
 * the locked row. Nothing happens to a booking that is not being closed.
 */
export async function settleDepositAtClose(ctx: AppContext, id: string, counterBalance: CounterBalance) {
  await settleHolds(ctx, id, async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (!current || !canTransition('close', current.status)) return null;
    const { balance, charges } = await counterBalance(tx, current);
    // The rental was paid before: what is captured pays the charges at return (their invoice's lines).
    return { due: balance.due, purpose: balance.paid >= balance.total - charges ? 'return_charges' : 'rental' };
  });
}
