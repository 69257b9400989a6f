import type {
  CarOption,
  CarRange,
  FuelPolicy,
  FuelType,
  Gearbox,
  MileageKind,
  SearchCarsBody,
} from '@roam/contract/cars';
import {
  CAR_OPTIONS,
  CAR_RANGES,
  CAR_SORTS,
  CAR_SPECS,
  type CarSort,
  DEPOSIT_THRESHOLDS,
  FUEL_POLICIES,
  FUEL_TYPES,
  GEARBOXES,
  MILEAGE_KINDS,
  MIN_RATINGS,
  SEATS_FILTERS,
  type SeatsFilter,
} from '@roam/contract/cars';

// Every search criterion and filter lives in the address (a reload or a shared link shows the same
// results). Lists are comma-separated; unknown values are dropped, never sent.

export interface SearchCriteria {
  pickupLocationId: string;
  dropoffLocationId: string;
  /** ISO instants. */
  pickupAt: string;
  dropoffAt: string;
}

export interface SearchFilters {
  suppliers: string[];
  ranges: CarRange[];
  minRating: number | null;
  seats: SeatsFilter | null;
  specs: (typeof CAR_SPECS)[number][];
  multimedia: CarOption[];
  fuelTypes: FuelType[];
  gearboxes: Gearbox[];
  mileage: MileageKind[];
  fuelPolicies: FuelPolicy[];
  /** One of the spec §9 thresholds, in EUR. */
  deposit: number | null;
  sort: CarSort;
}

export const NO_FILTERS: SearchFilters = {
  suppliers: [],
  ranges: [],
  minRating: null,
  seats: null,
  specs: [],
  multimedia: [],
  fuelTypes: [],
  gearboxes: [],
  mileage: [],
  fuelPolicies: [],
  deposit: null,
  sort: 'priceAsc',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_FILTERS = {
  ranges: CAR_RANGES,
  specs: CAR_SPECS,
  multimedia: CAR_OPTIONS,
  fuelTypes: FUEL_TYPES,
  gearboxes: GEARBOXES,
  mileage: MILEAGE_KINDS,
  fuelPolicies: FUEL_POLICIES,
} as const;
type ListFilter = keyof typeof LIST_FILTERS;

function list<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[] | RegExp): T[] {
  const values = (params.get(name) ?? '').split(',').filter(Boolean);
  const ok = (value: string) => (allowed instanceof RegExp ? allowed.test(value) : allowed.includes(value as T));
  return [...new Set(values.filter(ok))] as T[];
}

/** An instant as the API takes it (`z.iso.datetime({ offset: true })`): seconds and a `Z` or `±hh:mm` offset. */
function isInstant(value: string | null): value is string {
  return (
    value !== null &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) &&
    !Number.isNaN(Date.parse(value)) &&
    // Date.parse takes 30 February (as 2 March); the API does not.
    new Date(value.slice(0, 10)).toISOString().startsWith(value.slice(0, 10))
  );
}

export function readCriteria(params: URLSearchParams): SearchCriteria | null {
  const pickupLocationId = params.get('pickupLocationId');
  const dropoffLocationId = params.get('dropoffLocationId') ?? pickupLocationId;
  const pickupAt = params.get('pickupAt');
  const dropoffAt = params.get('dropoffAt');
  if (!pickupLocationId || !UUID.test(pickupLocationId) || !dropoffLocationId || !UUID.test(dropoffLocationId)) {
    return null;
  }
  if (!isInstant(pickupAt) || !isInstant(dropoffAt) || Date.parse(dropoffAt) <= Date.parse(pickupAt)) return null;
  return { pickupLocationId, dropoffLocationId, pickupAt, dropoffAt };
}

export function readFilters(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = { ...NO_FILTERS, suppliers: list(params, 'suppliers', UUID) };
  for (const name of Object.keys(LIST_FILTERS) as ListFilter[]) {
    (filters[name] as string[]) = list(params, name, LIST_FILTERS[name]);
  }
  const rating = Number(params.get('minRating'));
  filters.minRating = (MIN_RATINGS as readonly number[]).includes(rating) ? rating : null;
  const seats = params.get('seats');
  filters.seats = (SEATS_FILTERS as readonly string[]).includes(seats ?? '') ? (seats as SeatsFilter) : null;
  const deposit = Number(params.get('deposit'));
  filters.deposit = (DEPOSIT_THRESHOLDS as readonly number[]).includes(deposit) ? deposit : null;
  const sort = params.get('sort');
  filters.sort = (CAR_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CarSort) : 'priceAsc';
  return filters;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The address of a search: criteria, the filters that are set, and the page when past the first. */
export function toSearchParams(
  criteria: SearchCriteria | null,
  filters: SearchFilters = NO_FILTERS,
  page = 1,
): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria) {
    params.set('pickupLocationId', criteria.pickupLocationId);
    params.set('dropoffLocationId', criteria.dropoffLocationId);
    params.set('pickupAt', criteria.pickupAt);
    params.set('dropoffAt', criteria.dropoffAt);
  }
  if (filters.suppliers.length > 0) params.set('suppliers', filters.suppliers.join(','));
  for (const name of Object.keys(LIST_FILTERS) as ListFilter[]) {
    if (filters[name].length > 0) params.set(name, filters[name].join(','));
  }
  if (filters.minRating !== null) params.set('minRating', String(filters.minRating));
  if (filters.seats !== null) params.set('seats', filters.seats);
  if (filters.deposit !== null) params.set('deposit', String(filters.deposit));
  if (filters.sort !== 'priceAsc') params.set('sort', filters.sort);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The API body of a search. The deposit threshold is in EUR; the API takes EUR minor units. */
export function toSearchBody(criteria: SearchCriteria, filters: SearchFilters): SearchCarsBody {
  return {
    ...criteria,
    suppliers: filters.suppliers,
    ranges: filters.ranges,
    ...(filters.minRating !== null ? { minRating: filters.minRating } : {}),
    ...(filters.seats !== null ? { seats: filters.seats } : {}),
    specs: filters.specs,
    multimedia: filters.multimedia,
    fuelTypes: filters.fuelTypes,
    gearboxes: filters.gearboxes,
    mileage: filters.mileage,
    fuelPolicies: filters.fuelPolicies,
    ...(filters.deposit !== null ? { maxDeposit: filters.deposit * 100 } : {}),
    sort: filters.sort,
  };
}

/** Where 'Book' leads: checkout with the car and the criteria (the checkout issue reads these names). */
export function checkoutHref(carId: string, criteria: SearchCriteria): string {
  const params = new URLSearchParams({ carId, ...criteria });
  return `/checkout?${params}`;
}
