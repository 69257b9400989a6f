import { LANGUAGES } from '@roam/contract/languages';
import { wordingSlips } from '@roam/contract/wording';
import { describe, expect, it } from 'vitest';
import { accountLinkMail } from './account.mail.ts';

describe('account e-mails', () => {
  it("keep to the recipient language's one register and words: Spanish tú, German Sie, no down payment…", () => {
    for (const language of LANGUAGES) {
      for (const kind of ['activate', 'reset'] as const) {
        const mail = accountLinkMail({
          kind,
          language,
          to: 'ana@example.com',
          fullName: 'Ana',
          link: 'http://localhost/activate?t=1',
          websiteName: 'Roam',
        });
        expect(wordingSlips(language, `${mail.subject}\n${mail.text}`), `${kind} ${language}`).toEqual([]);
      }
    }
  });
});

describe('the supplier invitation', () => {
  it('names the site in its body, in plain text and, escaped, in HTML', () => {
    for (const language of LANGUAGES) {
      const mail = accountLinkMail({
        kind: 'invite',
        language,
        to: 'ana@example.com',
        fullName: 'Ana <b>',
        link: 'http://localhost/activate?t=1&u=2',
        websiteName: 'Roam & Co',
      });
      expect(mail.text, language).not.toContain('{');
      expect(mail.text, language).toContain('Roam & Co');
      expect(mail.text, language).toContain('Ana <b>');
      expect(mail.html, language).toContain('Roam &amp; Co');
      expect(mail.html, language).toContain('Ana &lt;b&gt;');
      expect(mail.html, language).toContain('href="http://localhost/activate?t=1&amp;u=2"');
      expect(mail.html, language).not.toMatch(/Ana <b>|Roam & Co|\{/);
    }
  });
});
