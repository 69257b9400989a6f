import { z } from 'zod';
import { AppTypeSchema, LanguageSchema, SocialProviderSchema } from './enums.ts';
import { BOOKING_RULES } from './settings.ts';
import { ageOn, DateStringSchema } from './time.ts';

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

/** Spec §5 'Invalid phone number': digits with the usual separators, an optional leading +, 6 to 15 digits. */
export function isValidPhone(phone: string): boolean {
  const trimmed = phone.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Spec §5 minimum driver age 21, on today's date. */
export function isOldEnough(birthDate: string, now = new Date()): boolean {
  const age = ageOn(birthDate, now);
  return Number.isFinite(age) && age >= BOOKING_RULES.minDriverAge && age < 130;
}

/** `POST /api/sign-up`. The confirmation is checked by the form; the server checks everything else again. */
export const SignUpSchema = z.object({
  fullName: z.string().trim().min(1).max(200),
  email: EmailSchema,
  phone: z.string().trim().max(40).refine(isValidPhone, { message: AUTH_MESSAGES.invalidPhone }),
  birthDate: DateStringSchema.refine((date) => isOldEnough(date), { message: AUTH_MESSAGES.tooYoung }),
  password: PasswordSchema,
  language: LanguageSchema.default('en'),
  tosAccepted: z.literal(true, { message: AUTH_MESSAGES.acceptTos }),
  /** Required when reCAPTCHA is configured (settings.recaptchaSiteKey). */
  recaptchaToken: z.string().max(4000).optional(),
});
export type SignUp = z.infer<typeof SignUpSchema>;

/** `POST /api/validate-email`. */
export const ValidateEmailSchema = z.object({ email: EmailSchema });

/** `GET /api/check-token/{appType}/{userId}/{email}/{token}`. */
export const CheckTokenParamsSchema = z.object({
  appType: AppTypeSchema,
  userId: z.uuid(),
  email: z.string().max(320),
  token: z.string().min(1).max(200),
});

/** What a one-time account link is for: activating an account, or resetting its password. */
export const TOKEN_PURPOSES = ['activate', 'reset'] as const;
export const TokenPurposeSchema = z.enum(TOKEN_PURPOSES);
export type TokenPurpose = z.infer<typeof TokenPurposeSchema>;

/** The answer of check-token: the link's purpose, and whether the account must choose a password with it. */
export const CheckTokenResultSchema = z.object({ purpose: TokenPurposeSchema, needsPassword: z.boolean() });
export type CheckTokenResult = z.infer<typeof CheckTokenResultSchema>;

/** `POST /api/activate`: an activation or reset link's token; the password when the account needs one. */
export const ActivateSchema = z.object({
  userId: z.uuid(),
  token: z.string().min(1).max(200),
  password: PasswordSchema.optional(),
});
export type Activate = z.infer<typeof ActivateSchema>;

/** `POST /api/resend/{appType}/{email}/{reset}`: reset=true sends a password-reset link, false an activation link. */
export const ResendParamsSchema = z.object({
  appType: AppTypeSchema,
  email: EmailSchema,
  reset: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** `GET /api/check-password/{userId}/{password}`. */
export const CheckPasswordParamsSchema = z.object({ userId: z.uuid(), password: z.string().min(1).max(200) });

/** `POST /api/change-password`. `currentPassword` is asked only when the account has one (has-password). */
export const ChangePasswordSchema = z.object({
  userId: z.uuid(),
  currentPassword: z.string().max(200).optional(),
  newPassword: PasswordSchema,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** `GET /api/has-password/{userId}`. */
export const HasPasswordSchema = z.object({ hasPassword: z.boolean() });

/** `POST /api/verify-recaptcha/{token}/{ip}`. */
export const VerifyRecaptchaParamsSchema = z.object({ token: z.string().min(1).max(4000), ip: z.string().max(64) });

/** `POST /api/social-sign-in`: an ID token (Google, Apple) or an access token (Facebook) from the provider. */
export const SocialSignInSchema = z.object({
  provider: SocialProviderSchema,
  token: z.string().min(1).max(8000),
  /** Apple sends the name only on the first sign-in, outside the token. */
  fullName: z.string().trim().max(200).optional(),
  stayConnected: z.boolean().default(false),
  language: LanguageSchema.default('en'),
});
export type SocialSignIn = z.infer<typeof SocialSignInSchema>;
