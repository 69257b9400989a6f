import type { Language } from '@roam/contract/languages';
import deWords from '@roam/contract/locales/de/booking-words.json';
import enWords from '@roam/contract/locales/en/booking-words.json';
import esWords from '@roam/contract/locales/es/booking-words.json';
import frWords from '@roam/contract/locales/fr/booking-words.json';
import seWords from '@roam/contract/locales/se/booking-words.json';
import * as de from './locales/de/index.ts';
import * as en from './locales/en/index.ts';
import * as es from './locales/es/index.ts';
import * as fr from './locales/fr/index.ts';
import * as se from './locales/se/index.ts';

// Every text the server writes, by language and area (docs/translations.md): the server's own locale files
// (locales/<language>/<area>.json, English the source of truth), bundled into dist/main.js as JSON modules, and the
// words a booking's e-mails and receipt share with the screens — its status and its summary's labels — from the
// contract (contract/locales/<language>/booking-words.json), their one copy, which the web merges into its `bookings`
// area: a booking is never "confirmed" in an e-mail and "pending" on the site.

/** English, the shape every language has (the locale tests hold the keys equal). */
const english = { ...en, bookings: enWords };
export type Texts = typeof english;
export type Area = keyof Texts;

export const TEXTS: Readonly<Record<Language, Texts>> = {
  en: english,
  fr: { ...fr, bookings: frWords },
  es: { ...es, bookings: esWords },
  se: { ...se, bookings: seWords },
  de: { ...de, bookings: deWords },
};
