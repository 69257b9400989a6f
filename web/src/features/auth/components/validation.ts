import { isOldEnough, isValidPhone } from '@roam/contract/auth';
import { BOOKING_RULES } from '@roam/contract/settings';
import type { TFunction } from 'i18next';
import type { FieldErrors } from './messages';

// The spec §5 rules, checked in the browser before anything is sent; the server checks them again.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

/** 'Please fill in the field: X' for one empty field, 'Please fill in the fields: X, Y' for several. */
export function requiredMessage(t: TFunction, labels: string[]): string | null {
  if (labels.length === 0) return null;
  if (labels.length === 1) return t('auth.validation.requiredField', { field: labels[0] });
  return t('auth.validation.requiredFields', { fields: labels.join(', ') });
}

export function passwordErrors(t: TFunction, password: string, confirmation: string, field = 'password'): FieldErrors {
  const errors: FieldErrors = {};
  if (password && password.length < BOOKING_RULES.minPasswordLength) {
    errors[field] = t('auth.validation.passwordTooShort');
  }
  if (confirmation && password !== confirmation) errors.confirmPassword = t('auth.validation.passwordsDontMatch');
  return errors;
}

export type SignUpValues = {
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
  password: string;
  confirmPassword: string;
  tosAccepted: boolean;
};

export function signUpErrors(t: TFunction, values: SignUpValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.email && !isValidEmail(values.email)) errors.email = t('auth.validation.invalidEmail');
  if (values.phone && !isValidPhone(values.phone)) errors.phone = t('auth.validation.invalidPhone');
  if (values.birthDate && !isOldEnough(values.birthDate)) errors.birthDate = t('auth.validation.tooYoung');
  Object.assign(errors, passwordErrors(t, values.password, values.confirmPassword));
  if (!values.tosAccepted) errors.tosAccepted = t('auth.validation.acceptTos');
  return errors;
}
