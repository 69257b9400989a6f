import { CAR_OPTIONS, CAR_RANGES, FUEL_POLICIES, FUEL_TYPES, GEARBOXES } from '@roam/contract/cars';
import { CAR_AVAILABILITIES } from '@roam/contract/fleet';
import type { CsvSeparator } from '@roam/contract/fleet-import';
import type { Language } from '@roam/contract/languages';
import type { TFunction } from 'i18next';
import { localeTag } from '#web/i18n';

// The fleet CSV in the operator's words (server fleet-import/car-labels.csv.ts reads them back): the values each
// enumerated column allows, as the editor labels them, and the separator the reader's spreadsheet expects.

const VALUES: Record<string, (t: TFunction) => string[]> = {
  range: (t) => CAR_RANGES.map((value) => t(`cars.range.${value}`)),
  fuelType: (t) => FUEL_TYPES.map((value) => t(`cars.fuelType.${value}`)),
  gearbox: (t) => GEARBOXES.map((value) => t(`cars.gearbox.${value}`)),
  fuelPolicy: (t) => FUEL_POLICIES.map((value) => t(`cars.fuelPolicy.${value}`)),
  availability: (t) => CAR_AVAILABILITIES.map((value) => t(`cars.availability.${value}`)),
  multimedia: (t) => CAR_OPTIONS.map((value) => t(`cars.option.${value}`)),
  aircon: (t) => [t('cars.yes'), t('cars.no')],
  isDateBasedPrice: (t) => [t('cars.yes'), t('cars.no')],
  fullyBooked: (t) => [t('cars.yes'), t('cars.no')],
};

/** The values a column of the fleet CSV allows, in the reader's language; null for a free column. */
export function allowedValues(t: TFunction, column: string): string[] | null {
  return Object.hasOwn(VALUES, column) ? (VALUES[column] as (t: TFunction) => string[])(t) : null;
}

/** ';' where the reader's decimal mark is a comma (fr, es, se, de), as their spreadsheets split a CSV; else ','. */
export function localSeparator(language: Language): CsvSeparator {
  const mark = new Intl.NumberFormat(localeTag(language)).formatToParts(1.5).find((part) => part.type === 'decimal');
  return mark?.value === ',' ? 'semicolon' : 'comma';
}
