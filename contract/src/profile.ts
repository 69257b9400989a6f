import type { z } from 'zod';
import type {
  LicenseFileSchema,
  UpdateEmailNotificationsSchema,
  UpdateUserSchema,
  UserLicenseSchema,
} from './profile.schema.ts';

// A signed-in person's own account settings (spec §7): the profile's messages, the upload limits and the payloads'
// types. The schemas are in profile.schema.ts.

export const PROFILE_MESSAGES = {
  settingsUpdated: 'settings updated successfully',
  addImage: 'Please add an image.',
} as const;

/** Upload limits (docs/architecture.md §5): the web checks them first to save a round trip; the server decides. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  licenseTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;

export type UpdateUser = z.input<typeof UpdateUserSchema>;
export type UpdateUserFields = z.output<typeof UpdateUserSchema>;
export type UpdateEmailNotifications = z.infer<typeof UpdateEmailNotificationsSchema>;
export type LicenseFile = z.infer<typeof LicenseFileSchema>;
export type UserLicense = z.infer<typeof UserLicenseSchema>;
