import { z } from 'zod';
import { UserTypeSchema } from './enums.ts';

// The audit trail of operator changes (issue #23, ARCHITECTURE §5 Accounts): who, when, on what, and each changed
// field before and after. Never a secret nor a file's bytes (an image change shows the image URLs).

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
] as const;

export const AuditEntrySchema = z.object({
  _id: z.uuid(),
  at: z.string(),
  /** Null when the account was deleted since. */
  actor: z.object({ _id: z.uuid(), fullName: z.string(), type: UserTypeSchema }).nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  /** Field → its value before and after (null before on a create, null after on a delete). */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ results: z.array(AuditEntrySchema), totalCount: z.number().int() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/**
 * A history as its screen reads it (docs/architecture.md §5 "Readable history", contract audit-fields.ts): each entry
 * with the clocks its instants are shown at and the currency of its booking's amounts, and the names of the records
 * the page's values point to (places in the reader's language, accounts), so that no id is shown.
 */
export const AuditHistoryEntrySchema = AuditEntrySchema.extend({
  /** IANA zones: the car's place, the booking's pick-up and drop-off places (null when the entry has none). */
  clocks: z.object({ car: z.string().nullable(), pickup: z.string().nullable(), dropoff: z.string().nullable() }),
  /** The booking's currency, for its amounts; null for a car's entries. */
  currency: z.string().nullable(),
});
export type AuditHistoryEntry = z.infer<typeof AuditHistoryEntrySchema>;

export const AuditHistorySchema = z.object({
  results: z.array(AuditHistoryEntrySchema),
  totalCount: z.number().int(),
  /** The currency of a car's prices. */
  baseCurrency: z.string(),
  /** Record id → its name (a place in the reader's language, an account's full name). */
  names: z.record(z.string(), z.string()),
});
export type AuditHistory = z.infer<typeof AuditHistorySchema>;
