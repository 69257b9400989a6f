// fontkit ships no types; pdfkit depends on it and the documents use only its parser (receipt.pdf.ts).
declare module 'fontkit' {
  /** An opaque parsed font: handed to pdfkit's registerFont, which lays text out and subsets it per document. */
  export type Font = { readonly postscriptName: string; layout(text: string): unknown };
  export function create(bytes: Buffer): Font;
}
