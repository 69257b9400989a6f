import { LANGUAGES } from '@roam/contract/languages';
import { wordingSlips } from '@roam/contract/wording';
import { describe, expect, it } from 'vitest';
import { DESK_BOOKING_MAIL, DESK_BOOKING_REFUSED_MAIL } from './desk-booking-mail.ts';

describe('the e-mails of a desk booking (second audit, item 1)', () => {
  it("keep to the reader's language's one register and words, and carry the refusal link", () => {
    const params = {
      websiteName: 'Roam',
      supplier: 'Azur Coast Rentals',
      car: 'Renault Clio',
      reference: 'ABCD2345',
      from: '1 June 10:00',
      to: '4 June 10:00',
      link: 'http://localhost/manage-booking?t=x',
      until: '1 June 10:00',
    };
    for (const language of LANGUAGES) {
      const told = DESK_BOOKING_MAIL[language];
      const text = `${told.subject(params)}\n${told.text(params)}`;
      expect(wordingSlips(language, text), language).toEqual([]);
      expect(text).toContain(params.link);
      const refused = DESK_BOOKING_REFUSED_MAIL[language];
      const supplierText = `${refused.subject(params)}\n${refused.text(params)}`;
      expect(wordingSlips(language, supplierText), language).toEqual([]);
    }
  });
});
