import type { UserType } from './users.ts';

// Who may do what in the console: one table, read by the server's route auth and by the console's navigation
// (docs/vocabulary.md, "team"). A business (a supplier) has members with a role; the platform has admins and support
// agents. A route declares the permission it needs; a role grants a set of permissions.

export const BUSINESS_ROLES = ['owner', 'manager', 'counter', 'accountant'] as const;
export const PLATFORM_ROLES = ['admin', 'support'] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];
export type PlatformRole = (typeof PLATFORM_ROLES)[number];
export type OperatorRole = BusinessRole | PlatformRole;

export const PERMISSIONS = [
  /** The dashboard's figures and today's work. */
  'dashboard',
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
  'members',
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
  'bookings.read',
  'bookings.write',
  'counter',
  'walkIn',
  'fleet.read',
  'fleet.write',
  'prices.write',
  'charges.waive',
];

/** What each role may do. A business role acts on its own business only; the admin on every business. */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  owner: ALL.filter((permission) => permission !== 'platform' && permission !== 'users.read'),
  manager: MANAGER,
  counter: ['bookings.read', 'counter', 'walkIn', 'fleet.read'],
  accountant: ['dashboard', 'bookings.read', 'fleet.read', 'money.read'],
  admin: ALL,
  support: ['bookings.read', 'bookings.write', 'fleet.read', 'users.read'],
};

/** Until a business has members, its supplier account acts as its owner and an admin account as the admin. */
export function defaultRoleOf(type: UserType): OperatorRole | null {
  return type === 'supplier' ? 'owner' : type === 'admin' ? 'admin' : null;
}

export const roleMay = (role: OperatorRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);
