import {
  type Car,
  type CarDetails,
  type CarFilters,
  CarFiltersSchema,
  type CarPrice,
  type SearchCarsResponse,
} from '@roam/contract/cars';
import type { AvailabilityLabel, Extra, Language } from '@roam/contract/enums';
import { type CarPricing, calculatePrice } from '@roam/contract/price';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  carLocationsOf,
  findCar,
  findCars,
  findPublicFile,
  type LocationTree,
  locationAndBelow,
  locationTree,
  rangePrices,
  searchCandidates,
} from './cars.repository.ts';

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

/**
 * The car search (issue #4). SQL narrows by place, availability and every filter but the supplier; prices come from
 * the contract engine (so sorting by price sorts by what the card shows), then the supplier filter and the page.
 * Only the page's cars are read in full (issue #8: a city has thousands of candidates on a large fleet).
 */
export async function searchCars(db: DbOrTx, input: SearchCarsInput): Promise<SearchCarsResponse> {
  const pickupAt = new Date(input.pickupAt);
  const dropoffAt = new Date(input.dropoffAt);
  let tree = await locationTree(db);
  if (!tree.zones.has(input.pickupLocationId) || !tree.zones.has(input.dropoffLocationId)) {
    tree = await locationTree(db, true);
  }
  const timeZone = zoneOf(tree, input.pickupLocationId, 'pickupLocationId');
  zoneOf(tree, input.dropoffLocationId, 'dropoffLocationId');
  const filters = CarFiltersSchema.parse(input.filters);
  const { candidates, suppliers } = await searchCandidates(db, {
    locationIds: locationAndBelow(tree, input.pickupLocationId),
    pickupAt,
    dropoffAt,
    filters,
    now: input.now ?? new Date(),
  });

  const counts = new Map<string, { supplierId: string; fullName: string; count: number }>();
  for (const car of candidates) {
    const entry = counts.get(car.supplierId) ?? {
      supplierId: car.supplierId,
      fullName: suppliers.get(car.supplierId)?.fullName ?? '',
      count: 0,
    };
    entry.count += 1;
    counts.set(car.supplierId, entry);
  }
  const chosen = new Set(filters.suppliers);
  const ranked = candidates
    .filter((car) => chosen.size === 0 || chosen.has(car.supplierId))
    .map((car) => {
      const availability = availabilityOf(car);
      const supplier = { priceChangeRate: suppliers.get(car.supplierId)?.priceChangeRate ?? 0 };
      return {
        _id: car._id,
        rating: car.rating,
        price: priceFor({ ...car, supplier }, pickupAt, dropoffAt, timeZone),
        availability,
        bookable: availability === 'available',
      };
    })
    .sort(compareResults(filters.sort));

  const start = (input.page - 1) * input.size;
  const page = ranked.slice(start, start + input.size);
  const cars = await findCars(
    db,
    page.map((entry) => entry._id),
  );
  const byId = new Map(cars.map((car) => [car._id, car]));
  return {
    results: page.flatMap(({ _id, price, availability, bookable }) => {
      const car = byId.get(_id);
      return car ? [{ ...car, price, availability, bookable }] : [];
    }),
    totalCount: ranked.length,
    supplierCounts: [...counts.values()].sort(
      (a, b) => a.fullName.localeCompare(b.fullName) || a.supplierId.localeCompare(b.supplierId),
    ),
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
