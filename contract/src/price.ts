import type { PaymentOption } from './bookings.ts';
import type { Language } from './languages.ts';
import { roundHalfUp } from './money.ts';
import { type RentalFee, type RentalFees, rentalFeeLines } from './rental-fees.ts';
import { HOUR, instantToZoned, rentalDays, rentalHours } from './time.ts';

// The one price engine (docs/architecture.md §5 "Price", spec §9 price rules): a car's rates and extras, and what a
// rental of it costs. The web shows what it returns and the server charges what it returns, so the two can never
// disagree. All amounts are integer minor units of the base currency (EUR).

/** The six bookable extras (spec §3): −1 unavailable, 0 included, otherwise a price in minor units. */
export const EXTRAS = [
  'cancellation',
  'amendments',
  'theftProtection',
  'collisionDamageWaiver',
  'fullInsurance',
  'additionalDriver',
] as const;
export type Extra = (typeof EXTRAS)[number];
/** Extras charged once per booking; the others are charged per rental day (spec §9). */
export const FLAT_EXTRAS = ['cancellation', 'amendments'] as const satisfies readonly Extra[];

/** Spec §3's five rates, each with its discounted variant, in the spec's order. */
export const PRICE_RATES = [
  ['hourlyPrice', 'discountedHourlyPrice'],
  ['dailyPrice', 'discountedDailyPrice'],
  ['weeklyPrice', 'discountedWeeklyPrice'],
  ['biWeeklyPrice', 'discountedBiWeeklyPrice'],
  ['monthlyPrice', 'discountedMonthlyPrice'],
] as const;
export type RateField = (typeof PRICE_RATES)[number][number];
/** The ten rate fields of a car, one list. */
export const RATE_FIELDS: readonly RateField[] = /* @__PURE__ */ PRICE_RATES.flat();

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

/**
 * The places' own fees a rental pays (docs/architecture.md §5 "Opening hours"): the key box's, when the pick-up or
 * the drop-off is after hours at a place that has one. Each is the place's fee as its hours show it, charged once,
 * without the supplier's percentage (it is the place's price, not the car's).
 */
export const PLACE_FEES = ['afterHoursPickup', 'afterHoursDropoff'] as const;
export type PlaceFee = (typeof PLACE_FEES)[number];
/** Each applying fee in minor units of the base currency; absent or 0: no line. */
export type PlaceFees = Partial<Record<PlaceFee, number>>;

export interface PriceInput {
  car: CarPricing;
  /** The supplier's price change, in percent (7.5 adds 7.5 %, −10 takes 10 % off). */
  priceChangeRate: number;
  pickupAt: Date;
  dropoffAt: Date;
  /** The pick-up location's IANA zone: it decides which date-based period a rental day is in. */
  timeZone: string;
  extras?: ChosenExtras;
  placeFees?: PlaceFees;
  /** The business's own extras bought, after the chosen ones (catalogue-extras.ts `catalogueExtraLines`). */
  catalogueExtras?: PriceExtraLines;
  /** The business's fees by rule (rental-fees.ts): the driver's age band per day, the one-way fee once. */
  rentalFees?: RentalFees;
  /** A promo code's discount, taken last (promo-codes.ts `promoLine`). */
  discount?: PriceDiscount;
}

/**
 * A discount the engine takes after every other line (a promo code's, promo-codes.ts `promoLine`): it adds its own
 * line (a negative amount) to `lines` and answers what it took off. The web loads it only with a code.
 */
export type PriceDiscount = (lines: PriceLine[]) => number;

/**
 * More extras' lines, after the chosen ones (the business's own, catalogue-extras.ts `catalogueExtraLines`): given the
 * rental days and the supplier's percentage, their lines and what they are of the supplier's own prices. A function,
 * so that a customer screen without them carries none of their code.
 */
export type PriceExtraLines = (
  days: number,
  withPercentage: (amount: number) => number,
) => { lines: PriceLine[]; own: number };

