import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bookingGrantHashOf } from '#server/plugins/booking-grant.ts';
import { requireUser, type SessionUser } from '#server/plugins/session.ts';
import { grantedDriver } from './booking-access.service.ts';

/**
 * Who acts on booking `bookingId` in a route of one booking's page: its driver when the browser's
 * manage-link grant opens that booking (a suspended driver is refused as at sign-in), else the signed-in user (401
 * without one). The bookings service then decides what they may do, exactly as for the signed-in driver.
 */
export async function requireBookingHolder(
  ctx: AppContext,
  request: FastifyRequest,
  bookingId: string,
): Promise<SessionUser> {
  const grantHash = bookingGrantHashOf(request);
  const driver = grantHash ? await grantedDriver(ctx, grantHash, bookingId) : null;
  if (!driver) return requireUser(request);
  if (driver.blacklisted) throw new AppError('ACCOUNT_SUSPENDED', 'Your account is suspended.');
  return driver;
}
