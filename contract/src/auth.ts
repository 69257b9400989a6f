import type { z } from 'zod';
import type {
  ActivateSchema,
  ChangePasswordSchema,
  CheckTokenResultSchema,
  OkSchema,
  SignInSchema,
  SignUpFormSchema,
  SignUpPendingSchema,
  SignUpSchema,
  SocialSignInSchema,
  UpdateLanguageSchema,
} from './auth.schema.ts';
import { LOWEST_DRIVER_AGE } from './booking-rules.ts';
import { ageOn } from './time.ts';

// Accounts: signing up, in and out, one-time links. The spec's English words for the account rules and refusals
// (§5, §8), which the screens compare and translate; the phone and age rules; the types. The schemas are in
// auth.schema.ts.

export const APP_TYPES = ['admin', 'frontend'] as const;
export type AppType = (typeof APP_TYPES)[number];

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const AUTH_MESSAGES = {
  incorrectCredentials: 'Incorrect email or password.',
  suspended: 'Your account is suspended.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDontMatch: "Passwords don't match.",
  /** The spec's words (§5) with the site-wide floor: each car's own minimum is checked where it is booked. */
  tooYoung: 'You must be at least 18 years old.',
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

/** Spec §5 minimum age, for a rule whose age is another (a car's minimum age at checkout): the same words. */
export const tooYoungMessage = (age: number) => `You must be at least ${age} years old.`;

/** Spec §5 'Invalid phone number': digits with the usual separators, an optional leading +, 6 to 15 digits. */
export function isValidPhone(phone: string): boolean {
  const trimmed = phone.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/**
 * The site-wide floor of an account's age (18), on today's date: a car may take drivers from 18, and each car's own
 * minimum (spec §5: 21 unless its business sets another) is checked at checkout and the walk-in.
 */
export function isOldEnough(birthDate: string, now = new Date()): boolean {
  const age = ageOn(birthDate, now);
  return Number.isFinite(age) && age >= LOWEST_DRIVER_AGE && age < 130;
}

/** What a one-time account link is for: activating an account, or resetting its password. */
export const TOKEN_PURPOSES = ['activate', 'reset'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export type Ok = z.infer<typeof OkSchema>;
export type SignIn = z.infer<typeof SignInSchema>;
export type UpdateLanguage = z.infer<typeof UpdateLanguageSchema>;
export type SignUp = z.infer<typeof SignUpSchema>;
export type SignUpPending = z.infer<typeof SignUpPendingSchema>;
export type CheckTokenResult = z.infer<typeof CheckTokenResultSchema>;
export type Activate = z.infer<typeof ActivateSchema>;
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;
export type SocialSignIn = z.infer<typeof SocialSignInSchema>;
export type SignUpForm = z.input<typeof SignUpFormSchema>;
