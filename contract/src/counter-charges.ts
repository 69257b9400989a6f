import type { FuelPolicy } from './cars.ts';
import { roundHalfUp } from './money.ts';

// The charges at return (docs/architecture.md §5 "After the booking"): each computed by a pure function from the
// supplier's rules (per-car overrides applied) and the two inspections, into an amount and a `computation` the
// screen, the quote and the receipt print line by line before the operator confirms. Every amount is in the
// booking's currency minor units: the rules, kept in EUR minor units like a car's prices, are converted at the
// booking's own rate first (`rulesInCurrency`), so what is shown is what is charged.

export const CHARGE_KINDS = [
  'fuel',
  'mileage',
  'late',
  'one_way',
  'cleaning',
  'damage',
  'toll',
  'fine',
  'no_show',
  'other',
] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
/** What an operator adds by hand after the return (a toll, a fine up to 90 days later, a damage found later). */
export const LATER_CHARGE_KINDS = ['toll', 'fine', 'damage', 'other'] as const satisfies readonly ChargeKind[];
export type LaterChargeKind = (typeof LATER_CHARGE_KINDS)[number];

/** A one-way fee for one pair of places (from the pick-up place to the return place). */
export interface OneWayFee {
  fromLocationId: string;
  toLocationId: string;
  fee: number;
}

/** A supplier's charge rules. Money in EUR minor units (converted per booking); litres, minutes and km whole. */
export interface ChargeRules {
  fuelPricePerLitre: number;
  /** Added once when fuel (or charge) is missing. */
  refuellingFee: number;
  /** The tank a car has when its own size is not recorded. */
  defaultTankLitres: number;
  batteryPricePerPercent: number;
  pricePerExtraKm: number;
  /** Minutes after the drop-off time without charge. */
  lateGraceMinutes: number;
  /** Per started hour late, capped at a day's price per day. */
  latePricePerHour: number;
  cleaningFee: number;
  /** Charged when the car comes back elsewhere than it was picked up and no pair below matches; null: none. */
  oneWayFee: number | null;
  oneWayFees: OneWayFee[];
}

/** The rules a car may override (null: the supplier's). */
export const CAR_OVERRIDABLE_RULES = [
  'fuelPricePerLitre',
  'refuellingFee',
  'batteryPricePerPercent',
  'pricePerExtraKm',
  'lateGraceMinutes',
  'latePricePerHour',
  'cleaningFee',
  'oneWayFee',
] as const satisfies readonly (keyof ChargeRules)[];
export type CarOverridableRule = (typeof CAR_OVERRIDABLE_RULES)[number];
export type CarChargeOverrides = { [K in CarOverridableRule]: number | null };

export const DEFAULT_CHARGE_RULES: ChargeRules = {
  fuelPricePerLitre: 250,
  refuellingFee: 2000,
  defaultTankLitres: 50,
  batteryPricePerPercent: 50,
  pricePerExtraKm: 30,
  lateGraceMinutes: 59,
  latePricePerHour: 1500,
  cleaningFee: 5000,
  oneWayFee: null,
  oneWayFees: [],
};

/** The money fields of the rules, which `rulesInCurrency` converts. */
const MONEY_RULES = [
  'fuelPricePerLitre',
  'refuellingFee',
  'batteryPricePerPercent',
  'pricePerExtraKm',
  'latePricePerHour',
  'cleaningFee',
] as const satisfies readonly (keyof ChargeRules)[];

/** The supplier's rules with the car's overrides (a null override follows the supplier). */
export function effectiveChargeRules(supplier: ChargeRules, car: Partial<CarChargeOverrides> | null): ChargeRules {
  const rules: ChargeRules = { ...supplier, oneWayFees: [...supplier.oneWayFees] };
  for (const key of CAR_OVERRIDABLE_RULES) {
    const value = car?.[key];
    if (value !== null && value !== undefined) rules[key] = value;
  }
  return rules;
}

