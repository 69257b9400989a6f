// The stand-in for `react-i18next` that goes with ./i18next.ts (see there): `useTranslation()` gives `t` and
// `i18n`, and re-renders its component when the language changes.
import { useMemo, useSyncExternalStore } from 'react';
import i18next from './i18next';

export const initReactI18next = { type: '3rdParty', init() {} };

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

const currentLanguage = () => i18next.language;

export function useTranslation() {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // A new `t` per language, as react-i18next does, so that memoised values depending on it are recomputed.
  return useMemo(
    () => ({ t: (...args: Parameters<typeof i18next.t>) => i18next.t(...args), i18n: i18next, ready: true, language }),
    [language],
  );
}
