import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@roam/contract/languages';
import { describe, expect, it } from 'vitest';
import { TEXTS } from './resources.ts';
import { translator } from './translate.ts';

// "A pay-later booking is 'confirmed' in the e-mail and 'Pending' on the site" must not happen again: the e-mails and
// the receipt say a booking's status, and label its summary, with the screens' own words — one copy in the contract
// (contract/locales/<language>/booking-words.json), read by the server (resources.ts) and merged into the web's
// `bookings` area by its build (web/vite.config.ts) — and the notifications screen's copy of the status words is held
// equal to them.

const locales = path.resolve(import.meta.dirname, '../../../web/src/i18n/locales');
const area = (language: string, name: string) =>
  JSON.parse(readFileSync(path.join(locales, language, `${name}.json`), 'utf8')) as Record<string, unknown>;
const shared = (language: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../../contract/locales/${language}/booking-words.json`), 'utf8'),
  ) as Record<string, unknown>;

describe('the words of a booking', () => {
  it('are the same on the screens (bookings, notifications) and in the e-mails, in every language', () => {
    for (const language of LANGUAGES) {
      const { status, summary } = TEXTS[language].bookings;
      expect(shared(language), language).toEqual({ status, summary });
      expect(area(language, 'notifications').statuses, language).toEqual(status);
      // One copy: the web's own `bookings` file does not word them again.
      expect(Object.keys(area(language, 'bookings')), language).not.toContain('status');
      expect(Object.keys(area(language, 'bookings')), language).not.toContain('summary');
    }
  });

  it('say "confirmed" of a pay-later booking, as its confirmation e-mail does', () => {
    expect(translator('en', 'bookings')('status.pending')).toMatch(/^Confirmed/);
    expect(translator('de', 'bookings')('status.pending')).toMatch(/^Bestätigt/);
    expect(translator('es', 'bookings')('status.pending')).toMatch(/^Confirmada/);
  });

  it('name the security deposit with one word per language, never a down payment', () => {
    const word = { en: /security deposit/i, fr: /caution/i, es: /fianza/i, se: /deposition/i, de: /kaution/i };
    for (const language of LANGUAGES) {
      expect(translator(language, 'bookings')('status.deposit')).toMatch(word[language]);
      const checkout = JSON.stringify(area(language, 'checkout'));
      expect(checkout, language).not.toMatch(/Anzahlung|acompte|anticipo|handpenning|depósito|down payment/i);
    }
  });
});
