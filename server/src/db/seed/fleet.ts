import type { CarOption, CarRange, FuelPolicy, FuelType, Gearbox } from '@roam/contract/cars';
import { EXTRAS, type Extra } from '@roam/contract/price';
import type { carLocations, carPhotos, cars, dateBasedPrices } from '../schema.ts';
import { SUPPLIERS, type SupplierSeed } from './accounts.ts';
import { type CarDraft, FEATURED_CARS } from './featured-cars.ts';
import { DEMO_PHOTO_VIEWS, type DemoPhotoView } from './images.ts';
import { type CountryCode, LOCATIONS, type LocationKey, locationId } from './places.ts';
import { type Random, seedId } from './random.ts';
import {
  COLOURS,
  type ColourKey,
  DAILY_PRICE_EUR,
  DEPOSITS_EUR,
  MODELS,
  RANGE_WEIGHTS,
  UTILITY_RANGE_WEIGHTS,
} from './vehicles.ts';

// The generated demo fleet: ~320 cars over every range, fuel type, gearbox and extra state, each
// offered at 1–3 locations of its supplier, so that every location and every supplier has cars.

export const CAR_COUNT = 320;

export type Fleet = {
  cars: (typeof cars.$inferInsert)[];
  carLocations: (typeof carLocations.$inferInsert)[];
  dateBasedPrices: (typeof dateBasedPrices.$inferInsert)[];
  carPhotos: (typeof carPhotos.$inferInsert)[];
};

export const carId = (key: string) => seedId(`car:${key}`);
export const carImageFileId = (range: CarRange, colour: string) => seedId(`file:carImage:${range}:${colour}`);
/** A demo photo's file: the side view at the cards' size is the car image of before several photos. */
export const carPhotoFileId = (range: CarRange, colour: string, view: DemoPhotoView, size: 'card' | 'small') =>
  view === 'side' && size === 'card'
    ? carImageFileId(range, colour)
    : seedId(`file:carImage:${range}:${colour}:${view}:${size}`);

const PRICE_FACTOR: Record<CountryCode, number> = { FR: 1, MA: 0.7, ES: 0.9, DE: 1.05, SE: 1.15, GB: 1.1 };
const SEASONS = [
  { startDate: '2026-11-01', endDate: '2026-12-18', factor: 0.85 },
  { startDate: '2026-12-19', endDate: '2027-01-03', factor: 1.3 },
  { startDate: '2027-02-06', endDate: '2027-02-21', factor: 1.15 },
  { startDate: '2027-04-03', endDate: '2027-04-18', factor: 1.1 },
  { startDate: '2027-07-01', endDate: '2027-08-31', factor: 1.35 },
];
/** Extra prices in EUR (min, max): cancellation and amendments once, the others per rental day. */
const EXTRA_PRICE_EUR: Record<Extra, readonly [number, number]> = {
  cancellation: [10, 35],
  amendments: [5, 25],
  theftProtection: [5, 15],
  collisionDamageWaiver: [7, 20],
  fullInsurance: [15, 35],
  additionalDriver: [5, 12],
};
const MANUAL_SHARE: Record<CarRange, number> = {
  mini: 0.55,
  midi: 0.35,
  maxi: 0.5,
  scooter: 0,
  bus: 0.3,
  truck: 0.6,
  caravan: 0.35,
};
const AGE_25_SHARE: Record<CarRange, number> = {
  mini: 0.08,
  midi: 0.2,
  maxi: 0.3,
  scooter: 0.05,
  bus: 0.6,
  truck: 0.4,
  caravan: 0.5,
};
const CO2_RANGE: Record<CarRange, readonly [number, number]> = {
  mini: [95, 140],
  midi: [120, 190],
  maxi: [170, 230],
  scooter: [45, 75],
  bus: [250, 900],
  truck: [200, 320],
  caravan: [200, 280],
};
const FUEL_POLICIES: readonly (readonly [FuelPolicy, number])[] = [
  ['fullToFull', 45],
  ['likeForlike', 30],
  ['freeTank', 15],
  ['FullToEmpty', 10],
];

/** Rounds cents to a step (e.g. 50 = half a euro). */
const roundTo = (cents: number, step: number) => Math.max(step, Math.round(cents / step) * step);
type Place = (typeof LOCATIONS)[number];
const family = (location: Place) => location.parent ?? location.key;

function locationsOf(supplier: SupplierSeed, rng: Random): Place[] {
  const served = LOCATIONS.filter((location) => supplier.countries.includes(location.country));
  return rng.sample(served, served.length);
}

