import type { CarDetails, CarOption } from '@roam/contract/cars';
import type { CarFields, OperatorCar } from '@roam/contract/fleet';
import { EXTRAS, RATE_FIELDS } from '@roam/contract/price';
import type { cars } from '#server/db/schema.ts';
import type { CarRow, Period } from './fleet.repository.ts';

// A car's operator fields (contract fleet.ts `CarFields`) to and from its columns.

const COLUMN_FIELDS = [
  'name',
  'licensePlate',
  'range',
  'fuelType',
  'gearbox',
  'seats',
  'doors',
  'aircon',
  'mileage',
  'fuelPolicy',
  'multimedia',
  'deposit',
  'minimumAge',
  'co2',
  ...RATE_FIELDS,
  'isDateBasedPrice',
  ...EXTRAS,
  'fullyBooked',
] as const satisfies readonly (keyof CarFields & keyof CarRow)[];

/** The stored availability flags as the one choice an operator makes (coming soon wins, as on the cards). */
export function availabilityOfRow(car: Pick<CarRow, 'available' | 'comingSoon'>): CarFields['availability'] {
  if (car.comingSoon) return 'comingSoon';
  return car.available ? 'available' : 'unavailable';
}

export function fieldsOf(car: CarRow, locationIds: string[], periods: Period[]): CarFields {
  const fields = Object.fromEntries(COLUMN_FIELDS.map((field) => [field, car[field]])) as Pick<
    CarFields,
    (typeof COLUMN_FIELDS)[number]
  >;
  return {
    ...fields,
    multimedia: car.multimedia as CarOption[],
    locationIds: [...locationIds].sort(),
    dateBasedPrices: periods.map(({ startDate, endDate, dailyPrice }) => ({ startDate, endDate, dailyPrice })),
    availability: availabilityOfRow(car),
  };
}

/** The columns of the fields given (places and date-based prices live in their own tables). */
export function columnsOf(fields: Partial<CarFields>): Partial<typeof cars.$inferInsert> {
  const columns: Partial<typeof cars.$inferInsert> = {};
  for (const field of COLUMN_FIELDS) {
    if (fields[field] !== undefined) (columns as Record<string, unknown>)[field] = fields[field];
  }
  if (fields.availability !== undefined) {
    columns.available = fields.availability === 'available';
    columns.comingSoon = fields.availability === 'comingSoon';
  }
  return columns;
}

/** The customer's reading of the car (cars service) with what only its operator edits. */
export function toOperatorCar(details: CarDetails, car: CarRow): OperatorCar {
  return {
    ...details,
    supplierId: car.supplierId,
    licensePlate: car.licensePlate,
    locationIds: details.locations.map((place) => place._id),
    availability: availabilityOfRow(car),
    createdAt: car.createdAt.toISOString(),
    updatedAt: car.updatedAt.toISOString(),
  };
}
