import { EXTRAS, type Extra, FLAT_EXTRAS, type PaymentOption } from './enums.ts';
import { roundHalfUp } from './money.ts';
import { HOUR, instantToZoned, rentalDays, rentalHours } from './time.ts';

// The one price engine (ARCHITECTURE §5 "Price", spec §9 price rules). The web shows what it
// returns and the server charges what it returns, so the two can never disagree.
// All amounts are integer minor units of the base currency (EUR).

/** A car rate: null, undefined or 0 means "not set" (a blank field in the car form). */
type Rate = number | null | undefined;

export interface DateBasedPrice {
  /** First day of the period, 'YYYY-MM-DD'. */
  startDate: string;
  /** Last day of the period, 'YYYY-MM-DD', included. */
  endDate: string;
  dailyPrice: number;
}

/** The price fields of a car (spec §3). Extras: −1 unavailable, 0 included, > 0 a price. */
export interface CarPricing extends Record<Extra, number> {
  dailyPrice: number;
  discountedDailyPrice?: Rate;
  hourlyPrice?: Rate;
  discountedHourlyPrice?: Rate;
  biWeeklyPrice?: Rate;
  discountedBiWeeklyPrice?: Rate;
  weeklyPrice?: Rate;
  discountedWeeklyPrice?: Rate;
  monthlyPrice?: Rate;
  discountedMonthlyPrice?: Rate;
  isDateBasedPrice: boolean;
  dateBasedPrices: readonly DateBasedPrice[];
  deposit: number;
}

export type ChosenExtras = Partial<Record<Extra, boolean>>;

export interface PriceInput {
  car: CarPricing;
  /** The supplier's price change, in percent (7.5 adds 7.5 %, −10 takes 10 % off). */
  priceChangeRate: number;
  pickupAt: Date;
  dropoffAt: Date;
  /** The pick-up location's IANA zone: it decides which date-based period a rental day is in. */
  timeZone: string;
  extras?: ChosenExtras;
}

export interface PriceBreakdown {
  rentalHours: number;
  rentalDays: number;
  /** The vehicle alone, before extras and the price change. */
  rental: number;
  /** Each chosen extra's cost (0 when included). */
  extras: Partial<Record<Extra, number>>;
  extrasTotal: number;
  /** What the supplier's percentage added, so rental + extrasTotal + priceChange = total. */
  priceChange: number;
  total: number;
  /** The car's deposit, unchanged by the price change. */
  deposit: number;
}

export type PriceErrorCode = 'invalidPeriod' | 'extraUnavailable';

export class PriceError extends Error {
  readonly code: PriceErrorCode;
  readonly extra: Extra | undefined;

  constructor(code: PriceErrorCode, extra?: Extra) {
    super(extra ? `${code}: ${extra}` : code);
    this.name = 'PriceError';
    this.code = code;
    this.extra = extra;
  }
}

export type ExtraState = 'unavailable' | 'included' | 'priced';

export function extraState(value: number): ExtraState {
  if (value < 0) return 'unavailable';
  return value === 0 ? 'included' : 'priced';
}

function rate(price: Rate, discounted: Rate): number | null {
  if (discounted && discounted > 0) return discounted;
  return price && price > 0 ? price : null;
}

function dailyRate(car: CarPricing): number {
  return rate(car.dailyPrice, car.discountedDailyPrice) ?? car.dailyPrice;
}

/** Each rental day (pick-up + i × 24 h) costs the daily price of the period its local date is in. */
function dateBasedRental(car: CarPricing, pickupAt: Date, days: number, timeZone: string): number {
  let rental = 0;
  for (let day = 0; day < days; day++) {
    const { date } = instantToZoned(new Date(pickupAt.getTime() + day * 24 * HOUR), timeZone);
    const period = car.dateBasedPrices.find((p) => p.startDate <= date && date <= p.endDate);
    rental += period ? period.dailyPrice : dailyRate(car);
  }
  return rental;
}

/** Whole days by the largest set tier (30, 7, 3 days), then daily; leftover hours hourly. */
function durationRental(car: CarPricing, hours: number): number {
  const daily = dailyRate(car);
  const tiers: [number, number | null][] = [
    [30, rate(car.monthlyPrice, car.discountedMonthlyPrice)],
    [7, rate(car.weeklyPrice, car.discountedWeeklyPrice)],
    // The spec's "bi-weekly" price is charged per 3 days (spec §9).
    [3, rate(car.biWeeklyPrice, car.discountedBiWeeklyPrice)],
  ];
  let days = Math.floor(hours / 24);
  let rental = 0;
  for (const [length, price] of tiers) {
    if (price === null) continue;
    rental += Math.floor(days / length) * price;
    days %= length;
  }
  rental += days * daily;
  const leftoverHours = hours % 24;
  if (leftoverHours > 0) {
    const hourly = rate(car.hourlyPrice, car.discountedHourlyPrice);
    rental += hourly === null ? daily : hourly * leftoverHours;
  }
  return rental;
}

const FLAT: ReadonlySet<Extra> = new Set(FLAT_EXTRAS);

/** @throws PriceError when the period is empty or reversed, or a chosen extra is unavailable. */
export function calculatePrice({
  car,
  priceChangeRate,
  pickupAt,
  dropoffAt,
  timeZone,
  extras,
}: PriceInput): PriceBreakdown {
  const hours = rentalHours(pickupAt, dropoffAt);
  if (!(hours > 0)) throw new PriceError('invalidPeriod');
  const days = rentalDays(pickupAt, dropoffAt);
  const rental = car.isDateBasedPrice ? dateBasedRental(car, pickupAt, days, timeZone) : durationRental(car, hours);

  const extraCosts: Partial<Record<Extra, number>> = {};
  let extrasTotal = 0;
  for (const extra of EXTRAS) {
    if (!extras?.[extra]) continue;
    const value = car[extra];
    if (extraState(value) === 'unavailable') throw new PriceError('extraUnavailable', extra);
    // Cancellation and amendments are charged once, the others per rental day (spec §9).
    const cost = FLAT.has(extra) ? value : value * days;
    extraCosts[extra] = cost;
    extrasTotal += cost;
  }

  const subtotal = rental + extrasTotal;
  // Rounded once, here, so the breakdown adds up to exactly what is charged.
  const total = Math.max(0, roundHalfUp(subtotal + (subtotal * priceChangeRate) / 100));
  return {
    rentalHours: hours,
    rentalDays: days,
    rental,
    extras: extraCosts,
    extrasTotal,
    priceChange: total - subtotal,
    total,
    deposit: car.deposit,
  };
}

export interface PaymentSplit {
  payNow: number;
  payAtPickup: number;
}

/** What each payment option (ARCHITECTURE §5 Bookings) takes online now and at the counter. */
export function paymentSplit(
  { total, deposit }: Pick<PriceBreakdown, 'total' | 'deposit'>,
  option: PaymentOption,
): PaymentSplit {
  switch (option) {
    case 'payLater':
      return { payNow: 0, payAtPickup: total };
    case 'full':
      return { payNow: total, payAtPickup: 0 };
    case 'deposit': {
      const payNow = Math.min(deposit, total);
      return { payNow, payAtPickup: total - payNow };
    }
  }
}
