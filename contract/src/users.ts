import type { z } from 'zod';
import type {
  AdminUserBookingSchema,
  AdminUserRowSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  UserSchema,
} from './users.schema.ts';

// Accounts (drivers, suppliers, admins) as the API shows them, and the admin's users screens: a searchable, filtered
// list paged on the server, a user's profile with their bookings, and deletion. Verify, suspend and reactivate go
// through `POST /api/update-user` (`verified`, `blacklisted`: profile.schema.ts). The schemas are in users.schema.ts.

export const USER_TYPES = ['admin', 'supplier', 'user'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ADMIN_USERS_MESSAGES = {
  deleteBooked: 'This account has a current or future booking and cannot be deleted.',
  deleteAdmin: 'An admin account cannot be deleted.',
  adminOnlyFlags: 'Only an admin can verify or suspend an account.',
} as const;

/** The latest bookings `GET /api/admin-user/{id}` answers with an account. */
export const ADMIN_USER_BOOKINGS = 50;

export type User = z.infer<typeof UserSchema>;
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;
export type AdminUserBooking = z.infer<typeof AdminUserBookingSchema>;
export type AdminUser = z.infer<typeof AdminUserSchema>;
