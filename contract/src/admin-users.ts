import { z } from 'zod';
import { BookingStatusSchema, UserTypeSchema } from './enums.ts';
import { text } from './text.ts';
import { UserSchema } from './users.ts';

// The admin's users screens (issue #24 item 1): a searchable, filtered list paged on the server, a user's profile
// with their bookings, and deletion. Verify, suspend and reactivate go through `POST /api/update-user`
// (`verified`, `blacklisted`: contract/src/profile.ts).

export const ADMIN_USERS_MESSAGES = {
  deleteBooked: 'This account has a current or future booking and cannot be deleted.',
  deleteAdmin: 'An admin account cannot be deleted.',
  adminOnlyFlags: 'Only an admin can verify or suspend an account.',
} as const;

/** `POST /api/users/{page}/{size}`: every filter optional; a deleted account is never listed. */
export const AdminUsersQuerySchema = z.object({
  /** Part of the name or the e-mail address, any case. */
  keyword: text().max(100).optional(),
  types: z.array(UserTypeSchema).max(3).optional(),
  verified: z.boolean().optional(),
  /** true: suspended accounts only; false: active ones only. */
  suspended: z.boolean().optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

export const AdminUserRowSchema = z.object({
  _id: z.uuid(),
  type: UserTypeSchema,
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  verified: z.boolean(),
  blacklisted: z.boolean(),
  createdAt: z.string(),
  /** Bookings as driver (a driver) or of the fleet (a supplier). */
  bookingCount: z.number().int(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

export const AdminUsersPageSchema = z.object({ results: z.array(AdminUserRowSchema), totalCount: z.number().int() });
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const AdminUserBookingSchema = z.object({
  _id: z.uuid(),
  status: BookingStatusSchema,
  carName: z.string(),
  /** The other party: the supplier for a driver's booking, the driver for a supplier's. */
  counterpart: z.string(),
  pickupAt: z.string(),
  dropoffAt: z.string(),
  /** Minor units of the base currency. */
  price: z.number().int(),
});
export type AdminUserBooking = z.infer<typeof AdminUserBookingSchema>;

/** `GET /api/admin-user/{id}`: the account and its latest bookings (at most `ADMIN_USER_BOOKINGS`). */
export const AdminUserSchema = z.object({
  user: UserSchema.extend({ createdAt: z.string() }),
  bookings: z.array(AdminUserBookingSchema),
  bookingCount: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const ADMIN_USER_BOOKINGS = 50;

/** `DELETE /api/delete-user/{id}`. */
export const DeleteUserResultSchema = z.object({ _id: z.uuid(), deleted: z.literal(true) });
