import type { OperatorCarRow, OperatorCarsPage } from '@roam/contract/fleet';
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
 * A fleet's cars in each order of the list, all suppliers' and each supplier's, made once per fleet version (each
 * order ends on the id): a supplier's page walks its own cars, not the whole fleet's (100k cars at 10×).
 */
const orders = new WeakMap<Fleet, Map<string, OperatorFleetCar[]>>();
/** Names and plates lower-cased, by a car's ordinal: the keyword matches either; names sort case-blind. */
const lowered = new WeakMap<Fleet, { names: string[]; plates: (string | null)[] }>();
/** Per place, whether each car of the fleet (by ordinal) is offered there or below it. */
const offeredAt = new WeakMap<PlaceCars, Uint8Array>();

function loweredOf(fleet: Fleet) {
  let found = lowered.get(fleet);
  if (!found) {
    found = {
      names: fleet.cars.map(({ car }) => car.name.toLowerCase()),
      plates: fleet.cars.map(({ licensePlate }) => licensePlate?.toLowerCase() ?? null),
    };
    lowered.set(fleet, found);
  }
  return found;
}

function ordered(fleet: Fleet, sort: Sort, supplierId: string | undefined): OperatorFleetCar[] {
  let byOrder = orders.get(fleet);
  if (!byOrder) {
    byOrder = new Map();
    orders.set(fleet, byOrder);
  }
  const key = `${sort}/${supplierId ?? ''}`;
  let list = byOrder.get(key);
  if (list) return list;
  if (supplierId) {
    list = ordered(fleet, sort, undefined).filter(({ car }) => car.supplier._id === supplierId);
  } else {
    const { names } = loweredOf(fleet);
    const cars = [...fleet.cars];
    const nameOf = (entry: OperatorFleetCar) => names[entry.ordinal] as string;
    const byName = (a: OperatorFleetCar, b: OperatorFleetCar) =>
      nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : byId(a, b);
    if (sort === 'name' || sort === 'nameDesc') cars.sort(byName);
    else if (sort === 'priceAsc' || sort === 'priceDesc')
      cars.sort((a, b) => dailyRate(a) - dailyRate(b) || byId(a, b));
    else cars.sort((a, b) => b.createdAt - a.createdAt || byId(b, a));
    list = sort === 'nameDesc' || sort === 'priceDesc' ? cars.reverse() : cars;
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

/** The query's test of a car, but for its supplier (`ordered` lists a supplier's cars). */
function matcher(fleet: Fleet, query: Query): (entry: OperatorFleetCar) => boolean {
  const needle = query.keyword?.toLowerCase();
  const ranges = new Set(query.ranges);
  const availability = new Set(query.availability);
  const place = query.locationId ? offered(fleet, query.locationId) : null;
  const { names, plates } = loweredOf(fleet);
  return ({ car, ordinal }) => {
    if (ranges.size > 0 && !ranges.has(car.range)) return false;
    if (availability.size > 0 && !availability.has(availabilityOfRow(car))) return false;
    if (place && place[ordinal] !== 1) return false;
    return !needle || (names[ordinal] as string).includes(needle) || Boolean(plates[ordinal]?.includes(needle));
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
  for (const entry of ordered(fleet, query.sort, actor.businessId ?? query.supplierId)) {
    if (!matches(entry)) continue;
    if (totalCount >= start && shown.length < size) shown.push(entry);
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
