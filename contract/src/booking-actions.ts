import { type BookingStatus, isOperatorStatus, type PaymentOption, type PaymentProvider } from './bookings.ts';
import { inBranches, type OperatorRole, roleMay } from './team.ts';
import type { UserType } from './users.ts';

// What may be done with a booking, by whom, now: the one rule the server refuses by and the
// screens offer by, so that an action offered is an action allowed.

export const BOOKING_ACTIONS = ['view', 'edit', 'cancel', 'delete', 'pay', 'release', 'refuse', 'payDue'] as const;
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
  /** The booking's terms allow changes: Amendments included in its price, or chosen (booking-terms.ts `extraCovered`). */
  amendable: boolean;
  /**
   * Money was taken or held for it at some time (ledger.ts `bookingBalance`): the booking and its ledger are kept —
   * cancelled, never deleted.
   */
  tookMoney: boolean;
  /** How it is paid, and what is due on it (its amounts): a booking paid online in full may pay what became due. */
  paymentOption?: PaymentOption;
  paymentProvider?: PaymentProvider | null;
  amounts?: { due: number };
  /** Where it is picked up and returned: a member limited to branches sees only those there (docs/decisions/0010-members-of-a-business.md). */
  pickupLocationId?: string;
  dropoffLocationId?: string;
  /** Made by an operator at the desk (walk-in or phone), not by the driver. Absent: false. */
  bookedAtDesk?: boolean;
  /** When it was paid online (ISO instant or Date): the driver's payment confirms a desk booking. */
  paidAt?: string | Date | null;
  /** When its driver refused it (a desk booking): it is no longer theirs in any way. */
  refusedAt?: string | Date | null;
}

/**
 * Who looks. An operator's role, business and branches (docs/decisions/0010-members-of-a-business.md) when known; without them a supplier account is
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

/**
 * An unpaid online booking whose hold still keeps the car (docs/architecture.md §5 "Bookings": `void` with a live
 * hold).
 */
export function holdIsLive(booking: Pick<ActionableBooking, 'status' | 'holdExpiresAt'>, now: Date): boolean {
  return booking.status === 'void' && booking.holdExpiresAt !== null && time(booking.holdExpiresAt) > now.getTime();
}

/**
 * A booking made in the driver's name at the desk that they have not confirmed by paying, and that has not started:
 * its driver may refuse it — cancelled without charge, and gone from their list (second outside audit, item 1).
 */
function refusable(booking: ActionableBooking, now: Date): boolean {
  if (!booking.bookedAtDesk || booking.paidAt || time(booking.pickupAt) <= now.getTime()) return false;
  return booking.status === 'pending' || booking.status === 'reserved' || holdIsLive(booking, now);
}

/**
 * The actions `viewer` may take on `booking` at `now`; none when it is not theirs to see.
 * - Operators (the platform, the members of the car's business at its branches) with `bookings.write`: view, edit and
 *   cancel while it is not cancelled; delete a booking that never took money (one that did is cancelled, never
 *   deleted); with `bookings.read` only: view.
 * - Its driver: an unpaid attempt while its hold lasts can be paid or released, and one whose hold is gone is not a
 *   booking at all (nothing, not even view); a cancelled booking that never took money can be deleted; a booking not
 *   started yet and without a cancellation request can be cancelled (a request, spec §4), and changed when its terms
 *   allow changes (paid online too — the difference is refunded or charged); a
 *   booking paid online in full whose total grew (an operator's change) can pay what is due online before pick-up; a
 *   booking made in their name at the desk and not confirmed can be refused (`refusable`), and once refused is not
 *   theirs.
 * - A booking the counter has taken on (on rent, returned, closed, no-show) is only viewed here: its changes go
 *   through the counter's calls, one way (docs/architecture.md §5 "After the booking"), and it keeps its history;
 *   its driver may pay online the balance of a returned rental or a no-show's fee (`balancePayableOnline`).
 */
export function bookingActions(booking: ActionableBooking, viewer: BookingViewer, now: Date): BookingAction[] {
  const operator = operatorOf(booking, viewer);
  if (operator && !roleMay(operator, 'bookings.read')) return [];
  if (!isOperatorStatus(booking.status)) {
    if (operator) return ['view'];
    if (viewer.id !== booking.driverId) return [];
    return balancePayableOnline(booking) ? ['view', 'payDue'] : ['view'];
  }
  if (operator && !roleMay(operator, 'bookings.write')) return ['view'];
  const deletable: BookingAction[] = booking.tookMoney ? [] : ['delete'];
  if (operator)
    return booking.status === 'cancelled' ? ['view', ...deletable] : ['view', 'edit', 'cancel', ...deletable];
  if (viewer.id !== booking.driverId || booking.refusedAt) return [];
  const actions = driverActions(booking, deletable, now);
  return refusable(booking, now) ? [...actions, 'refuse'] : actions;
}

function driverActions(booking: ActionableBooking, deletable: BookingAction[], now: Date): BookingAction[] {
  switch (booking.status) {
    case 'void':
      return holdIsLive(booking, now) ? ['view', 'pay', 'release'] : [];
    case 'cancelled':
      return ['view', ...deletable];
    default: {
      const open = time(booking.pickupAt) > now.getTime() && !booking.cancelRequest;
      if (!open) return ['view'];
      const payDue: BookingAction[] = duePayableOnline(booking) ? ['payDue'] : [];
      return booking.amendable ? ['view', 'edit', 'cancel', ...payDue] : ['view', 'cancel', ...payDue];
    }
  }
}

/** What became due on a booking paid online in full can be paid through its own gateway. */
export const duePayableOnline = (booking: Pick<ActionableBooking, 'paymentOption' | 'paymentProvider' | 'amounts'>) =>
  booking.paymentOption === 'full' && Boolean(booking.paymentProvider) && (booking.amounts?.due ?? 0) > 0;

/**
 * The balance of a returned rental (the charges at return included) or a no-show's fee, payable online by its driver
 * through a gateway, whatever the booking was paid with (docs/decisions/0008-counter-documents-stored-as-signed.md,
 * "Settlement").
 */
export const balancePayableOnline = (booking: Pick<ActionableBooking, 'status' | 'amounts'>) =>
  (booking.status === 'returned' || booking.status === 'no_show' || booking.status === 'closed') &&
  (booking.amounts?.due ?? 0) > 0;
