import { COUNTER_MESSAGES } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { LanguageSchema } from '@roam/contract/languages.schema';
import { formatMinor } from '@roam/contract/money';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { issueDueLink } from '#server/features/booking-access/booking-access.service.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { renderCounterMail } from './counter.mail.ts';
import * as repository from './counter.repository.ts';
import { counterView } from './counter-view.service.ts';
import { balanceGateway, linkable } from './settlement.rules.ts';
import { counterBalance } from './settlement.service.ts';

// The payment link of a returned rental's balance or a no-show's fee (docs/decisions/0008-counter-documents-stored-as-
// signed.md, "Settlement"): a one-time link to the customer's address; opened, it gives their browser a grant to the
// booking, whose page offers the payment of the balance through a gateway (`POST /api/balance-payment/{id}`, paid as a
// change's difference, once, and refunded when the desk took the money meanwhile). The ledger records it; the
// settlement then shows the balance 0 and the rental can be closed.

/**
 * `POST /api/send-balance-link/{id}`: e-mails the customer a link to pay the balance due online (409 when nothing is
 * due, the booking owes nothing payable online, or no gateway can take it). Each call sends a new link: the route's
 * limit bounds them; paying twice records one payment.
 */
export async function sendBalanceLink(ctx: AppContext, actor: Operator, id: string, language: Language) {
  const queued = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    const record = current ? await repository.findCounterBooking(tx, id) : null;
    if (!current || !record) throw new AppError('NOT_FOUND', 'Booking not found.');
    if (!linkable(current.status)) throw new AppError('CONFLICT', COUNTER_MESSAGES.balanceLinkNotOpen);
    const { balance } = await counterBalance(ctx, tx, current);
    if (balance.due === 0) throw new AppError('CONFLICT', COUNTER_MESSAGES.nothingDue);
    if (!balanceGateway(ctx, current)) throw new AppError('CONFLICT', COUNTER_MESSAGES.noGateway);
    const link = (await issueDueLink(ctx, tx, current, record.pickup.timeZone, { afterReturn: true }))!;
    const customer = LanguageSchema.safeParse(record.driver.language).data ?? ctx.config.DEFAULT_LANGUAGE;
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'sendPaymentLink',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: { due: { before: null, after: { amount: balance.due, currency: current.currency } } },
    });
    const mail = renderCounterMail('balanceLink', customer, {
      websiteName: await siteName(ctx, tx),
      car: record.car.name,
      reference: current.reference,
      amount: formatMinor(balance.due, current.currency, customer),
      ...link(customer),
    });
    return ctx.mailer.enqueue(tx, { to: record.driver.email, ...mail });
  });
  // A refused delivery stays in the outbox for the sweeper.
  await ctx.mailer.deliver(queued).catch((err: unknown) => ctx.log.warn({ err }, 'balance link e-mail failed'));
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
}
