import type { CurrencyCode } from '@roam/contract/currencies';
import { type ChosenExtras, calculatePrice, type DateBasedPrice, PriceError } from '@roam/contract/price';
import { RATES_SNAPSHOT } from '@roam/contract/rates-snapshot';
import { BOOKING_RULES } from '@roam/contract/settings';
import type { RentalPeriodIssue } from '@roam/contract/time';
import type { cars } from '../db/schema.ts';
import { AppError } from './app-error.ts';

// Booking rules shared by checkout and booking edits: the server-side price and the spec §5 messages.

/** Spec §5 date messages, word for word, by the field they belong to. */
const PERIOD_MESSAGES: Record<RentalPeriodIssue, [field: 'pickupAt' | 'dropoffAt', message: string]> = {
  pickupTooSoon: ['pickupAt', 'Pick-up time must be at least a few hours in the future'],
  durationTooShort: ['dropoffAt', 'Rental duration is too short'],
  invalidPickupTime: ['pickupAt', 'Invalid pick-up time'],
  invalidDropoffTime: ['dropoffAt', 'Invalid drop-off time'],
};

export function throwPeriodIssues(issues: RentalPeriodIssue[]): void {
  if (issues.length === 0) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const [field, message] = PERIOD_MESSAGES[issue];
    fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
  }
  throw new AppError('VALIDATION_FAILED', 'Please fix errors.', fieldErrors);
}

export const minimumDriverAge = (carMinimumAge: number) => Math.max(BOOKING_RULES.minDriverAge, carMinimumAge);

/** The authoritative price (contract engine); an unavailable extra is a field error, not a 500. */
export function priceBooking(input: {
  car: typeof cars.$inferSelect;
  dateBasedPrices: readonly DateBasedPrice[];
  priceChangeRate: number;
  pickupAt: Date;
  dropoffAt: Date;
  timeZone: string;
  extras: ChosenExtras;
}) {
  try {
    return calculatePrice({
      car: { ...input.car, dateBasedPrices: input.dateBasedPrices },
      priceChangeRate: input.priceChangeRate,
      pickupAt: input.pickupAt,
      dropoffAt: input.dropoffAt,
      timeZone: input.timeZone,
      extras: input.extras,
    });
  } catch (error) {
    if (!(error instanceof PriceError)) throw error;
    if (error.code === 'extraUnavailable' && error.extra) {
      throw new AppError('VALIDATION_FAILED', 'Please fix errors.', {
        [`extras.${error.extra}`]: ['This option is not available for this car.'],
      });
    }
    throw new AppError('VALIDATION_FAILED', 'Please fix errors.', { dropoffAt: ['Invalid drop-off time'] });
  }
}

/**
 * Units of `currency` per 1 EUR for a charge. The one place a rate is looked up: the bundled snapshot for now;
 * the currency-rates service (issue #7) replaces this body with its cached live rate.
 */
export async function displayRate(currency: CurrencyCode): Promise<number> {
  return RATES_SNAPSHOT.rates[currency] ?? 1;
}
