import { isOverdue } from '@roam/contract/counter';
import type { SchedulerPage } from '@roam/contract/scheduler';
import type { SchedulerBodySchema } from '@roam/contract/scheduler.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { currentFleet } from '#server/features/cars/cars.service.ts';
import type { Fleet, OperatorFleetCar } from '#server/features/cars/search.index.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as repository from './scheduler.repository.ts';

// The scheduler: a place's cars by days, paged by cars. A supplier sees its own cars (naming
// another supplier: 403, as the cars list answers), the admin any supplier's or one chosen. A driver's name shows on
// a bar as on the operator's booking list (the car's supplier and the admin read the booking anyway).

type Body = z.output<typeof SchedulerBodySchema>;

const iso = (instant: string) => new Date(instant).toISOString();

export async function schedulerPage(
  ctx: AppContext,
  actor: Operator,
  body: Body,
  page: number,
  size: number,
): Promise<SchedulerPage> {
  if (actor.businessId !== null && body.supplierId && body.supplierId !== actor.businessId) {
    throw new AppError('FORBIDDEN', 'Not allowed.');
  }
  const supplierId = actor.businessId ?? body.supplierId ?? null;
  const ranges = new Set(body.ranges ?? []);
  const matching = carsAt(await currentFleet(ctx), body.locationId).filter(
    ({ car }) =>
      (supplierId === null || car.supplier._id === supplierId) && (ranges.size === 0 || ranges.has(car.range)),
  );
  const cars = matching.slice((page - 1) * size, page * size);
  const answer = await repository.schedulerPage(ctx.db, {
    locationId: body.locationId,
    from: body.from,
    to: body.to,
    carIds: cars.map(({ car }) => car._id),
    branchIds: actor.branchIds,
  });
  if (!answer.place) throw new AppError('NOT_FOUND', 'Location not found.');
  const now = ctx.clock.now();
  const { names } = answer.place;
  return {
    location: {
      _id: answer.place.id,
      name: names[body.language] ?? names.en ?? '',
      timeZone: answer.place.timeZone,
    },
    from: iso(answer.place.rangeFrom),
    to: iso(answer.place.rangeTo),
    totalCount: matching.length,
    rows: cars.map(({ car, licensePlate }) => {
      const holds = answer.holds[car._id] ?? [];
      return {
        car: {
          _id: car._id,
          name: car.name,
          licensePlate,
          range: car.range,
          supplier: { _id: car.supplier._id, name: car.supplier.fullName },
        },
        bookings: holds
          .filter((hold) => hold[7] === 'rental')
          .map(([id, reference, status, pickupAt, dropoffAt, cancelRequest, driverName]) => ({
            _id: id,
            reference,
            status,
            pickupAt: iso(pickupAt),
            dropoffAt: iso(dropoffAt),
            cancelRequest,
            driverName,
            overdue: isOverdue(status, new Date(dropoffAt), now),
          })),
        blocks: holds
          .filter((hold) => hold[7] === 'block')
          .map(([id, , , startAt, endAt, , , , reason]) => ({
            _id: id,
            startAt: iso(startAt),
            endAt: iso(endAt),
            reason: reason ?? 'other',
          })),
      };
    }),
  };
}

const byPlace = new WeakMap<Fleet, Map<string, OperatorFleetCar[]>>();

/**
 * The live cars offered at the place itself (not below it), by name then id: from the fleet the car search keeps in
 * memory (docs/decisions/0005-in-memory-search-index.md), as fresh as a search, grouped once per version of the
 * fleet. Read in SQL, the place's cars were joined to a sequential scan of every car (44 of 81 ms at 10k cars; 100k
 * rows at 10x: bench/README.md, "The console's lists at ten times the data").
 */
function carsAt(fleet: Fleet, locationId: string): OperatorFleetCar[] {
  let places = byPlace.get(fleet);
  if (!places) {
    places = new Map();
    for (const entry of fleet.cars)
      for (const placeId of entry.placeIds) {
        const list = places.get(placeId);
        if (list) list.push(entry);
        else places.set(placeId, [entry]);
      }
    const key = (entry: OperatorFleetCar) => entry.car.name.toLowerCase();
    for (const list of places.values()) list.sort((a, b) => compare(key(a), key(b)) || compare(a.car._id, b.car._id));
    byPlace.set(fleet, places);
  }
  return places.get(locationId) ?? [];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
