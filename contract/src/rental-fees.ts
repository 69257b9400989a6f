import type { z } from 'zod';
import { LOWEST_DRIVER_AGE } from './booking-rules.ts';
import type { OneWayFee } from './counter-charges.ts';
import type { FeeRulesSchema } from './rental-fees.schema.ts';
import { ageOn } from './time.ts';

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
  oneWayRefused: 'This car must be returned where it was picked up.',
} as const;

/** The daily fee of the driver's age band, young or senior; none for the ages between. */
export function driverAgeFees(rules: FeeRules, age: number): RentalFees {
  if (!Number.isFinite(age)) return {};
  const band = rules.youngDriver.find(({ fromAge, toAge }) => fromAge <= age && age <= toAge);
  if (band && band.dailyFee > 0) return { youngDriver: band.dailyFee };
  const senior = rules.seniorDriver;
  if (senior && age >= senior.fromAge && senior.dailyFee > 0) return { seniorDriver: senior.dailyFee };
  return {};
}

/** One end of a one-way rental: the place and its country. */
export type RentalPlace = { id: string; countryId: string | null };

/**
 * The one-way fee from `from` to `to`: the pair of places' fee (the counter's charge rules, counter-charges.ts),
 * else the pair of countries', else the flat fee; null when the places are the same, or none is set. `refused`
 * when the business takes no one-way rental.
 */
export function oneWayFeeOf(
  rules: FeeRules,
  counter: { oneWayFee: number | null; oneWayFees: readonly OneWayFee[] },
  from: RentalPlace,
  to: RentalPlace,
): { refused: true } | { refused: false; fee: number | null } {
  if (from.id === to.id) return { refused: false, fee: null };
  if (rules.oneWayRefused) return { refused: true };
  const pair = counter.oneWayFees.find((fee) => fee.fromLocationId === from.id && fee.toLocationId === to.id);
  const countries = rules.countryPairs.find(
    (fee) => fee.fromCountryId === from.countryId && fee.toCountryId === to.countryId,
  );
  const fee = pair?.fee ?? countries?.fee ?? counter.oneWayFee;
  return { refused: false, fee: fee !== null && fee > 0 ? fee : null };
}

/**
 * The fees of a rental by the business's rules: the driver's age band (counted on the pick-up day at the pick-up
 * place, as the minimum age is) and the one-way fee. A refused one-way rental is the caller's error to raise.
 */
export function rentalFeesOf(input: {
  rules: FeeRules;
  counter: { oneWayFee: number | null; oneWayFees: readonly OneWayFee[] };
  birthDate: string | null;
  pickupAt: Date;
  timeZone: string;
  pickup: RentalPlace;
  dropoff: RentalPlace;
}): { fees: RentalFees; oneWayRefused: boolean } {
  const age = input.birthDate ? ageOn(input.birthDate, input.pickupAt, input.timeZone) : Number.NaN;
  const fees = driverAgeFees(input.rules, age);
  const oneWay = oneWayFeeOf(input.rules, input.counter, input.pickup, input.dropoff);
  if (!oneWay.refused && oneWay.fee !== null) fees.oneWay = oneWay.fee;
  return { fees, oneWayRefused: oneWay.refused };
}

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
