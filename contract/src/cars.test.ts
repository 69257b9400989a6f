import { describe, expect, it } from 'vitest';
import { CAR_FACTS, carFacts } from './cars.ts';

// An electric scooter listed "Doors 0 / Air conditioning No / Fuel policy Full to full".

describe('carFacts', () => {
  it('shows every fact of a car that runs on fuel', () => {
    expect(carFacts({ range: 'mini', fuelType: 'gasoline' })).toEqual([...CAR_FACTS]);
    expect(carFacts({ range: 'caravan', fuelType: 'diesel' })).toEqual([...CAR_FACTS]);
  });

  it('leaves out doors and air conditioning for a scooter', () => {
    expect(carFacts({ range: 'scooter', fuelType: 'gasoline' })).toEqual([
      'fuelType',
      'gearbox',
      'seats',
      'mileage',
      'fuelPolicy',
      'deposit',
    ]);
  });

  it('leaves out the fuel policy for an electric vehicle, a hybrid keeps it', () => {
    expect(carFacts({ range: 'midi', fuelType: 'electric' })).not.toContain('fuelPolicy');
    expect(carFacts({ range: 'midi', fuelType: 'plugInHybrid' })).toContain('fuelPolicy');
    expect(carFacts({ range: 'scooter', fuelType: 'electric' })).toEqual([
      'fuelType',
      'gearbox',
      'seats',
      'mileage',
      'deposit',
    ]);
  });
});
