import type { Language } from './languages.ts';
import { wordingSlips } from './wording.ts';

// What every locale file must be, checked the same way over the web's screens (web/src/i18n/locales.test.ts,
// wording.test.ts) and the server's e-mails and documents (server/src/i18n/locales.test.ts): each language has
// exactly English's keys, nothing empty, nothing copied from English or left for a translator, the same `{{name}}`
// placeholders and <Trans> tags, and keeps to its one register (docs/translations.md). Each function returns what is
// wrong — [] when nothing is — for a test to hold empty. Used by tests only.

/** Every string under `value` as [dotted.path, text]: nested objects and arrays (an info page's paragraphs) alike. */
export function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [];
}

/** The keys of a tree, sorted: two languages agree when these are equal. */
export const keysOf = (tree: unknown) =>
  leaves(tree)
    .map(([key]) => key)
    .sort();

/** Keys whose text is empty or blank. */
export const emptyTexts = (tree: unknown) => leaves(tree).filter(([, text]) => text.trim() === '');

/** Texts with a brace outside a well-formed `{{name}}` (a placeholder misspelt `{name}` or `{{name}`). */
export const strayBraces = (tree: unknown) =>
  leaves(tree).filter(([, text]) => /[{}]/.test(text.replace(/{{\s*\w+\s*}}/g, '')));

/** Texts a translator has not finished: TODO, FIXME, "[…]". */
export const unfinishedTexts = (tree: unknown) =>
  leaves(tree).filter(([, text]) => /\b(TODO|FIXME|TRANSLATE|XXX)\b|^\[.*\]$/.test(text));

const placeholders = (text: string | undefined) =>
  [...(text ?? '').matchAll(/{{\s*(\w+)\s*}}/g)]
    .map((m) => m[1])
    .sort()
    .join();
const tags = (text: string | undefined) =>
  [...(text ?? '').matchAll(/<\/?(\w+)\s*\/?>/g)]
    .map((m) => m[0])
    .sort()
    .join();

/** How `translation` differs from `english` key by key, in what must not differ. */
export function translationSlips(english: unknown, translation: unknown, sameInEveryLanguage: ReadonlySet<string>) {
  const source = new Map(leaves(english));
  const entries = leaves(translation);
  return {
    /** A text left in English (some words are the same in every language: `sameInEveryLanguage`). */
    copied: entries.filter(([key, text]) => text === source.get(key) && !sameInEveryLanguage.has(text)),
    /** A `{{placeholder}}` missing, added or renamed. */
    placeholders: entries.filter(([key, text]) => placeholders(text) !== placeholders(source.get(key))),
    /** A <Trans> tag missing or added. */
    tags: entries.filter(([key, text]) => tags(text) !== tags(source.get(key))),
  };
}

/** The texts of `language` that slip out of its one register or use a word we do not (contract wording.ts). */
export const registerSlips = (language: Language, texts: readonly (readonly [string, string])[]) =>
  texts
    .map(([where, text]) => [where, wordingSlips(language, text).join(', '), text] as const)
    .filter(([, found]) => found !== '');
