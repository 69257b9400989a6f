import type { z } from 'zod';
import type {
  BookingNoteBodySchema,
  DeskBookingRowSchema,
  DeskBookingSchema,
  DeskBookingsPageSchema,
  DeskBookingsQuerySchema,
  DeskFilterSchema,
  DeskMoneySchema,
  DeskNoteSchema,
  DeskTotalsAnswerSchema,
  DeskTotalsSchema,
} from './booking-desk.schema.ts';
import type { BookingStatus } from './bookings.ts';
import { type OperatorRole, type Permission, roleMay } from './team.ts';

// The operator's bookings desk (docs/vocabulary.md, "bookings desk"): the console's bookings list, the booking as its
// operators see it, their notes, and what the booking's money comes to. Values and rules only, without zod: the
// console imports this module with its screens; the schemas are in booking-desk.schema.ts.

/**
 * What a booking's money came to (docs/architecture.md §5 "The bookings desk"): nothing paid yet, part paid (the
 * deposit option's security deposit, or less than the total), paid in full, or some of it given back.
 */
export const PAYMENT_STATES = ['unpaid', 'deposit', 'paid', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The list's orders: newest booked first (the default), by pick-up either way. */
export const DESK_SORTS = ['createdDesc', 'pickupAsc', 'pickupDesc'] as const;
export type DeskSort = (typeof DESK_SORTS)[number];

/** The longest search text and note. */
export const DESK_SEARCH_MAX = 100;
export const NOTE_MAX = 2000;

/** 20 bookings a page on a wide screen, 10 on a phone (spec §9, as the driver's list). */
export const DESK_PAGE_SIZES = { wide: 20, narrow: 10 } as const;

export const DESK_MESSAGES = {
  emptyNote: 'Please write the note.',
  noLinkToSend: 'Only a booking awaiting its online payment, while the car is held for it, can get a payment link.',
  notConfirmed: 'Only a confirmed booking has a confirmation to send again.',
} as const;

/**
 * Statuses whose revenue is the booking's total: confirmed or set by an operator, and whatever follows them at the
 * counter. Every other status (an unpaid attempt, a cancellation, a no-show) counts the money kept: paid − refunded.
 */
export const earnsTotal = (status: BookingStatus): boolean =>
  status !== 'void' && status !== 'cancelled' && (status as string) !== 'no_show';

/**
 * The actions the booking view offers its operator, each one the server allows (it refuses the rest): change, cancel
 * and delete as booking-actions.ts lets an operator (delete only while it holds no money); a cancellation request decided while it is open; the
 * confirmation sent again for a confirmed booking; a payment link while an unpaid online booking holds its car; the
 * counter's check-out for a confirmed booking and its return for a car on rent (the counter's screens check the rest).
 */
export const DESK_ACTIONS = [
  'change',
  'cancel',
  'approveCancellation',
  'declineCancellation',
  'resendConfirmation',
  'sendPaymentLink',
  'checkOut',
  'return',
  'delete',
] as const;
export type DeskAction = (typeof DESK_ACTIONS)[number];

/** A booking the driver holds: its confirmation may be sent again, and the counter may hand its car over. */
const CONFIRMED: readonly string[] = ['pending', 'deposit', 'paid', 'reserved'];

export interface DeskActionable {
  status: BookingStatus;
  cancelRequest: boolean;
  /** When an unpaid online booking's hold ends (ISO instant); null once paid, released or lapsed. */
  holdExpiresAt: string | null;
  /** Money paid and not given back: such a booking is cancelled, never deleted (docs/architecture.md §5). */
  holdsMoney: boolean;
}

/**
 * What the operator may do with a booking now, given what booking-actions.ts lets an operator do (`operatorActions`:
 * edit, cancel, delete): the one rule the view's buttons and the server's refusals follow.
 */
export function deskActions(booking: DeskActionable, operatorActions: readonly string[], now: Date): DeskAction[] {
  const actions: DeskAction[] = [];
  const open = booking.status !== 'cancelled';
  if (operatorActions.includes('edit')) actions.push('change');
  if (operatorActions.includes('cancel')) actions.push('cancel');
  if (open && booking.cancelRequest) actions.push('approveCancellation', 'declineCancellation');
  if (CONFIRMED.includes(booking.status)) actions.push('resendConfirmation', 'checkOut');
  if (
    booking.status === 'void' &&
    booking.holdExpiresAt !== null &&
    new Date(booking.holdExpiresAt).getTime() > now.getTime()
  )
    actions.push('sendPaymentLink');
  if ((booking.status as string) === 'on_rent') actions.push('return');
  if (operatorActions.includes('delete') && !booking.holdsMoney) actions.push('delete');
  return actions;
}

/**
 * The permission (contract team.ts) each desk action needs, as the server's routes for it declare: a counter agent
 * hands cars over and takes them back but changes no booking; an accountant only reads.
 */
export const DESK_ACTION_PERMISSIONS = {
  change: 'bookings.write',
  cancel: 'bookings.write',
  approveCancellation: 'bookings.write',
  declineCancellation: 'bookings.write',
  resendConfirmation: 'bookings.write',
  sendPaymentLink: 'bookings.write',
  checkOut: 'counter',
  return: 'counter',
  delete: 'bookings.write',
} as const satisfies Record<DeskAction, Permission>;

/** The desk actions `role` may take: the view shows no button its server call would refuse. */
export const deskActionsOfRole = (actions: readonly DeskAction[], role: OperatorRole | null): DeskAction[] =>
  actions.filter((action) => roleMay(role, DESK_ACTION_PERMISSIONS[action]));

// The desk's payloads and answers as types (their schemas: booking-desk.schema.ts).
export type DeskBookingsQuery = z.input<typeof DeskBookingsQuerySchema>;
export type DeskMoney = z.infer<typeof DeskMoneySchema>;
export type DeskBookingRow = z.infer<typeof DeskBookingRowSchema>;
export type DeskFilter = z.input<typeof DeskFilterSchema>;
export type DeskTotals = z.infer<typeof DeskTotalsSchema>;
export type DeskTotalsAnswer = z.infer<typeof DeskTotalsAnswerSchema>;
export type DeskBookingsPage = z.infer<typeof DeskBookingsPageSchema>;
export type DeskNote = z.infer<typeof DeskNoteSchema>;
export type DeskBooking = z.infer<typeof DeskBookingSchema>;
export type BookingNoteBody = z.infer<typeof BookingNoteBodySchema>;
