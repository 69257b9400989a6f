import { LOWEST_DRIVER_AGE } from '@roam/contract/booking-rules';
import { type BookedCatalogueExtra, catalogueExtraLines } from '@roam/contract/catalogue-extras';
import { MAX_STORED_AMOUNT } from '@roam/contract/money';
import {
  type ChosenExtras,
  calculatePrice,
  type DateBasedPrice,
  type PlaceFees,
  PriceError,
} from '@roam/contract/price';
import { type PromoDiscount, promoLine } from '@roam/contract/promo-codes';
import type { RentalFees } from '@roam/contract/rental-fees';
import type { RentalPeriodIssue } from '@roam/contract/time';
import { RENTAL_PERIOD_MESSAGES } from '@roam/contract/time';
import type { cars } from '#server/db/schema.ts';
import { validationFailed } from './app-error.ts';

// Booking rules shared by checkout and booking edits: the server-side price and the spec §5 messages.

/** The field each spec §5 date message belongs to. */
const PERIOD_FIELDS: Record<RentalPeriodIssue, 'pickupAt' | 'dropoffAt'> = {
  pickupTooSoon: 'pickupAt',
  durationTooShort: 'dropoffAt',
  durationTooLong: 'dropoffAt',
  invalidPickupTime: 'pickupAt',
  invalidDropoffTime: 'dropoffAt',
};

/** The issues' messages at their fields, and the places' refusals of their hours after them (lib/opening-hours.ts). */
export function throwPeriodIssues(
  issues: RentalPeriodIssue[],
  refusals: Partial<Record<'pickupAt' | 'dropoffAt', string>> = {},
): void {
  if (issues.length === 0 && Object.keys(refusals).length === 0) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = PERIOD_FIELDS[issue];
    fieldErrors[field] = [...(fieldErrors[field] ?? []), RENTAL_PERIOD_MESSAGES[issue]];
  }
  for (const [field, message] of Object.entries(refusals))
    fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
  throw validationFailed(fieldErrors);
}

/** The car's own minimum driver age (18 to 99; a new car's is 21), never under the site-wide floor. */
export const minimumDriverAge = (carMinimumAge: number) => Math.max(LOWEST_DRIVER_AGE, carMinimumAge);

/** `price()`, with the price engine's refusals as field errors, not a 500: an unavailable extra, an empty period. */
export function withPriceFieldErrors<T>(price: () => T): T {
  try {
    return price();
  } catch (error) {
    if (!(error instanceof PriceError)) throw error;
    if (error.code === 'extraUnavailable' && error.extra) {
      throw validationFailed({ [`extras.${error.extra}`]: ['This option is not available for this car.'] });
    }
    throw validationFailed({ dropoffAt: ['Invalid drop-off time'] });
  }
}

/** The authoritative price (contract engine); an unavailable extra is a field error, not a 500. */
export function priceBooking(input: {
  car: typeof cars.$inferSelect;
  dateBasedPrices: readonly DateBasedPrice[];
  priceChangeRate: number;
  pickupAt: Date;
  dropoffAt: Date;
  timeZone: string;
  extras: ChosenExtras;
  placeFees?: PlaceFees;
  rentalFees?: RentalFees;
  promo?: PromoDiscount | null;
  catalogueExtras?: readonly BookedCatalogueExtra[];
}) {
  return withPriceFieldErrors(() =>
    calculatePrice({
      car: { ...input.car, dateBasedPrices: input.dateBasedPrices },
      priceChangeRate: input.priceChangeRate,
      pickupAt: input.pickupAt,
      dropoffAt: input.dropoffAt,
      timeZone: input.timeZone,
      extras: input.extras,
      placeFees: input.placeFees,
      catalogueExtras: catalogueExtraLines(input.catalogueExtras),
      rentalFees: input.rentalFees,
      ...(input.promo && { discount: promoLine(input.promo) }),
    }),
  );
}

export const AMOUNT_TOO_LARGE = 'This amount is too large in this currency. Please choose another currency.';

/** Every amount of a booking fits its column (MAX_STORED_AMOUNT), or the currency chosen is the field to change. */
export function checkAmountsFit(amounts: readonly number[]): void {
  if (amounts.some((amount) => !Number.isSafeInteger(amount) || Math.abs(amount) > MAX_STORED_AMOUNT))
    throw validationFailed({ currency: [AMOUNT_TOO_LARGE] });
}
