import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@roam/contract/enums';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUS_WORDS, SUMMARY_WORDS } from './booking-mail-words.ts';

// Issue #22 item 8: "a pay-later booking is 'confirmed' in the e-mail and 'Pending' on the site". The e-mails and the
// screens say a booking's status, and label its summary, with the same words in every language: the web's locale
// files (the screens' words) are read here and held equal to the e-mails'.

const locales = path.resolve(import.meta.dirname, '../../../../web/src/i18n/locales');
const area = (language: string, name: string) =>
  JSON.parse(readFileSync(path.join(locales, language, `${name}.json`), 'utf8')) as Record<string, unknown>;

describe('the words of a booking', () => {
  it('are the same on the screens (bookings, notifications) and in the e-mails, in every language', () => {
    for (const language of LANGUAGES) {
      expect(area(language, 'bookings').status, language).toEqual(BOOKING_STATUS_WORDS[language]);
      expect(area(language, 'notifications').statuses, language).toEqual(BOOKING_STATUS_WORDS[language]);
      const { checklist: _checklist, ...labels } = SUMMARY_WORDS[language];
      expect(area(language, 'bookings').summary, language).toEqual(labels);
    }
  });

  it('say "confirmed" of a pay-later booking, as its confirmation e-mail does', () => {
    expect(BOOKING_STATUS_WORDS.en.pending).toMatch(/^Confirmed/);
    expect(BOOKING_STATUS_WORDS.de.pending).toMatch(/^Bestätigt/);
    expect(BOOKING_STATUS_WORDS.es.pending).toMatch(/^Confirmada/);
  });

  it('name the security deposit with one word per language, never a down payment', () => {
    const word = { en: /security deposit/i, fr: /caution/i, es: /fianza/i, se: /deposition/i, de: /kaution/i };
    for (const language of LANGUAGES) {
      expect(BOOKING_STATUS_WORDS[language].deposit).toMatch(word[language]);
      const checkout = JSON.stringify(area(language, 'checkout'));
      expect(checkout, language).not.toMatch(/Anzahlung|acompte|anticipo|handpenning|depósito|down payment/i);
    }
  });
});
