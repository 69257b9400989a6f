import { isOverdue } from '@roam/contract/counter';
import type { SchedulerPage } from '@roam/contract/scheduler';
import type { SchedulerBodySchema } from '@roam/contract/scheduler.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
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
  const answer = await repository.schedulerPage(ctx.db, {
    locationId: body.locationId,
    from: body.from,
    to: body.to,
    supplierId: actor.businessId ?? body.supplierId ?? null,
    branchIds: actor.branchIds,
    ranges: body.ranges ?? [],
    offset: (page - 1) * size,
    limit: size,
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
    totalCount: answer.total,
    rows: answer.rows.map((row) => ({
      car: {
        _id: row.id,
        name: row.name,
        licensePlate: row.licensePlate,
        range: row.range,
        supplier: { _id: row.supplierId, name: row.supplierName },
      },
      bookings: row.holds
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
      blocks: row.holds
        .filter((hold) => hold[7] === 'block')
        .map(([id, , , startAt, endAt, , , , reason]) => ({
          _id: id,
          startAt: iso(startAt),
          endAt: iso(endAt),
          reason: reason ?? 'other',
        })),
    })),
  };
}
