import type { Car, CarDetails, CarFilters, CarPrice } from '@roam/contract/cars';
import type { AvailabilityLabel, Extra, Language } from '@roam/contract/enums';
import { type CarPricing, calculatePrice } from '@roam/contract/price';
import { rentalHours } from '@roam/contract/time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { FirstOf } from '../../lib/first-of.ts';
import { carLocationsOf, findCar, findPublicFile, type LocationTree, rangePrices } from './cars.repository.ts';
import { type FleetCar, searchIndexOf } from './search-index.ts';
import type { SearchPage } from './search-json.ts';

export { rangePrices as listRangePrices };

export type SearchCarsInput = {
  pickupLocationId: string;
  dropoffLocationId: string;
  pickupAt: string;
  dropoffAt: string;
  page: number;
  size: number;
  filters: CarFilters;
  now?: Date;
};

/** Spec §3 labels: coming soon and unavailable win over fully booked; only `available` cars can be booked. */
export function availabilityOf(car: Pick<Car, 'available' | 'fullyBooked' | 'comingSoon'>): AvailabilityLabel {
  if (car.comingSoon) return 'comingSoon';
  if (!car.available) return 'unavailable';
  if (car.fullyBooked) return 'fullyBooked';
  return 'available';
}

/** The price of the period with no extras: what the card shows as total and per day. */
export function priceFor(
  car: Omit<CarPricing, Extra> & { supplier: { priceChangeRate: number } },
  pickupAt: Date,
  dropoffAt: Date,
  timeZone: string,
): CarPrice {
  const { total, rentalDays } = calculatePrice({
    // No extra is chosen, so the extras' prices play no part.
    car: car as Omit<CarPricing, Extra> as CarPricing,
    priceChangeRate: car.supplier.priceChangeRate,
    pickupAt,
    dropoffAt,
    timeZone,
  });
  return { total, rentalDays, perDay: Math.round(total / rentalDays) };
}

type Ranked = { _id: string; bookable: boolean; price: CarPrice; rating: number | null };

function compareResults(sort: CarFilters['sort']) {
  return (a: Ranked, b: Ranked): number => {
    // Bookable cars first: a driver looks for a car they can take.
    const bookable = Number(b.bookable) - Number(a.bookable);
    if (bookable !== 0) return bookable;
    let order = 0;
    if (sort === 'priceDesc') order = b.price.total - a.price.total;
    else if (sort === 'rating') order = (b.rating ?? -1) - (a.rating ?? -1) || a.price.total - b.price.total;
    else order = a.price.total - b.price.total;
    // A stable order across pages: ties broken by id.
    return order || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  };
}

function zoneOf(tree: LocationTree, id: string, field: string): string {
  const zone = tree.zones.get(id);
  if (!zone) throw new AppError('VALIDATION_FAILED', 'Please fix errors.', { [field]: ['Unknown location'] });
  return zone;
}

/** Rental lengths whose prices are kept per car (a day to several weeks, by the hour, covers most searches). */
const PRICE_LENGTHS_KEPT = 256;

/**
 * Every filter but the supplier filter (the supplier counts are taken without it), as one test per filter the
 * search sets, built once per search: a search with no filter tests nothing per car, and one with a filter tests
 * only it (issue #8: checking every filter's emptiness for each of ~560 cars was a seventh of a search's time).
 */
function matcherOf(filters: CarFilters): ((car: Car) => boolean) | null {
  const tests: ((car: Car) => boolean)[] = [];
  const oneOf = <T>(chosen: readonly T[], field: (car: Car) => T) => {
    if (chosen.length === 0) return;
    const set = new Set(chosen);
    tests.push((car) => set.has(field(car)));
  };
  oneOf(filters.ranges, (car) => car.range);
  oneOf(filters.fuelTypes, (car) => car.fuelType);
  oneOf(filters.gearboxes, (car) => car.gearbox);
  oneOf(filters.fuelPolicies, (car) => car.fuelPolicy);
  const { minRating, seats, maxDeposit, specs, multimedia, mileage } = filters;
  if (minRating !== undefined) tests.push((car) => car.rating !== null && car.rating >= minRating);
  if (seats === '5+') tests.push((car) => car.seats > 5);
  else if (seats !== undefined) tests.push((car) => car.seats === Number(seats));
  if (specs.includes('aircon')) tests.push((car) => car.aircon);
  if (specs.includes('doors4plus')) tests.push((car) => car.doors >= 4);
  if (specs.includes('seats5plus')) tests.push((car) => car.seats >= 5);
  if (multimedia.length > 0) tests.push((car) => multimedia.every((option) => car.multimedia.includes(option)));
  if (mileage.length === 1) {
    const unlimited = mileage[0] === 'unlimited';
    tests.push((car) => (car.mileage === -1) === unlimited);
  }
  if (maxDeposit !== undefined) tests.push((car) => car.deposit <= maxDeposit);
  if (tests.length === 0) return null;
  return (car) => {
    for (const test of tests) if (!test(car)) return false;
    return true;
  };
}

