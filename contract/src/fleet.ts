import type { z } from 'zod';
import { LOWEST_DRIVER_AGE } from './booking-rules.ts';
import type {
  CarFields,
  CreateCarBodySchema,
  DateBasedPeriodSchema,
  OperatorCarRowSchema,
  OperatorCarSchema,
  OperatorCarsPageSchema,
  OperatorCarsQuerySchema,
  UpdateCarBodySchema,
} from './fleet.schema.ts';
import { PRICE_RATES } from './price.ts';

// The operator's cars: what an operator sets on a car, the operator's sorts, the messages and the rules across
// fields that both the editor and the server check, and the types. The schemas are in fleet.schema.ts. Money:
// integer minor units of EUR.

/** What an operator sets on a car: spec §3's two values and 'Coming Soon'. */
export const CAR_AVAILABILITIES = ['available', 'unavailable', 'comingSoon'] as const;
export type CarAvailability = (typeof CAR_AVAILABILITIES)[number];

export const OPERATOR_CAR_SORTS = ['name', 'nameDesc', 'priceAsc', 'priceDesc', 'newest'] as const;

/** Field messages in the spec's words and style (§5: 'Please fill in the field: …'); the web translates by field. */
export const FLEET_MESSAGES = {
  required: (label: string) => `Please fill in the field: ${label}`,
  invalidPrice: 'Please enter a price greater than 0.',
  discountNotLower: 'The discounted price must be lower than the price.',
  discountWithoutPrice: 'Please fill in the price before its discounted price.',
  invalidExtra: 'Enter -1 (unavailable), 0 (included) or a price.',
  invalidMileage: 'Enter the mileage limit in km, or -1 for unlimited.',
  invalidPlate: 'Invalid licence plate',
  plateTaken: 'This licence plate is already used by another of your cars.',
  minimumAge: `The minimum driver age must be at least ${LOWEST_DRIVER_AGE}.`,
  noLocation: 'Please choose at least one place.',
  unknownLocation: 'Unknown location.',
  unknownSupplier: 'Unknown supplier.',
  supplierFixed: 'The supplier of a car cannot be changed.',
  periodOrder: 'The end date must be on or after the start date.',
  periodOverlap: (other: { startDate: string; endDate: string }) =>
    `This period overlaps the period ${other.startDate} – ${other.endDate}.`,
  noPeriod: 'Please add at least one date-based price period.',
  deleteBooked: 'This car has a current or future booking and cannot be deleted.',
  tooManyPhotos: (max: number) => `A car keeps at most ${max} photos: delete one before adding more.`,
  photoOrder: "Send each of the car's photos once, in the new order.",
} as const;

/**
 * The rules across fields, on the car as it would be stored (a partial update merged onto the stored car), as
 * field path → messages. Empty when the car may be saved.
 */
export function carFieldIssues(car: CarFields): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    issues[field] = [...(issues[field] ?? []), message];
  };
  for (const [price, discounted] of PRICE_RATES) {
    const full = car[price];
    const reduced = car[discounted];
    if (reduced === null) continue;
    if (full === null) add(discounted, FLEET_MESSAGES.discountWithoutPrice);
    else if (reduced >= full) add(discounted, FLEET_MESSAGES.discountNotLower);
  }
  if (car.isDateBasedPrice && car.dateBasedPrices.length === 0) add('dateBasedPrices', FLEET_MESSAGES.noPeriod);
  const periods = car.dateBasedPrices.map((period, index) => ({ ...period, index }));
  for (const period of periods) {
    if (period.endDate < period.startDate) add(`dateBasedPrices.${period.index}.endDate`, FLEET_MESSAGES.periodOrder);
  }
  // Each period against the ones before it (dates as 'YYYY-MM-DD' compare as strings; both ends included).
  const sorted = periods.filter((p) => p.endDate >= p.startDate).sort((a, b) => a.startDate.localeCompare(b.startDate));
  for (let i = 1; i < sorted.length; i++) {
    const period = sorted[i] as (typeof sorted)[number];
    const overlapped = sorted.slice(0, i).find((before) => before.endDate >= period.startDate);
    if (overlapped) add(`dateBasedPrices.${period.index}.startDate`, FLEET_MESSAGES.periodOverlap(overlapped));
  }
  return issues;
}

/** A car's operator fields after validation (what the server stores and `carFieldIssues` checks): fleet.schema.ts. */
export type { CarFields };

export type DateBasedPeriod = z.infer<typeof DateBasedPeriodSchema>;
export type UpdateCarBody = z.input<typeof UpdateCarBodySchema>;
export type CreateCarBody = z.input<typeof CreateCarBodySchema>;
export type OperatorCar = z.infer<typeof OperatorCarSchema>;
export type OperatorCarsQuery = z.input<typeof OperatorCarsQuerySchema>;
export type OperatorCarRow = z.infer<typeof OperatorCarRowSchema>;
export type OperatorCarsPage = z.infer<typeof OperatorCarsPageSchema>;
