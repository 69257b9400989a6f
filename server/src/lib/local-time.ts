import { type Language, LOCALE_TAGS } from '@roam/contract/languages';

// A booking's instants as the place's clock shows them, in the reader's language (docs/architecture.md §5 Time): the
// the booking's documents and reminders say "10:00 CET at Paris CDG", whatever the server's own zone.

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatLocalTime(instant: Date, timeZone: string, language: Language): string {
  const key = `${language}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    });
    formats.set(key, format);
  }
  return format.format(instant);
}

/** The date alone (an issue date), in the reader's language. */
export const formatLocalDate = (instant: Date, timeZone: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'long', timeZone }).format(instant);

const sheetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on the place's clock as a spreadsheet reads a date and time, "2026-07-01 10:00" (the CSV exports: the
 * zone in a column beside it), the same in every language.
 */
export function formatSheetTime(instant: Date, timeZone: string): string {
  let format = sheetFormats.get(timeZone);
  if (!format) {
    // Swedish writes the ISO order with a space and a 24-hour clock.
    format = new Intl.DateTimeFormat('sv-SE', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    sheetFormats.set(timeZone, format);
  }
  return format.format(instant);
}
