import type { LanguageChunks } from '#web/i18n/index';

/**
 * The console's strings in each language (i18n/locales/<language>/console.ts): the core areas with its navigation's,
 * and every other area, its own and the customer's, by file. Given to i18n (setLanguageChunks) before it starts.
 */
export const CONSOLE_LANGUAGE_CHUNKS: LanguageChunks = {
  en: () => import('#web/i18n/locales/en/console'),
  fr: () => import('#web/i18n/locales/fr/console'),
  es: () => import('#web/i18n/locales/es/console'),
  se: () => import('#web/i18n/locales/se/console'),
  de: () => import('#web/i18n/locales/de/console'),
};
