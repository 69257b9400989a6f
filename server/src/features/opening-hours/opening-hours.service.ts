import { type Language, LOCALE_TAGS } from '@roam/contract/languages';
import { type Closure, hoursOn, type OpeningTimes, openingTimesOn, rangesText } from '@roam/contract/opening-hours';
import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { locations } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

// What the pickers offer at a place on a date (the server sends the times, so no customer screen ships the rules:
// docs/architecture.md §5 "Opening hours"), and the national public holidays the admin adds to a place's closures.

/** `GET /api/opening-times`: the place's open and key-box times on the date; `ownHours` false: the site-wide rule. */
export async function openingTimes(ctx: AppContext, locationId: string, date: string): Promise<OpeningTimes> {
  const [place] = await ctx.db
    .select({ openingHours: locations.openingHours })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!place) throw new AppError('NOT_FOUND', 'Location not found');
  const hours = place.openingHours;
  if (!hours) return { ownHours: false, open: [], afterHours: [], closure: null, hours: '', afterHoursFeeMinor: null };
  const { ranges, closure } = hoursOn(hours, date);
  return {
    ownHours: true,
    ...openingTimesOn(hours, date),
    closure,
    hours: rangesText(ranges),
    afterHoursFeeMinor: hours.afterHours?.feeMinor ?? null,
  };
}

/**
 * A country's national public holidays in a year, named in the language asked for, from `date-holidays` (a
 * maintained library computing every country's rules, the lunar ones of Morocco included). It weighs ~41 MB installed
 * (docs/architecture.md §5 "Opening hours"), so it is loaded on the first call only, never at start-up, and only
 * the server and the console's editor (through this call) use it: no customer screen.
 */
export async function publicHolidays(country: string, year: number, language: Language): Promise<Closure[]> {
  const { default: Holidays } = await import('date-holidays');
  if (!(country in new Holidays().getCountries()))
    throw new AppError('NOT_FOUND', 'No public holidays are known for this country');
  const calendar = new Holidays(country, { languages: [LOCALE_TAGS[language].slice(0, 2)] });
  // Two holidays on one date (Morocco's Mawlid and Oued Ed-Dahab day may coincide) are one closure of both names.
  const names = new Map<string, string[]>();
  for (const holiday of calendar.getHolidays(year)) {
    if (holiday.type !== 'public') continue;
    const date = holiday.date.slice(0, 10);
    names.set(date, [...(names.get(date) ?? []), holiday.name]);
  }
  return [...names].map(([date, all]) => ({ date, name: all.join(' · ').slice(0, 100) }));
}
