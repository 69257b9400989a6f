import type { CarRange, FuelType } from './enum-values.ts';

// Which facts a vehicle shows (issue #22 item 14). A module of its own, not cars.ts: the home page imports cars.ts's
// filter constants, and this rule would have split them into one more chunk for it.

/** The facts shown of a vehicle (spec §1 "for each car"), in the order the card and checkout show them. */
export const CAR_FACTS = [
  'fuelType',
  'gearbox',
  'seats',
  'doors',
  'aircon',
  'mileage',
  'fuelPolicy',
  'deposit',
] as const;
export type CarFact = (typeof CAR_FACTS)[number];

/**
 * The facts that say something about this vehicle (issue #22 item 14), one rule for every screen and text: a scooter
 * has no doors and no air conditioning, and an electric vehicle has no tank, so no fuel policy. Whatever the
 * supplier entered for those (0 doors, "no", "full to full") is not shown.
 */
export function carFacts(vehicle: { range: CarRange; fuelType: FuelType }): CarFact[] {
  return CAR_FACTS.filter((fact) => {
    if (fact === 'doors' || fact === 'aircon') return vehicle.range !== 'scooter';
    if (fact === 'fuelPolicy') return vehicle.fuelType !== 'electric';
    return true;
  });
}
