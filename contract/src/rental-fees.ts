import type { z } from 'zod';
import { LOWEST_DRIVER_AGE } from './booking-rules.ts';
import type { FeeRulesSchema } from './rental-fees.schema.ts';

// The business's fees by rule (docs/architecture.md §5 "Fees by rule"): a young-driver fee per day by age band, a
// senior-driver fee per day, and a one-way fee when the car is returned elsewhere — each priced by the one price
// function (price.ts `rentalFees`), shown before booking and kept in the booking's terms. Like the key box's fee,
// a fee is the business's own price, in EUR minor units, without the supplier's percentage.

export const RENTAL_FEES = ['youngDriver', 'seniorDriver', 'oneWay'] as const;
export type RentalFee = (typeof RENTAL_FEES)[number];
/** The fees charged per rental day (label × days = line); the others once. */
export const DAILY_RENTAL_FEES = ['youngDriver', 'seniorDriver'] as const satisfies readonly RentalFee[];
/** Each applying fee in EUR minor units: per day for the daily ones, once for the others; absent or 0: no line. */
export type RentalFees = Partial<Record<RentalFee, number>>;

export type FeeRules = z.infer<typeof FeeRulesSchema>;
export type AgeBand = FeeRules['youngDriver'][number];

/** The lowest minimum age a car may set (docs/architecture.md §5 "Fees by rule"). */
export const LOWEST_MINIMUM_AGE = LOWEST_DRIVER_AGE;
/** The most young-driver bands a business keeps. */
export const MAX_AGE_BANDS = 4;
/** The most country pairs a business prices. */
export const MAX_COUNTRY_PAIRS = 50;

/** A business with no rules: no fee, one-way allowed. */
export const DEFAULT_FEE_RULES: FeeRules = {
  youngDriver: [],
  seniorDriver: null,
  oneWayRefused: false,
  countryPairs: [],
};

export const FEE_RULES_MESSAGES = {
  bandOrder: 'The first age must not be above the last.',
  bandsOverlap: 'These age bands overlap.',
  pairTwice: 'This pair of countries is already in the list.',
} as const;

const DAILY: ReadonlySet<RentalFee> = new Set(DAILY_RENTAL_FEES);

/** The lines of the fees (price.ts): a daily fee × the rental days, the others once; 0 or absent: no line. */
export function rentalFeeLines(
  fees: RentalFees | undefined,
  days: number,
): { item: RentalFee; unit: number; quantity: number; amount: number }[] {
  const lines = [];
  for (const fee of RENTAL_FEES) {
    const unit = fees?.[fee] ?? 0;
    if (unit <= 0) continue;
    const quantity = DAILY.has(fee) ? days : 1;
    lines.push({ item: fee, unit, quantity, amount: unit * quantity });
  }
  return lines;
}