/** One line of the summary: an amount a customer sees, with the supplier's percentage already in it. */
export interface PriceLine {
  item: 'rental' | Extra | PlaceFee | RentalFee | 'catalogueExtra' | 'promo';
  /** The rental's price for the period, an extra's price as its label shows it (per day or once), or a place's fee. */
  unit: number;
  /** 1 for the rental, the flat extras, the places' fees and the one-way fee; the rental days for a daily one. */
  quantity: number;
  /** unit × quantity, exactly. */
  amount: number;
  /** A catalogue extra's line: which, and its names, so every reader (receipt, invoice) can label it. */
  extraId?: string;
  names?: Record<Language, string>;
}

export interface PriceBreakdown {
  rentalHours: number;
  rentalDays: number;
  /**
   * The rental, then each chosen extra, the business's own extras, the places' fees, the fees by rule, and a promo
   * code's discount last: what the summary, the total, the e-mail and the receipt show.
   */
  lines: PriceLine[];
  /** The vehicle alone for the period, the percentage in (the rental line). */
  rental: number;
  /** Each chosen extra's line amount (0 when included), the percentage in. */
  extras: Partial<Record<Extra, number>>;
  /** The chosen extras' lines together (the places' fees and the fees by rule are not extras). */
  extrasTotal: number;
  /** What the supplier's percentage added to the car's own prices (informative; already in every line). */
  priceChange: number;
  /** The sum of the lines, exactly. */
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

type Tier = { days: number; price: number };

/** The set tiers, longest first: monthly (30 days), weekly (7), "bi-weekly" (charged per 3 days, spec §9). */
function tiersOf(car: CarPricing): Tier[] {
  const tiers: { days: number; price: number | null }[] = [
    { days: 30, price: rate(car.monthlyPrice, car.discountedMonthlyPrice) },
    { days: 7, price: rate(car.weeklyPrice, car.discountedWeeklyPrice) },
    { days: 3, price: rate(car.biWeeklyPrice, car.discountedBiWeeklyPrice) },
  ];
  return tiers.filter((tier): tier is Tier => tier.price !== null);
}

/** The spec's block rule for whole days: the longest set tier as often as it fits, then the next, then daily. */
function wholeDays(tiers: readonly Tier[], daily: number, days: number): number {
  let rest = days;
  let rental = 0;
  for (const tier of tiers) {
    rental += Math.floor(rest / tier.days) * tier.price;
    rest %= tier.days;
  }
  return rental + rest * daily;
}

/**
 * The shortest whole-day periods from `days` on, up to the end of the longest tier's current block, at which the
 * block rule can get cheaper: `days` itself, then for each tier the first length whose remainder (after the longer
 * tiers) is a whole number of that tier. Between two of them every added day costs a daily price more, and past a
 * tier's boundary nothing costs less than at it, so the cheapest longer period is one of these (at most four).
 */
function boundaries(tiers: readonly Tier[], days: number): number[] {
  const found = [days];
  let block = Number.POSITIVE_INFINITY;
  let start = 0; // where the current block of the longer tiers starts
  for (const tier of tiers) {
    const into = (days - start) % tier.days;
    const next = into === 0 ? days : days + tier.days - into;
    if (next - start <= block) found.push(next);
    start = days - into;
    block = tier.days;
  }
  return found;
}

/**
 * The rental by duration (docs/architecture.md §5): whole days by the block rule, leftover hours hourly (or one daily
 * price without an hourly price) — and never more than a longer whole-day rental of the same car, up to the end of
 * the current block of the longest tier ("never more for fewer days": the block rule alone charges 29 days more than
 * 30 for some cars). Closed form: only the tier boundaries can be cheaper (`boundaries`).
 */
function durationRental(car: CarPricing, hours: number): number {
  const daily = dailyRate(car);
  const tiers = tiersOf(car);
  const days = Math.floor(hours / 24);
  const leftoverHours = hours % 24;
  let rental = wholeDays(tiers, daily, days);
  if (leftoverHours > 0) {
    const hourly = rate(car.hourlyPrice, car.discountedHourlyPrice);
    rental += hourly === null ? daily : hourly * leftoverHours;
  }
  // The whole-day periods at least as long as this rental.
  const shortest = leftoverHours > 0 ? days + 1 : days;
  for (const longer of boundaries(tiers, Math.max(1, shortest))) {
    if (longer * 24 < hours) continue;
    rental = Math.min(rental, wholeDays(tiers, daily, longer));
  }
  return rental;
}

/**
 * An amount of the car's own prices as the customer sees it: with the supplier's percentage (7.5 adds 7.5 %, −10
 * takes 10 % off), rounded half up once. Every label, line and total is made of these (docs/architecture.md §5).
 */
export function withPriceChange(amount: number, priceChangeRate: number): number {
  return Math.max(0, roundHalfUp(amount + (amount * priceChangeRate) / 100));
}

/**
 * The least one rental day of the car costs, the percentage in: what a "from … per day" promises (the home page's
 * vehicle sizes). By duration a day is never more than a 3-, 7- or 30-day price (never more for
 * fewer days), so it is the cheapest of the daily rate and the set tiers; with date-based pricing, the cheapest of the
 * daily rate and the periods not over by `today` ('YYYY-MM-DD'). The server's range prices compute the same in SQL
 * (cars.repository.ts rangePrices, tested against this over the demo fleet).
 */
export function fromDailyPrice(car: CarPricing, priceChangeRate: number, today: string): number {
  const oneDay = car.isDateBasedPrice
    ? Math.min(dailyRate(car), ...car.dateBasedPrices.filter((p) => p.endDate >= today).map((p) => p.dailyPrice))
    : durationRental(car, 24);
  return withPriceChange(oneDay, priceChangeRate);
}

const FLAT: ReadonlySet<Extra> = new Set(FLAT_EXTRAS);
const isExtra = (item: PriceLine['item']): item is Extra => EXTRAS.includes(item as Extra);

/**
 * The price of a rental, as lines a customer sees (the percentage in each) that add up to the total exactly: an
 * extra's label × its days is its line, in the summary, the e-mail and the receipt.
 * @throws PriceError when the period is empty or reversed, or a chosen extra is unavailable.
 */
export function calculatePrice({
  car,
  priceChangeRate,
  pickupAt,
  dropoffAt,
  timeZone,
  extras,
  placeFees,
  catalogueExtras,
  rentalFees,
  discount,
}: PriceInput): PriceBreakdown {
  const hours = rentalHours(pickupAt, dropoffAt);
  if (!(hours > 0)) throw new PriceError('invalidPeriod');
  const days = rentalDays(pickupAt, dropoffAt);
  const ownRental = car.isDateBasedPrice ? dateBasedRental(car, pickupAt, days, timeZone) : durationRental(car, hours);
  let ownTotal = ownRental;

  const rental = withPriceChange(ownRental, priceChangeRate);
  const lines: PriceLine[] = [{ item: 'rental', unit: rental, quantity: 1, amount: rental }];
  const extraCosts: Partial<Record<Extra, number>> = {};
  for (const extra of EXTRAS) {
    if (!extras?.[extra]) continue;
    const value = car[extra];
    if (extraState(value) === 'unavailable') throw new PriceError('extraUnavailable', extra);
    // Cancellation and amendments are charged once, the others per rental day (spec §9).
    const quantity = FLAT.has(extra) ? 1 : days;
    const unit = withPriceChange(value, priceChangeRate);
    lines.push({ item: extra, unit, quantity, amount: unit * quantity });
    extraCosts[extra] = unit * quantity;
    ownTotal += value * quantity;
  }
  if (catalogueExtras) {
    const more = catalogueExtras(days, (amount) => withPriceChange(amount, priceChangeRate));
    lines.push(...more.lines);
    ownTotal += more.own;
  }
  for (const fee of PLACE_FEES) {
    const amount = placeFees?.[fee] ?? 0;
    if (amount <= 0) continue;
    lines.push({ item: fee, unit: amount, quantity: 1, amount });
    ownTotal += amount;
  }
  for (const line of rentalFeeLines(rentalFees, days)) {
    lines.push(line);
    ownTotal += line.amount;
  }
  ownTotal -= discount?.(lines) ?? 0;
  return summed(lines, { rentalHours: hours, rentalDays: days, deposit: car.deposit, ownTotal });
}

function summed(
  lines: PriceLine[],
  {
    rentalHours,
    rentalDays,
    deposit,
    ownTotal,
  }: { rentalHours: number; rentalDays: number; deposit: number; ownTotal: number },
): PriceBreakdown {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const extras: Partial<Record<Extra, number>> = {};
  let extrasTotal = 0;
  for (const line of lines) {
    if (!isExtra(line.item)) continue;
    extras[line.item] = line.amount;
    extrasTotal += line.amount;
  }
  const rental = lines.find((line) => line.item === 'rental')?.amount ?? 0;
  return {
    rentalHours,
    rentalDays,
    lines,
    rental,
    extras,
    extrasTotal,
    priceChange: total - ownTotal,
    total,
    deposit,
  };
}

/**
 * The same price in another currency, line by line: each unit converted (`convert`: base minor units → the
 * currency's minor units), then × its quantity, then summed — so that in every currency an extra's label × its
 * days is its line and the lines add up to the total that is charged.
 */
export function priceIn(breakdown: PriceBreakdown, convert: (amountMinorBase: number) => number): PriceBreakdown {
  const lines = breakdown.lines.map((line) => {
    const unit = convert(line.unit);
    return { ...line, unit, amount: unit * line.quantity };
  });
  return summed(lines, {
    rentalHours: breakdown.rentalHours,
    rentalDays: breakdown.rentalDays,
    deposit: convert(breakdown.deposit),
    ownTotal: convert(breakdown.total - breakdown.priceChange),
  });
}

/** When the car's security deposit is taken: held on the card online now, or held at the counter. */
export type SecurityDepositTaken = 'now' | 'atPickup';

export interface PaymentSplit {
  /** Paid online now: nothing, the security deposit, or the rental. */
  payNow: number;
  /** Paid at the counter at pick-up: the rental, or nothing. */
  payAtPickup: number;
  /** The car's security deposit (refunded after the return, as any security deposit). */
  securityDeposit: number;
  securityDepositTaken: SecurityDepositTaken;
}

/**
 * What each payment option (spec §4, docs/architecture.md §5 "Bookings") takes, and when — the one rule the
 * checkout, the server's charge, the booking and the e-mails follow. `total` is the rental with its extras, `deposit`
 * the car's security deposit, in any one currency.
 * - pay later at the counter: nothing now; the rental at pick-up; the security deposit held at pick-up;
 * - pay the deposit online: the security deposit now; the rental at pick-up;
 * - pay in full online: the rental now, and the security deposit held on the same card beside it, not charged
 *   (docs/decisions/0014-charges-after-the-rental.md); nothing at pick-up. A wallet's payment, or a card that refused
 *   the hold, leaves the deposit to the pick-up (contract bookings.ts `bookingAmounts` reads the ledger).
 */
export function paymentSplit(
  { total, deposit }: Pick<PriceBreakdown, 'total' | 'deposit'>,
  option: PaymentOption,
): PaymentSplit {
  const securityDeposit = Math.max(0, deposit);
  switch (option) {
    case 'payLater':
      return { payNow: 0, payAtPickup: total, securityDeposit, securityDepositTaken: 'atPickup' };
    case 'deposit':
      return { payNow: securityDeposit, payAtPickup: total, securityDeposit, securityDepositTaken: 'now' };
    case 'full':
      return { payNow: total, payAtPickup: 0, securityDeposit, securityDepositTaken: 'now' };
  }
}
