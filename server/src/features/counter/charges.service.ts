import { randomUUID } from 'node:crypto';
import { COUNTER_MESSAGES, enteredCharge, laterChargesUntil } from '@roam/contract/counter';
import type { AddChargeBodySchema } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { type Operator, operates } from '#server/features/fleet/fleet.service.ts';
import { creditWaivedCharge } from '#server/features/invoices/invoice-waiver.service.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { translator } from '#server/i18n/translate.ts';
import { AppError } from '#server/lib/app-error.ts';
import { chargeWhatIsOwed } from './after-rental-charge.service.ts';
import { recordCounterNotice } from './counter.mail.ts';
import * as repository from './counter.repository.ts';
import { counterView } from './counter-view.service.ts';
import { vatRateOf } from './return.service.ts';
import { counterBalance } from './settlement.service.ts';

// Charges after the return (docs/architecture.md §5 "After the booking"): a toll, a fine, a damage found later, up to
// 90 days after the return, told to the customer; and a charge waived with a reason — never deleted — by whoever may
// waive (`charges.waive`). Both audited on the booking, decided on its locked row.

type AddBody = z.output<typeof AddChargeBodySchema>;

export async function addCharge(ctx: AppContext, actor: Operator, id: string, body: AddBody, language: Language) {
  const chargeId = randomUUID();
  const closed = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    const record = current ? await repository.findCounterBooking(tx, id) : null;
    if (!current || !record) throw new AppError('NOT_FOUND', 'Booking not found.');
    const back = (await repository.inspectionsOf(tx, id)).find((row) => row.inspection.kind === 'return');
    const open = (current.status === 'returned' || current.status === 'closed') && back;
    if (!open || ctx.clock.now() > laterChargesUntil(back.inspection.at)) {
      throw new AppError('CONFLICT', COUNTER_MESSAGES.laterChargeWindow);
    }
    const computation = enteredCharge(body.kind, body.amount, current.currency);
    await repository.insertCharges(tx, [
      {
        id: chargeId,
        bookingId: id,
        kind: body.kind,
        amount: body.amount,
        currency: current.currency,
        computation,
        vatRate: vatRateOf(ctx, record),
        note: body.note,
        createdBy: actor.id,
      },
    ]);
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'addCharge',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        charge: { before: null, after: { kind: body.kind, amount: body.amount, currency: current.currency } },
      },
    });
    const notice = await recordCounterNotice(
      ctx,
      tx,
      record,
      'driver',
      { kind: 'chargeAdded', params: { kind: body.kind, amount: body.amount, currency: current.currency } },
      'chargeAdded',
      (lang) => ({
        kind: translator(lang, 'counter')(`chargeKinds.${body.kind}`),
        amount: formatMinor(body.amount, current.currency, lang),
        note: body.note,
      }),
    );
    return { mails: [notice], closed: current.status === 'closed' };
  });
  await deliverNotices(ctx, closed.mails);
  // After the close the deposit hold is settled: the charge is taken from the saved card, or the driver is sent the
  // payment link (docs/decisions/0014-charges-after-the-rental.md). Before it, the close takes it from the hold first.
  if (closed.closed) {
    const key = `offsession-charge-${chargeId}`;
    await chargeWhatIsOwed(ctx, actor, id, { key, what: 'charge', linkWithoutCard: true }, language);
  }
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
}

/** `POST /api/waive-charge/{id}` (a charge): another fleet's charge is not found. */
export async function waiveCharge(
  ctx: AppContext,
  actor: Operator,
  chargeId: string,
  reason: string,
  language: Language,
) {
  const waived = await ctx.db.transaction(async (tx) => {
    const charge = await repository.lockCharge(tx, chargeId);
    const record = charge ? await repository.findCounterBooking(tx, charge.bookingId) : null;
    if (!charge || !record || !operates(actor, record.booking.supplierId)) {
      throw new AppError('NOT_FOUND', 'Charge not found.');
    }
    if (charge.waivedAt) throw new AppError('CONFLICT', COUNTER_MESSAGES.chargeWaived);
    const booking = (await repository.lockBooking(tx, charge.bookingId))!;
    const before = (await counterBalance(ctx, tx, booking)).balance.excess;
    await repository.waiveCharge(tx, chargeId, actor.id, reason, ctx.clock.now());
    // Paid and invoiced already: a credit note corrects the invoice (docs/decisions/0011-invoices.md).
    const paid = (await counterBalance(ctx, tx, booking)).balance.excess - before;
    const credited = paid > 0 ? await creditWaivedCharge(ctx, tx, charge, paid) : [];
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: charge.bookingId,
      action: 'waiveCharge',
      carId: record.booking.carId,
      supplierId: record.booking.supplierId,
      changes: {
        waived: { before: null, after: { charge: chargeId, kind: charge.kind, amount: charge.amount, reason } },
      },
    });
    // The customer is told, with the booking's invoices and credit notes when one was issued (their corrected bill).
    const notice = await recordCounterNotice(
      ctx,
      tx,
      record,
      'driver',
      { kind: 'chargeWaived', params: { kind: charge.kind, amount: charge.amount, currency: charge.currency } },
      'chargeWaived',
      (lang) => ({
        kind: translator(lang, 'counter')(`chargeKinds.${charge.kind}`),
        amount: formatMinor(charge.amount, charge.currency, lang),
        note: reason,
        money: credited.length > 0 ? translator(lang, 'counter')('mail.chargeWaivedCredited') : '',
      }),
      [],
      credited.length > 0,
    );
    return { bookingId: charge.bookingId, mails: [notice] };
  });
  await deliverNotices(ctx, waived.mails);
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, waived.bookingId))!, language);
}
