import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { memberStatus, operatorRole } from './enums.ts';
import { users } from './schema-accounts.ts';

// The team (docs/decisions/0010-members-of-a-business.md): the people of a business and of the platform,
// and their second factor. A business is its supplier account (`cars.supplier_id`, `bookings.supplier_id` point at
// it); that account is the business's founding owner and has no row here. Every other person who works for it has one.

/**
 * A person's place in a team: `business_id` a supplier account, or null for the platform's own team (admins and
 * support agents). One row per person: a person belongs to one team.
 */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').references(() => users.id, { onDelete: 'cascade' }),
    role: operatorRole('role').notNull(),
    /** The locations they work at: they see the bookings picked up or returned there; empty: all. */
    branchIds: uuid('branch_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** 'invited' until reactivated or suspended; the team list shows invited while no password was chosen. */
    status: memberStatus('status').notNull().default('invited'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Joined: when the person chose their password (their account's `verified_at`). */
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memberships_business_idx').on(t.businessId),
    // A business's members hold business roles; the platform's, platform roles.
    check('memberships_role_of_team', sql`(${t.businessId} is null) = (${t.role} in ('admin', 'support'))`),
  ],
);

/** A team's rules: whether its members must sign in with a second factor. `team` is a business id or 'platform'. */
export const teamPolicies = pgTable('team_policies', {
  team: varchar('team', { length: 36 }).primaryKey(),
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's TOTP secret (RFC 6238). `enabled_at` null: enrolment begun, not yet confirmed by a code. `last_step` is
 * the time step of the last code accepted: a code is never accepted twice (replay). `id` changes with every
 * enrolment, and "remember this browser" cookies name it, so a reset forgets every remembered browser.
 */
export const twoFactors = pgTable('two_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten one-time codes for a lost phone, stored as SHA-256 (each has 50 random bits: no salt or slow hash needed). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The account is a business's own, not a member's: the suppliers lists and a car's supplier are businesses, whereas a
 * member's account is a supplier account too (it works in the console).
 */
export const notAMember = (userId: AnyPgColumn) =>
  sql`not exists (select 1 from ${memberships} where ${memberships.userId} = ${userId})`;

/**
 * Where a business's e-mails go (docs/decisions/0013-the-owner-runs-their-own-business.md): its own address, or for
 * the house business — a supplier whose owner is an admin account, by its membership row — the admin's. `business`
 * names the users table as the query has it ("users", or an alias such as "supplier").
 */
export const businessEmail = (business: 'users' | 'supplier') =>
  sql<string>`coalesce((select house_owner.email from ${memberships} house_membership
    join ${users} house_owner on house_owner.id = house_membership.user_id
    where house_membership.business_id = ${sql.identifier(business)}.id and house_owner.type = 'admin' limit 1),
    ${sql.identifier(business)}.email)`;
