import { LANGUAGES } from '@roam/contract/languages';
import { describe, expect, it } from 'vitest';
import { htmlTranslator, translator } from './translate.ts';

// The server's texts through i18next: values as they are in plain text, escaped in HTML; plurals by each language's
// rules (Swedish's, not Northern Sami's, for the stored code `se`).

describe('translator', () => {
  it('puts values into plain text as they are, and never reads placeholders inside a value', () => {
    const hello = translator('en', 'account')('activate.hello', { name: `<b>O'Neil & {{site}}</b>`, site: 'Roam' });
    expect(hello).toBe(`Hello <b>O'Neil & {{site}}</b>,`);
  });

  it('escapes the values of an HTML body', () => {
    const hello = htmlTranslator('fr', 'account')('reset.hello', { name: `<b>O'Neil & "Co"</b>` });
    expect(hello).toBe('Bonjour &lt;b&gt;O&#39;Neil &amp; &quot;Co&quot;&lt;/b&gt;,');
  });

  it("counts a rental's days with each language's plural forms", () => {
    const rental = (language: (typeof LANGUAGES)[number], count: number) =>
      translator(language, 'documents')('rental', { count });
    expect([1, 2, 5].map((days) => rental('en', days))).toEqual([
      'Rental (1 day)',
      'Rental (2 days)',
      'Rental (5 days)',
    ]);
    expect([1, 2].map((days) => rental('fr', days))).toEqual(['Location (1 jour)', 'Location (2 jours)']);
    expect([1, 2].map((days) => rental('es', days))).toEqual(['Alquiler (1 día)', 'Alquiler (2 días)']);
    expect([1, 2].map((days) => rental('se', days))).toEqual(['Hyra (1 dag)', 'Hyra (2 dagar)']);
    expect([1, 2].map((days) => rental('de', days))).toEqual(['Miete (1 Tag)', 'Miete (2 Tage)']);
  });

  it('has every text in every language: none falls back to English or to its key', () => {
    for (const language of LANGUAGES.filter((language) => language !== 'en')) {
      const t = translator(language, 'notices');
      expect(t('checklist'), language).not.toBe(translator('en', 'notices')('checklist'));
      expect(t('notices.bookingConfirmed.subject', { car: 'Clio', reference: 'K7' }), language).toContain('K7');
    }
  });
});