/** The rules' money in the booking's currency: `convert` takes EUR minor units to the booking's minor units. */
export function rulesInCurrency(rules: ChargeRules, convert: (eurMinor: number) => number): ChargeRules {
  const converted: ChargeRules = {
    ...rules,
    oneWayFee: rules.oneWayFee === null ? null : convert(rules.oneWayFee),
    oneWayFees: rules.oneWayFees.map((pair) => ({ ...pair, fee: convert(pair.fee) })),
  };
  for (const key of MONEY_RULES) converted[key] = convert(rules[key]);
  return converted;
}

/** The units a computation's line is in; `money` is minor units of the booking's currency. */
export const COMPUTATION_UNITS = ['eighths', 'litres', 'percent', 'km', 'minutes', 'hours', 'days', 'money'] as const;
export type ComputationUnit = (typeof COMPUTATION_UNITS)[number];

/** The lines' names: the console's and the documents' locale files label each one. */
export const COMPUTATION_KEYS = [
  // fuel
  'fuelAtCheckOut',
  'fuelAtReturn',
  'missingEighths',
  'tankLitres',
  'missingLitres',
  'pricePerLitre',
  'fuelCost',
  // battery
  'batteryAtCheckOut',
  'batteryAtReturn',
  'missingPercent',
  'pricePerPercent',
  'chargingCost',
  'refuellingFee',
  // mileage
  'odometerAtCheckOut',
  'odometerAtReturn',
  'kmDriven',
  'kmPerDay',
  'rentalDays',
  'kmAllowance',
  'kmOver',
  'pricePerKm',
  // late return
  'minutesLate',
  'graceMinutes',
  'lateDays',
  'dayPrice',
  'lateHours',
  'pricePerHour',
  'hoursCost',
  // flat amounts
  'oneWayFee',
  'cleaningFee',
  'noShowFee',
  'enteredAmount',
] as const;
export type ComputationKey = (typeof COMPUTATION_KEYS)[number];

export interface ComputationLine {
  key: ComputationKey;
  value: number;
  unit: ComputationUnit;
}

/** How a charge's amount came about: its inputs and steps in order, ending in the amount. */
export interface Computation {
  kind: ChargeKind;
  lines: ComputationLine[];
  /** Minor units of `currency`: the charge. */
  amount: number;
  currency: string;
}

const line = (key: ComputationKey, value: number, unit: ComputationUnit): ComputationLine => ({ key, value, unit });

/** The fuel policies that charge missing fuel: the car is to come back as full as it left. */
export const REFUEL_POLICIES = ['likeForlike', 'fullToFull'] as const satisfies readonly FuelPolicy[];

/** Missing fuel: missing eighths × tank ÷ 8 × price per litre, plus the refuelling fee; null when none is due. */
export function fuelCharge(input: {
  policy: FuelPolicy;
  checkOutEighths: number;
  returnEighths: number;
  tankLitres: number;
  rules: ChargeRules;
  currency: string;
}): Computation | null {
  const missing = input.checkOutEighths - input.returnEighths;
  if (!(REFUEL_POLICIES as readonly FuelPolicy[]).includes(input.policy) || missing <= 0) return null;
  const fuelCost = roundHalfUp((missing * input.tankLitres * input.rules.fuelPricePerLitre) / 8);
  return {
    kind: 'fuel',
    currency: input.currency,
    amount: fuelCost + input.rules.refuellingFee,
    lines: [
      line('fuelAtCheckOut', input.checkOutEighths, 'eighths'),
      line('fuelAtReturn', input.returnEighths, 'eighths'),
      line('missingEighths', missing, 'eighths'),
      line('tankLitres', input.tankLitres, 'litres'),
      line('missingLitres', Math.round((missing * input.tankLitres * 10) / 8) / 10, 'litres'),
      line('pricePerLitre', input.rules.fuelPricePerLitre, 'money'),
      line('fuelCost', fuelCost, 'money'),
      line('refuellingFee', input.rules.refuellingFee, 'money'),
    ],
  };
}

