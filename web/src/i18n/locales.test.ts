import { LANGUAGES } from '@roam/contract/enums';
import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import se from './locales/se.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dot.path, value]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

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
]);

const english = new Map(leaves(en));
const translations = { fr, es, se, de } satisfies Record<Exclude<(typeof LANGUAGES)[number], 'en'>, Tree>;

describe('locale files', () => {
  it('exist for every language of the contract', () => {
    expect(['en', ...Object.keys(translations)].sort()).toEqual([...LANGUAGES].sort());
  });

  it('English has no empty string', () => {
    expect([...english].filter(([, value]) => value.trim() === '')).toEqual([]);
  });

  describe.each(Object.entries(translations))('%s', (_language, tree) => {
    const entries = leaves(tree);

    it('has exactly the English keys', () => {
      expect(entries.map(([key]) => key).sort()).toEqual([...english.keys()].sort());
    });

    it('has no empty string', () => {
      expect(entries.filter(([, value]) => value.trim() === '')).toEqual([]);
    });

    it('is translated: no value copied from English', () => {
      const copied = entries.filter(([key, value]) => value === english.get(key) && !SAME_IN_EVERY_LANGUAGE.has(value));
      expect(copied).toEqual([]);
    });

    it('keeps the same interpolation variables as English', () => {
      const variables = (text: string | undefined) =>
        [...(text ?? '').matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      const mismatched = entries.filter(
        ([key, value]) => variables(value).join() !== variables(english.get(key)).join(),
      );
      expect(mismatched).toEqual([]);
    });
  });
});
