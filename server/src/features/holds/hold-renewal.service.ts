import type { AppContext } from '#server/context.ts';
import * as repository from './holds.repository.ts';
import { holdExpiry, recordHold } from './holds.service.ts';

// A deposit hold that would lapse before the car comes back (docs/decisions/0012-deposit-holds.md): the card
// provider cancels an uncaptured payment intent after 7 days, a rental may last longer. Two days before it lapses the
// hold is authorised again on the card the customer saved, and the old one released; with no saved card the
// operator is warned on the dashboard (`lapsingHolds`) and takes the deposit again at the desk.

const WARN_BEFORE_MS = 2 * 86_400_000;
const renewKey = (holdId: string) => `reauthorize-${holdId}`;

/**
 * The open holds of a supplier (or all) lapsing within two days before their return: the dashboard's warning. An
 * operator limited to branches sees those picked up or returned at one of them.
 */
export async function lapsingHolds(ctx: AppContext, supplierId: string | null, branchIds: readonly string[] = []) {
  const rows = await repository.holdsLapsingBy(
    ctx.db,
    new Date(ctx.clock.now().getTime() + WARN_BEFORE_MS),
    supplierId ?? undefined,
  );
  const atBranch = (row: (typeof rows)[number]) =>
    branchIds.length === 0 || branchIds.includes(row.pickupLocationId) || branchIds.includes(row.dropoffLocationId);
  return rows.filter(atBranch).map(({ hold, reference, status }) => ({
    bookingId: hold.bookingId,
    reference,
    status,
    amount: hold.amount,
    currency: hold.currency,
    expiresAt: hold.expiresAt!.toISOString(),
  }));
}

/**
 * Authorises again, on the saved card, each card hold lapsing within two days before its return (the periodic
 * sweep). Each step under its own key: the new authorisation (`reauthorize-<hold>`, the provider answers a replay
 * with the same intent), then, in one transaction, the new hold recorded and the old one released, then the old one
 * cancelled at the provider. A restart between any two finds the same step again. Returns how many were renewed.
 */
export async function renewLapsingHolds(ctx: AppContext): Promise<number> {
  const stripe = ctx.payments.stripe;
  if (!stripe) return 0;
  const now = ctx.clock.now();
  const lapsing = await repository.holdsLapsingBy(ctx.db, new Date(now.getTime() + WARN_BEFORE_MS));
  let renewed = 0;
  for (const { hold } of lapsing) {
    if (hold.provider !== 'stripe' || !hold.providerReference) continue;
    try {
      const old = await stripe.retrieveIntent(hold.providerReference);
      if (!old.customer || !old.paymentMethod) continue;
      const again = await stripe.authorizeSavedCard({
        customer: old.customer,
        paymentMethod: old.paymentMethod,
        amount: hold.amount - hold.releasedAmount,
        currency: hold.currency,
        bookingId: hold.bookingId,
        key: renewKey(hold.id),
      });
      if (again.status !== 'requires_capture') continue;
      await ctx.db.transaction(async (tx) => {
        await repository.lockBookingRow(tx, hold.bookingId);
        await recordHold(ctx, tx, {
          booking: { id: hold.bookingId, supplierId: hold.supplierId, currency: hold.currency },
          provider: 'stripe',
          reference: again.id,
          amount: hold.amount - hold.releasedAmount,
          key: renewKey(hold.id),
          expiresAt: holdExpiry(ctx.clock.now()),
        });
        await repository.markReleased(tx, hold.id, hold.amount, ctx.clock.now());
      });
      renewed += 1;
      // The old authorisation given back now rather than when it lapses; a failure here costs the card nothing.
      await stripe.cancelIntent({ intentId: old.id, key: `release-${hold.id}` }).catch((error: unknown) => {
        ctx.log.warn({ err: error, holdId: hold.id }, 'renewed hold: the old authorisation could not be cancelled');
      });
    } catch (error) {
      // Declined, or the provider unreachable: the hold stays, and the dashboard warns the operator.
      ctx.log.warn({ err: error, holdId: hold.id, bookingId: hold.bookingId }, 'deposit hold could not be renewed');
    }
  }
  return renewed;
}
