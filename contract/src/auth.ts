import { z } from 'zod';
import { AppTypeSchema, LanguageSchema } from './enums.ts';
import { BOOKING_RULES } from './settings.ts';

// Payloads of the account calls (spec §7, issue #3). Messages are the spec's English words (§5, §8); the web app
// shows its own translation chosen by code or by field.

export const AUTH_MESSAGES = {
  incorrectCredentials: 'Incorrect email or password.',
  suspended: 'Your account is suspended.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDontMatch: "Passwords don't match.",
  tooYoung: 'You must be at least 21 years old.',
  acceptTos: 'Accept the Terms of Use.',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Invalid phone number',
  emailTaken: 'This email address is already registered.',
  fixErrors: 'Please fix errors.',
  recaptchaError: 'reCAPTCHA error',
  signUpError: 'An error occurred during sign up.',
  linkExpired: 'Your account activation link expired.',
  emailNotRegistered: 'Email address not registered',
  wrongPassword: 'Wrong password',
  chooseNewPassword: 'Please choose a new password',
  passwordUpdateError: 'An error occurred while updating password.',
} as const;

/** An empty-handed success: the spec's calls that answer with a bare status. */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

export const EmailSchema = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail }));

export const PasswordSchema = z
  .string()
  .min(BOOKING_RULES.minPasswordLength, { message: AUTH_MESSAGES.passwordTooShort })
  .max(200);

/** `POST /api/sign-in/frontend`. */
export const SignInSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(200),
  stayConnected: z.boolean().default(false),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const AppTypeParamsSchema = z.object({ appType: AppTypeSchema });

/** `POST /api/update-language`. */
export const UpdateLanguageSchema = z.object({ id: z.uuid(), language: LanguageSchema });
export type UpdateLanguage = z.infer<typeof UpdateLanguageSchema>;
