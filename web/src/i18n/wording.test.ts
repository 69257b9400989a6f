// @vitest-environment node
import { LANGUAGES } from '@roam/contract/languages';
import { leaves, registerSlips } from '@roam/contract/locale-checks';
import { describe, expect, it } from 'vitest';

// One register per language (English plain, French vous, Spanish tú, German Sie, Swedish du) and
// one word for one thing (the security deposit) across every string the web shows: the locale files and the info
// pages' content.

type Tree = { [key: string]: unknown };

const localeFiles = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const infoPages = import.meta.glob<Tree>('../features/info/content/*.json', { eager: true, import: 'default' });

function textsOf(language: string): [string, string][] {
  const locale = Object.entries(localeFiles).filter(([file]) => file.includes(`/locales/${language}/`));
  const info = Object.entries(infoPages).filter(([file]) => file.endsWith(`.${language}.json`));
  return [...locale, ...info].flatMap(([file, tree]) => leaves(tree, file.replace(/^.*\//, '')));
}

describe.each(LANGUAGES)('%s', (language) => {
  it('keeps to its one register and its words in every locale string and info page', () => {
    const texts = textsOf(language);
    expect(texts.length).toBeGreaterThan(100);
    expect(registerSlips(language, texts)).toEqual([]);
  });
});