/** Missing charge of an electric car: missing % × price per %, plus the refuelling fee; null when none is due. */
export function batteryCharge(input: {
  policy: FuelPolicy;
  checkOutPercent: number;
  returnPercent: number;
  rules: ChargeRules;
  currency: string;
}): Computation | null {
  const missing = input.checkOutPercent - input.returnPercent;
  if (!(REFUEL_POLICIES as readonly FuelPolicy[]).includes(input.policy) || missing <= 0) return null;
  const chargingCost = missing * input.rules.batteryPricePerPercent;
  return {
    kind: 'fuel',
    currency: input.currency,
    amount: chargingCost + input.rules.refuellingFee,
    lines: [
      line('batteryAtCheckOut', input.checkOutPercent, 'percent'),
      line('batteryAtReturn', input.returnPercent, 'percent'),
      line('missingPercent', missing, 'percent'),
      line('pricePerPercent', input.rules.batteryPricePerPercent, 'money'),
      line('chargingCost', chargingCost, 'money'),
      line('refuellingFee', input.rules.refuellingFee, 'money'),
    ],
  };
}

/** Kilometres over the allowance (the car's km per day × rental days) × price per km; null: unlimited or within. */
export function mileageCharge(input: {
  /** The car's mileage limit per day; −1 unlimited (spec §3). */
  kmPerDay: number;
  rentalDays: number;
  checkOutOdometer: number;
  returnOdometer: number;
  rules: ChargeRules;
  currency: string;
}): Computation | null {
  if (input.kmPerDay < 0) return null;
  const driven = input.returnOdometer - input.checkOutOdometer;
  const allowance = input.kmPerDay * input.rentalDays;
  const over = driven - allowance;
  if (over <= 0) return null;
  return {
    kind: 'mileage',
    currency: input.currency,
    amount: over * input.rules.pricePerExtraKm,
    lines: [
      line('odometerAtCheckOut', input.checkOutOdometer, 'km'),
      line('odometerAtReturn', input.returnOdometer, 'km'),
      line('kmDriven', driven, 'km'),
      line('kmPerDay', input.kmPerDay, 'km'),
      line('rentalDays', input.rentalDays, 'days'),
      line('kmAllowance', allowance, 'km'),
      line('kmOver', over, 'km'),
      line('pricePerKm', input.rules.pricePerExtraKm, 'money'),
    ],
  };
}

const DAY_MINUTES = 24 * 60;

/**
 * A late return: nothing within the grace; past it, each whole day late costs a day's price and the started hours
 * beyond cost the hourly price, at most a day's price. Counted from the drop-off time.
 */
export function lateCharge(input: {
  dropoffAt: Date;
  returnedAt: Date;
  /** A day of the booking, in its currency: its total ÷ its rental days. */
  dayPrice: number;
  rules: ChargeRules;
  currency: string;
}): Computation | null {
  const minutesLate = Math.ceil((input.returnedAt.getTime() - input.dropoffAt.getTime()) / 60_000);
  if (minutesLate <= input.rules.lateGraceMinutes) return null;
  const lateDays = Math.floor(minutesLate / DAY_MINUTES);
  const lateHours = Math.ceil((minutesLate - lateDays * DAY_MINUTES) / 60);
  const hoursCost = Math.min(lateHours * input.rules.latePricePerHour, input.dayPrice);
  return {
    kind: 'late',
    currency: input.currency,
    amount: lateDays * input.dayPrice + hoursCost,
    lines: [
      line('minutesLate', minutesLate, 'minutes'),
      line('graceMinutes', input.rules.lateGraceMinutes, 'minutes'),
      line('lateDays', lateDays, 'days'),
      line('dayPrice', input.dayPrice, 'money'),
      line('lateHours', lateHours, 'hours'),
      line('pricePerHour', input.rules.latePricePerHour, 'money'),
      line('hoursCost', hoursCost, 'money'),
    ],
  };
}

