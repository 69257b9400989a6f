import type { Language } from '@roam/contract/languages';
import { status as deStatus, summary as deSummary } from '../../../web/src/i18n/locales/de/bookings.json';
import { status as enStatus, summary as enSummary } from '../../../web/src/i18n/locales/en/bookings.json';
import { status as esStatus, summary as esSummary } from '../../../web/src/i18n/locales/es/bookings.json';
import { status as frStatus, summary as frSummary } from '../../../web/src/i18n/locales/fr/bookings.json';
import { status as seStatus, summary as seSummary } from '../../../web/src/i18n/locales/se/bookings.json';
import * as de from './locales/de/index.ts';
import * as en from './locales/en/index.ts';
import * as es from './locales/es/index.ts';
import * as fr from './locales/fr/index.ts';
import * as se from './locales/se/index.ts';

// Every text the server writes, by language and area (docs/translations.md): the server's own locale files
// (locales/<language>/<area>.json, English the source of truth), bundled into dist/main.js as JSON modules, and the
// words a booking's e-mails and receipt share with the screens — its status and its summary's labels — read from the
// web's `bookings` area, their one copy, so that a booking is never "confirmed" in an e-mail and "pending" on the site.

/** English, the shape every language has (the locale tests hold the keys equal). */
const english = { ...en, bookings: { status: enStatus, summary: enSummary } };
export type Texts = typeof english;
export type Area = keyof Texts;

export const TEXTS: Readonly<Record<Language, Texts>> = {
  en: english,
  fr: { ...fr, bookings: { status: frStatus, summary: frSummary } },
  es: { ...es, bookings: { status: esStatus, summary: esSummary } },
  se: { ...se, bookings: { status: seStatus, summary: seSummary } },
  de: { ...de, bookings: { status: deStatus, summary: deSummary } },
};
