// fontkit ships no types; pdfkit depends on it and the documents use only its parser (receipt.pdf.ts).
declare module 'fontkit' {
  /** An opaque parsed font: handed to pdfkit's registerFont, which lays text out and subsets it per document. */
  export type Font = {
    readonly postscriptName: string;
    /** Every code point the font maps to a glyph. */
    readonly characterSet: number[];
    layout(text: string): unknown;
    /** The glyph of one character, made (and kept by the font) with that character. */
    glyphForCodePoint(codePoint: number): unknown;
  };
  export function create(bytes: Buffer): Font;
}
