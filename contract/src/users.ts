import { z } from 'zod';
import { UserTypeSchema } from './enums.ts';
import { LanguageSchema } from './languages.schema.ts';

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
export type User = z.infer<typeof UserSchema>;

export const UserIdParamsSchema = z.object({ userId: z.uuid() });
export const IdParamsSchema = z.object({ id: z.uuid() });
