// A small stand-in for `i18next`, bundled in its place (web/vite.config.ts `resolve.alias`): the app uses a sliver of
// i18next — nested keys, `{{name}}` interpolation, `_one`/`_other` plurals, an English fallback, language switching —
// and the real library is ~15 KB gzip of every route's JavaScript (ARCHITECTURE §7, issue #8). The types still come
// from the real package (src/i18n/i18next.d.ts), so keys stay checked. Covered by src/i18n/lite/i18next.test.ts.

type Resources = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: number; lng?: string };
type Listener = (language: string) => void;

interface InitOptions {
  lng: string;
  fallbackLng?: string;
  supportedLngs?: readonly string[];
  resources?: Record<string, Record<string, Resources>>;
}

const NAMESPACE = 'translation';
// Plural categories by the interface language's BCP 47 tag: the stored code `se` is Swedish (ARCHITECTURE §5).
const PLURAL_TAGS: Record<string, string> = { se: 'sv' };

const bundles = new Map<string, Resources>();
const listeners = new Map<string, Set<Listener>>();
const pluralRules = new Map<string, Intl.PluralRules>();
let fallbackLanguage = 'en';

function lookup(language: string, key: string): string | undefined {
  let node: unknown = bundles.get(language);
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(PLURAL_TAGS[language] ?? language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function resolve(language: string, key: string, count: number | undefined): string | undefined {
  if (count === undefined) return lookup(language, key);
  return (
    lookup(language, `${key}_${pluralCategory(language, count)}`) ??
    lookup(language, `${key}_other`) ??
    lookup(language, key)
  );
}

function translate(key: string, options: Options = {}): string {
  const language = typeof options.lng === 'string' ? options.lng : i18next.language;
  const template =
    resolve(language, key, options.count) ?? resolve(fallbackLanguage, key, options.count) ?? String(key);
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) =>
    name in options && options[name] !== undefined ? String(options[name]) : match,
  );
}

function emit(event: string, language: string): void {
  for (const listener of listeners.get(event) ?? []) listener(language);
}

const i18next = {
  isInitialized: false,
  language: 'en',
  resolvedLanguage: 'en' as string | undefined,
  t: translate,
  use(_plugin: unknown) {
    return i18next;
  },
  async init(options: InitOptions) {
    fallbackLanguage = options.fallbackLng ?? 'en';
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      const resources = namespaces[NAMESPACE];
      if (resources) bundles.set(language, resources);
    }
    i18next.language = options.lng;
    i18next.resolvedLanguage = options.lng;
    i18next.isInitialized = true;
    emit('initialized', options.lng);
    emit('languageChanged', options.lng);
    return translate;
  },
  hasResourceBundle(language: string, namespace: string) {
    return namespace === NAMESPACE && bundles.has(language);
  },
  addResourceBundle(language: string, namespace: string, resources: Resources) {
    if (namespace === NAMESPACE) bundles.set(language, resources);
    return i18next;
  },
  async changeLanguage(language: string) {
    if (language !== i18next.language) {
      i18next.language = language;
      i18next.resolvedLanguage = language;
      emit('languageChanged', language);
    }
    return translate;
  },
  on(event: string, listener: Listener) {
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    set.add(listener);
    return i18next;
  },
  off(event: string, listener: Listener) {
    listeners.get(event)?.delete(listener);
    return i18next;
  },
};

export default i18next;
