import { type CarFields, carFieldIssues, FLEET_MESSAGES, type OperatorCar } from '@roam/contract/fleet';
import type { CreateCarBodySchema, UpdateCarBodySchema } from '@roam/contract/fleet.schema';
import type { Language } from '@roam/contract/languages';
import { roleMay } from '@roam/contract/team';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { type AuditActor, changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { carPlaces, getCar } from '#server/features/cars/cars.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { pgConstraint, pgErrorCode } from '#server/lib/pg-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { operates as operatesBusiness } from '#server/plugins/session-user.ts';
import { columnsOf, fieldsOf, toOperatorCar } from './fleet.mapper.ts';
import * as repository from './fleet.repository.ts';

// The operator's cars: read, create, update, delete. A supplier acts on its own cars only, an admin on
// any (choosing the supplier of a new car); every change is validated on the car as it would be stored and audited
// in its own transaction. Writes go through the fleet tables whose triggers the search index follows, so a search
// sees a change at once.

export type Operator = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Car not found.');
const FORBIDDEN = () => new AppError('FORBIDDEN', 'Not allowed.');
const invalid = validationFailed;

/** The platform, and the members of the car's business. */
export const operates = (actor: Operator, supplierId: string) => operatesBusiness(actor, supplierId);

/** The car, when `actor` operates it: 404 when there is none, 403 when it is another supplier's. */
export async function operatedCar(ctx: AppContext, actor: Operator, carId: string) {
  const row = await repository.findCar(ctx.db, carId);
  if (!row) throw NOT_FOUND();
  if (!operates(actor, row.car.supplierId)) throw FORBIDDEN();
  return row;
}

async function answer(ctx: AppContext, carId: string, language: Language): Promise<OperatorCar> {
  const row = await repository.findCar(ctx.db, carId);
  if (!row) throw NOT_FOUND();
  return toOperatorCar(await getCar(ctx, carId, language), row.car);
}

/** The car's fields as stored, to merge an update onto and to audit. */
async function storedFields(ctx: AppContext, car: repository.CarRow): Promise<CarFields> {
  const places = await carPlaces(ctx, car.id, 'en');
  return fieldsOf(
    car,
    places.map((place) => place._id),
    await repository.periodsOf(ctx.db, car.id),
  );
}

/** `GET /api/car/{id}` for its operator; null for anyone else (they get the customer's reading). */
export async function readOperatorCar(ctx: AppContext, actor: Operator, carId: string, language: Language) {
  const row = await repository.findCar(ctx.db, carId);
  if (!row || !operates(actor, row.car.supplierId)) return null;
  return answer(ctx, carId, language);
}

async function checkPlacesAndPlate(
  db: DbOrTx,
  fields: Partial<CarFields>,
  supplierId: string,
  carId?: string,
): Promise<Record<string, string[]>> {
  const issues: Record<string, string[]> = {};
  if (fields.locationIds) {
    const known = await repository.existingLocations(db, fields.locationIds);
    if (fields.locationIds.some((id) => !known.has(id))) issues.locationIds = [FLEET_MESSAGES.unknownLocation];
  }
  if (fields.licensePlate && (await repository.plateTaken(db, supplierId, fields.licensePlate, carId))) {
    issues.licensePlate = [FLEET_MESSAGES.plateTaken];
  }
  return issues;
}

/** A write refused by the plate's unique index (two saves at once) is the same field error as the check before it. */
async function mapPlateConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'cars_supplier_plate_key') {
      throw invalid({ licensePlate: [FLEET_MESSAGES.plateTaken] });
    }
    throw error;
  }
}

const auditActor = (actor: Operator): AuditActor => actor;

/** The supplier a new car (or an imported file) is for: a supplier's own fleet; the admin names one. */
export async function fleetSupplier(ctx: AppContext, actor: Operator, named: string | undefined): Promise<string> {
  if (actor.businessId !== null) {
    if (named && named !== actor.businessId) throw FORBIDDEN();
    return actor.businessId;
  }
  if (!named) throw invalid({ supplierId: [FLEET_MESSAGES.required('Supplier')] });
  if (!(await repository.isSupplier(ctx.db, named))) throw invalid({ supplierId: [FLEET_MESSAGES.unknownSupplier] });
  return named;
}

/** Inserts a checked car with its places, periods and audit row, in the caller's transaction (create, import). */
export async function insertCheckedCar(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Operator,
  supplierId: string,
  fields: CarFields,
): Promise<string> {
  const id = await repository.insertCar(tx, supplierId, columnsOf(fields));
  await repository.replacePlaces(tx, id, fields.locationIds);
  await repository.replacePeriods(tx, id, fields.dateBasedPrices);
  await recordAudit(ctx, tx, auditActor(actor), {
    entity: 'car',
    entityId: id,
    action: 'create',
    carId: id,
    supplierId,
    changes: changesBetween(null, { supplierId, ...fields, locationIds: [...fields.locationIds].sort() }),
  });
  return id;
}

/** Writes the checked changes `before` → `after` of a car and their audit row, in the caller's transaction. */
export async function updateCheckedCar(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Operator,
  car: { id: string; supplierId: string },
  before: CarFields,
  after: CarFields,
) {
  const changes = changesBetween(before, after);
  if (Object.keys(changes).length === 0) return;
  const changed = Object.fromEntries(Object.keys(changes).map((field) => [field, after[field as keyof CarFields]]));
  await repository.updateCar(tx, car.id, columnsOf(changed));
  if (changes.locationIds) await repository.replacePlaces(tx, car.id, after.locationIds);
  if (changes.dateBasedPrices) await repository.replacePeriods(tx, car.id, after.dateBasedPrices);
  await recordAudit(ctx, tx, auditActor(actor), {
    entity: 'car',
    entityId: car.id,
    action: 'update',
    carId: car.id,
    supplierId: car.supplierId,
    changes,
  });
}

