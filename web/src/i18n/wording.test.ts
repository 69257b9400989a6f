import { LANGUAGES } from '@roam/contract/console-enum-values';
import { wordingSlips } from '@roam/contract/wording';
import { describe, expect, it } from 'vitest';

// Issue #22 item 12: one register per language (English plain, French vous, Spanish tú, German Sie, Swedish du) and
// one word for one thing (the security deposit) across every string the web shows: the locale files and the info
// pages' content.

type Tree = { [key: string]: unknown };

const localeFiles = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const infoPages = import.meta.glob<Tree>('../features/info/content/*.json', { eager: true, import: 'default' });

/** Every string under `value` as [where, text]. */
function strings(value: unknown, where: string): [string, string][] {
  if (typeof value === 'string') return [[where, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${where}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${where}.${key}`));
  return [];
}

function textsOf(language: string): [string, string][] {
  const locale = Object.entries(localeFiles).filter(([file]) => file.includes(`/locales/${language}/`));
  const info = Object.entries(infoPages).filter(([file]) => file.endsWith(`.${language}.json`));
  return [...locale, ...info].flatMap(([file, tree]) => strings(tree, file.replace(/^.*\//, '')));
}

describe.each(LANGUAGES)('%s', (language) => {
  it('keeps to its one register and its words in every locale string and info page', () => {
    const texts = textsOf(language);
    expect(texts.length).toBeGreaterThan(100);
    const slips = texts
      .map(([where, text]) => [where, wordingSlips(language, text).join(', '), text])
      .filter(([, found]) => found !== '');
    expect(slips).toEqual([]);
  });
});
