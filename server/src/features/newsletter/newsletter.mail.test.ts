import { LANGUAGES } from '@roam/contract/languages';
import { wordingSlips } from '@roam/contract/wording';
import { describe, expect, it } from 'vitest';
import { newsletterMail } from './newsletter.mail.ts';

describe('newsletter e-mails', () => {
  it("keep to the recipient language's one register and words: Spanish tú, German Sie, no down payment…", () => {
    const links = { websiteName: 'Roam', confirmUrl: 'http://localhost/c', unsubscribeUrl: 'http://localhost/u' };
    for (const language of LANGUAGES) {
      for (const confirmed of [false, true]) {
        const mail = newsletterMail(language, confirmed, links);
        expect(wordingSlips(language, `${mail.subject}\n${mail.text}`), `${language} ${confirmed}`).toEqual([]);
      }
    }
  });
});
