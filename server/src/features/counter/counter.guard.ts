import { inBranches } from '@roam/contract/team';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { requireBookingHolder } from '#server/features/booking-access/booking-holder.guard.ts';
import { type Operator, operates } from '#server/features/fleet/fleet.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { type CounterRecord, findCounterBooking } from './counter.repository.ts';

// Who reaches a booking at the counter (docs/architecture.md §4 "Ownership"): its supplier's operators and the admin;
// for its documents, photos and online check-in also its driver (signed in, or through a manage link's grant).
// Anyone else gets 404: another fleet's booking does not exist for them. A member limited to branches reaches only
// the bookings picked up or returned there (docs/decisions/0010-members-of-a-business.md), as the bookings' lists do.

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Booking not found.');

/** Whether `actor` operates the booking's fleet, at one of their branches when they are limited to some. */
function operatesBooking(actor: Operator, { booking }: CounterRecord): boolean {
  return (
    operates(actor, booking.supplierId) &&
    (actor.businessId === null || inBranches(actor.branchIds, booking.pickupLocationId, booking.dropoffLocationId))
  );
}

/** The booking, when `actor` operates its supplier's fleet (at their branches). */
export async function operatedBooking(ctx: AppContext, actor: Operator, id: string): Promise<CounterRecord> {
  const record = await findCounterBooking(ctx.db, id);
  if (!record || !operatesBooking(actor, record)) throw NOT_FOUND();
  return record;
}

/** The booking and who reads it: its driver (or a grant to it), or one of its operators. */
export async function heldBooking(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
): Promise<{ record: CounterRecord; user: SessionUser; operator: boolean }> {
  const user = await requireBookingHolder(ctx, request, id);
  const record = await findCounterBooking(ctx.db, id);
  if (!record) throw NOT_FOUND();
  const operator = user.type !== 'user' && operatesBooking(user, record);
  if (!operator && record.booking.driverId !== user.id) throw NOT_FOUND();
  return { record, user, operator };
}
