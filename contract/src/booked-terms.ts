import type { FuelPolicy } from './cars.ts';
import { type BookedCatalogueExtra, catalogueExtraLines } from './catalogue-extras.ts';
import {
  type CarPricing,
  type ChosenExtras,
  calculatePrice,
  type DateBasedPrice,
  type PlaceFees,
  type PriceBreakdown,
  priceIn,
} from './price.ts';
import { type PromoDiscount, promoLine } from './promo-codes.ts';
import type { RentalFees } from './rental-fees.ts';

// The terms a booking was bought with (docs/architecture.md §5 "Money rules"): a snapshot
// of everything its price and its promises depend on, copied onto the booking (`bookings.terms`) at checkout and
// walk-in from the car and its supplier as they were then. Every later computation prices the booking from these
// terms, never from the live car: a change's quote and the change (the driver's and the operator's), the
// cancellation's fee and cover, the booking editor's extras, the receipt's lines. A supplier's later edit of the car
// changes nothing for a booking made before it.

export interface BookedTerms {
  /** The car's rates (each with its discounted variant), date-based prices, extras (−1, 0, a price) and deposit. */
  car: CarPricing;
  /** The supplier's price change, in percent, as it stood. */
  priceChangeRate: number;
  /** Kilometres included; −1 unlimited (spec §3). */
  mileage: number;
  fuelPolicy: FuelPolicy;
  /** The car's minimum driver age. */
  minimumAge: number;
  /**
   * The price of a kilometre over the allowance (the car's own, else its business's charge rule; EUR minor units), as
   * it stood when booked: the return charges it. Absent on a booking made before it was kept, or with unlimited
   * mileage (the return then reads the rules of the day).
   */
  pricePerExtraKm?: number;
  /**
   * The places' fees the booking pays (the key box after hours, price.ts PlaceFees), as they were when it was booked
   * or last changed; absent on a booking made before they were charged.
   */
  placeFees?: PlaceFees;
  /**
   * The business's fees by rule the booking pays (rental-fees.ts: the driver's age band per day, the one-way fee),
   * as they were when it was booked; absent on a booking that pays none.
   */
  rentalFees?: RentalFees;
  /**
   * The promo code the booking was bought with and what it takes off (promo-codes.ts): every later price of the booking
   * (a change, the receipt, the invoice) takes it off the same way. Absent: no code.
   */
  promo?: PromoDiscount;
  /**
   * The business's own extras the booking bought, each with its price as it stood and its quantity
   * (catalogue-extras.ts); absent when none.
   */
  catalogueExtras?: BookedCatalogueExtra[];
}

/** The car's own fields a snapshot copies (a car row, or the seed's and the fleet's car objects). */
type CarRow = Omit<CarPricing, 'dateBasedPrices'> & { mileage: number; fuelPolicy: FuelPolicy; minimumAge: number };

/**
 * The snapshot of `car` (with its date-based prices) and its supplier's percentage: what checkout and walk-in store.
 * The database fills the same shape when a booking is inserted without it (migration 0025 `booked_terms`).
 */
