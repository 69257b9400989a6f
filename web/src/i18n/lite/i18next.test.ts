import { describe, expect, it } from 'vitest';
import i18next from './i18next';

describe('the i18next stand-in', () => {
  it('looks up nested keys, interpolates, picks plurals and falls back to English', async () => {
    await i18next.init({
      lng: 'fr',
      fallbackLng: 'en',
      resources: {
        en: {
          translation: {
            a: { hello: 'Hello {{name}}', only: 'English only', n_one: '{{count}} car', n_other: '{{count}} cars' },
          },
        },
        fr: {
          translation: { a: { hello: 'Bonjour {{name}}', n_one: '{{count}} voiture', n_other: '{{count}} voitures' } },
        },
      },
    });
    expect(i18next.t('a.hello', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(i18next.t('a.only')).toBe('English only');
    expect(i18next.t('a.n', { count: 1 })).toBe('1 voiture');
    expect(i18next.t('a.n', { count: 2 })).toBe('2 voitures');
    expect(i18next.t('a.hello', { name: 'Ana', lng: 'en' })).toBe('Hello Ana');
    expect(i18next.t('a.missing')).toBe('a.missing');
  });

  it('switches language, tells listeners, and uses Swedish plural rules for `se`', async () => {
    const changes: string[] = [];
    i18next.on('languageChanged', (language) => changes.push(language));
    i18next.addResourceBundle('se', 'translation', { a: { n_one: '{{count}} bil', n_other: '{{count}} bilar' } });
    expect(i18next.hasResourceBundle('se', 'translation')).toBe(true);
    await i18next.changeLanguage('se');
    expect(changes).toEqual(['se']);
    expect(i18next.resolvedLanguage).toBe('se');
    expect(i18next.t('a.n', { count: 2 })).toBe('2 bilar');
    expect(i18next.t('a.n', { count: 1 })).toBe('1 bil');
  });
});
