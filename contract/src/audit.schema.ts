import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, RECORD_KINDS } from './audit.ts';
import { OPERATOR_ROLES } from './team.ts';
import { UserTypeSchema } from './users.schema.ts';

// The schemas of the audit trail (its values and types: audit.ts).

export const RecordKindSchema = z.enum(RECORD_KINDS);

export const AuditEntrySchema = z.object({
  _id: z.uuid(),
  at: z.string(),
  /**
   * The person (each member signs in as themself: docs/decisions/0010-members-of-a-business.md), their role then and
   * the business they acted for (null: the platform). Null when the account was deleted since.
   */
  actor: z
    .object({
      _id: z.uuid(),
      fullName: z.string(),
      type: UserTypeSchema,
      role: z.enum(OPERATOR_ROLES).nullable(),
      business: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
    })
    .nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  /** Field → its value before and after (null before on a create, null after on a delete). */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});

export const AuditPageSchema = z.object({ results: z.array(AuditEntrySchema), totalCount: z.number().int() });

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

export const AuditHistorySchema = z.object({
  results: z.array(AuditHistoryEntrySchema),
  totalCount: z.number().int(),
  /** The currency of a car's prices. */
  baseCurrency: z.string(),
  /** Record id → its name (a place in the reader's language, an account's full name). */
  names: z.record(z.string(), z.string()),
});
