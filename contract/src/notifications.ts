import { z } from 'zod';
import { BOOKING_RULES } from './booking-rules.ts';

// Notifications (spec §3, §7, issue #6). A notification carries a message key (`kind`) and its parameters; the web
// app renders the text in the reader's language (locale namespace `notifications.kinds`).

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
   * The operator approved the driver's cancellation (issue #23). params: { car, status: 'cancelled', and when money
   * goes back refundAmount (minor units) and refundCurrency }
   */
  'cancelApproved',
  /** The operator declined the driver's cancellation request (issue #23). params: { car, message } */
  'cancelDeclined',
  /** A booking was paid online. params: {} */
  'bookingPaid',
  /** A supplier received a new booking. params: {} */
  'newBooking',
  /** The booking's pick-up is within 24 hours (issue #25 reminders). params: { car } */
  'pickupReminder',
  /** The booking's drop-off is today (issue #25 reminders). params: { car } */
  'dropoffReminder',
  /**
   * The booking was changed, by its driver or its operator, to its driver. params: { car, and a
   * refund's refundAmount, refundCurrency; or what became due: dueAmount, dueCurrency }
   */
  'bookingChanged',
  /** The driver changed a booking (issue #25 item 2), to its supplier. params: { car } */
  'driverChangedBooking',
  /** The driver cancelled a booking free of charge by its terms (issue #25), to its supplier. params: { car } */
  'driverCancelled',
  /**
   * A dearer change was paid but could not be made (issue #25 item 2), to its driver: the difference is refunded.
   * params: { car, reason: 'taken' (its days are no longer free) | 'changed' (the booking changed or was cancelled
   * meanwhile), refundAmount (minor units), refundCurrency }
   */
  'changeNotMade',
  /** The operator deleted a booking that never took money, to its driver. params: { car } */
  'bookingDeleted',
  /**
   * An operator booked a car in the driver's name at the desk (second outside audit, item 1), to the driver: they may
   * refuse it. params: { car, supplier }
   */
  'bookedAtDesk',
  /** The driver refused a booking made in their name at the desk, to its supplier. params: { car } */
  'deskBookingRefused',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = z.object({
  _id: z.uuid(),
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  bookingId: z.uuid().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  results: z.array(NotificationSchema),
  totalCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationPageParamsSchema = z.object({
  userId: z.uuid(),
  page: z.coerce.number().int().min(1).max(100_000),
  pageSize: z.coerce.number().int().min(1).max(100),
});

/**
 * Body of mark-as-read, mark-as-unread and delete: the ids to act on, or `all: true` for every notification of the
 * user (then `ids` is ignored). Ids that are not the user's are ignored: they are never touched.
 */
export const NotificationIdsSchema = z
  .object({
    ids: z.array(z.uuid()).max(1000).default([]),
    all: z.boolean().default(false),
  })
  .refine((body) => body.all || body.ids.length > 0, { message: 'ids or all is required', path: ['ids'] });
export type NotificationIds = z.input<typeof NotificationIdsSchema>;

/** Answer of the three bulk calls: how many notifications were changed. */
export const NotificationChangeSchema = z.object({ count: z.number().int() });

/** `GET /api/notification-counter/{userId}`: unread notifications. */
export const NotificationCounterSchema = z.object({ count: z.number().int() });
export type NotificationCounter = z.infer<typeof NotificationCounterSchema>;

export const NOTIFICATIONS_PAGE_SIZE = BOOKING_RULES.pageSize.notifications;
