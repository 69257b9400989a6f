import type { InvoiceParty } from '@roam/contract/invoices';
import { roleMay } from '@roam/contract/team';
import type { AppContext } from '#server/context.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { getBooking } from '#server/features/bookings/bookings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import * as repository from './invoices.repository.ts';

// A business customer as the buyer on a booking's invoices (docs/decisions/0011-invoices.md): its company name,
// address and VAT number, given on the booking page by its driver, or by its business's desk (the counter, a
// walk-in) before the payment is taken. Only the invoices issued afterwards carry it: an issued one never changes.

/** `POST /api/booking-invoice-buyer/{id}`: whoever may not read the booking 404; a reader who may not change it 403. */
export async function setInvoiceBuyer(
  ctx: AppContext,
  user: SessionUser,
  bookingId: string,
  buyer: InvoiceParty | null,
): Promise<{ buyer: InvoiceParty | null }> {
  await getBooking(ctx, user, bookingId, 'en');
  const parties = await repository.bookingParties(ctx.db, bookingId);
  if (!parties) throw new AppError('NOT_FOUND', 'Booking not found.');
  const desk = roleMay(user.role, 'bookings.write') || roleMay(user.role, 'counter');
  if (user.id !== parties.driverId && !desk) throw new AppError('FORBIDDEN', 'Not allowed.');
  await ctx.db.transaction(async (tx) => {
    await repository.setInvoiceBuyer(tx, bookingId, buyer);
    await recordAudit(ctx, tx, user, {
      entity: 'booking',
      entityId: bookingId,
      action: 'update',
      supplierId: parties.supplierId,
      changes: changesBetween({ invoiceBuyer: parties.buyer }, { invoiceBuyer: buyer }),
    });
  });
  return { buyer };
}
