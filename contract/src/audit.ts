import type { z } from 'zod';
import type { AuditEntrySchema, AuditHistoryEntrySchema, AuditHistorySchema, AuditPageSchema } from './audit.schema.ts';

// The audit trail of operator changes (docs/architecture.md §5 "Accounts"): who, when, on what, and each changed
// field before and after. Never a secret nor a file's bytes (an image change shows the image URLs). The schemas are
// in audit.schema.ts.

export const AUDIT_ENTITIES = [
  'car',
  'carImage',
  'carBlock',
  'supplier',
  'booking',
  'user',
  'location',
  'country',
  'settings',
  /** A person's membership of a business or of the platform (docs/decisions/0010-members-of-a-business.md). */
  'member',
  /** A team's policy: whether its members must use a second factor. */
  'team',
  /** A supplier's counter settings and charge rules, a car's charge rules. */
  'counterSettings',
  'carChargeRules',
  /** A business's or the platform's promo code (promo-codes.ts). */
  'promoCode',
] as const;
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approveCancellation',
  'declineCancellation',
  /** A driver asked to cancel (the request its operator then decides). */
  'requestCancellation',
  /** An operator cancelled the booking at once. */
  'cancel',
  /** An operator sent the driver's confirmation again (docs/architecture.md §5 "The bookings desk"). */
  'resendConfirmation',
  /** An operator sent the driver a link to pay online. */
  'sendPaymentLink',
  'invite',
  'endSessions',
  'resetTwoFactor',
  // The counter (docs/architecture.md §5 "After the booking"): each on the booking, what the timeline reads.
  'checkIn',
  'checkOut',
  'swapCar',
  'return',
  'addCharge',
  'waiveCharge',
  'counterPayment',
  /** What the rental still owed, taken from the card its driver saved for charges after the rental. */
  'chargeSavedCard',
  /** What was paid beyond the balance, given back through the gateways it was paid with. */
  'counterRefund',
  /** A security deposit taken at the desk (cash, card terminal), held until the close. */
  'counterDeposit',
  'close',
  'noShow',
] as const;

/** Spec §3's record kinds: what a record of the platform is. */
export const RECORD_KINDS = ['admin', 'supplier', 'user', 'car', 'location', 'country'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** A history as its screen reads it (audit.schema.ts AuditHistorySchema). */
export type AuditHistoryEntry = z.infer<typeof AuditHistoryEntrySchema>;
export type AuditHistory = z.infer<typeof AuditHistorySchema>;
