import { CAR_RANGES } from '@roam/contract/cars';
import { CAR_AVAILABILITIES, type OperatorCarRow, type OperatorCarsPage } from '@roam/contract/fleet';
import type { OperatorCarsQuerySchema } from '@roam/contract/fleet.schema';
import { calculatePrice } from '@roam/contract/price';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { currentFleet } from '#server/features/cars/cars.service.ts';
import type { PlaceCars } from '#server/features/cars/place-cars.index.ts';
import type { Fleet, OperatorFleetCar } from '#server/features/cars/search.index.ts';
import { carOdometers } from '#server/features/counter/counter-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { availabilityOfRow } from './fleet.mapper.ts';
import { upcomingRentals } from './fleet.repository.ts';
import type { Operator } from './fleet.service.ts';

// The operator's cars list, paged on the server: a supplier's own cars, or any supplier's for an
// admin. It reads the fleet the car search keeps in memory (cars/search.index.ts, brought up to date with the
// database before each read, so a change shows at once): filtering 10k cars in order is a walk over one array, where
// the database had to read and sort the fleet's rows for every page (on the embedded database, 20 pages a second).
// A page then asks the database only about its own cars: their coming rentals (the index keeps each car's periods,
// not which booking holds them) and their odometer readings (the counter's `car_readings`, not in the index: a
// check-out is not a change to what a search shows) (docs/architecture.md §7: operator lists p99 ≤ 200 ms).

type Query = z.output<typeof OperatorCarsQuerySchema>;
type Sort = Query['sort'];

const DAY_MS = 24 * 3600_000;
const dailyRate = ({ car }: OperatorFleetCar) => car.discountedDailyPrice || car.dailyPrice;
const byId = (a: OperatorFleetCar, b: OperatorFleetCar) => (a.car._id < b.car._id ? -1 : a.car._id > b.car._id ? 1 : 0);

/**
 * A fleet's cars (their ordinals) in each order of the list, all suppliers' and each supplier's, made once per fleet
 * version (each order ends on the id): a supplier's page walks its own cars, not the whole fleet's (100k at 10×).
 */
const orders = new WeakMap<Fleet, Map<string, Uint32Array>>();

/**
 * What the list's filters test of each car, by ordinal, made once per fleet version: the names and plates
 * lower-cased (the keyword matches either; names sort case-blind), and the range and availability as indexes. A
 * filter walks these arrays, not 100k car objects (at 10× reaching each object was most of an admin's page).
 */
type Facts = {
  names: string[];
  range: Uint8Array;
  availability: Uint8Array;
  /** Every car's lower-cased name and plate, each followed by a line feed, in ordinal order; `starts`: where each begins. */
  text: string;
  starts: Uint32Array;
  /** The cars whose name or plate holds a keyword, by keyword (the last few asked). */
  keywords: Map<string, Uint8Array>;
};
const facts = new WeakMap<Fleet, Facts>();
/** Per place, whether each car of the fleet (by ordinal) is offered there or below it. */
const offeredAt = new WeakMap<PlaceCars, Uint8Array>();

function factsOf(fleet: Fleet): Facts {
  let found = facts.get(fleet);
  if (!found) {
    const { cars } = fleet;
    const names = cars.map(({ car }) => car.name.toLowerCase());
    const starts = new Uint32Array(cars.length);
    let at = 0;
    const lines = cars.map(({ licensePlate }, ordinal) => {
      const line = `${names[ordinal]}\n${licensePlate?.toLowerCase() ?? ''}\n`;
      starts[ordinal] = at;
      at += line.length;
      return line;
    });
    found = {
      names,
      range: Uint8Array.from(cars, ({ car }) => CAR_RANGES.indexOf(car.range)),
      availability: Uint8Array.from(cars, ({ car }) => CAR_AVAILABILITIES.indexOf(availabilityOfRow(car))),
      text: lines.join(''),
      starts,
      keywords: new Map(),
    };
    facts.set(fleet, found);
  }
  return found;
}

function ordered(fleet: Fleet, sort: Sort, supplierId: string | undefined): Uint32Array {
  let byOrder = orders.get(fleet);
  if (!byOrder) {
    byOrder = new Map();
    orders.set(fleet, byOrder);
  }
  const key = `${sort}/${supplierId ?? ''}`;
  let list = byOrder.get(key);
  if (list) return list;
  if (supplierId) {
    list = ordered(fleet, sort, undefined).filter((ordinal) => fleet.cars[ordinal]?.car.supplier._id === supplierId);
  } else {
    const { names } = factsOf(fleet);
    const cars = [...fleet.cars];
    const nameOf = (entry: OperatorFleetCar) => names[entry.ordinal] as string;
    const byName = (a: OperatorFleetCar, b: OperatorFleetCar) =>
      nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : byId(a, b);
    if (sort === 'name' || sort === 'nameDesc') cars.sort(byName);
    else if (sort === 'priceAsc' || sort === 'priceDesc')
      cars.sort((a, b) => dailyRate(a) - dailyRate(b) || byId(a, b));
    else cars.sort((a, b) => b.createdAt - a.createdAt || byId(b, a));
    if (sort === 'nameDesc' || sort === 'priceDesc') cars.reverse();
    list = Uint32Array.from(cars, (entry) => entry.ordinal);
  }
  byOrder.set(key, list);
  return list;
}

