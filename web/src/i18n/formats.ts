import type { Language } from '@roam/contract/languages';
import { useMemo } from 'react';
import { localeTag, useLanguage } from './index';

// Dates and numbers in the interface language (docs/house-style.md i18n: through Intl). Always through localeTag: the stored
// code `se` is Swedish, but to Intl `se` means Northern Sami (docs/architecture.md §5). Money goes through useMoney instead.

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatDate(value: Date | number, language: Language, options: Intl.DateTimeFormatOptions = {}): string {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTag(language), options);
    dateFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * A calendar day without a clock ('1990-04-12': a birth date) as the interface language writes it, e.g. "12 April
 * 1990", the same day in every time zone (checkout showed the raw ISO string).
 */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : formatDate(date, language, { dateStyle: 'long', timeZone: 'UTC' });
}

export function formatNumber(value: number, language: Language, options: Intl.NumberFormatOptions = {}): string {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeTag(language), options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Formatters for the current language; screens re-render with the new language on a switch, without a reload. */
export function useFormats() {
  const language = useLanguage();
  return useMemo(
    () => ({
      /** BCP 47 tag for any other Intl use (`sv` for `se`). */
      locale: localeTag(language),
      date: (value: Date | number, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    }),
    [language],
  );
}

/** A date and time as the location's clock shows it, with the zone's short name (spec §2 booking details). */
export function formatInZone(iso: string, timeZone: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(localeTag(language), { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone name: the browser's zone, still labelled.
    return new Intl.DateTimeFormat(localeTag(language), options).format(date);
  }
}