/** The first location cycles through the supplier's list; the others are nearby (same city first, then country). */
function pickLocations(first: Place, served: readonly Place[], rng: Random): LocationKey[] {
  const count = rng.weighted([
    [1, 50],
    [2, 35],
    [3, 15],
  ]);
  const others = served.filter((location) => location.key !== first.key && location.country === first.country);
  const near = others.filter((location) => family(location) === family(first));
  const far = others.filter((location) => family(location) !== family(first));
  return [first, ...rng.sample(near, near.length), ...rng.sample(far, far.length)]
    .slice(0, count)
    .map((location) => location.key);
}

/** 'unknown' is rare: a car whose fuel the supplier did not state. */
const pickFuel = (fuels: readonly FuelType[], rng: Random): FuelType =>
  rng.chance(0.015) ? 'unknown' : rng.pick(fuels);

function multimedia(range: CarRange, rng: Random): CarOption[] {
  if (range === 'scooter') return rng.chance(0.15) ? ['bluetooth'] : [];
  const touchscreen = rng.chance(0.7);
  const options: CarOption[] = [];
  if (touchscreen) options.push('touchscreen');
  if (rng.chance(0.85)) options.push('bluetooth');
  if (touchscreen && rng.chance(0.7)) options.push('androidAuto');
  if (touchscreen && rng.chance(0.7)) options.push('appleCarPlay');
  return options;
}

function extras(rng: Random): Record<Extra, number> {
  const entries = EXTRAS.map((extra) => {
    const state = rng.weighted([
      ['unavailable', 25],
      ['included', 30],
      ['priced', 45],
    ] as const);
    const [min, max] = EXTRA_PRICE_EUR[extra];
    const value = state === 'unavailable' ? -1 : state === 'included' ? 0 : roundTo(rng.float(min, max) * 100, 50);
    return [extra, value] as const;
  });
  return Object.fromEntries(entries) as Record<Extra, number>;
}

/** Sometimes a discounted variant of a rate, always below it. */
function discount(rng: Random, price: number): number | null {
  if (!rng.chance(0.2)) return null;
  const discounted = roundTo(price * rng.pick([0.85, 0.9]), 50);
  return discounted < price ? discounted : null;
}

/** An optional rate (set with `share` probability) and its optional discounted variant. */
function rate(rng: Random, share: number, cents: number, step: number): [number | null, number | null] {
  if (!rng.chance(share)) return [null, null];
  const price = roundTo(cents, step);
  return [price, discount(rng, price)];
}

type Deal = {
  index: number;
  supplier: SupplierSeed;
  first: Place;
  served: Place[];
  paint: (range: CarRange) => ColourKey;
};

function generatedCar({ index, supplier, first, served, paint }: Deal, rng: Random): CarDraft {
  const range = rng.weighted(supplier.fleet === 'utility' ? UTILITY_RANGE_WEIGHTS : RANGE_WEIGHTS);
  const model = rng.pick(MODELS[range]);
  const fuelType = pickFuel(model.fuels, rng);
  const gearbox: Gearbox = fuelType === 'electric' || !rng.chance(MANUAL_SHARE[range]) ? 'automatic' : 'manual';
  const [low, high] = DAILY_PRICE_EUR[range];
  const dailyPrice = Math.round(rng.float(low, high) * PRICE_FACTOR[first.country]) * 100 + (rng.chance(0.2) ? 50 : 0);
  const discountedDailyPrice = discount(rng, dailyPrice);
  const [hourlyPrice, discountedHourlyPrice] = rate(rng, range === 'scooter' ? 0.7 : 0.3, dailyPrice / 5, 50);
  const [biWeeklyPrice, discountedBiWeeklyPrice] = rate(rng, 0.4, dailyPrice * 3 * 0.93, 100);
  const [weeklyPrice, discountedWeeklyPrice] = rate(rng, 0.5, dailyPrice * 7 * 0.85, 100);
  const [monthlyPrice, discountedMonthlyPrice] = rate(rng, 0.3, dailyPrice * 30 * 0.7, 100);
  const isDateBasedPrice = rng.chance(0.05);
  const seasons = isDateBasedPrice ? rng.sample(SEASONS, rng.int(2, 3)) : [];
  const rated = rng.chance(0.88);
  const rating = rated ? Math.round(rng.float(...(rng.chance(0.08) ? [1, 2.8] : [2.8, 5])) * 10) / 10 : null;
  const [co2Low, co2High] = CO2_RANGE[range];
  const co2 = fuelType === 'electric' ? 0 : fuelType === 'unknown' || rng.chance(0.1) ? null : rng.int(co2Low, co2High);
  const available = !rng.chance(0.04);
  return {
    key: String(index),
    supplier: supplier.key,
    locations: pickLocations(first, served, rng),
    colour: paint(range),
    dateBasedPrices: seasons
      .sort((a, b) => a.startDate.localeCompare(b.startDate))
      .map(({ startDate, endDate, factor }) => ({ startDate, endDate, dailyPrice: roundTo(dailyPrice * factor, 100) })),
    row: {
      name: model.name,
      range,
      fuelType,
      gearbox,
      seats: model.seats,
      doors: model.doors,
      aircon: range !== 'scooter' && rng.chance(range === 'truck' ? 0.8 : 0.93),
      mileage: rng.weighted([
        [-1, 55],
        [200, 15],
        [300, 15],
        [500, 15],
      ]),
      fuelPolicy: rng.weighted(FUEL_POLICIES),
      multimedia: multimedia(range, rng),
      dailyPrice,
      discountedDailyPrice,
      hourlyPrice,
      discountedHourlyPrice,
      biWeeklyPrice,
      discountedBiWeeklyPrice,
      weeklyPrice,
      discountedWeeklyPrice,
      monthlyPrice,
      discountedMonthlyPrice,
      isDateBasedPrice,
      deposit: rng.pick(DEPOSITS_EUR[range]) * 100,
      ...extras(rng),
      available,
      fullyBooked: available && rng.chance(0.03),
      comingSoon: rng.chance(0.03),
      rating: rating === null ? null : Math.min(5, Math.max(1, rating)),
      trips: rated ? rng.int(1, 420) : 0,
      minimumAge: rng.chance(AGE_25_SHARE[range]) ? 25 : 21,
      co2,
    },
  };
}

