import type { UserType } from './console-enum-values.ts';
import type { BookingStatus } from './enum-values.ts';
import { inBranches, type OperatorRole, roleMay } from './team.ts';

// What may be done with a booking, by whom, now (issue #22 items 5 and 9): the one rule the server refuses by and the
// screens offer by, so that an action offered is an action allowed.

export const BOOKING_ACTIONS = ['view', 'edit', 'cancel', 'delete', 'pay', 'release'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export interface ActionableBooking {
  status: BookingStatus;
  driverId: string;
  supplierId: string;
  /** ISO instant or Date. */
  pickupAt: string | Date;
  cancelRequest: boolean;
  /** When the hold of an unpaid online booking ends (ISO instant or Date); null once paid, released or lapsed. */
  holdExpiresAt: string | Date | null;
  /** The car's terms allow changes: Amendments included in its price, or chosen (booking-terms.ts `extraCovered`). */
  amendable: boolean;
  /** Where it is picked up and returned: a member limited to branches sees only those there (issue #38). */
  pickupLocationId?: string;
  dropoffLocationId?: string;
}

/**
 * Who looks. An operator's role, business and branches (issue #38) when known; without them a supplier account is
 * its own business's owner and an admin account the platform's admin (team.ts `defaultRoleOf`).
 */
export type BookingViewer = {
  id: string;
  type: UserType;
  role?: OperatorRole | null;
  businessId?: string | null;
  branchIds?: readonly string[];
};

/** The viewer operates the booking: the platform, or a member of its business working at its branches. */
function operatorOf(booking: ActionableBooking, viewer: BookingViewer): OperatorRole | null {
  if (viewer.role === undefined) {
    if (viewer.type === 'admin') return 'admin';
    return viewer.type === 'supplier' && viewer.id === booking.supplierId ? 'owner' : null;
  }
  if (!viewer.role) return null;
  if (viewer.businessId === null || viewer.businessId === undefined) return viewer.role;
  if (viewer.businessId !== booking.supplierId) return null;
  const branches = viewer.branchIds ?? [];
  if (branches.length > 0 && !(booking.pickupLocationId && booking.dropoffLocationId)) return null;
  return inBranches(branches, booking.pickupLocationId ?? '', booking.dropoffLocationId ?? '') ? viewer.role : null;
}

const time = (instant: string | Date) => new Date(instant).getTime();

/** An unpaid online booking whose hold still keeps the car (ARCHITECTURE §5 Bookings: `void` with a live hold). */
export function holdIsLive(booking: Pick<ActionableBooking, 'status' | 'holdExpiresAt'>, now: Date): boolean {
  return booking.status === 'void' && booking.holdExpiresAt !== null && time(booking.holdExpiresAt) > now.getTime();
}

/**
 * The actions `viewer` may take on `booking` at `now`; none when it is not theirs to see.
 * - Operators (the platform, the members of the car's business at its branches) with `bookings.write`: view, edit and
 *   cancel while it is not cancelled, delete; with `bookings.read` only: view.
 * - Its driver: an unpaid attempt while its hold lasts can be paid or released, and one whose hold is gone is not a
 *   booking at all (nothing, not even view); a cancelled booking can be deleted; a booking not started yet and
 *   without a cancellation request can be cancelled (a request, spec §4), and changed when the car's terms allow
 *   changes (issue #22 item 7; issue #25 item 2: paid online too — the difference is refunded or charged).
 */
export function bookingActions(booking: ActionableBooking, viewer: BookingViewer, now: Date): BookingAction[] {
  const operator = operatorOf(booking, viewer);
  if (operator && !roleMay(operator, 'bookings.read')) return [];
  if (operator && !roleMay(operator, 'bookings.write')) return ['view'];
  if (operator) return booking.status === 'cancelled' ? ['view', 'delete'] : ['view', 'edit', 'cancel', 'delete'];
  if (viewer.id !== booking.driverId) return [];
  switch (booking.status) {
    case 'void':
      return holdIsLive(booking, now) ? ['view', 'pay', 'release'] : [];
    case 'cancelled':
      return ['view', 'delete'];
    default: {
      const open = time(booking.pickupAt) > now.getTime() && !booking.cancelRequest;
      if (!open) return ['view'];
      return booking.amendable ? ['view', 'edit', 'cancel'] : ['view', 'cancel'];
    }
  }
}
