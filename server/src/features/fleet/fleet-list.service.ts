import type { OperatorCarRow, OperatorCarsPage } from '@roam/contract/fleet';
import type { OperatorCarsQuerySchema } from '@roam/contract/fleet.schema';
import { calculatePrice } from '@roam/contract/price';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { currentFleet } from '#server/features/cars/cars.service.ts';
import type { Fleet, OperatorFleetCar } from '#server/features/cars/search.index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { availabilityOfRow } from './fleet.mapper.ts';
import type { Operator } from './fleet.service.ts';

// The operator's cars list, paged on the server: a supplier's own cars, or any supplier's for an
// admin. It reads the fleet the car search keeps in memory (cars/search.index.ts, brought up to date with the
// database before each read, so a change shows at once): filtering 10k cars in order is a walk over one array, where
// the database had to read and sort the fleet's rows for every page (on the embedded database, 20 pages a second).
// The index also holds each car's bookings that have not ended, so a page asks the database nothing (docs/architecture.md §7:
// operator lists p99 ≤ 200 ms on 10k cars / 200k bookings).

type Query = z.output<typeof OperatorCarsQuerySchema>;
type Sort = Query['sort'];

const DAY_MS = 24 * 3600_000;
const dailyRate = ({ car }: OperatorFleetCar) => car.discountedDailyPrice || car.dailyPrice;
const byId = (a: OperatorFleetCar, b: OperatorFleetCar) => (a.car._id < b.car._id ? -1 : a.car._id > b.car._id ? 1 : 0);

/** A fleet's cars in each order of the list, made once per fleet version (each order ends on the id). */
const orders = new WeakMap<Fleet, Map<Sort, OperatorFleetCar[]>>();
const names = new WeakMap<OperatorFleetCar, string>();
/** Names and plates lower-cased: the keyword matches either; names sort case-blind, by code point. */
function nameOf(entry: OperatorFleetCar): string {
  let name = names.get(entry);
  if (name === undefined) {
    name = entry.car.name.toLowerCase();
    names.set(entry, name);
  }
  return name;
}

function ordered(fleet: Fleet, sort: Sort): OperatorFleetCar[] {
  let byOrder = orders.get(fleet);
  if (!byOrder) {
    byOrder = new Map();
    orders.set(fleet, byOrder);
  }
  let list = byOrder.get(sort);
  if (list) return list;
  const cars = [...fleet.cars];
  const byName = (a: OperatorFleetCar, b: OperatorFleetCar) =>
    nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : byId(a, b);
  if (sort === 'name' || sort === 'nameDesc') cars.sort(byName);
  else if (sort === 'priceAsc' || sort === 'priceDesc') cars.sort((a, b) => dailyRate(a) - dailyRate(b) || byId(a, b));
  else cars.sort((a, b) => b.createdAt - a.createdAt || byId(b, a));
  list = sort === 'nameDesc' || sort === 'priceDesc' ? cars.reverse() : cars;
  byOrder.set(sort, list);
  return list;
}

function matcher(fleet: Fleet, query: Query, supplierId: string | undefined): (entry: OperatorFleetCar) => boolean {
  const needle = query.keyword?.toLowerCase();
  const ranges = new Set(query.ranges);
  const availability = new Set(query.availability);
  const place = query.locationId ? new Set(fleet.places.get(query.locationId)?.cars ?? []) : null;
  return (entry) => {
    const { car } = entry;
    if (supplierId && car.supplier._id !== supplierId) return false;
    if (ranges.size > 0 && !ranges.has(car.range)) return false;
    if (availability.size > 0 && !availability.has(availabilityOfRow(car))) return false;
    if (place && !place.has(entry)) return false;
    return !needle || nameOf(entry).includes(needle) || Boolean(entry.licensePlate?.toLowerCase().includes(needle));
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
  const matches = matcher(fleet, query, actor.businessId ?? query.supplierId);
  const start = (page - 1) * size;
  const shown: OperatorFleetCar[] = [];
  let totalCount = 0;
  for (const entry of ordered(fleet, query.sort)) {
    if (!matches(entry)) continue;
    if (totalCount >= start && shown.length < size) shown.push(entry);
    totalCount++;
  }
  const now = ctx.clock.now();
  return {
    totalCount,
    results: shown.map((entry): OperatorCarRow => {
      const { car } = entry;
      const upcoming = entry.blocks.rentalsAfter(now.getTime());
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
              pickupAt: new Date(next.start).toISOString(),
              dropoffAt: new Date(next.end).toISOString(),
              status: next.status,
            }
          : null,
        placesCount: entry.placeIds.length,
      };
    }),
  };
}
