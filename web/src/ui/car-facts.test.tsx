import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIO } from '#web/test-fixtures';
import { renderScreen, screenTests } from '#web/test-utils';
import { CarFacts } from './car-facts';

// An electric scooter listed "Doors 0 / Air conditioning No / Fuel policy Full to full".

screenTests(['cars']);

const VESPA_ELETTRICA = {
  ...CLIO,
  name: 'Vespa Elettrica',
  range: 'scooter',
  fuelType: 'electric',
  gearbox: 'automatic',
  seats: 2,
  doors: 0,
  aircon: false,
  fuelPolicy: 'fullToFull',
} as const;

const terms = () => screen.getAllByRole('term').map((term) => term.textContent);

describe('CarFacts', () => {
  it('lists every fact of a petrol car', () => {
    renderScreen(<CarFacts car={CLIO} />);
    expect(terms()).toEqual([
      'Fuel',
      'Gearbox',
      'Seats',
      'Doors',
      'Air conditioning',
      'Mileage',
      'Fuel policy',
      'Security deposit',
    ]);
  });

  it('says a limited mileage a day and what a kilometre over costs; an unlimited one as such', () => {
    const mileage = () => screen.getByText('Mileage').nextElementSibling?.textContent;
    renderScreen(<CarFacts car={{ ...CLIO, mileage: 200, pricePerExtraKm: 25 }} />);
    expect(mileage()).toBe('200 km/day, then 0.25 €/km');
    cleanup();
    renderScreen(<CarFacts car={{ ...CLIO, mileage: -1, pricePerExtraKm: null }} />);
    expect(mileage()).toBe('Unlimited');
  });

  it('lists only the facts that apply to an electric scooter: no doors, air conditioning or fuel policy', () => {
    renderScreen(<CarFacts car={VESPA_ELETTRICA} />);
    expect(terms()).toEqual(['Fuel', 'Gearbox', 'Seats', 'Mileage', 'Security deposit']);
  });
});
