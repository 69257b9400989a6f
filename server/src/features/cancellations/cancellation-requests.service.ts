import type { CancellationDecision, CancellationRequest, CancellationRequestsPage } from '@roam/contract/cancellations';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { balanceOfRecord, driverOf } from '#server/features/bookings/bookings.mapper.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import { isOperator } from '#server/features/bookings/bookings.service.ts';
import { deliverNotices, recordBookingNotice } from '#server/features/notifications/notifications.service.ts';
import { type Refund, refundMade } from '#server/features/refunds/refunds.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { cancellationTerms, cancelWithRefund } from './cancellations.service.ts';

// The operator's queue of cancellation requests (docs/architecture.md §5 Bookings), in the cancellations
// slice: a supplier decides its fleet's, an admin anyone's. Approving cancels the booking and refunds through its
// gateway what the terms give (contract cancellationRefund); declining closes the request with a message. Either way
// the driver gets a notification and an e-mail in their language, recorded in the decision's transaction with its audit
// row.

type Actor = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Booking not found.');
const NO_REQUEST = () => new AppError('CONFLICT', 'This booking has no open cancellation request.');

const nameIn = (names: Record<string, string>, language: Language) => names[language] ?? names.en ?? '';

function toRequest(record: repository.BookingRecord, language: Language, now: Date): CancellationRequest {
  const { booking } = record;
  const terms = cancellationTerms(booking, balanceOfRecord(record), booking.cancelRequestedAt ?? now);
  return {
    _id: booking.id,
    car: { _id: booking.carId, name: record.carName },
    supplier: { _id: booking.supplierId, name: record.supplierName },
    driver: { _id: booking.driverId, name: record.driverName, email: record.driverEmail },
    reference: booking.reference,
    pickupLocation: {
      _id: booking.pickupLocationId,
      name: nameIn(record.pickupNames, language),
      timeZone: record.pickupTimeZone,
    },
    dropoffLocation: {
      _id: booking.dropoffLocationId,
      name: nameIn(record.dropoffNames, language),
      timeZone: record.dropoffTimeZone,
    },
    pickupAt: booking.pickupAt.toISOString(),
    dropoffAt: booking.dropoffAt.toISOString(),
    status: booking.status,
    paymentOption: booking.paymentOption,
    paymentProvider: booking.paymentProvider,
    price: booking.price,
    paid: { amount: terms.paid, currency: booking.currency },
    requestedAt: booking.cancelRequestedAt?.toISOString() ?? null,
    refund: { amount: terms.refund, currency: booking.currency, free: terms.free, fee: terms.fee },
  };
}

/** `POST /api/cancellation-requests/{page}/{size}`. */
export async function listRequests(
  ctx: AppContext,
  actor: Actor,
  query: { supplierId?: string | undefined; language: Language },
  page: number,
  size: number,
): Promise<CancellationRequestsPage> {
  if (actor.businessId !== null && query.supplierId && query.supplierId !== actor.businessId)
    throw new AppError('FORBIDDEN', 'Not allowed.');
  const supplierId = actor.businessId ?? query.supplierId;
  const { rows, totalCount } = await repository.openCancellationRequests(
    ctx.db,
    supplierId,
    page,
    size,
    actor.branchIds,
  );
  const now = ctx.clock.now();
  return { totalCount, results: rows.map((row) => toRequest(row, query.language, now)) };
}

/** The booking, when the actor operates it (another fleet's booking does not exist for them). */
async function operated(ctx: AppContext, actor: Actor, id: string) {
  const record = await repository.findBooking(ctx.db, id);
  if (!record || !isOperator(record, actor)) throw NOT_FOUND();
  return record;
}

const decision = (id: string, status: CancellationDecision['status'], refund: Refund | null): CancellationDecision => ({
  _id: id,
  status,
  cancelRequest: false,
  refund,
});

/**
 * `POST /api/approve-cancellation/{id}`: in one transaction on the locked booking row, the refund its terms give
 * (worked out on that row: a change's refund made meanwhile leaves only the rest), asked of the gateway under the
 * booking's key, and the booking cancelled with its notice and audit row (cancellations.service.ts). A retry — after a
 * gateway failure, or of an approval already made — refunds nothing twice.
 */
export async function approveCancellation(ctx: AppContext, actor: Actor, id: string): Promise<CancellationDecision> {
  const record = await operated(ctx, actor, id);
  const { booking } = record;
  // Already approved (a retry, a second click): the decision as it was made.
  if (booking.status === 'cancelled') return decision(id, 'cancelled', await refundMade(ctx, id));
  if (!booking.cancelRequest) throw NO_REQUEST();
  const { refund, mails } = await cancelWithRefund(ctx, record, booking.cancelRequestedAt ?? ctx.clock.now(), {
    actor,
    action: 'approveCancellation',
  });
  await deliverNotices(ctx, mails);
  return decision(id, 'cancelled', refund);
}

/** `POST /api/decline-cancellation/{id}`: the request closed, the booking unchanged, the driver told why. */
export async function declineCancellation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  message: string,
): Promise<CancellationDecision> {
  const record = await operated(ctx, actor, id);
  if (record.booking.status === 'cancelled' || !record.booking.cancelRequest) throw NO_REQUEST();
  const mails = await ctx.db.transaction(async (tx) => {
    const [current] = await repository.lockBookings(tx, [id]);
    if (!current || current.status === 'cancelled' || !current.cancelRequest) throw NO_REQUEST();
    await repository.updateBooking(tx, id, { cancelRequest: false });
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'declineCancellation',
      carId: record.booking.carId,
      supplierId: record.booking.supplierId,
      changes: { cancelRequest: { before: true, after: false }, message: { before: null, after: message } },
    });
    return [
      await recordBookingNotice(ctx, tx, driverOf(record), 'cancelDeclined', {
        id,
        reference: record.booking.reference,
        carName: record.carName,
        message,
      }),
    ];
  });
  await deliverNotices(ctx, mails);
  return decision(id, record.booking.status, null);
}
