import type { z } from 'zod';
import { BOOKING_RULES } from './booking-rules.ts';
import type {
  NotificationCounterSchema,
  NotificationIdsSchema,
  NotificationPageSchema,
  NotificationSchema,
} from './notifications.schema.ts';

// Notifications (spec §3, §7). A notification carries a message key (`kind`) and its parameters; the web app renders
// the text in the reader's language (locale namespace `notifications.kinds`). The schemas are in
// notifications.schema.ts.

/** The kinds known today; the server stores any string so a newer server never breaks an older client. */
export const NOTIFICATION_KINDS = [
  /** A booking was confirmed. params: {} */
  'bookingConfirmed',
  /**
   * A booking's status changed. params: { status: BookingStatus, and for an operator's cancellation that gives money
   * back: refundAmount (minor units) and refundCurrency }
   */
  'bookingStatusChanged',
  /** The driver asked to cancel a booking (to its supplier / admin). params: {} */
  'cancelRequested',
  /**
   * The operator approved the driver's cancellation. params: { car, status: 'cancelled', and when money
   * goes back refundAmount (minor units) and refundCurrency }
   */
  'cancelApproved',
  /** The operator declined the driver's cancellation request. params: { car, message } */
  'cancelDeclined',
  /** A booking was paid online. params: {} */
  'bookingPaid',
  /** A supplier received a new booking (spec §7's name; no row carries it: the server records `bookingNew`). */
  'newBooking',
  /** A business received a new booking, to its supplier (the house business's: to its owner). params: { car } */
  'bookingNew',
  /** The booking's pick-up is within 24 hours (a reminder). params: { car } */
  'pickupReminder',
  /** The booking's drop-off is today (a reminder). params: { car } */
  'dropoffReminder',
  /**
   * The booking was changed, by its driver or its operator, to its driver. params: { car, and a
   * refund's refundAmount, refundCurrency; or what became due: dueAmount, dueCurrency }
   */
  'bookingChanged',
  /** The driver changed a booking, to its supplier. params: { car } */
  'driverChangedBooking',
  /** The driver cancelled a booking free of charge by its terms, to its supplier. params: { car } */
  'driverCancelled',
  /**
   * A dearer change was paid but could not be made, to its driver: the difference is refunded.
   * params: { car, reason: 'taken' (its days are no longer free) | 'changed' (the booking changed or was cancelled
   * meanwhile), refundAmount (minor units), refundCurrency }
   */
  'changeNotMade',
  /** The operator deleted a booking that never took money, to its driver. params: { car } */
  'bookingDeleted',
  /** The car was handed over at the counter (on rent), to its driver. params: { car } */
  'bookingCheckedOut',
  /** The car was taken back (returned), to its driver. params: { car, charges (minor units), currency } */
  'bookingReturned',
  /** The rental was settled and closed, to its driver. params: { car } */
  'bookingClosed',
  /** The car was not collected (no-show), to its driver. params: { car, rule, and refundAmount or fee, currency } */
  'bookingNoShow',
  /** The driver checked in online and signed the agreement, to its supplier. params: { car } */
  'bookingCheckedIn',
  /** A charge was added after the return (a toll, a fine…), to its driver. params: { car, kind, amount, currency } */
  'chargeAdded',
  /**
   * A charge was waived (never deleted), to its driver; when it had been paid, the credit note that corrects its
   * invoice goes with the e-mail. params: { car, kind, amount, currency }
   */
  'chargeWaived',
  /**
   * What the rental still owed was taken from the card (or the PayPal account) the driver saved for it (its receipt),
   * to its driver.
   * params: { car, amount, currency }
   */
  'chargePaid',
  /**
   * An operator booked a car in the driver's name at the desk (second outside audit, item 1), to the driver: they may
   * refuse it. params: { car, supplier }
   */
  'bookedAtDesk',
  /** The driver refused a booking made in their name at the desk, to its supplier. params: { car } */
  'deskBookingRefused',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PAGE_SIZE = BOOKING_RULES.pageSize.notifications;

export type Notification = z.infer<typeof NotificationSchema>;
export type NotificationPage = z.infer<typeof NotificationPageSchema>;
export type NotificationIds = z.input<typeof NotificationIdsSchema>;
export type NotificationCounter = z.infer<typeof NotificationCounterSchema>;
