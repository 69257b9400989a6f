import { LANGUAGES } from '@roam/contract/enums';
import { wordingSlips } from '@roam/contract/wording';
import { describe, expect, it } from 'vitest';
import { accountLinkMail } from './auth.emails.ts';

describe('account e-mails', () => {
  it("keep to the recipient language's one register and words: Spanish tú, German Sie, no down payment… (issue #22 item 12)", () => {
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
