import type { Language } from '@roam/contract/languages';
import { LOCALE_TAGS } from '@roam/contract/languages';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { STORAGE_KEYS, writeStored } from '#web/lib/storage';
import { components, core, screens } from './areas.json';
import type { Area } from './translations';

/** Each language by its own name (docs/architecture.md §5): the same in every interface language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  se: 'Svenska',
  de: 'Deutsch',
};

// Strings are split by area (locales/<language>/<area>.json) and loaded when first needed, in the interface language
// only: the core areas (header, footer, layout, errors; bundled into the language's own small chunk, with the map
// of its other areas) before the first render, a screen's areas with its code (app/router.tsx), a lazy component's
// with it (`importWithStrings`). No language is bundled into the entry, English included.
export type LanguageStrings = typeof import('./locales/en/index');
export type LanguageChunks = Record<Language, () => Promise<LanguageStrings>>;
/** The customer app's: its areas, none of the console's. */
let languageChunks: LanguageChunks = {
  en: () => import('./locales/en/index'),
  fr: () => import('./locales/fr/index'),
  es: () => import('./locales/es/index'),
  se: () => import('./locales/se/index'),
  de: () => import('./locales/de/index'),
};

/**
 * The console's build calls this before `initI18n` with its own language chunks (locales/<language>/console.ts: the
 * same core areas, and every other area, its own among them); the customer app never does, so its build keeps none
 * of it (docs/architecture.md, "The console").
 */
export function setLanguageChunks(chunks: LanguageChunks): void {
  languageChunks = chunks;
}

/**
 * Which areas each screen and lazy component of the customer app shows, beside the core ones (checked by
 * areas.test.ts). Imported by name: the console's screens, also listed in areas.json, stay out of this app's build.
 */
export const STRING_AREAS = { core, screens, components } as {
  core: Area[];
  screens: Record<keyof typeof screens, Area[]>;
  components: Record<keyof typeof components, Area[]>;
};

/** Areas shown so far: a language switch loads all of them in the new language before it applies. */
const needed = new Set<Area>(STRING_AREAS.core);
const loads = new Map<string, Promise<void>>();
let languageChosen: () => void = () => {};
const chosen = new Promise<void>((resolve) => {
  languageChosen = resolve;
});
/** The language being switched to, while its strings load. */
let switchingTo: Language | null = null;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_NAMES, value);
}

/** BCP 47 tag for Intl and `lang` attributes: the stored code `se` renders as `sv`. */
export function localeTag(language: Language): string {
  return LOCALE_TAGS[language];
}

/** Runs `load` once per key; a failed download is tried again the next time it is needed. */
function once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let promise = cache.get(key);
  if (!promise) {
    promise = load();
    promise.catch(() => cache.delete(key));
    cache.set(key, promise);
  }
  return promise;
}

const languageLoads = new Map<string, Promise<LanguageStrings>>();
const areaOfFile = (file: string) => file.replace(/^.*\/|\.json$/g, '') as Area;

function loadLanguage(language: Language): Promise<LanguageStrings> {
  return once(languageLoads, language, async () => {
    const strings = await languageChunks[language]();
    for (const [file, core] of Object.entries(strings.core)) {
      i18next.addResourceBundle(language, 'translation', { [areaOfFile(file)]: core }, true, true);
    }
    return strings;
  });
}

function loadArea(language: Language, area: Area): Promise<void> {
  return once(loads, `${language}/${area}`, async () => {
    const { areas } = await loadLanguage(language);
    const load = areas[`./${area}.json`];
    if (!load) return; // A core area: loaded with the language.
    i18next.addResourceBundle(language, 'translation', { [area]: await load() }, true, true);
  });
}

/** Loads every area needed so far in `language`, including areas asked for while it loads. */
async function loadNeeded(language: Language): Promise<void> {
  let count: number;
  do {
    count = needed.size;
    await Promise.all([...needed].map((area) => loadArea(language, area)));
  } while (needed.size !== count);
}

function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

/**
 * Loads `areas` in the interface language (and in the one being switched to), resolving once t() can show them:
 * await it before rendering what shows them, so no raw key ever flashes. Waits for the start-up language choice.
 */
export async function loadStrings(areas: readonly Area[]): Promise<void> {
  for (const area of areas) needed.add(area);
  await chosen;
  const languages = new Set([currentLanguage(), ...(switchingTo ? [switchingTo] : [])]);
  await Promise.all([...languages].flatMap((language) => areas.map((area) => loadArea(language, area))));
}

/**
 * For `React.lazy`: imports a component module (by its path under src/, a key of areas.json `components`) together
 * with the strings of its areas, so that it never renders a raw key.
 */
export function importWithStrings<Module>(
  component: keyof typeof STRING_AREAS.components,
  load: () => Promise<Module>,
): Promise<Module> {
  return Promise.all([load(), loadStrings(STRING_AREAS.components[component])]).then(([module]) => module);
}

function syncDocumentLanguage(language: string): void {
  if (isLanguage(language)) document.documentElement.lang = localeTag(language);
}

/** Starts i18next in `language`, with the core strings of that language loaded before the first render. */
export async function initI18n(language: Language): Promise<void> {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', syncDocumentLanguage);
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      supportedLngs: Object.keys(LANGUAGE_NAMES),
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes already.
    });
  }
  await changeLanguage(language, { save: false });
  languageChosen();
}

/**
 * Switches the interface language without a reload, loading its strings first (every area shown so far). Saved to
 * local storage unless `save` is false (start-up choices from the IP or the default are not saved, so a later
 * change of the deployment's default still applies). Rejects when the strings cannot load.
 */
export async function changeLanguage(language: Language, { save = true }: { save?: boolean } = {}): Promise<void> {
  switchingTo = language;
  try {
    await loadNeeded(language);
  } finally {
    if (switchingTo === language) switchingTo = null;
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
