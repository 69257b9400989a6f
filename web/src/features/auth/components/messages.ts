import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client';

// Server answers → translated messages. The server speaks the spec's English (contract AUTH_MESSAGES); the screens
// translate by code and by the English text of a field error.

const FIELD_MESSAGES = {
  'Password must be at least 6 characters long.': 'auth.validation.passwordTooShort',
  'You must be at least 21 years old.': 'auth.validation.tooYoung',
  'Accept the Terms of Use.': 'auth.validation.acceptTos',
  'Invalid email address': 'auth.validation.invalidEmail',
  'Invalid phone number': 'auth.validation.invalidPhone',
  'This email address is already registered.': 'auth.validation.emailTaken',
  'reCAPTCHA error': 'auth.validation.recaptchaError',
  'Email address not registered': 'auth.forgotPassword.notRegistered',
  'Wrong password': 'account.changePassword.wrongPassword',
  'Please choose a new password': 'account.changePassword.chooseNewPassword',
} as const;

export type FieldErrors = Record<string, string>;

/** The server's field errors, translated; fields without a known message get 'Please fix errors.'. */
export function translateFieldErrors(t: TFunction, error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0] ?? '';
    const key = FIELD_MESSAGES[first as keyof typeof FIELD_MESSAGES];
    out[field] = key ? t(key) : t('auth.validation.fixErrors');
  }
  return out;
}

export const isRateLimited = (error: unknown) => isApiError(error) && error.code === 'RATE_LIMITED';
