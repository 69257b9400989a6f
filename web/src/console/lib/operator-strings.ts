import type { Language } from '@roam/contract/enum-values';
import type { i18n as I18n } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/index';

// Issue #23: the console's strings. Its own areas (locales/<language>/operator*.json) are neither in the language
// chunks (their glob leaves them out: locales/<language>/index.ts) nor in i18n/areas.json, both of which every
// customer downloads with the entry: an entry per area there would add bytes to every customer route (ARCHITECTURE
// §7: the console adds 0). They load here, in the interface language, with any customer area the console also shows
// (a second pattern, `'../../i18n/locales/*/{cars,forms}.json'`: i18n/areas.test.ts checks the list): the
// console suspends until they are in, on its first render and after a language switch, so that no raw key shows.

const files = import.meta.glob<Record<string, unknown>>(
  ['../../i18n/locales/*/operator*.json', '../../i18n/locales/*/{cars,forms}.json'],
  {
    import: 'default',
  },
);
const loads = new Map<Language, Promise<void>>();

/** The console's areas in `language`, added to i18next; once per language (a failed download is tried again). */
function loadOperatorStrings(i18n: I18n, language: Language): Promise<void> {
  let load = loads.get(language);
  if (!load) {
    const inLanguage = Object.entries(files).filter(([file]) => file.includes(`/locales/${language}/`));
    load = Promise.all(
      inLanguage.map(async ([file, read]) => {
        const area = file.replace(/^.*\/|\.json$/g, '');
        i18n.addResourceBundle(language, 'translation', { [area]: await read() }, true, true);
      }),
    ).then(() => undefined);
    load.catch(() => loads.delete(language));
    loads.set(language, load);
  }
  return load;
}

/** Suspends until the console's strings are in the interface language. */
export function useOperatorStrings(): void {
  const { i18n } = useTranslation();
  use(loadOperatorStrings(i18n, useLanguage()));
}