/**
 * The car search (issue #4): the cars offered at the pick-up place or below it, matching every filter, with no
 * blocking booking over the period (ARCHITECTURE §5), priced by the contract engine (so sorting by price sorts by
 * what the card shows), counted per supplier, then the supplier filter and the page. It reads the in-memory index
 * (search-index.ts), brought up to date with the database first.
 */
export async function searchCars(db: Db, input: SearchCarsInput): Promise<SearchPage> {
  const pickupAt = new Date(input.pickupAt);
  const dropoffAt = new Date(input.dropoffAt);
  const fleet = await searchIndexOf(db).current();
  const timeZone = zoneOf(fleet.tree, input.pickupLocationId, 'pickupLocationId');
  zoneOf(fleet.tree, input.dropoffLocationId, 'dropoffLocationId');
  const { filters } = input;
  const from = pickupAt.getTime();
  const to = dropoffAt.getTime();
  const now = (input.now ?? new Date()).getTime();

  const hours = rentalHours(pickupAt, dropoffAt);
  const searchPrice = ({ car, pricesByLength }: FleetCar): CarPrice => {
    if (car.isDateBasedPrice) return priceFor(car, pickupAt, dropoffAt, timeZone);
    if (pricesByLength.size >= PRICE_LENGTHS_KEPT) pricesByLength.clear();
    let price = pricesByLength.get(hours);
    if (!price) {
      price = priceFor(car, pickupAt, dropoffAt, timeZone);
      pricesByLength.set(hours, price);
    }
    return price;
  };

  // One pass over the cars of the place: the supplier counts and the total over every match, and only the first
  // `page × size` results in order kept (FirstOf) — a page shows 15 of hundreds of matches, so sorting them all
  // and allocating a row for each was most of a search's time (issue #8).
  const counts = new Uint32Array(fleet.suppliers.length);
  const chosen = new Set(filters.suppliers);
  const start = (input.page - 1) * input.size;
  const first = new FirstOf<Ranked & { entry: FleetCar }>(start + input.size, compareResults(filters.sort));
  const matches = matcherOf(filters);
  let totalCount = 0;
  for (const entry of fleet.carsFrom.get(input.pickupLocationId) ?? []) {
    const { car } = entry;
    if ((matches && !matches(car)) || entry.blocks.overlaps(from, to, now)) continue;
    counts[entry.supplier] = (counts[entry.supplier] as number) + 1;
    if (chosen.size > 0 && !chosen.has(car.supplier._id)) continue;
    totalCount++;
    first.add({
      entry,
      _id: car._id,
      rating: car.rating,
      price: searchPrice(entry),
      bookable: availabilityOf(car) === 'available',
    });
  }

  return {
    results: first
      .sorted()
      .slice(start)
      .map(({ entry: { car }, price, bookable }) => ({ car, price, availability: availabilityOf(car), bookable })),
    totalCount,
    supplierCounts: fleet.suppliers.flatMap((supplier, slot) => {
      const count = counts[slot] as number;
      return count > 0 ? [{ ...supplier, count }] : [];
    }),
  };
}

export async function getCar(db: DbOrTx, id: string, language: Language): Promise<CarDetails> {
  const car = await findCar(db, id);
  if (!car) throw new AppError('NOT_FOUND', 'Car not found');
  return { ...car, locations: await carLocationsOf(db, id, language) };
}

export async function getPublicFile(db: DbOrTx, id: string) {
  const file = await findPublicFile(db, id);
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  return file;
}
