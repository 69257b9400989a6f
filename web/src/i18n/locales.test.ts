// @vitest-environment node
import { LANGUAGES } from '@roam/contract/languages';
import { emptyTexts, keysOf, strayBraces, translationSlips, unfinishedTexts } from '@roam/contract/locale-checks';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

// One file per language and area (locales/<language>/<area>.json, loaded with the screens that show the area):
// each language is checked as one tree, `{ area: file }`, so every rule below holds across the split.
const localeFiles = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const trees: Record<string, Tree> = {};
for (const [file, tree] of Object.entries(localeFiles)) {
  const [, language, area] = file.match(/locales\/(\w+)\/(\w+)\.json$/) ?? [];
  if (!language || !area) throw new Error(`unexpected locale file ${file}`);
  trees[language] = { ...trees[language], [area]: tree };
}
const { en = {}, fr = {}, es = {}, se = {}, de = {} } = trees;
const areasOf = (language: string) => Object.keys(trees[language] ?? {}).sort();

/** Values that are the same word in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Roam',
  'OK',
  'SUV',
  'Bluetooth',
  'Android Auto',
  'Apple CarPlay',
  'Diesel',
  'Hybrid',
  'Bus',
  'Scooter',
  // Continents some languages spell as English does (the time zones' regions): Europe (fr), Asia, Australia (es).
  'Europe',
  'Asia',
  'Australia',
]);

const translations = { fr, es, se, de } satisfies Record<Exclude<(typeof LANGUAGES)[number], 'en'>, Tree>;

describe('locale files', () => {
  it('exist for every language of the contract, and no other', () => {
    expect(['en', ...Object.keys(translations)].sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(trees).sort()).toEqual([...LANGUAGES].sort());
  });

  it('split every language into the same areas', () => {
    for (const language of LANGUAGES) expect(areasOf(language), language).toEqual(areasOf('en'));
  });

  it('English has no empty string', () => {
    expect(emptyTexts(en)).toEqual([]);
  });

  it('has well-formed interpolations in English: no stray braces', () => {
    expect(strayBraces(en)).toEqual([]);
  });

  describe.each(Object.entries(translations))('%s', (_language, tree) => {
    const slips = translationSlips(en, tree, SAME_IN_EVERY_LANGUAGE);

    it('has exactly the English keys', () => {
      expect(keysOf(tree)).toEqual(keysOf(en));
    });

    it('has no empty string', () => {
      expect(emptyTexts(tree)).toEqual([]);
    });

    it('is translated: no value copied from English', () => {
      expect(slips.copied).toEqual([]);
    });

    it('keeps the same interpolation variables as English', () => {
      expect(slips.placeholders).toEqual([]);
    });

    it('keeps the same <Trans> tags as English', () => {
      expect(slips.tags).toEqual([]);
    });

    it('has no placeholder text left for a translator', () => {
      expect(unfinishedTexts(tree)).toEqual([]);
    });
  });
});

// The long texts of the informational pages live beside their screens, one lazily loaded file per page and
// language (web/src/features/info/content/<page>.<lang>.json); they obey the same parity rules.
const contentFiles = import.meta.glob<Tree>('../features/info/content/*.json', { eager: true, import: 'default' });
const contentPages = [
  ...new Set(Object.keys(contentFiles).map((file) => file.match(/content\/([\w-]+)\.\w+\.json$/)?.[1])),
];

describe('informational page content', () => {
  it('exists for five pages', () => {
    expect(contentPages.sort()).toEqual(['about', 'cookie-policy', 'faq', 'privacy', 'tos']);
  });

  describe.each(contentPages)('%s', (page) => {
    const fileOf = (language: string) => contentFiles[`../features/info/content/${page}.${language}.json`];
    const englishContent = fileOf('en') ?? {};

    it.each(LANGUAGES.filter((language) => language !== 'en'))(
      '%s has the English structure, translated',
      (language) => {
        const tree = fileOf(language);
        expect(tree, `${page}.${language}.json`).toBeDefined();
        const slips = translationSlips(englishContent, tree ?? {}, new Set());
        expect(keysOf(tree ?? {})).toEqual(keysOf(englishContent));
        expect(emptyTexts(tree ?? {})).toEqual([]);
        expect(slips.copied).toEqual([]);
        expect(slips.placeholders).toEqual([]);
      },
    );
  });
});
