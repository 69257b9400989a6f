import { BOOKING_STATUSES, LANGUAGES } from '@roam/contract/enums';
import { wordingSlips } from '@roam/contract/wording';
import { describe, expect, it } from 'vitest';
import { type BookingNotice, renderNotice } from './booking-mail.ts';

const NOTICES = ['activate', 'bookingConfirmed', 'bookingNew', 'bookingStatusChanged', 'cancelRequested'] as const;
NOTICES satisfies readonly BookingNotice[];

describe('booking e-mails', () => {
  const params = { websiteName: 'Roam', car: 'Renault Clio', bookingId: 'b-1', link: 'http://x/booking?b=b-1' };

  it('exist in every language, with the car, the reference and the link', () => {
    for (const language of LANGUAGES) {
      for (const notice of ['bookingConfirmed', 'bookingNew', 'cancelRequested'] as const) {
        const mail = renderNotice(notice, language, params);
        expect(mail.subject).toContain('Renault Clio');
        expect(mail.text).toContain('b-1');
        expect(mail.text).toContain('http://x/booking?b=b-1');
      }
    }
  });

  it('name the status in the recipient language', () => {
    expect(renderNotice('bookingStatusChanged', 'fr', { ...params, status: 'cancelled' }).text).toContain('Annulée');
    expect(renderNotice('bookingStatusChanged', 'se', { ...params, status: 'paid' }).subject).toContain('Betald');
    expect(renderNotice('bookingConfirmed', 'de', params).subject).toBe('Ihre Buchung des Renault Clio ist bestätigt');
  });

  it("show the total converted to the booking's currency, formatted per spec §9 in the recipient language", () => {
    const amount = { totalEUR: 123_450, currency: 'USD', rate: 1.1 };
    expect(renderNotice('bookingConfirmed', 'en', { ...params, amount }).text).toContain('Total price: $1,357.95');
    expect(renderNotice('bookingNew', 'de', { ...params, amount }).text).toContain('Gesamtpreis: $1 357,95');
    const yen = { totalEUR: 10_000, currency: 'JPY', rate: 160 };
    expect(renderNotice('bookingConfirmed', 'fr', { ...params, amount: yen }).text).toContain('Prix total : 16 000 ¥');
    expect(renderNotice('bookingConfirmed', 'en', params).text).not.toContain('Total price');
  });

  it("keep to the recipient language's one register and words: Spanish tú, German Sie, no down payment… (issue #22 item 12)", () => {
    const amount = { totalEUR: 10_000, currency: 'EUR', rate: 1 };
    for (const language of LANGUAGES) {
      for (const notice of NOTICES) {
        for (const status of BOOKING_STATUSES) {
          const mail = renderNotice(notice, language, { ...params, status, amount });
          expect(wordingSlips(language, `${mail.subject}\n${mail.text}`), `${notice} ${language}`).toEqual([]);
        }
      }
    }
  });
});
