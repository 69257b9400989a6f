import type { TFunction } from 'i18next';
import { isApiError } from '#web/lib/api-client';

/** What an account call's refusal that names no field says (spec §8), by its code. */
export function accountRefusal(t: TFunction, error: unknown): string {
  switch (isApiError(error) ? error.code : null) {
    case 'INCORRECT_CREDENTIALS':
      return t('auth.errors.incorrectCredentials');
    case 'ACCOUNT_SUSPENDED':
      return t('auth.errors.suspended');
    case 'RATE_LIMITED':
      return t('auth.errors.rateLimited');
    default:
      return t('common.errors.unhandled');
  }
}
