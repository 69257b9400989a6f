import type { z } from 'zod';
import type {
  ActivityQuerySchema,
  InviteMemberSchema,
  MemberSchema,
  RecoveryCodesSchema,
  SessionInfoSchema,
  TeamPolicySchema,
  TeamSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
  UpdateMemberSchema,
} from './team.schema.ts';
import type { UserType } from './users.ts';

// Who may do what in the console: one table, read by the server's route auth and by the console's navigation
// (docs/vocabulary.md, "team"; docs/decisions/0010-members-of-a-business.md). A business (a supplier) has members
// with a role; the platform has admins and support agents. A route declares the permission it needs; a role grants a
// set of permissions. No zod here: the console's navigation reads this module (team.schema.ts has the API's shapes).

export const BUSINESS_ROLES = ['owner', 'manager', 'counter', 'accountant'] as const;
export const PLATFORM_ROLES = ['admin', 'support'] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];
export type PlatformRole = (typeof PLATFORM_ROLES)[number];
export type OperatorRole = BusinessRole | PlatformRole;
export const OPERATOR_ROLES = [...BUSINESS_ROLES, ...PLATFORM_ROLES] as const;

export const PERMISSIONS = [
  /** The dashboard: today's pick-ups and returns, the queues, the fleet's use. */
  'dashboard',
  /** The dashboard's revenue of a period. */
  'revenue',
  'bookings.read',
  /** Change, cancel, decide a cancellation request, notes, resend, payment links. */
  'bookings.write',
  /** Check-out, return, no-show, payments taken at the desk. */
  'counter',
  'walkIn',
  'fleet.read',
  /** Cars, their photos, blocked periods, imports. */
  'fleet.write',
  'prices.write',
  'charges.waive',
  /** Statements, invoices, exports, revenue. */
  'money.read',
  /** The business's profile, terms, extras, opening hours, promo codes. */
  'business.write',
  /** Invite members, change their roles and branches, suspend and remove them, end their sessions. */
  'members',
  /** The activity screen: who changed what. */
  'activity',
  /** Every account, read only (the platform's support). */
  'users.read',
  /** Booking rules, countries and locations, suppliers, users. */
  'platform',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;
const MANAGER: readonly Permission[] = [
  'dashboard',
  'revenue',
  'bookings.read',
  'bookings.write',
  'counter',
  'walkIn',
  'fleet.read',
  'fleet.write',
  'prices.write',
  'charges.waive',
];

/** What each role may do. A business role acts on its own business only; a platform role on every business. */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  owner: ALL.filter((permission) => permission !== 'platform' && permission !== 'users.read'),
  manager: MANAGER,
  // The counter's day is on the dashboard (today's pick-ups and returns, the overdue); its money is not.
  counter: ['dashboard', 'bookings.read', 'counter', 'walkIn', 'fleet.read'],
  accountant: ['dashboard', 'revenue', 'bookings.read', 'fleet.read', 'money.read'],
  admin: ALL,
  support: ['bookings.read', 'bookings.write', 'fleet.read', 'users.read'],
};

/**
 * What each of the console's sections needs (its navigation shows a section to the roles that have it; the screens'
 * calls need the same permission on the server).
 */
export const SECTION_PERMISSIONS = {
  dashboard: 'dashboard',
  bookings: 'bookings.read',
  // The fleet's list and editor: a counter agent, an accountant and support read cars where their work shows them (a
  // car's calendar from the scheduler), and change none.
  cars: 'fleet.write',
  carCalendar: 'fleet.read',
  scheduler: 'bookings.read',
  walkIn: 'walkIn',
  // Deciding a cancellation request changes the booking.
  requests: 'bookings.write',
  profile: 'business.write',
  counterSettings: 'business.write',
  // The business's own extras: its team reads them where it sells them; `prices.write` changes them (the server's).
  extras: 'fleet.read',
  promoCodes: 'business.write',
  // The fees by rule are the business's terms, changed as its profile is.
  fees: 'business.write',
  team: 'members',
  activity: 'activity',
  statements: 'money.read',
  // The platform's money against the gateways': every business's at once.
  reconciliation: 'platform',
  setup: 'platform',
  users: 'users.read',
  suppliers: 'platform',
  places: 'platform',
  settings: 'platform',
} as const satisfies Record<string, Permission>;

/** An account that is no member: its supplier account acts as its business's owner, an admin account as the admin. */
export function defaultRoleOf(type: UserType): OperatorRole | null {
  return type === 'supplier' ? 'owner' : type === 'admin' ? 'admin' : null;
}

export const roleMay = (role: OperatorRole | null | undefined, permission: Permission): boolean =>
  role ? ROLE_PERMISSIONS[role].includes(permission) : false;

export const isPlatformRole = (role: OperatorRole | null | undefined): role is PlatformRole =>
  role === 'admin' || role === 'support';

/** The roles a member of `businessId` (null: the platform) can be given. */
export const rolesOfTeam = (businessId: string | null): readonly OperatorRole[] =>
  businessId === null ? PLATFORM_ROLES : BUSINESS_ROLES;

/**
 * A member limited to some branches (locations) sees and acts on the bookings picked up or returned there only;
 * no branch: all of the business's.
 */
export function inBranches(branchIds: readonly string[], pickupLocationId: string, dropOffLocationId: string): boolean {
  return branchIds.length === 0 || branchIds.includes(pickupLocationId) || branchIds.includes(dropOffLocationId);
}

/** What the console knows of the signed-in operator (`GET /api/my-access`). */
export type Access = {
  role: OperatorRole | null;
  /** The business the person works for (a supplier's id); null for the platform and for drivers. */
  businessId: string | null;
  branchIds: string[];
  permissions: Permission[];
  twoFactor: { enabled: boolean; required: boolean };
};

export const MEMBER_STATUSES = ['invited', 'active', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** How long "remember this browser" spares the second factor. */
export const REMEMBER_BROWSER_DAYS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A TOTP code: six digits (RFC 6238's default, what every authenticator app shows). */
export const TOTP_CODE = /^\d{6}$/;
/** A recovery code as shown: ten characters of Crockford's base32 in two groups of five (50 bits). */
export const RECOVERY_CODE = /^[0-9A-HJKMNP-TV-Z]{5}-?[0-9A-HJKMNP-TV-Z]{5}$/i;

/**
 * A session's device in a few words from its user agent ("Firefox on Windows"), without a parser library: the
 * browser and the system that most user agents name. Unknown parts are left out.
 */
export function deviceOf(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /(Chrome|Chromium|HeadlessChrome)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return { browser, os };
}

// The API's shapes as types (their schemas: team.schema.ts).
export type Member = z.infer<typeof MemberSchema>;
export type Team = z.infer<typeof TeamSchema>;
export type InviteMember = z.infer<typeof InviteMemberSchema>;
export type UpdateMember = z.infer<typeof UpdateMemberSchema>;
export type TeamPolicy = z.infer<typeof TeamPolicySchema>;
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
