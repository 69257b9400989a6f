import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's text as pdf.js reads it: each text item on its own line, the pages one after another. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const words = content.items.map((item) => ('str' in item ? item.str.trim() : '')).filter((str) => str !== '');
    pages.push(words.join('\n'));
  }
  await pdf.destroy();
  return pages.join('\n');
}
