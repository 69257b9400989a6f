import type { BookingSummary } from '@roam/contract/bookings';
import { BOOKING_STATUSES } from '@roam/contract/bookings';
import { LANGUAGES } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import { wordingSlips } from '@roam/contract/wording';
import { describe, expect, it } from 'vitest';
import { type BookingNotice, renderNotice } from './booking.mail.ts';

const NOTICES = [
  'activate',
  'bookingConfirmed',
  'bookingNew',
  'bookingStatusChanged',
  'cancelRequested',
  'cancelApproved',
  'cancelDeclined',
] as const;
NOTICES satisfies readonly BookingNotice[];

// A booking is named by its reference; a confirmation carries its summary — the places
// with address and local time, and the amounts in the booking's own currency as fixed at checkout; the status is
// said in the screens' words.

const summary: BookingSummary = {
  _id: '00000000-0000-4000-8000-000000000001',
  reference: 'K7QX4M2P',
  status: 'paid',
  paymentOption: 'full',
  car: { _id: '00000000-0000-4000-8000-000000000002', name: 'Renault Clio', image: null, range: 'mini' },
  supplier: { _id: '00000000-0000-4000-8000-000000000003', name: 'Azur Coast Rentals' },
  pickupLocation: {
    _id: '00000000-0000-4000-8000-000000000004',
    name: 'Paris Charles de Gaulle Airport',
    address: 'Aéroport Paris-Charles de Gaulle, Terminal 2, 95700 Roissy-en-France',
    timeZone: 'Europe/Paris',
  },
  dropoffLocation: {
    _id: '00000000-0000-4000-8000-000000000004',
    name: 'Paris Charles de Gaulle Airport',
    address: null,
    timeZone: 'Europe/Paris',
  },
  pickupAt: '2030-06-01T08:00:00.000Z',
  dropoffAt: '2030-06-04T08:00:00.000Z',
  days: 3,
  // JPY: no minor unit. 11 762 ¥ paid in full, a 80 000 ¥ security deposit held at pick-up.
  amounts: {
    currency: 'JPY',
    total: 11_762,
    payNow: 11_762,
    payAtPickup: 0,
    securityDeposit: 80_000,
    securityDepositTaken: 'atPickup',
    securityDepositOn: 'card',
    held: 0,
    due: 0,
  },
};

