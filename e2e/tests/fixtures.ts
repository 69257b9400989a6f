import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';

type Locale = Record<string, unknown>;
const localesDir = new URL('../../web/src/i18n/locales/', import.meta.url);
/** The web app's own locale files: tests look for the strings a user would see, in the language under test. */
export function locale(language: 'en' | 'fr' | 'es' | 'se' | 'de'): Locale {
  return JSON.parse(readFileSync(new URL(`${language}.json`, localesDir), 'utf8')) as Locale;
}
export function text(messages: Locale, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Locale | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`no string at ${key}`);
  return value;
}

/** Every page fails its test on a console error or an uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