/** The supplier's live cars (all, or those with these plates) as stored fields, by plate (import, export). */
export async function fleetByPlate(ctx: AppContext, supplierId: string, plates?: string[]) {
  const rows = await repository.supplierCars(ctx.db, supplierId, plates);
  const byPlate = new Map<string, { id: string; fields: CarFields }>();
  const all: { id: string; fields: CarFields }[] = [];
  for (const car of rows) {
    const entry = { id: car.id, fields: await storedFields(ctx, car) };
    all.push(entry);
    if (car.licensePlate) byPlate.set(car.licensePlate, entry);
  }
  return { byPlate, all };
}

/** Which of `ids` are places (an import checks a file's places at once). */
export const knownPlaces = (ctx: AppContext, ids: string[]) => repository.existingLocations(ctx.db, ids);

/** Runs `write` (the writes of one change) in a transaction; a plate taken meanwhile is the field error. */
export const inFleetTransaction = <T>(ctx: AppContext, write: (tx: DbOrTx) => Promise<T>) =>
  mapPlateConflict(() => ctx.db.transaction(write));

/** `POST /api/create-car`. */
export async function createCar(
  ctx: AppContext,
  actor: Operator,
  body: z.output<typeof CreateCarBodySchema>,
  language: Language,
): Promise<OperatorCar> {
  const { supplierId: named, ...fields } = body;
  const supplierId = await fleetSupplier(ctx, actor, named);
  const issues = { ...carFieldIssues(fields), ...(await checkPlacesAndPlate(ctx.db, fields, supplierId)) };
  if (Object.keys(issues).length > 0) throw invalid(issues);
  const carId = await inFleetTransaction(ctx, (tx) => insertCheckedCar(ctx, tx, actor, supplierId, fields));
  return answer(ctx, carId, language);
}

/** `PUT /api/update-car`: only the fields sent change; the result is checked whole before it is stored. */
export async function updateCar(
  ctx: AppContext,
  actor: Operator,
  body: z.output<typeof UpdateCarBodySchema>,
  language: Language,
): Promise<OperatorCar> {
  const { _id: carId, supplierId, ...sent } = body;
  const row = await operatedCar(ctx, actor, carId);
  if (supplierId !== undefined && supplierId !== row.car.supplierId)
    throw invalid({ supplierId: [FLEET_MESSAGES.supplierFixed] });
  const before = await storedFields(ctx, row.car);
  const given = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
  const after: CarFields = {
    ...before,
    ...given,
    ...(sent.locationIds ? { locationIds: [...sent.locationIds].sort() } : {}),
  };
  const changes = changesBetween(before, after);
  if (Object.keys(changes).length === 0) return answer(ctx, carId, language);
  // Prices are a permission of their own (contract team.ts): fleet.write alone edits the car, not what it costs.
  if (Object.keys(changes).some((field) => /price/i.test(field)) && !roleMay(actor.role, 'prices.write'))
    throw FORBIDDEN();
  const changed = Object.fromEntries(Object.keys(changes).map((field) => [field, after[field as keyof CarFields]]));
  const issues = {
    ...carFieldIssues(after),
    ...(await checkPlacesAndPlate(ctx.db, changed, row.car.supplierId, carId)),
  };
  if (Object.keys(issues).length > 0) throw invalid(issues);
  await inFleetTransaction(ctx, (tx) => updateCheckedCar(ctx, tx, actor, row.car, before, after));
  return answer(ctx, carId, language);
}

/**
 * `DELETE /api/delete-car/{id}`: refused (409) while a booking holds the car now or later; otherwise the car leaves
 * the fleet at once (no places, not bookable: search and checkout no longer see it) and its blocks go with it. The
 * row stays, so the bookings it had stay in their drivers' and suppliers' history.
 */
export async function deleteCar(ctx: AppContext, actor: Operator, carId: string) {
  const row = await operatedCar(ctx, actor, carId);
  const before = await storedFields(ctx, row.car);
  await ctx.db.transaction(async (tx) => {
    // The car's row locked first: a checkout inserting a booking of it now waits, then is refused (migration 0009).
    if (!(await repository.lockLiveCar(tx, carId))) throw NOT_FOUND();
    if (await repository.hasCurrentOrFutureBooking(tx, carId))
      throw new AppError('CONFLICT', FLEET_MESSAGES.deleteBooked);
    await repository.softDeleteCar(tx, carId);
    await recordAudit(ctx, tx, auditActor(actor), {
      entity: 'car',
      entityId: carId,
      action: 'delete',
      carId,
      supplierId: row.car.supplierId,
      changes: changesBetween(before, null),
    });
  });
  return { _id: carId, deleted: true as const };
}

/**
 * A supplier's deletion, in its transaction `tx`: first its live cars are locked (a checkout of one
 * waits, then is refused: migration 0009), so that the caller's check for bookings that hold them is final; then
 * `retireCars` takes them out as `deleteCar` does one.
 */
export function lockSupplierFleet(_ctx: AppContext, tx: DbOrTx, supplierId: string): Promise<string[]> {
  return repository.lockSupplierCars(tx, supplierId);
}

export async function retireCars(_ctx: AppContext, tx: DbOrTx, carIds: string[]): Promise<void> {
  for (const carId of carIds) await repository.softDeleteCar(tx, carId);
}
