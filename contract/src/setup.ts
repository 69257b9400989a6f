import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, SETUP_MESSAGES } from './setup-messages.ts';
import { text } from './text.ts';

// From an empty database to the first admin (issue #26): the set-up link the server logs opens a screen that creates
// the first admin. The same rule for the password of an admin made from ADMIN_PASSWORD (server config.ts).

export const SetupTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

/** `GET /api/setup/{token}`: open (the form may be used), expired (or used), done (an admin exists). */
export const SETUP_STATUSES = ['open', 'expired', 'done'] as const;
export const SetupStatusSchema = z.object({ status: z.enum(SETUP_STATUSES) });
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

/** `POST /api/setup`: creates the first admin and signs them in. */
export const FirstAdminSchema = z.object({
  token: z.string().min(20).max(100),
  fullName: text().min(1).max(200),
  email: EmailSchema,
  password: z.string().min(ADMIN_PASSWORD_MIN_LENGTH, { message: SETUP_MESSAGES.passwordTooShort }).max(200),
});
export type FirstAdmin = z.infer<typeof FirstAdminSchema>;

/** The set-up form: the admin's fields and the password's confirmation (spec §5 "Passwords don't match."). */
export const FirstAdminFormSchema = FirstAdminSchema.omit({ token: true })
  .extend({ confirmPassword: z.string().min(1) })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDontMatch,
    when: () => true,
  });
