import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from './fixtures.ts';
import { dateIn } from './mid-day.ts';

// What the counter spec reads back beyond its screens: the stored documents (each PDF's text, and its SHA-256 against
// the one the console shows — docs/decisions/0008-counter-documents-stored-as-signed.md), and where the operators see
// the car (the dashboard's day and the scheduler's bar).

export type Language = 'en' | 'fr';

/** The server's words of the counter's documents in `language` (server/src/i18n/locales/<language>/counter.json). */
export function documentWords(language: Language) {
  const file = new URL(`../../server/src/i18n/locales/${language}/counter.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as {
    pdf: Record<string, string>;
    zones: Record<string, string>;
    chargeKinds: Record<string, string>;
    conditionReport: Record<string, string>;
    finalReceipt: Record<string, string>;
  };
}

/** A PDF's text as pdf.js reads it, its items joined by single spaces. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false }).promise;
  const words: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++)
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items) if ('str' in item) words.push(item.str);
  await pdf.destroy();
  return words.join(' ').replace(/\s+/g, ' ');
}

/** The text of each PDF a mail carries (its attachments' content is base64). */
export function attachedPdfTexts(attachments: { contentType: string; content: string }[]): Promise<string[]> {
  return Promise.all(
    attachments
      .filter((file) => file.contentType === 'application/pdf')
      .map((file) => pdfText(Buffer.from(file.content, 'base64'))),
  );
}

/**
 * The document the list (the console's, or the customer's booking page) names `name`: downloaded by its link, its
 * text, and the SHA-256 the list shows beside it checked against the bytes served.
 */
export async function listedDocument(page: Page, name: string): Promise<string> {
  const link = page.getByRole('link', { name, exact: true });
  const item = page.getByRole('listitem').filter({ has: link });
  const href = await link.getAttribute('href');
  // Fetched by the page itself, with the browser's own credentials: the session, or a manage link's grant (a cookie
  // the browser sends only to the site's own pages).
  const served = await page.evaluate(async (address) => {
    const answer = await fetch(address);
    const body = new Uint8Array(await answer.arrayBuffer());
    let binary = '';
    for (let at = 0; at < body.length; at += 0x8000) binary += String.fromCharCode(...body.subarray(at, at + 0x8000));
    return { status: answer.status, base64: btoa(binary) };
  }, href ?? '');
  expect(served.status).toBe(200);
  const bytes = Buffer.from(served.base64, 'base64');
  const shown = (await item.locator('code').textContent())?.replace(/^SHA-256\s*/, '').trim();
  expect(shown).toBe(createHash('sha256').update(bytes).digest('hex'));
  return pdfText(bytes);
}

type Board = { t: (key: string) => string; reference: string; placeId: string; zone: string; language: Language };

/** The dashboard's movement of the pick-up and the scheduler's bar both say `state` (on rent, returned). */
export async function boardShows(page: Page, board: Board, state: 'onRent' | 'returned') {
  const { t, reference, language } = board;
  await page.goto(`/operator/dashboard?l=${language}`);
  const pickup = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: reference, exact: true }) });
  await expect(pickup).toContainText(t(`operatorDashboard.state.${state}`));
  const from = dateIn(board.zone, new Date());
  await page.goto(`/operator/scheduler?place=${board.placeId}&from=${from}&l=${language}`);
  const status = t(`operatorScheduler.status.${state === 'onRent' ? 'on_rent' : 'returned'}`);
  await expect(page.getByRole('link', { name: new RegExp(`^${reference} · ${status}`) })).toBeVisible();
}
