import { describe, expect, it } from 'vitest';
import { CreateCarBodySchema, UpdateCarBodySchema } from './fleet.schema.ts';
import { type CarFields, carFieldIssues, FLEET_MESSAGES } from './fleet.ts';

// The rules of a car's operator fields, run by the editor and by the server on the car as it would be
// stored.

const car = CreateCarBodySchema.parse({
  name: 'Peugeot 308',
  range: 'midi',
  fuelType: 'diesel',
  gearbox: 'manual',
  seats: 5,
  doors: 5,
  aircon: true,
  mileage: -1,
  fuelPolicy: 'fullToFull',
  deposit: 50000,
  locationIds: ['5b4a7e02-38a3-4c1b-9a1a-2f1f0c2d9e11'],
  dailyPrice: 5000,
});
const fields = (overrides: Partial<CarFields>): CarFields => {
  const { supplierId: _supplier, ...rest } = car;
  return { ...rest, ...overrides };
};

describe('car fields', () => {
  it('defaults what a new car may leave out: no other rate, extras unavailable, available', () => {
    expect(car).toMatchObject({
      licensePlate: null,
      hourlyPrice: null,
      cancellation: -1,
      additionalDriver: -1,
      availability: 'available',
      minimumAge: 21,
      isDateBasedPrice: false,
      dateBasedPrices: [],
    });
    expect(carFieldIssues(fields({}))).toEqual({});
  });

  it('normalises a plate and refuses what is not one', () => {
    expect(UpdateCarBodySchema.parse({ _id: car.locationIds[0], licensePlate: '  ab-123   cd ' }).licensePlate).toBe(
      'AB-123 CD',
    );
    expect(UpdateCarBodySchema.parse({ _id: car.locationIds[0], licensePlate: '' }).licensePlate).toBeNull();
    const bad = UpdateCarBodySchema.safeParse({ _id: car.locationIds[0], licensePlate: 'AB/123' });
    expect(bad.error?.issues[0]?.message).toBe(FLEET_MESSAGES.invalidPlate);
  });

  it('refuses a discount not below its price, or without it', () => {
    expect(carFieldIssues(fields({ discountedDailyPrice: 5000, discountedWeeklyPrice: 20000 }))).toEqual({
      discountedDailyPrice: [FLEET_MESSAGES.discountNotLower],
      discountedWeeklyPrice: [FLEET_MESSAGES.discountWithoutPrice],
    });
  });

  it('refuses date-based prices that overlap (both ends count), end before start, or none when priced by date', () => {
    const periods = [
      { startDate: '2027-08-01', endDate: '2027-08-31', dailyPrice: 8000 },
      { startDate: '2027-07-01', endDate: '2027-07-31', dailyPrice: 7000 },
      { startDate: '2027-07-31', endDate: '2027-08-02', dailyPrice: 7500 },
      { startDate: '2027-09-05', endDate: '2027-09-01', dailyPrice: 6000 },
    ];
    expect(carFieldIssues(fields({ isDateBasedPrice: true, dateBasedPrices: periods }))).toEqual({
      'dateBasedPrices.2.startDate': [FLEET_MESSAGES.periodOverlap(periods[1]!)],
      'dateBasedPrices.0.startDate': [FLEET_MESSAGES.periodOverlap(periods[2]!)],
      'dateBasedPrices.3.endDate': [FLEET_MESSAGES.periodOrder],
    });
    expect(carFieldIssues(fields({ isDateBasedPrice: true }))).toEqual({ dateBasedPrices: [FLEET_MESSAGES.noPeriod] });
    expect(carFieldIssues(fields({ dateBasedPrices: periods.slice(0, 2) }))).toEqual({});
  });
});
