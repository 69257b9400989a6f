import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { recordDeskRefusal } from '#server/features/booking-access/desk-booking.service.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { toDetail } from './bookings.mapper.ts';
import * as repository from './bookings.repository.ts';
import { visibleRecord } from './bookings.service.ts';

// A driver refuses a booking an operator made in their name at the desk (second outside audit, item 1; contract
// booking-actions.ts `refuse`): it held no money — a desk booking is paid at the counter, or by a link the driver
// has not used — so it is cancelled without any charge or refund, released, and leaves the driver's list; the
// supplier is told. Audited with the driver as the actor.

export async function refuseBooking(ctx: AppContext, user: SessionUser, id: string, language: Language) {
  const { record, actions } = await visibleRecord(ctx, user, id);
  if (!actions.includes('refuse')) throw new AppError('CONFLICT', 'This booking can no longer be refused.');
  const now = ctx.clock.now();
  const mails: (QueuedMail | null)[] = await ctx.db.transaction(async (tx) => {
    // Decided on the locked row: paid meanwhile (confirmed), or refused twice at once, changes nothing.
    const current = await repository.lockBooking(tx, id);
    if (!current || current.refusedAt || current.paidAt || current.status === 'cancelled') return [];
    await repository.updateBooking(tx, id, {
      status: 'cancelled',
      blocksCar: false,
      holdExpiresAt: null,
      refusedAt: now,
    });
    await recordAudit(ctx, tx, user, {
      entity: 'booking',
      entityId: id,
      action: 'update',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        status: { before: current.status, after: 'cancelled' },
        refusedAt: { before: null, after: now.toISOString() },
      },
    });
    const supplier = {
      id: current.supplierId,
      email: record.supplierEmail,
      language: record.supplierLanguage,
      enableEmailNotifications: record.supplierNotifications,
    };
    const booking = { id, reference: current.reference, carName: record.carName };
    return [await recordDeskRefusal(ctx, tx, supplier, booking)];
  });
  await deliverNotices(ctx, mails);
  return toDetail((await repository.findBooking(ctx.db, id))!, language);
}
