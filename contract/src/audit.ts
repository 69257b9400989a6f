import { z } from 'zod';
import { UserTypeSchema } from './enums.ts';
import { OPERATOR_ROLES } from './team.ts';

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
  /** A person's membership of a business or of the platform (issue #38). */
  'member',
  /** A team's policy: whether its members must use a second factor. */
  'team',
] as const;
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approveCancellation',
  'declineCancellation',
  'invite',
  'endSessions',
  'resetTwoFactor',
] as const;

export const AuditEntrySchema = z.object({
  _id: z.uuid(),
  at: z.string(),
  /**
   * The person (issue #38: each member signs in as themself), their role then and the business they acted for (null:
   * the platform). Null when the account was deleted since.
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
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ results: z.array(AuditEntrySchema), totalCount: z.number().int() });
export type AuditPage = z.infer<typeof AuditPageSchema>;