export function bookedTerms(input: {
  car: CarRow;
  dateBasedPrices: readonly DateBasedPrice[];
  priceChangeRate: number;
  placeFees?: PlaceFees;
  promo?: PromoDiscount | null;
  rentalFees?: RentalFees;
  catalogueExtras?: readonly BookedCatalogueExtra[];
  pricePerExtraKm?: number | null;
}): BookedTerms {
  const { car } = input;
  return {
    car: {
      dailyPrice: car.dailyPrice,
      discountedDailyPrice: car.discountedDailyPrice ?? null,
      hourlyPrice: car.hourlyPrice ?? null,
      discountedHourlyPrice: car.discountedHourlyPrice ?? null,
      biWeeklyPrice: car.biWeeklyPrice ?? null,
      discountedBiWeeklyPrice: car.discountedBiWeeklyPrice ?? null,
      weeklyPrice: car.weeklyPrice ?? null,
      discountedWeeklyPrice: car.discountedWeeklyPrice ?? null,
      monthlyPrice: car.monthlyPrice ?? null,
      discountedMonthlyPrice: car.discountedMonthlyPrice ?? null,
      isDateBasedPrice: car.isDateBasedPrice,
      dateBasedPrices: input.dateBasedPrices.map(({ startDate, endDate, dailyPrice }) => ({
        startDate,
        endDate,
        dailyPrice,
      })),
      deposit: car.deposit,
      cancellation: car.cancellation,
      amendments: car.amendments,
      theftProtection: car.theftProtection,
      collisionDamageWaiver: car.collisionDamageWaiver,
      fullInsurance: car.fullInsurance,
      additionalDriver: car.additionalDriver,
    },
    priceChangeRate: input.priceChangeRate,
    mileage: car.mileage,
    fuelPolicy: car.fuelPolicy,
    minimumAge: car.minimumAge,
    ...(car.mileage >= 0 && input.pricePerExtraKm != null && { pricePerExtraKm: input.pricePerExtraKm }),
    // Kept only when the booking pays one: the terms of every other booking keep the shape the database fills.
    ...(input.placeFees && Object.keys(input.placeFees).length > 0 && { placeFees: { ...input.placeFees } }),
    ...(input.promo && { promo: { code: input.promo.code, kind: input.promo.kind, value: input.promo.value } }),
    ...(input.rentalFees && Object.keys(input.rentalFees).length > 0 && { rentalFees: { ...input.rentalFees } }),
    ...((input.catalogueExtras?.length ?? 0) > 0 && {
      catalogueExtras: input.catalogueExtras!.map((extra) => ({ ...extra })),
    }),
  };
}

/**
 * A rental of the booking: its period and extras, and the places' fees when they differ from the terms' (a change
 * that moves a pick-up or a drop-off into or out of the key box's hours).
 */
type Rental = {
  pickupAt: Date;
  dropoffAt: Date;
  timeZone: string;
  extras: ChosenExtras;
  placeFees?: PlaceFees;
  /** The fees by rule when they differ from the terms' (a change of places re-prices the one-way fee). */
  rentalFees?: RentalFees;
};

/** A rental priced at the booking's terms (the one price engine, `calculatePrice`). */
export function priceBooked(terms: BookedTerms, rental: Rental): PriceBreakdown {
  // The fees by rule stay as booked unless the change says otherwise: a daily one follows the days (label × days).
  const { placeFees = terms.placeFees, rentalFees = terms.rentalFees, ...period } = rental;
  return calculatePrice({
    car: terms.car,
    priceChangeRate: terms.priceChangeRate,
    ...period,
    placeFees,
    rentalFees,
    catalogueExtras: catalogueExtraLines(terms.catalogueExtras),
    ...(terms.promo && { discount: promoLine(terms.promo) }),
  });
}

/**
 * A booking's totals after a change, priced at its own terms and currency rate: its stored totals plus what the
 * change adds or takes away (the new rental's price less the old one's, both at the terms). Only what changes is
 * priced, so an empty change changes nothing, even for a booking whose stored total the terms no longer give (one
 * made before its terms were kept: their backfill copied the car as it was then). `convert`: base minor units to the
 * booking's currency at its rate. Returns the new base price and total in the booking's currency, and the new
 * rental's breakdown.
 * @throws PriceError (price.ts) when the new period is empty or a chosen extra is unavailable under the terms.
 */
export function priceChange(input: {
  terms: BookedTerms;
  convert: (amountMinorBase: number) => number;
  before: Rental & { price: number; totalAmount: number };
  after: Rental;
}): { price: number; totalAmount: number; breakdown: PriceBreakdown } {
  const { terms, convert, before, after } = input;
  const was = priceBooked(terms, before);
  const now = priceBooked(terms, after);
  return {
    price: before.price + now.total - was.total,
    totalAmount: before.totalAmount + priceIn(now, convert).total - priceIn(was, convert).total,
    breakdown: now,
  };
}