describe('booking e-mails', () => {
  const params = { websiteName: 'Roam', car: 'Renault Clio', reference: 'K7QX4M2P', link: 'http://x/booking?b=b-1' };

  it('exist in every language, naming the booking by its reference, with the car and the link', () => {
    for (const language of LANGUAGES) {
      for (const notice of ['bookingConfirmed', 'bookingNew', 'cancelRequested', 'bookingStatusChanged'] as const) {
        const mail = renderNotice(notice, language, { ...params, status: 'paid' });
        expect(mail.subject).toContain('Renault Clio');
        expect(`${mail.subject}\n${mail.text}`).toContain('K7QX4M2P');
        expect(mail.text).toContain('http://x/booking?b=b-1');
        expect(mail.text).not.toContain('b-1)');
      }
    }
  });

  it("say a status in the screens' words: a pay-later booking is confirmed, to pay at pick-up", () => {
    expect(renderNotice('bookingStatusChanged', 'fr', { ...params, status: 'cancelled' }).text).toContain('Annulée');
    expect(renderNotice('bookingStatusChanged', 'en', { ...params, status: 'pending' }).subject).toBe(
      'Your booking of the Renault Clio: Confirmed – pay at pick-up',
    );
    const payLater = { ...summary, status: 'pending' as const, paymentOption: 'payLater' as const };
    expect(renderNotice('bookingConfirmed', 'de', { ...params, summary: payLater }).text).toContain(
      'Buchungsstatus: Bestätigt – Zahlung bei Abholung',
    );
    expect(renderNotice('bookingConfirmed', 'de', params).subject).toBe(
      'Ihre Buchung des Renault Clio ist bestätigt – K7QX4M2P',
    );
  });

  it("carry the summary: places with address and local time, the amounts in the booking's currency", () => {
    const mail = renderNotice('bookingConfirmed', 'en', { ...params, summary });
    expect(mail.text).toContain('Booking reference: K7QX4M2P');
    expect(mail.text).toContain('Status: Confirmed – paid');
    expect(mail.text).toContain('Supplier: Azur Coast Rentals');
    expect(mail.text).toContain('Pick-up: Paris Charles de Gaulle Airport\n  Aéroport Paris-Charles de Gaulle');
    // 08:00 UTC is 10:00 in Paris in June.
    expect(mail.text).toMatch(/Sat, Jun 1, 2030, 10:00\sAM GMT\+2/);
    expect(mail.text).toContain('Total price: 11,762 ¥');
    expect(mail.text).toContain('Paid online: 11,762 ¥');
    expect(mail.text).toContain('To pay at pick-up: 0 ¥');
    expect(mail.text).toContain('Security deposit, held at pick-up: 80,000 ¥');
    expect(mail.text).toContain("bring a passport or ID and your driver's licence");
    expect(mail.text).not.toContain('€');
  });

  it('say the security deposit is held on the card, not charged, with the deposit option, in one word per language', () => {
    const deposit = {
      ...summary,
      status: 'deposit' as const,
      paymentOption: 'deposit' as const,
      amounts: { ...summary.amounts, payNow: 80_000, payAtPickup: 11_762, securityDepositTaken: 'now' as const },
    };
    const words = { en: 'Security deposit', fr: 'Caution', es: 'Fianza', se: 'Deposition', de: 'Kaution' };
    for (const language of LANGUAGES) {
      const text = renderNotice('bookingConfirmed', language, { ...params, summary: deposit }).text;
      expect(text).toContain(words[language]);
      expect(text).not.toMatch(/Anzahlung|acompte|anticipo|handpenning|depósito|down payment/i);
    }
    expect(renderNotice('bookingConfirmed', 'de', { ...params, summary: deposit }).text).toContain(
      // Held, not charged (docs/decisions/0012-deposit-holds.md).
      'Kaution, auf Ihrer Karte reserviert, nicht abgebucht (nach der Rückgabe freigegeben): 80 000 ¥',
    );
  });

  it("leave the driver's pick-up checklist out of the supplier's notice", () => {
    const mail = renderNotice('bookingNew', 'en', { ...params, summary });
    expect(mail.text).toContain('Total price: 11,762 ¥');
    expect(mail.text).not.toContain('bring a passport');
  });

  it("keep to the recipient language's one register and words: Spanish tú, German Sie, no down payment…", () => {
    const refund = { amount: 10_000, currency: 'EUR' };
    for (const language of LANGUAGES) {
      for (const notice of NOTICES) {
        for (const status of BOOKING_STATUSES) {
          const mail = renderNotice(notice, language, { ...params, status, summary: { ...summary, status }, refund });
          expect(wordingSlips(language, `${mail.subject}\n${mail.text}`), `${notice} ${language}`).toEqual([]);
        }
      }
    }
  });

  it('tell the driver why a paid change was not made, and the refund, in every language and its register', () => {
    const refund = { amount: 6_536, currency: 'GBP' };
    const reasons = {
      en: ['no longer free', 'changed or cancelled'],
      fr: ["n'est plus libre", 'modifiée ou annulée'],
      es: ['ya no está libre', 'se modificó o se canceló'],
      se: ['inte längre ledigt', 'ändrades eller avbokades'],
      de: ['nicht mehr frei', 'geändert oder storniert'],
    };
    for (const language of LANGUAGES) {
      (['taken', 'changed'] as const).forEach((reason, index) => {
        const mail = renderNotice('changeNotMade', language, { ...params, reason, refund });
        expect(mail.subject).toContain('Renault Clio');
        expect(mail.text).toContain('K7QX4M2P');
        expect(mail.text).toContain(reasons[language][index]);
        expect(mail.text).toContain(formatMinor(6_536, 'GBP', language));
        expect(wordingSlips(language, `${mail.subject}\n${mail.text}`), `${reason} ${language}`).toEqual([]);
      });
    }
    expect(renderNotice('changeNotMade', 'fr', { ...params, reason: 'taken', refund }).text).toContain(
      "n'a pas pu être faite : le véhicule n'est plus libre à ces dates.",
    );
  });
});