function offered(fleet: Fleet, locationId: string): Uint8Array {
  const place = fleet.places.get(locationId);
  if (!place) return new Uint8Array(fleet.cars.length);
  let found = offeredAt.get(place);
  if (!found) {
    found = new Uint8Array(fleet.cars.length);
    for (const ordinal of place.ordinals) found[ordinal] = 1;
    offeredAt.set(place, found);
  }
  return found;
}

/**
 * Which cars (by ordinal) have `needle` in their name or plate: one search through the fleet's text (a string's
 * search is fast; 100k `includes`, one a name and one a plate, were ~30 ms at 10×), kept for the last few keywords.
 */
function holding(facts: Facts, needle: string): Uint8Array {
  let found = facts.keywords.get(needle);
  if (found) return found;
  const { text, starts } = facts;
  found = new Uint8Array(starts.length);
  for (let at = text.indexOf(needle); at >= 0; ) {
    // The car whose line holds `at`: the last start at or before it.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((starts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    found[low] = 1;
    at = text.indexOf(needle, low + 1 < starts.length ? (starts[low + 1] as number) : text.length);
  }
  if (facts.keywords.size >= KEPT_KEYWORDS) facts.keywords.delete(facts.keywords.keys().next().value as string);
  facts.keywords.set(needle, found);
  return found;
}
const KEPT_KEYWORDS = 32;

/** The query's test of a car (by ordinal), but for its supplier (`ordered` lists a supplier's cars). */
function matcher(fleet: Fleet, query: Query): (ordinal: number) => boolean {
  // A line feed would match across a name and a plate; the contract's keyword never holds one.
  const needle = query.keyword?.toLowerCase().replaceAll('\n', '');
  const facts = factsOf(fleet);
  const { range, availability } = facts;
  const named = needle ? holding(facts, needle) : null;
  const ranges = new Set(query.ranges.map((value) => CAR_RANGES.indexOf(value)));
  const availabilities = new Set(query.availability.map((value) => CAR_AVAILABILITIES.indexOf(value)));
  const place = query.locationId ? offered(fleet, query.locationId) : null;
  return (ordinal) => {
    if (ranges.size > 0 && !ranges.has(range[ordinal] as number)) return false;
    if (availabilities.size > 0 && !availabilities.has(availability[ordinal] as number)) return false;
    if (place && place[ordinal] !== 1) return false;
    return !named || named[ordinal] === 1;
  };
}

export async function listOperatorCars(
  ctx: AppContext,
  actor: Operator,
  query: Query,
  page: number,
  size: number,
): Promise<OperatorCarsPage> {
  if (actor.businessId !== null && query.supplierId && query.supplierId !== actor.businessId) {
    throw new AppError('FORBIDDEN', 'Not allowed.');
  }
  const fleet = await currentFleet(ctx);
  const matches = matcher(fleet, query);
  const start = (page - 1) * size;
  const shown: OperatorFleetCar[] = [];
  let totalCount = 0;
  for (const ordinal of ordered(fleet, query.sort, actor.businessId ?? query.supplierId)) {
    if (!matches(ordinal)) continue;
    if (totalCount >= start && shown.length < size) shown.push(fleet.cars[ordinal] as OperatorFleetCar);
    totalCount++;
  }
  const now = ctx.clock.now();
  const ids = shown.map(({ car }) => car._id);
  const [odometers, rentals] = await Promise.all([carOdometers(ctx, ids), upcomingRentals(ctx.db, ids, now)]);
  return {
    totalCount,
    results: shown.map((entry): OperatorCarRow => {
      const { car } = entry;
      const upcoming = rentals.filter((rental) => rental.carId === car._id);
      const next = upcoming[0];
      // What a driver would pay for one day from now, at the car's first place (date-based prices use its calendar).
      const { total } = calculatePrice({
        car,
        priceChangeRate: car.supplier.priceChangeRate,
        pickupAt: now,
        dropoffAt: new Date(now.getTime() + DAY_MS),
        timeZone: fleet.tree.zones.get(entry.placeIds[0] ?? '') ?? 'UTC',
      });
      return {
        _id: car._id,
        name: car.name,
        licensePlate: entry.licensePlate,
        image: car.image,
        range: car.range,
        supplier: { _id: car.supplier._id, name: car.supplier.fullName },
        availability: availabilityOfRow(car),
        fullyBooked: car.fullyBooked,
        isDateBasedPrice: car.isDateBasedPrice,
        dailyPrice: dailyRate(entry),
        customerDailyPrice: total,
        upcomingBookings: upcoming.length,
        nextBooking: next
          ? {
              _id: next.id,
              pickupAt: next.pickupAt.toISOString(),
              dropoffAt: next.dropoffAt.toISOString(),
              status: next.status,
            }
          : null,
        placesCount: entry.placeIds.length,
        odometer: odometers.get(car._id)?.odometer ?? null,
        serviceOdometer: odometers.get(car._id)?.serviceOdometer ?? null,
      };
    }),
  };
}