function toRows(drafts: readonly CarDraft[]): Fleet {
  const fleet: Fleet = { cars: [], carLocations: [], dateBasedPrices: [], carPhotos: [] };
  for (const [index, draft] of drafts.entries()) {
    const supplier = SUPPLIERS.find((entry) => entry.key === draft.supplier);
    if (!supplier) throw new Error(`unknown supplier ${draft.supplier}`);
    const id = carId(draft.key);
    fleet.cars.push({
      ...draft.row,
      id,
      supplierId: supplier.id,
      imageFileId: carImageFileId(draft.row.range, draft.colour),
    });
    // Two or three photos each (every third car has two): the side view first, as the cards showed before.
    for (const [position, view] of DEMO_PHOTO_VIEWS.slice(0, index % 3 === 2 ? 2 : 3).entries()) {
      const file = (size: 'card' | 'small') => carPhotoFileId(draft.row.range, draft.colour, view, size);
      fleet.carPhotos.push({
        id: seedId(`carPhoto:${draft.key}:${view}`),
        carId: id,
        position,
        fileId: file('card'),
        width: 600,
        smallFileId: file('small'),
        smallWidth: 300,
      });
    }
    for (const key of draft.locations) fleet.carLocations.push({ carId: id, locationId: locationId(key) });
    draft.dateBasedPrices.forEach((period, n) => {
      fleet.dateBasedPrices.push({ id: seedId(`dateBasedPrice:${draft.key}:${n}`), carId: id, ...period });
    });
  }
  return fleet;
}

/** The featured cars, then generated ones dealt round-robin to suppliers and, per supplier, to its locations. */
export function buildFleet(rng: Random): Fleet {
  const drafts: CarDraft[] = Object.values(FEATURED_CARS);
  const served = new Map(SUPPLIERS.map((supplier) => [supplier.key, locationsOf(supplier, rng)]));
  const dealt = new Map(SUPPLIERS.map((supplier) => [supplier.key, 0]));
  // Colours cycle per range, so every (range, colour) image is used.
  const painted = new Map<CarRange, number>();
  const paint = (range: CarRange) => {
    const turn = painted.get(range) ?? rng.int(0, COLOURS.length - 1);
    painted.set(range, turn + 1);
    return COLOURS[turn % COLOURS.length]!.key;
  };
  for (let index = 0; drafts.length < CAR_COUNT; index++) {
    const supplier = SUPPLIERS[index % SUPPLIERS.length]!;
    const locations = served.get(supplier.key)!;
    const turn = dealt.get(supplier.key)!;
    dealt.set(supplier.key, turn + 1);
    const first = locations[turn % locations.length]!;
    drafts.push(generatedCar({ index, supplier, first, served: locations, paint }, rng));
  }
  const fleet = toRows(drafts);
  const stocked = new Set(fleet.carLocations.map((entry) => entry.locationId));
  const empty = LOCATIONS.filter((location) => !stocked.has(locationId(location.key)));
  if (empty.length > 0) throw new Error(`demo locations without cars: ${empty.map((l) => l.key).join(', ')}`);
  return fleet;
}