/** A car returned elsewhere than it was picked up: the pair's fee, else the flat fee; null when neither applies. */
export function oneWayCharge(input: {
  pickupLocationId: string;
  returnLocationId: string;
  rules: ChargeRules;
  currency: string;
}): Computation | null {
  if (input.pickupLocationId === input.returnLocationId) return null;
  const pair = input.rules.oneWayFees.find(
    (fee) => fee.fromLocationId === input.pickupLocationId && fee.toLocationId === input.returnLocationId,
  );
  const fee = pair?.fee ?? input.rules.oneWayFee;
  if (fee === null || fee <= 0) return null;
  return { kind: 'one_way', currency: input.currency, amount: fee, lines: [line('oneWayFee', fee, 'money')] };
}

/** The cleaning fee, when the operator found the car needs it. */
export function cleaningCharge(input: { needed: boolean; rules: ChargeRules; currency: string }): Computation | null {
  if (!input.needed || input.rules.cleaningFee <= 0) return null;
  const fee = input.rules.cleaningFee;
  return { kind: 'cleaning', currency: input.currency, amount: fee, lines: [line('cleaningFee', fee, 'money')] };
}

/** An amount the operator types (a damage, a toll, a fine, another charge), or the no-show fee. */
export function enteredCharge(kind: ChargeKind, amount: number, currency: string): Computation {
  const key: ComputationKey = kind === 'no_show' ? 'noShowFee' : 'enteredAmount';
  return { kind, currency, amount, lines: [line(key, amount, 'money')] };
}

/** What the return measured, beside what the check-out did. */
export interface ReturnReadings {
  policy: FuelPolicy;
  /** Fuel in eighths, or the battery in % for an electric car (both readings of one kind). */
  fuel:
    | { kind: 'eighths'; checkOut: number; return: number; tankLitres: number }
    | {
        kind: 'battery';
        checkOut: number;
        return: number;
      };
  kmPerDay: number;
  rentalDays: number;
  checkOutOdometer: number;
  returnOdometer: number;
  dropoffAt: Date;
  returnedAt: Date;
  dayPrice: number;
  pickupLocationId: string;
  returnLocationId: string;
  cleaning: boolean;
  /** The damages found at return with the amount typed for each (0: recorded, not charged). */
  damageAmounts: number[];
}

/** Every charge a return gives, in the order the screen shows them; `rules` already in the booking's currency. */
export function returnCharges(readings: ReturnReadings, rules: ChargeRules, currency: string): Computation[] {
  const { fuel } = readings;
  const charges = [
    fuel.kind === 'eighths'
      ? fuelCharge({
          policy: readings.policy,
          checkOutEighths: fuel.checkOut,
          returnEighths: fuel.return,
          tankLitres: fuel.tankLitres,
          rules,
          currency,
        })
      : batteryCharge({
          policy: readings.policy,
          checkOutPercent: fuel.checkOut,
          returnPercent: fuel.return,
          rules,
          currency,
        }),
    mileageCharge({ ...readings, rules, currency }),
    lateCharge({ ...readings, rules, currency }),
    oneWayCharge({ ...readings, rules, currency }),
    cleaningCharge({ needed: readings.cleaning, rules, currency }),
    ...readings.damageAmounts.filter((amount) => amount > 0).map((amount) => enteredCharge('damage', amount, currency)),
  ];
  return charges.filter((charge): charge is Computation => charge !== null);
}

/** The sum of charges not waived. */
export const chargesTotal = (charges: readonly { amount: number; waivedAt?: string | null }[]): number =>
  charges.reduce((sum, charge) => (charge.waivedAt ? sum : sum + charge.amount), 0);
