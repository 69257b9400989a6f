import type { TFunction } from 'i18next';
import { isApiError } from '#web/lib/api-client';

/** The translated message for a failed upload, chosen by code (docs/house-style.md "Errors, end to end"). */
export function uploadErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('account.settings.errors.generic');
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return t('account.settings.errors.unsupportedFile');
  if (error.code === 'PAYLOAD_TOO_LARGE') return t('account.settings.errors.tooLarge');
  if (error.status === 400) return t('account.settings.errors.addImage');
  return t('account.settings.errors.generic');
}
