import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';
import { BOOKING_RULES } from './settings.ts';
import { ageOn } from './time.ts';
import { DateStringSchema } from './time-schemas.ts';

// Payloads of the profile calls (spec §7, issue #6). The e-mail address is not part of them: it cannot be changed.

export const PROFILE_MESSAGES = {
  settingsUpdated: 'settings updated successfully',
  addImage: 'Please add an image.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ().-]{4,28}[0-9]$/, { message: AUTH_MESSAGES.invalidPhone });

/** `POST /api/update-user`: the profile fields of spec §3 User, for `_id` (self, or anyone for an admin). */
export const UpdateUserSchema = z.object({
  _id: z.uuid(),
  fullName: z.string().trim().min(1).max(200),
  phone: z
    .union([PhoneSchema, z.literal('')])
    .nullish()
    .transform((value) => (value ? value : null)),
  location: optionalText(200),
  bio: optionalText(2000),
  birthDate: DateStringSchema.nullish()
    .transform((value) => value ?? null)
    .refine((value) => value === null || ageOn(value, new Date()) >= BOOKING_RULES.minDriverAge, {
      message: AUTH_MESSAGES.tooYoung,
    }),
});
export type UpdateUser = z.input<typeof UpdateUserSchema>;

/** The profile form (issue #20): the profile payload, whose `_id` is the signed-in user's, not a field. */
export const ProfileFormSchema = UpdateUserSchema.omit({ _id: true });

/** `POST /api/update-email-notifications`: `_id` defaults to the signed-in user. */
export const UpdateEmailNotificationsSchema = z.object({
  _id: z.uuid().optional(),
  enableEmailNotifications: z.boolean(),
});
export type UpdateEmailNotifications = z.infer<typeof UpdateEmailNotificationsSchema>;

/** A stored driver licence, as its owner sees it; the bytes come from `GET /api/license/{id}`. */
export const LicenseFileSchema = z.object({
  _id: z.uuid(),
  contentType: z.string(),
  size: z.number().int(),
  /** true for a guest's upload at checkout, not yet attached to an account (swept after 24 hours). */
  temporary: z.boolean(),
  createdAt: z.string(),
});
export type LicenseFile = z.infer<typeof LicenseFileSchema>;

/** `GET /api/user-license/{userId}`: the user's licence, or null. */
export const UserLicenseSchema = z.object({ license: LicenseFileSchema.nullable() });
export type UserLicense = z.infer<typeof UserLicenseSchema>;

export const FileParamsSchema = z.object({ file: z.uuid() });

/** Upload limits (ARCHITECTURE §5): the web checks them first to save a round trip; the server decides. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  licenseTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;
