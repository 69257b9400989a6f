import type { cars } from '../schema.ts';
import type { SupplierKey } from './accounts.ts';
import type { LocationKey } from './places.ts';
import type { ColourKey } from './vehicles.ts';

// Hand-written cars with known values, so tests and demos can rely on more than an id (prices in EUR cents).

type CarRow = typeof cars.$inferInsert;

export type CarDraft = {
  /** Stable name the car id is derived from. */
  key: string;
  supplier: SupplierKey;
  locations: readonly LocationKey[];
  colour: ColourKey;
  dateBasedPrices: readonly { startDate: string; endDate: string; dailyPrice: number }[];
  row: Omit<CarRow, 'id' | 'supplierId' | 'imageFileId' | 'createdAt' | 'updatedAt'>;
};

type Row = CarDraft['row'];
type Essentials = Pick<Row, 'name' | 'range' | 'fuelType' | 'gearbox' | 'seats' | 'doors' | 'dailyPrice' | 'deposit'>;

/** Every extra priced, included or unavailable: one of each state on every featured car. */
const EXTRAS = {
  cancellation: 0,
  amendments: 1500,
  theftProtection: 900,
  collisionDamageWaiver: 1200,
  fullInsurance: 2500,
  additionalDriver: -1,
} satisfies Partial<Row>;

const row = (fields: Essentials & Partial<Row>): Row => ({
  aircon: true,
  mileage: -1,
  fuelPolicy: 'fullToFull',
  multimedia: ['bluetooth'],
  isDateBasedPrice: false,
  ...EXTRAS,
  available: true,
  fullyBooked: false,
  comingSoon: false,
  rating: 4.5,
  trips: 40,
  minimumAge: 21,
  ...fields,
});

const featured = (
  key: string,
  supplier: SupplierKey,
  locations: readonly LocationKey[],
  colour: ColourKey,
  fields: Essentials & Partial<Row>,
  dateBasedPrices: CarDraft['dateBasedPrices'] = [],
): CarDraft => ({ key, supplier, locations, colour, dateBasedPrices, row: row(fields) });

export const FEATURED_CARS = {
  /** Bookable at Paris CDG and Orly by the demo supplier: every rate but monthly, the three extra states. */
  clio: featured('clio', 'azurCoast', ['parisCdg', 'parisOrly'], 'red', {
    name: 'Renault Clio',
    range: 'mini',
    fuelType: 'gasoline',
    gearbox: 'manual',
    seats: 5,
    doors: 5,
    multimedia: ['touchscreen', 'bluetooth', 'androidAuto', 'appleCarPlay'],
    dailyPrice: 3900,
    hourlyPrice: 900,
    biWeeklyPrice: 10500,
    weeklyPrice: 22000,
    deposit: 50000,
    rating: 4.6,
    trips: 128,
    co2: 118,
  }),
  /** Date-based pricing: three periods between November 2026 and August 2027 (the daily price applies outside). */
  dateBased: featured(
    'dateBased',
    'azurCoast',
    ['paris', 'parisGareDeLyon'],
    'blue',
    {
      name: 'Peugeot 3008',
      range: 'midi',
      fuelType: 'hybrid',
      gearbox: 'automatic',
      seats: 5,
      doors: 5,
      dailyPrice: 6500,
      isDateBasedPrice: true,
      deposit: 75000,
      fuelPolicy: 'likeForlike',
      co2: 132,
    },
    [
      { startDate: '2026-11-01', endDate: '2026-12-18', dailyPrice: 5500 },
      { startDate: '2026-12-19', endDate: '2027-01-03', dailyPrice: 8900 },
      { startDate: '2027-07-01', endDate: '2027-08-31', dailyPrice: 9900 },
    ],
  ),
  /** Minimum age 25, discounted daily and weekly rates. */
  minimumAge25: featured('minimumAge25', 'azurCoast', ['parisCdg'], 'graphite', {
    name: 'BMW X3',
    range: 'midi',
    fuelType: 'diesel',
    gearbox: 'automatic',
    seats: 5,
    doors: 5,
    dailyPrice: 8900,
    discountedDailyPrice: 7900,
    weeklyPrice: 54000,
    discountedWeeklyPrice: 49000,
    deposit: 90000,
    minimumAge: 25,
    mileage: 300,
    co2: 165,
  }),
  unavailable: featured('unavailable', 'azurCoast', ['parisCdg'], 'silver', {
    name: 'Dacia Sandero',
    range: 'mini',
    fuelType: 'gasoline',
    gearbox: 'manual',
    seats: 5,
    doors: 5,
    dailyPrice: 2900,
    deposit: 25000,
    available: false,
  }),
  comingSoon: featured('comingSoon', 'azurCoast', ['parisOrly'], 'graphite', {
    name: 'Tesla Model Y',
    range: 'midi',
    fuelType: 'electric',
    gearbox: 'automatic',
    seats: 5,
    doors: 5,
    dailyPrice: 9500,
    deposit: 120000,
    comingSoon: true,
    rating: null,
    trips: 0,
    co2: 0,
  }),
  fullyBooked: featured('fullyBooked', 'azurCoast', ['parisCdg'], 'orange', {
    name: 'Citroën C3',
    range: 'mini',
    fuelType: 'diesel',
    gearbox: 'manual',
    seats: 5,
    doors: 5,
    dailyPrice: 3400,
    deposit: 45000,
    fullyBooked: true,
  }),
  /** A supplier that requires a driving licence and refuses pay-later, with a +12 % price change. */
  licenseRequired: featured('licenseRequired', 'kestrel', ['parisCdg', 'parisOrly'], 'silver', {
    name: 'Renault Trafic',
    range: 'maxi',
    fuelType: 'diesel',
    gearbox: 'manual',
    seats: 9,
    doors: 4,
    dailyPrice: 9900,
    deposit: 90000,
    mileage: 500,
    co2: 198,
  }),
} as const satisfies Record<string, CarDraft>;

export type FeaturedCarKey = keyof typeof FEATURED_CARS;
