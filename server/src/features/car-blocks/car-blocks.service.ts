import { BLOCK_MESSAGES, type CarBlock, type CarCalendar, MAX_BLOCK_MS } from '@roam/contract/car-blocks';
import type {
  CarCalendarQuerySchema,
  CreateCarBlockBodySchema,
  UpdateCarBlockBodySchema,
} from '@roam/contract/car-blocks.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { type Operator, operatedCar, operates } from '#server/features/fleet/fleet.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import * as repository from './car-blocks.repository.ts';

// Blocked periods: maintenance, private use. Each is a row of `bookings` (kind 'block') holding
// the car, so the database refuses a block over a booking and a booking over a block (the exclusion constraint
// bookings_no_overlap), whichever commits first, and the search and checkout treat it as a booking. A block's id is
// private to the car's operators (another supplier or a driver gets 404, as for a booking).

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Blocked period not found.');
const OVERLAPS = () => new AppError('CONFLICT', BLOCK_MESSAGES.overlaps, { startAt: [BLOCK_MESSAGES.overlaps] });

const toBlock = (row: repository.BlockRow): CarBlock => ({
  _id: row.id,
  carId: row.carId,
  startAt: row.startAt.toISOString(),
  endAt: row.endAt.toISOString(),
  reason: row.reason ?? 'other',
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit keeps of a block. */
const audited = (block: CarBlock) => ({
  startAt: block.startAt,
  endAt: block.endAt,
  reason: block.reason,
  note: block.note,
});

/** The overlap refusal of the exclusion constraint as a clear 409; anything else as it is. */
async function refusingOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw OVERLAPS();
    throw error;
  }
}

/** `POST /api/create-car-block`. */
export async function createBlock(
  ctx: AppContext,
  actor: Operator,
  body: z.output<typeof CreateCarBlockBodySchema>,
): Promise<CarBlock> {
  const { car } = await operatedCar(ctx, actor, body.carId);
  const place = await repository.firstPlaceOf(ctx.db, car.id);
  if (!place) throw new AppError('CONFLICT', 'This car serves no place.');
  const row = await refusingOverlap(() =>
    ctx.db.transaction(async (tx) => {
      const created = await repository.insertBlock(tx, {
        carId: car.id,
        supplierId: car.supplierId,
        locationId: place.id,
        startAt: new Date(body.startAt),
        endAt: new Date(body.endAt),
        reason: body.reason,
        note: body.note,
      });
      await recordAudit(ctx, tx, actor, {
        entity: 'carBlock',
        entityId: created.id,
        action: 'create',
        carId: car.id,
        supplierId: car.supplierId,
        changes: changesBetween(null, audited(toBlock(created))),
      });
      return created;
    }),
  );
  return toBlock(row);
}

/** A block the actor operates, or 404. */
async function operatedBlock(ctx: AppContext, actor: Operator, id: string) {
  const row = await repository.findBlock(ctx.db, id);
  if (!row || !operates(actor, row.supplierId)) throw NOT_FOUND();
  return row;
}

/** `PUT /api/update-car-block`: the fields sent change; the period is checked as it would be stored. */
export async function updateBlock(
  ctx: AppContext,
  actor: Operator,
  body: z.output<typeof UpdateCarBlockBodySchema>,
): Promise<CarBlock> {
  const row = await operatedBlock(ctx, actor, body._id);
  const before = toBlock(row);
  const next = {
    startAt: body.startAt ? new Date(body.startAt) : row.startAt,
    endAt: body.endAt ? new Date(body.endAt) : row.endAt,
    reason: body.reason ?? before.reason,
    note: body.note === undefined ? row.note : body.note,
  };
  if (next.endAt <= next.startAt) throw validationFailed({ endAt: [BLOCK_MESSAGES.endBeforeStart] });
  if (next.endAt.getTime() - next.startAt.getTime() > MAX_BLOCK_MS)
    throw validationFailed({ endAt: [BLOCK_MESSAGES.tooLong] });
  const after: CarBlock = {
    ...before,
    startAt: next.startAt.toISOString(),
    endAt: next.endAt.toISOString(),
    reason: next.reason,
    note: next.note,
  };
  const changes = changesBetween(audited(before), audited(after));
  if (Object.keys(changes).length === 0) return before;
  const updated = await refusingOverlap(() =>
    ctx.db.transaction(async (tx) => {
      const written = await repository.updateBlock(tx, row.id, next);
      if (!written) throw NOT_FOUND();
      await recordAudit(ctx, tx, actor, {
        entity: 'carBlock',
        entityId: row.id,
        action: 'update',
        carId: row.carId,
        supplierId: row.supplierId,
        changes,
      });
      return written;
    }),
  );
  return toBlock(updated);
}

/** `DELETE /api/delete-car-block/{id}`: the car is free again for the period. */
export async function deleteBlock(ctx: AppContext, actor: Operator, id: string) {
  const row = await operatedBlock(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await repository.deleteBlock(tx, row.id);
    await recordAudit(ctx, tx, actor, {
      entity: 'carBlock',
      entityId: row.id,
      action: 'delete',
      carId: row.carId,
      supplierId: row.supplierId,
      changes: changesBetween(audited(toBlock(row)), null),
    });
  });
  return { _id: row.id, deleted: true as const };
}

/** `GET /api/car-calendar/{id}`: the bookings that hold the car and its blocks over the range. */
export async function carCalendar(
  ctx: AppContext,
  actor: Operator,
  carId: string,
  query: z.output<typeof CarCalendarQuerySchema>,
): Promise<CarCalendar> {
  const { car } = await operatedCar(ctx, actor, carId);
  const from = new Date(query.from);
  const to = new Date(query.to);
  const place = await repository.firstPlaceOf(ctx.db, car.id);
  return {
    car: { _id: car.id, name: car.name, timeZone: place?.timeZone ?? 'UTC' },
    bookings: await repository.bookingsBetween(ctx.db, car.id, from, to, query.language),
    blocks: (await repository.blocksBetween(ctx.db, car.id, from, to)).map(toBlock),
  };
}
