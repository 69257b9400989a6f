import type { CarDetails, CarFilters, CarPrice } from '@roam/contract/cars';
import type { Language } from '@roam/contract/languages';
import type { Extra } from '@roam/contract/price';
import { type CarPricing, calculatePrice } from '@roam/contract/price';
import { rentalHours } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import { settingsWith } from '#server/features/booking-rules/booking-rules.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { FirstOf } from '#server/lib/first-of.ts';
import { checkPeriod } from '#server/lib/opening-hours.ts';
import { carLocationsOf, findCar, findPublicFile, type LocationTree, rangePrices } from './cars.repository.ts';
import { availabilityOf, BOOKABLE, DATE_BASED, matcherOf } from './place-cars.index.ts';
import { type FleetCar, MOST_KEPT_TOTAL } from './search.index.ts';
import type { SearchPage } from './search-page.json.ts';

/** Each vehicle range's lowest bookable daily price (the home page's car sizes). */
export function listRangePrices(ctx: AppContext) {
  return rangePrices(ctx.db, ctx.clock.now().toISOString().slice(0, 10));
}

export type SearchCarsInput = {
  pickupLocationId: string;
  dropoffLocationId: string;
  pickupAt: string;
  dropoffAt: string;
  page: number;
  size: number;
  filters: CarFilters;
};

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

function zoneOf(tree: LocationTree, id: string, field: string): string {
  const zone = tree.zones.get(id);
  if (!zone) throw validationFailed({ [field]: ['Unknown location'] });
  return zone;
}

/**
 * One array of a search's totals by the place's car index, reused by every search (a search runs to its answer
 * without yielding, and reads only the totals it wrote): a fresh one was up to 150 KB of garbage a search at 10×
 * (a place of ~18k cars), which at a thousand searches a second grew the process by ~150 MB.
 */
let totalsScratch = new Float64Array(0);
function scratchTotals(size: number): Float64Array {
  if (totalsScratch.length < size) totalsScratch = new Float64Array(size);
  return totalsScratch;
}

/**
 * The car search: the cars offered at the pick-up place or below it, matching every filter, with no
 * blocking booking over the period (docs/architecture.md §5), priced by the contract engine (so sorting by price sorts by
 * what the card shows), counted per supplier, then the supplier filter and the page. It reads the in-memory index
 * (search.index.ts), brought up to date with the database first.
 */
