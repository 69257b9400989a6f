import { canTransition } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { chargeOffSession } from '#server/features/holds/saved-card.service.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { translator } from '#server/i18n/translate.ts';
import { sendBalanceLink } from './balance-link.service.ts';
import { recordCounterNotice } from './counter.mail.ts';
import * as repository from './counter.repository.ts';
import { settleDepositAtClose } from './deposit-hold.service.ts';
import { balanceGateway, linkable } from './settlement.rules.ts';
import { closeRental, counterBalance } from './settlement.service.ts';

// Charges after the rental (docs/decisions/0014-charges-after-the-rental.md): what a returned rental still owes
// once its deposit hold was settled (the return's balance above the hold), or what a charge added after the close
// (a toll, a fine) makes due, is taken from the card its driver saved for it at checkout, without them — once under
// the key of what caused it — with its receipt e-mail and notification, its invoice issued with the payment (ADR
// 0011), audited. The wallet's payer is charged the same way through the PayPal kept in the wallet's vault.
// Refused, asking for the driver's authentication, or with nothing saved, the driver is sent the payment link of the
// balance instead (balance-link.service.ts).

export type AfterRentalOutcome = 'charged' | 'linked' | 'none';

/**
 * Charges the balance due to the saved card under `key`; `what` names it in the receipt. `linkWithoutCard`: send the
 * link also when no card was saved (a charge added after the close); at the close the operator's own link stays.
 */
export async function chargeWhatIsOwed(
  ctx: AppContext,
  actor: Operator,
  id: string,
  input: { key: string; what: 'balance' | 'charge'; linkWithoutCard: boolean },
  language: Language,
): Promise<AfterRentalOutcome> {
  const current = await ctx.db.transaction((tx) => repository.lockBooking(tx, id));
  if (!current) return 'none';
  // What is owed is decided on the locked row and written as a pending charge there (saved-card.service.ts), so a
  // desk payment meanwhile finds it being paid (docs/decisions/0014-charges-after-the-rental.md).
  let dueBefore = 0;
  const taken = await chargeOffSession(ctx, { booking: current, key: input.key }, async (tx) => {
    const locked = await repository.lockBooking(tx, id);
    if (!locked) return null;
    const { balance, charges } = await counterBalance(ctx, tx, locked);
    dueBefore = balance.due;
    const purpose = balance.paid >= balance.total - charges ? ('return_charges' as const) : ('rental' as const);
    return { amount: balance.due, purpose };
  });
  if (taken.outcome === 'nothingDue' || taken.outcome === 'underWay') return 'none';
  if (taken.outcome === 'charged') {
    if (taken.repeated) return 'charged';
    const { payment } = taken;
    const mails = await ctx.db.transaction(async (tx) => {
      const record = (await repository.findCounterBooking(tx, id))!;
      await recordAudit(ctx, tx, actor, {
        entity: 'booking',
        entityId: id,
        action: 'chargeSavedCard',
        carId: current.carId,
        supplierId: current.supplierId,
        changes: {
          payment: { before: null, after: { id: payment.id, amount: payment.amount, currency: payment.currency } },
          due: { before: dueBefore || payment.amount, after: Math.max(0, dueBefore - payment.amount) },
        },
      });
      return [
        await recordCounterNotice(
          ctx,
          tx,
          record,
          'driver',
          { kind: 'chargePaid', params: { amount: payment.amount, currency: payment.currency } },
          // Taken through the wallet's vault, the receipt names the PayPal the driver saved, not a card.
          payment.provider === 'paypal' ? 'chargePaidWallet' : 'chargePaid',
          (lang) => ({
            amount: formatMinor(payment.amount, payment.currency, lang),
            kind: translator(lang, 'counter')(`chargePaidFor.${input.what}`),
          }),
        ),
      ];
    });
    await deliverNotices(ctx, mails);
    return 'charged';
  }
  if (taken.outcome === 'noCard' && !input.linkWithoutCard) return 'none';
  ctx.log.info({ bookingId: id, outcome: taken }, 'charge after the rental not taken from a card: link sent');
  if (!linkable(current.status) || !balanceGateway(ctx, current)) return 'none';
  await sendBalanceLink(ctx, actor, id, language);
  return 'linked';
}

/**
 * `POST /api/close-booking/{id}`: the deposit hold settled first (what the close does itself; done, it finds none
 * open), then what the return still owes above it charged to the saved card (a refusal sends the payment link), then
 * the close of a balance of 0 (settlement.service.ts `closeRental`, 409 while something is owed).
 */
export async function closeRentalWithSavedCard(ctx: AppContext, actor: Operator, id: string, language: Language) {
  await settleDepositAtClose(ctx, id, (tx, booking) => counterBalance(ctx, tx, booking));
  const current = await ctx.db.transaction((tx) => repository.lockBooking(tx, id));
  if (current && canTransition('close', current.status)) {
    const key = `offsession-close-${id}`;
    await chargeWhatIsOwed(ctx, actor, id, { key, what: 'balance', linkWithoutCard: false }, language);
  }
  return closeRental(ctx, actor, id, language);
}
