import type { OneWayFee } from '@roam/contract/counter';
import type { FeeRules } from '@roam/contract/rental-fees';
import { locationId } from './places.ts';

// The demo's fees by rule (docs/architecture.md §5 "Fees by rule"), so a visitor sees them: Azur Coast charges
// drivers of 21 to 24 a young-driver fee of 12 € a day, and a car taken at Nice airport and returned at Paris
// Charles de Gaulle a one-way fee of 60 € (the counter's pair of places: the booking's and the return's).

export const DEMO_FEE_RULES: FeeRules = {
  youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: 1200 }],
  seniorDriver: null,
  oneWayRefused: false,
  countryPairs: [],
};

export const demoOneWayFees = (): OneWayFee[] => [
  { fromLocationId: locationId('niceAirport'), toLocationId: locationId('parisCdg'), fee: 6000 },
];
