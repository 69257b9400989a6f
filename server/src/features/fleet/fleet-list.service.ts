import { fileUrl } from '@roam/contract/cars';
import type { OperatorCarRow, OperatorCarsPage, OperatorCarsQuerySchema } from '@roam/contract/fleet';
import { calculatePrice } from '@roam/contract/price';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { availabilityOfRow } from './car-fields.ts';
import * as repository from './fleet.repository.ts';
import type { Operator } from './fleet.service.ts';

// The operator's cars list (issue #23 item 1), paged on the server: a supplier's own cars, or any supplier's for an
// admin. The page's rows come from one query on the cars; their bookings, places and date-based prices from a few
// look-ups by car id, so the cost does not grow with the fleet's bookings (ARCHITECTURE §7: p99 ≤ 200 ms on 10k cars
// / 200k bookings).

const DAY_MS = 24 * 3600_000;

export async function listOperatorCars(
  ctx: AppContext,
  actor: Operator,
  query: z.output<typeof OperatorCarsQuerySchema>,
  page: number,
  size: number,
): Promise<OperatorCarsPage> {
  if (actor.type === 'supplier' && query.supplierId && query.supplierId !== actor.id) {
    throw new AppError('FORBIDDEN', 'Not allowed.');
  }
  const supplierId = actor.type === 'supplier' ? actor.id : query.supplierId;
  const { rows, totalCount } = await repository.listCars(
    ctx.db,
    { ...query, ...(supplierId ? { supplierId } : {}) },
    page,
    size,
  );
  const facts = await repository.pageFacts(
    ctx.db,
    rows.map((row) => row.car.id),
    rows.filter((row) => row.car.isDateBasedPrice).map((row) => row.car.id),
  );
  const now = ctx.clock.now();
  return {
    totalCount,
    results: rows.map(({ car, supplierName, priceChangeRate }): OperatorCarRow => {
      const next = facts.next.get(car.id);
      const places = facts.places.get(car.id);
      // What a driver would pay for one day from now, at the car's first place (date-based prices use its calendar).
      const { total } = calculatePrice({
        car: { ...car, dateBasedPrices: car.isDateBasedPrice ? (facts.periods.get(car.id) ?? []) : [] },
        priceChangeRate: Number(priceChangeRate),
        pickupAt: now,
        dropoffAt: new Date(now.getTime() + DAY_MS),
        timeZone: places?.timeZone ?? 'UTC',
      });
      return {
        _id: car.id,
        name: car.name,
        licensePlate: car.licensePlate,
        image: fileUrl(car.imageFileId),
        range: car.range,
        supplier: { _id: car.supplierId, name: supplierName },
        availability: availabilityOfRow(car),
        fullyBooked: car.fullyBooked,
        isDateBasedPrice: car.isDateBasedPrice,
        dailyPrice: car.discountedDailyPrice || car.dailyPrice,
        customerDailyPrice: total,
        bookingsCount: facts.counts.get(car.id) ?? 0,
        nextBooking: next
          ? {
              _id: next.id,
              pickupAt: next.pickupAt.toISOString(),
              dropoffAt: next.dropoffAt.toISOString(),
              status: next.status,
            }
          : null,
        placesCount: places?.count ?? 0,
      };
    }),
  };
}