export async function searchCars(ctx: AppContext, input: SearchCarsInput): Promise<SearchPage> {
  const now = ctx.clock.now();
  const pickupAt = new Date(input.pickupAt);
  const dropoffAt = new Date(input.dropoffAt);
  const fleet = await ctx.searchIndex.current();
  const timeZone = zoneOf(fleet.tree, input.pickupLocationId, 'pickupLocationId');
  const dropoffTimeZone = zoneOf(fleet.tree, input.dropoffLocationId, 'dropoffLocationId');
  // A period checkout would refuse lists no car with a price and a Book button: the same rules, the same messages
  // (spec §5 dates), as checkout and the search form.
  // A place's own opening hours judge its times (lib/opening-hours.ts), with the same refusals as checkout.
  const placeOf = (id: string, zone: string) => ({ timeZone: zone, openingHours: fleet.tree.hours.get(id) ?? null });
  checkPeriod({
    pickupAt,
    dropoffAt,
    now,
    pickupPlace: placeOf(input.pickupLocationId, timeZone),
    dropoffPlace: placeOf(input.dropoffLocationId, dropoffTimeZone),
    rules: settingsWith(ctx, ctx.searchIndex.rules),
  });
  const { filters } = input;
  const from = pickupAt.getTime();
  const to = dropoffAt.getTime();

  const hours = rentalHours(pickupAt, dropoffAt);
  const searchPrice = ({ car }: FleetCar): CarPrice => priceFor(car, pickupAt, dropoffAt, timeZone);

  // One pass over the cars of the place (place-cars.index.ts: each field a filter tests, the bookings and the totals in
  // typed arrays): the supplier counts and the total over every match, and only the first `page × size` results in
  // order kept (FirstOf) — a page shows 15 of hundreds of matches.
  const place = fleet.places.get(input.pickupLocationId);
  if (!place) return { results: [], totalCount: 0, supplierCounts: [] };
  const { kinds, rating, rank, size } = place;
  const counts = new Uint32Array(fleet.suppliers.length);
  const chosen = new Set(filters.suppliers);
  const chosenSlots = new Uint8Array(fleet.suppliers.length);
  for (const [slot, { supplierId }] of fleet.suppliers.entries()) if (chosen.has(supplierId)) chosenSlots[slot] = 1;
  const start = (input.page - 1) * input.size;
  const matches = matcherOf(filters);
  // The total of each match, and the fleet's kept totals for this search's length, and its period at this place's
  // clock (search.index.ts, FleetTotals).
  const totals = scratchTotals(size);
  const byLength = fleet.totals.byLength(hours);
  // Asked for only when a car priced by date matches.
  let byPeriod: Int32Array | null = null;
  const { totalsAt } = place;
  const first = new FirstOf<number>(start + input.size, (a, b) => {
    // Bookable cars first: a driver looks for a car they can take.
    const bookable = ((kinds[b] as number) & BOOKABLE) - ((kinds[a] as number) & BOOKABLE);
    if (bookable !== 0) return bookable;
    const byPrice = (totals[a] as number) - (totals[b] as number);
    let order = byPrice;
    if (filters.sort === 'priceDesc') order = -byPrice;
    else if (filters.sort === 'rating') order = (rating[b] as number) - (rating[a] as number) || byPrice;
    // A stable order across pages: ties broken by id.
    return order || (rank[a] as number) - (rank[b] as number);
  });
  let totalCount = 0;
  const runs = fleet.bookings.read();
  const nowMs = now.getTime();
  // The day marks of the period over the place's slots (its cars hold neighbouring ones, by slot): most cars are
  // found free or taken by them, without a read of their bookings.
  const { slots } = place;
  const marks = size > 0 ? fleet.bookings.marksOver(from, to, slots[0] as number, slots[size - 1] as number) : null;
  for (let i = 0; i < size; i++) {
    if ((matches && !matches(place, i)) || place.isBlocked(runs, marks, i, from, to, nowMs)) continue;
    const slot = place.supplier[i] as number;
    counts[slot] = (counts[slot] as number) + 1;
    if (chosen.size > 0 && chosenSlots[slot] === 0) continue;
    totalCount++;
    let kept = byLength;
    if (((kinds[i] as number) & DATE_BASED) !== 0) {
      byPeriod ??= fleet.totals.byPeriod(from, to, timeZone);
      kept = byPeriod;
    }
    const at = totalsAt[i] as number;
    let total = kept[at] as number;
    if (total < 0) {
      total = searchPrice(place.cars[i] as FleetCar).total;
      if (total >= 0 && total <= MOST_KEPT_TOTAL) kept[at] = total;
    }
    totals[i] = total;
    first.add(i);
  }

  return {
    results: first
      .sorted()
      .slice(start)
      .map((i) => {
        const entry = place.cars[i] as FleetCar;
        const availability = availabilityOf(entry.car);
        return { car: entry.car, price: searchPrice(entry), availability, bookable: availability === 'available' };
      }),
    totalCount,
    supplierCounts: fleet.suppliers.flatMap((supplier, slot) => {
      const count = counts[slot] as number;
      return count > 0 ? [{ ...supplier, count }] : [];
    }),
  };
}

export async function getCar(ctx: AppContext, id: string, language: Language): Promise<CarDetails> {
  const car = await findCar(ctx.db, id);
  if (!car) throw new AppError('NOT_FOUND', 'Car not found');
  return { ...car, locations: await carLocationsOf(ctx.db, id, language) };
}

/**
 * The live fleet as the car search's in-memory index holds it, brought up to date with the database first (the
 * operator's cars list reads it).
 */
export const currentFleet = (ctx: AppContext) => ctx.searchIndex.current();

/** The places a car is offered at, named in `language`, by name (the operator's car editor too). */
export const carPlaces = (ctx: AppContext, carId: string, language: Language) =>
  carLocationsOf(ctx.db, carId, language);

export async function getPublicFile(ctx: AppContext, id: string) {
  const file = await findPublicFile(ctx.db, id);
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  return file;
}

const bookableCounts = new WeakMap<object, number>();

/**
 * How many cars a driver can book: available, not fully booked, offered at a place (the customer site says
 * "coming soon" until one is, and the set-up checklist counts them). Counted once per version of the fleet.
 */
export async function bookableCarCount(ctx: AppContext): Promise<number> {
  const fleet = await ctx.searchIndex.current();
  let count = bookableCounts.get(fleet);
  if (count === undefined) {
    count = fleet.cars.filter((entry) => entry.placeIds.length > 0 && availabilityOf(entry.car) === 'available').length;
    bookableCounts.set(fleet, count);
  }
  return count;
}
