import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';
import { LOWEST_DRIVER_AGE } from './booking-rules.ts';
import { text } from './text.schema.ts';
import { DateStringSchema } from './time.schema.ts';
import { ageOn } from './time.ts';

// The schemas of the profile calls (spec §7; their messages, limits and types: profile.ts). The e-mail address is not
// part of them: it cannot be changed.

/**
 * A profile field an update may leave out (unchanged), clear (null, or a form field left empty) or set: absent is
 * not null, so `{ _id, fullName }` changes the name alone.
 */
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([schema, z.literal(''), z.null()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

const clearableText = (max: number, multiline = false) => clearable(text({ multiline }).max(max));

export const PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ().-]{4,28}[0-9]$/, { message: AUTH_MESSAGES.invalidPhone });

/**
 * `POST /api/update-user`: the profile fields of spec §3 User, for `_id` (self, or anyone for an admin). Only the
 * fields sent change; the name can be changed but not cleared.
 */
export const UpdateUserSchema = z.object({
  _id: z.uuid(),
  fullName: text().min(1).max(200).optional(),
  phone: clearable(PhoneSchema),
  location: clearableText(200),
  bio: clearableText(2000, true),
  birthDate: clearable(
    DateStringSchema.refine((value) => ageOn(value, new Date()) >= LOWEST_DRIVER_AGE, {
      message: AUTH_MESSAGES.tooYoung,
    }),
  ),
  /**
   * The admin's: mark the e-mail verified, suspend (`blacklisted: true`, spec §6) or reactivate. Anyone
   * else sending a value different from the stored one gets 403; sending back what they read passes.
   */
  verified: z.boolean().optional(),
  blacklisted: z.boolean().optional(),
});
/** What the server reads from an update-user call: absent fields are `undefined`, cleared ones `null`. */

/** The profile form: the profile payload, whose `_id` is the signed-in user's, not a field. */
export const ProfileFormSchema = UpdateUserSchema.omit({ _id: true, verified: true, blacklisted: true });

/** `POST /api/update-email-notifications`: `_id` defaults to the signed-in user. */
export const UpdateEmailNotificationsSchema = z.object({
  _id: z.uuid().optional(),
  enableEmailNotifications: z.boolean(),
});

/** A stored driver licence, as its owner sees it; the bytes come from `GET /api/license/{id}`. */
export const LicenseFileSchema = z.object({
  _id: z.uuid(),
  contentType: z.string(),
  size: z.number().int(),
  /** true for a guest's upload at checkout, not yet attached to an account (swept after 24 hours). */
  temporary: z.boolean(),
  createdAt: z.string(),
});

/** `GET /api/user-license/{userId}`: the user's licence, or null. */
export const UserLicenseSchema = z.object({ license: LicenseFileSchema.nullable() });

export const FileParamsSchema = z.object({ file: z.uuid() });
