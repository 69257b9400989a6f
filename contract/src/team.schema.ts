import { z } from 'zod';
import { AUDIT_ENTITIES } from './audit.ts';
import { EmailSchema } from './auth.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { MEMBER_STATUSES, OPERATOR_ROLES, PERMISSIONS, type Permission } from './team.ts';

// The team's API shapes: members, the team's policy, two-factor sign-in, sessions and the activity.

export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export const PermissionSchema = z.enum(PERMISSIONS as unknown as [Permission, ...Permission[]]);

export const AccessSchema = z.object({
  role: OperatorRoleSchema.nullable(),
  businessId: z.uuid().nullable(),
  branchIds: z.array(z.uuid()),
  permissions: z.array(PermissionSchema),
  twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }),
});

export const MemberSchema = z.object({
  /** The person's account id. */
  _id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  role: OperatorRoleSchema,
  branchIds: z.array(z.uuid()),
  status: z.enum(MEMBER_STATUSES),
  /** The business's own account: always an owner, never removed. */
  founder: z.boolean(),
  twoFactor: z.boolean(),
  invitedAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
});

export const TeamSchema = z.object({
  /** The business (a supplier's id), or null for the platform. */
  businessId: z.uuid().nullable(),
  members: z.array(MemberSchema),
  requireTwoFactor: z.boolean(),
  /**
   * The places a member can be limited to (location ids): where the business's cars are picked up, and any branch a
   * member still has. None for the platform.
   */
  places: z.array(z.uuid()),
});

/** Which team an admin means: a business's (its supplier id) or, without one, the platform's. */
export const TeamQuerySchema = z.object({ businessId: z.uuid().optional() });

const BranchIdsSchema = z.array(z.uuid()).max(50);

export const InviteMemberSchema = z.object({
  email: EmailSchema,
  fullName: z.string().trim().min(1).max(200),
  language: LanguageSchema.default('en'),
  role: OperatorRoleSchema,
  branchIds: BranchIdsSchema.default([]),
  /** An admin inviting into a business; a business's owner invites into their own (omitted). */
  businessId: z.uuid().optional(),
});

/** Only what it carries changes. */
export const UpdateMemberSchema = z.strictObject({
  role: OperatorRoleSchema.optional(),
  branchIds: BranchIdsSchema.optional(),
  status: z.enum(['active', 'suspended']).optional(),
});

export const TeamPolicySchema = z.object({ requireTwoFactor: z.boolean(), businessId: z.uuid().optional() });

export const SessionInfoSchema = z.object({
  _id: z.uuid(),
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  /** Where the address is, when the server can tell (a local or private network); null when unknown. */
  place: z.enum(['local', 'private']).nullable(),
  persistent: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});
export const SessionListSchema = z.array(SessionInfoSchema);

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

export const TwoFactorEnrolmentSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document (drawn by the server). */
  qrSvg: z.string(),
});

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const ActivityQuerySchema = z.object({
  actorId: z.uuid().optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** An admin narrowing to one business. */
  businessId: z.uuid().optional(),
});
