import { describe, expect, it } from 'vitest';
import { pdfText } from '#test/pdf-text.ts';
import { startPdf } from './receipt.pdf.ts';

// Every document is set in one font parsed once per process (receipt.pdf.ts). A document's embedded subset takes an
// accented letter's parts with it (É is drawn from E and an accent): a letter first met that way must still be text —
// copied, searched, read aloud — in every later document that writes it.

async function drawn(text: string) {
  const { pdf, done } = startPdf('en', { title: 'Test', author: 'Roam', createdAt: new Date('2026-11-29T12:00:00Z') });
  pdf.text(text);
  pdf.end();
  return pdfText(await done);
}

describe('the documents’ shared font', () => {
  it('keeps a letter readable after another document embedded it only as part of an accented letter', async () => {
    // Ʒ (ezh) is the part of Ǯ (ezh with caron) no other document writes; É and E, as the receipts of a French and
    // a German booking.
    expect(await drawn('Ǯ É')).toContain('Ǯ É');
    expect(await drawn('Ʒ Einzelpreis')).toContain('Ʒ Einzelpreis');
  });
});
