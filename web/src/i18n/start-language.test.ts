// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { chooseStartLanguage, languageFromCountry } from './start-language';

const settings = (
  overrides: { defaultLanguage?: 'en' | 'fr' | 'es' | 'se' | 'de'; setLanguageFromIp?: boolean } = {},
) => vi.fn(async () => ({ defaultLanguage: 'es' as const, setLanguageFromIp: false, ...overrides }));

describe('languageFromCountry (spec §7)', () => {
  it.each([
    ['FR', 'fr'],
    ['MA', 'fr'],
    ['US', 'en'],
    ['GB', 'en'],
    ['AU', 'en'],
    ['gb', 'en'],
    ['DE', 'se'],
    [null, 'se'],
  ] as const)('%s gives %s when the default is se', (country, language) => {
    expect(languageFromCountry(country, 'se')).toBe(language);
  });
});

describe('chooseStartLanguage (docs/architecture.md §5)', () => {
  it('takes ?l= from the address first, and asks for it to be saved', async () => {
    const loadSettings = settings();
    const result = await chooseStartLanguage({
      search: '?l=de',
      saved: 'fr',
      loadSettings,
      loadCountryCode: async () => 'FR',
    });
    expect(result).toEqual({ language: 'de', save: true });
    expect(loadSettings).not.toHaveBeenCalled();
  });

  it('ignores an unknown ?l= and uses the saved language', async () => {
    const result = await chooseStartLanguage({
      search: '?l=xx',
      saved: 'se',
      loadSettings: settings(),
      loadCountryCode: async () => null,
    });
    expect(result).toEqual({ language: 'se', save: false });
  });

  it('uses the country when the deployment sets the language from the IP', async () => {
    const result = await chooseStartLanguage({
      search: '',
      saved: null,
      loadSettings: settings({ setLanguageFromIp: true }),
      loadCountryCode: async () => 'MA',
    });
    expect(result.language).toBe('fr');
  });

  it('does not ask for the country when the deployment does not use it', async () => {
    const loadCountryCode = vi.fn(async () => 'FR');
    const result = await chooseStartLanguage({ search: '', saved: 'xx', loadSettings: settings(), loadCountryCode });
    expect(result.language).toBe('es');
    expect(loadCountryCode).not.toHaveBeenCalled();
  });

  it('falls back to the default when the country call fails, and to English when settings fail', async () => {
    const countryFails = await chooseStartLanguage({
      search: '',
      saved: null,
      loadSettings: settings({ setLanguageFromIp: true, defaultLanguage: 'de' }),
      loadCountryCode: async () => {
        throw new Error('offline');
      },
    });
    expect(countryFails.language).toBe('de');

    const settingsFail = await chooseStartLanguage({
      search: '',
      saved: null,
      loadSettings: async () => {
        throw new Error('offline');
      },
      loadCountryCode: async () => 'FR',
    });
    expect(settingsFail).toEqual({ language: 'en', save: false });
  });
});
