import type { Language } from '@roam/contract/languages';
import type { Settings } from '@roam/contract/settings';
import { isLanguage } from './index';

type LanguageSettings = Pick<Settings, 'defaultLanguage' | 'setLanguageFromIp'>;

export interface StartLanguageSources {
  /** `location.search`; `?l=xx` forces the language (spec §2). */
  search: string;
  /** The saved language, as read from local storage. */
  saved: string | null;
  loadSettings: () => Promise<LanguageSettings>;
  loadCountryCode: () => Promise<string | null>;
}

export interface StartLanguage {
  language: Language;
  /** True when the choice came from the address and must be remembered. */
  save: boolean;
}

/** Spec §7: FR and MA give French, US, GB and AU give English, anything else the default. */
export function languageFromCountry(countryCode: string | null, fallback: Language): Language {
  switch (countryCode?.toUpperCase()) {
    case 'FR':
    case 'MA':
      return 'fr';
    case 'US':
    case 'GB':
    case 'AU':
      return 'en';
    default:
      return fallback;
  }
}

/**
 * docs/architecture.md §5 start-up choice: `?l=` in the address, else the saved language, else (when the
 * deployment sets the language from the IP) the visitor's country, else the default language.
 * Failures of the settings or country calls fall through to the next rule, ending at English.
 */
export async function chooseStartLanguage(sources: StartLanguageSources): Promise<StartLanguage> {
  const fromAddress = new URLSearchParams(sources.search).get('l');
  if (isLanguage(fromAddress)) return { language: fromAddress, save: true };
  if (isLanguage(sources.saved)) return { language: sources.saved, save: false };

  const settings = await sources.loadSettings().catch(() => null);
  const fallback = settings?.defaultLanguage ?? 'en';
  if (!settings?.setLanguageFromIp) return { language: fallback, save: false };
  const countryCode = await sources.loadCountryCode().catch(() => null);
  return { language: languageFromCountry(countryCode, fallback), save: false };
}
