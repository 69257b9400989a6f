import {
  type Car,
  type CarDetails,
  type CarFilters,
  CarFiltersSchema,
  type CarPrice,
  type CarSearchResult,
  type SearchCarsResponse,
} from '@roam/contract/cars';
import type { AvailabilityLabel, Language } from '@roam/contract/enums';
import { calculatePrice } from '@roam/contract/price';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  carLocationsOf,
  findCar,
  findLocationZone,
  findPublicFile,
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
export function priceFor(car: Car, pickupAt: Date, dropoffAt: Date, timeZone: string): CarPrice {
  const { total, rentalDays } = calculatePrice({
    car,
    priceChangeRate: car.supplier.priceChangeRate,
    pickupAt,
    dropoffAt,
    timeZone,
  });
  return { total, rentalDays, perDay: Math.round(total / rentalDays) };
}

function compareResults(sort: CarFilters['sort']) {
  return (a: CarSearchResult, b: CarSearchResult): number => {
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

async function zoneOf(db: DbOrTx, id: string, field: string): Promise<string> {
  const zone = await findLocationZone(db, id);
  if (!zone) throw new AppError('VALIDATION_FAILED', 'Please fix errors.', { [field]: ['Unknown location'] });
  return zone;
}

/**
 * The car search (issue #4). SQL narrows by place, availability and every filter but the supplier; prices come from
 * the contract engine (so sorting by price sorts by what the card shows), then the supplier filter and the page.
 */
export async function searchCars(db: DbOrTx, input: SearchCarsInput): Promise<SearchCarsResponse> {
  const pickupAt = new Date(input.pickupAt);
  const dropoffAt = new Date(input.dropoffAt);
  const [timeZone] = await Promise.all([
    zoneOf(db, input.pickupLocationId, 'pickupLocationId'),
    zoneOf(db, input.dropoffLocationId, 'dropoffLocationId'),
  ]);
  const filters = CarFiltersSchema.parse(input.filters);
  const candidates = await searchCandidates(db, {
    pickupLocationId: input.pickupLocationId,
    pickupAt,
    dropoffAt,
    filters,
    now: input.now ?? new Date(),
  });

  const counts = new Map<string, { supplierId: string; fullName: string; count: number }>();
  for (const car of candidates) {
    const entry = counts.get(car.supplier._id) ?? {
      supplierId: car.supplier._id,
      fullName: car.supplier.fullName,
      count: 0,
    };
    entry.count += 1;
    counts.set(car.supplier._id, entry);
  }
  const chosen = new Set(filters.suppliers);
  const results = candidates
    .filter((car) => chosen.size === 0 || chosen.has(car.supplier._id))
    .map((car): CarSearchResult => {
      const availability = availabilityOf(car);
      return {
        ...car,
        price: priceFor(car, pickupAt, dropoffAt, timeZone),
        availability,
        bookable: availability === 'available',
      };
    })
    .sort(compareResults(filters.sort));

  const start = (input.page - 1) * input.size;
  return {
    results: results.slice(start, start + input.size),
    totalCount: results.length,
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
