import { type CarPricing, calculatePrice } from '@roam/contract/price';
import { describe, expect, it } from 'vitest';
import { SUPPLIERS } from './accounts.ts';
import { buildFleet } from './fleet.ts';
import { Random } from './random.ts';

// docs/architecture.md §5 "Never more for fewer days", over the whole demo fleet (a Renault Trafic in Munich cost
// 3,917.76 € for 29 days and 3,034.08 € for 30; a Setra bus 8,799.95 € against 7,449.75 €).

const fleet = buildFleet(new Random());
const rateOf = new Map(SUPPLIERS.map((supplier) => [supplier.id, supplier.priceChangeRate]));

function pricingOf(car: (typeof fleet.cars)[number]): CarPricing {
  return {
    ...car,
    isDateBasedPrice: car.isDateBasedPrice ?? false,
    dateBasedPrices: fleet.dateBasedPrices.filter((entry) => entry.carId === car.id),
  } as CarPricing;
}

/** The price of `hours` from a pick-up on 2027-03-01 10:00 in Paris (and, for date-based cars, two other dates). */
function totalFor(car: (typeof fleet.cars)[number], hours: number, pickupAt: Date): number {
  return calculatePrice({
    car: pricingOf(car),
    priceChangeRate: rateOf.get(car.supplierId) ?? 0,
    pickupAt,
    dropoffAt: new Date(pickupAt.getTime() + hours * 3600_000),
    timeZone: 'Europe/Paris',
  }).total;
}

describe('demo fleet prices', () => {
  it('has the cars of the report: every kind of tier shape, date-based ones too', () => {
    expect(fleet.cars.some((car) => car.name === 'Renault Trafic')).toBe(true);
    expect(fleet.cars.some((car) => car.name === 'Setra S 515 HD')).toBe(true);
    expect(fleet.cars.some((car) => car.isDateBasedPrice)).toBe(true);
  });

  it('never charges a shorter rental more than a longer one, hour by hour up to 61 days, for every car', () => {
    const starts = [new Date('2027-03-01T09:00:00Z')];
    const seasonal = [new Date('2027-06-25T08:00:00Z'), new Date('2027-12-20T09:00:00Z')];
    const dearer: string[] = [];
    for (const car of fleet.cars) {
      for (const start of car.isDateBasedPrice ? [...starts, ...seasonal] : starts) {
        let previous = 0;
        for (let hours = 1; hours <= 61 * 24; hours++) {
          const total = totalFor(car, hours, start);
          if (total < previous)
            dearer.push(`${car.name} (${car.id}) from ${start.toISOString()}: ${hours - 1} h > ${hours} h`);
          previous = total;
        }
      }
    }
    expect(dearer.slice(0, 10)).toEqual([]);
  });
});
