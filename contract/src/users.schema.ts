import { z } from 'zod';
import { BookingStatusSchema } from './bookings.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { text } from './text.schema.ts';
import { USER_TYPES } from './users.ts';

// The schemas of accounts as the API shows them and as the admin manages them (their values and types: users.ts).

export const UserTypeSchema = z.enum(USER_TYPES);

/** A user as the API shows it (spec §3 User fields); never carries the password hash or tokens. */
export const UserSchema = z.object({
  _id: z.uuid(),
  type: UserTypeSchema,
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  birthDate: z.string().nullable(),
  /** URL of the avatar image, or null. */
  avatar: z.string().nullable(),
  language: LanguageSchema,
  enableEmailNotifications: z.boolean(),
  blacklisted: z.boolean(),
  verified: z.boolean(),
});

export const UserIdParamsSchema = z.object({ userId: z.uuid() });
export const IdParamsSchema = z.object({ id: z.uuid() });

/** `POST /api/users/{page}/{size}`: every filter optional; a deleted account is never listed. */
export const AdminUsersQuerySchema = z.object({
  /** Part of the name or the e-mail address, any case. */
  keyword: text().max(100).optional(),
  types: z.array(UserTypeSchema).max(3).optional(),
  verified: z.boolean().optional(),
  /** true: suspended accounts only; false: active ones only. */
  suspended: z.boolean().optional(),
});

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

export const AdminUsersPageSchema = z.object({ results: z.array(AdminUserRowSchema), totalCount: z.number().int() });

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

/** `GET /api/admin-user/{id}`: the account and its latest bookings (at most `ADMIN_USER_BOOKINGS`, users.ts). */
export const AdminUserSchema = z.object({
  user: UserSchema.extend({ createdAt: z.string() }),
  bookings: z.array(AdminUserBookingSchema),
  bookingCount: z.number().int(),
  /** Bookings that hold a car now or later: suspending the account says how many it leaves without their driver. */
  upcomingCount: z.number().int(),
  /** Two-step sign-in is on: the admin may reset it (a lost phone and codes); the person then enrols again. */
  twoFactor: z.boolean(),
  /** A member of a team (its own business's account is none): no business profile nor fleet of its own. */
  member: z.boolean(),
});

/** `DELETE /api/delete-user/{id}`. */
export const DeleteUserResultSchema = z.object({ _id: z.uuid(), deleted: z.literal(true) });
