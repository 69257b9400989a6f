import { LANGUAGES, type Language, LOCALE_TAGS } from '@roam/contract/languages';
import i18next, { type i18n, type Resource, type ResourceLanguage } from 'i18next';
import { type Area, TEXTS, type Texts } from './resources.ts';

// The server's texts through i18next, the library the web's screens use (docs/translations.md): `{{name}}`
// placeholders, plurals by each language's rules (`key_one`, `key_other`, chosen by `count`). Built once, when this
// module loads: a request only picks a ready function.
//
// Two instances, for where the text goes. Plain text (an e-mail's text body, a receipt, a calendar file) takes its
// values as they are; HTML (an e-mail's HTML body) has every text escaped once here and every value escaped as it is
// put in, so no text reaches an HTML body unescaped, a translator's "&" included.

/** Every leaf key of an area, dotted; a plural's forms are one key. */
type Leaf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaf<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
export type Key<A extends Area> = PluralBase<Leaf<Texts[A]>>;

/** The placeholders' values; `count` also picks a plural's form. */
export type Values = Readonly<Record<string, string | number>>;
export type Translate<A extends Area> = (key: Key<A>, values?: Values) => string;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

type Tree = { readonly [key: string]: string | Tree };
const mapStrings = (tree: Tree, map: (text: string) => string): Tree =>
  Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? map(value) : mapStrings(value, map)]),
  );

function instance(map: (text: string) => string, escapeValue: boolean): i18n {
  // Registered under BCP 47 tags (`se` is Swedish here, `sv`), so that i18next picks each language's plural rules.
  const resources: Resource = Object.fromEntries(
    LANGUAGES.map((language) => [LOCALE_TAGS[language], mapStrings(TEXTS[language], map) as ResourceLanguage]),
  );
  const texts = i18next.createInstance();
  void texts.init({
    initAsync: false,
    resources,
    lng: LOCALE_TAGS.en,
    fallbackLng: LOCALE_TAGS.en,
    ns: Object.keys(TEXTS.en),
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue, escape: escapeHtml },
  });
  return texts;
}

const plain = instance((text) => text, false);
const html = instance(escapeHtml, true);

type Fixed = (key: string, options?: Values) => string;
const translators = new Map<string, Fixed>();

/**
 * `area` in `language` from `texts`, made once. A text without values is the same every time: it is kept after its
 * first lookup (i18next's own lookup costs ~10 µs, and a booking's summary asks for a dozen labels).
 */
function fixedT(texts: i18n, kind: string, language: Language, area: Area): Fixed {
  const id = `${kind}/${language}/${area}`;
  let fixed = translators.get(id);
  if (!fixed) {
    const t = texts.getFixedT(LOCALE_TAGS[language], area) as unknown as Fixed;
    const constants = new Map<string, string>();
    fixed = (key, values) => {
      if (values) return t(key, values);
      let text = constants.get(key);
      if (text === undefined) {
        text = t(key);
        constants.set(key, text);
      }
      return text;
    };
    translators.set(id, fixed);
  }
  return fixed;
}

/** The texts of `area` in `language`, for plain text: values go in as they are. */
export function translator<A extends Area>(language: Language, area: A): Translate<A> {
  return fixedT(plain, 'text', language, area);
}

/** The texts of `area` in `language`, for an HTML body: text and values escaped. */
export function htmlTranslator<A extends Area>(language: Language, area: A): Translate<A> {
  return fixedT(html, 'html', language, area);
}
