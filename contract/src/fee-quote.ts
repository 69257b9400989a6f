import type { OneWayFee } from './counter-charges.ts';
import type { FeeRules, RentalFees } from './rental-fees.ts';
import { ageOn } from './time.ts';

// Which of a business's fees by rule a rental pays (docs/architecture.md §5 "Fees by rule"): the driver's age band and
// the one-way fee of its two places. The server's checkout and the customer's screen compute them with the same
// functions — the screen from the fee quote (`GET /api/car-rental-fees/{id}`) in a lazily loaded chunk, so this module
// is apart from rental-fees.ts, which the price engine (and so every route showing a price) loads.

/** The refusal of a one-way rental by a business that takes none, at the drop-off. */
export const ONE_WAY_REFUSED = 'This car must be returned where it was picked up.';

/** The daily fee of the driver's age band, young or senior; none for the ages between. */
export function driverAgeFees(rules: Pick<FeeRules, 'youngDriver' | 'seniorDriver'>, age: number): RentalFees {
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
 * What a rental's fees by rule depend on but the driver: the business's age bands, and the one-way fee of its two
 * places (or their refusal). The checkout asks the server for it (`GET /api/car-rental-fees/{id}`) and computes the
 * fees with `feesOfQuote` once the driver's date of birth is typed, as the server's checkout does: shown = charged.
 */
export type FeeQuote = Pick<FeeRules, 'youngDriver' | 'seniorDriver'> & {
  oneWayRefused: boolean;
  /** The one-way fee, once, in EUR minor units; null: none (the same places, none set, or refused). */
  oneWayFee: number | null;
};

/** The fee quote of a rental of a car of the business from `pickup` to `dropoff`. */
export function feeQuoteOf(
  rules: FeeRules,
  counter: { oneWayFee: number | null; oneWayFees: readonly OneWayFee[] },
  pickup: RentalPlace,
  dropoff: RentalPlace,
): FeeQuote {
  const oneWay = oneWayFeeOf(rules, counter, pickup, dropoff);
  return {
    youngDriver: rules.youngDriver,
    seniorDriver: rules.seniorDriver,
    oneWayRefused: oneWay.refused,
    oneWayFee: oneWay.refused ? null : oneWay.fee,
  };
}

/**
 * The fees of a rental by its quote: the driver's age band, counted on the pick-up day at the pick-up place (as the
 * minimum age is), and the one-way fee. No birth date: no age band (the checkout asks for one before Book).
 */
export function feesOfQuote(
  quote: FeeQuote,
  driver: { birthDate: string | null; pickupAt: Date; timeZone: string },
): RentalFees {
  const age = driver.birthDate ? ageOn(driver.birthDate, driver.pickupAt, driver.timeZone) : Number.NaN;
  const fees = driverAgeFees(quote, age);
  if (quote.oneWayFee !== null) fees.oneWay = quote.oneWayFee;
  return fees;
}

/**
 * The fees of a rental by the business's rules (`feeQuoteOf`, then `feesOfQuote`: the checkout's own computation). A
 * refused one-way rental is the caller's error to raise.
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
  const quote = feeQuoteOf(input.rules, input.counter, input.pickup, input.dropoff);
  return { fees: feesOfQuote(quote, input), oneWayRefused: quote.oneWayRefused };
}
