import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@roam/contract/languages';
import {
  emptyTexts,
  keysOf,
  leaves,
  registerSlips,
  strayBraces,
  translationSlips,
  unfinishedTexts,
} from '@roam/contract/locale-checks';
import { describe, expect, it } from 'vitest';
import { TEXTS } from './resources.ts';

// The server's locale files (locales/<language>/<area>.json) under the web's rules, by the same code
// (contract locale-checks.ts): each language is one tree, `{ area: file }`, read from disk as a translator leaves it.

const localesDir = path.resolve(import.meta.dirname, 'locales');
const areasOf = (language: string) =>
  readdirSync(path.join(localesDir, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
const treeOf = (language: string): Record<string, unknown> =>
  Object.fromEntries(
    areasOf(language).map((area) => [
      area,
      JSON.parse(readFileSync(path.join(localesDir, language, `${area}.json`), 'utf8')) as unknown,
    ]),
  );
const trees = Object.fromEntries(LANGUAGES.map((language) => [language, treeOf(language)]));
const english = trees.en ?? {};

/** Texts rightly the same as English somewhere: fr, es "Total"; se, de "Status"; es "No"; a summary line's punctuation. */
const SAME_AS_ENGLISH = new Set(['Total', 'Status', 'No', '{{label}}: {{value}}']);

describe('server locale files', () => {
  it('exist for every language of the contract, and no other', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...LANGUAGES].sort());
  });

  it('split every language into the same areas, each one bundled (resources.ts)', () => {
    for (const language of LANGUAGES) {
      expect(areasOf(language), language).toEqual(areasOf('en'));
      const { bookings: _screenWords, ...bundled } = TEXTS[language];
      expect(bundled, language).toEqual(trees[language]);
    }
  });

  it('English has no empty string and well-formed placeholders', () => {
    expect(emptyTexts(english)).toEqual([]);
    expect(strayBraces(english)).toEqual([]);
  });

  describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const tree = trees[language];
    const slips = translationSlips(english, tree, SAME_AS_ENGLISH);

    it('has exactly the English keys', () => {
      expect(keysOf(tree)).toEqual(keysOf(english));
    });

    it('has no empty string, no stray brace, nothing left for a translator', () => {
      expect(emptyTexts(tree)).toEqual([]);
      expect(strayBraces(tree)).toEqual([]);
      expect(unfinishedTexts(tree)).toEqual([]);
    });

    it('is translated: no value copied from English', () => {
      expect(slips.copied).toEqual([]);
    });

    it('keeps the same placeholders as English', () => {
      expect(slips.placeholders).toEqual([]);
    });
  });

  it.each(LANGUAGES)('%s keeps to its one register and its words in every text', (language) => {
    const texts = leaves(trees[language]);
    expect(texts.length).toBeGreaterThan(80);
    expect(registerSlips(language, texts)).toEqual([]);
  });
});
