import { LANGUAGES, type Language, LOCALE_TAGS } from '@roam/contract/enums';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { STORAGE_KEYS, writeStored } from '../lib/storage';
import en from './locales/en.json';

type Translations = typeof en;

/** Each language by its own name (ARCHITECTURE §5): the same in every interface language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  se: 'Svenska',
  de: 'Deutsch',
};

// English is bundled (default and fallback); the others are fetched only when chosen.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translations }>> = {
  fr: () => import('./locales/fr.json'),
  es: () => import('./locales/es.json'),
  se: () => import('./locales/se.json'),
  de: () => import('./locales/de.json'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** BCP 47 tag for Intl and `lang` attributes: the stored code `se` renders as `sv`. */
export function localeTag(language: Language): string {
  return LOCALE_TAGS[language];
}

async function loadTranslations(language: Language): Promise<Translations> {
  return language === 'en' ? en : (await loaders[language]()).default;
}

function syncDocumentLanguage(language: string): void {
  if (isLanguage(language)) document.documentElement.lang = localeTag(language);
}

/** Starts i18next in `language`, with that language's strings loaded before the first render. */
export async function initI18n(language: Language): Promise<void> {
  const resources: Partial<Record<Language, { translation: Translations }>> = { en: { translation: en } };
  resources[language] = { translation: await loadTranslations(language) };
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', syncDocumentLanguage);
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      resources,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes already.
    });
  }
  await changeLanguage(language, { save: false });
}

/**
 * Switches the interface language without a reload, loading its strings first. Saved to local
 * storage unless `save` is false (start-up choices from the IP or the default are not saved, so a
 * later change of the deployment's default still applies). Rejects when the strings cannot load.
 */
export async function changeLanguage(language: Language, { save = true }: { save?: boolean } = {}): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadTranslations(language));
  }
  await i18next.changeLanguage(language);
  syncDocumentLanguage(language);
  if (save) writeStored(STORAGE_KEYS.language, language);
}

/** The current interface language, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}
