import { type EditableCountry, type EditableLocation, PLACES_MESSAGES, type Places } from '@roam/contract/locations';
import type {
  CreateCountryBodySchema,
  CreateLocationBodySchema,
  UpdateCountryBodySchema,
  UpdateLocationBodySchema,
} from '@roam/contract/locations.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import * as repository from './locations-admin.repository.ts';

// The admin's countries and locations. Each change and its audit row commit together; a location's
// change reaches the car search at once (its trigger bumps the fleet version) and the customer's location calls read
// the table on every call. A place in use is never deleted: a car offered there, a booking from or to it, a location
// inside it; a country with locations.

type Actor = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;

const toLocation = (row: repository.LocationRow, carCount: number): EditableLocation => ({
  _id: row.id,
  countryId: row.countryId,
  parentId: row.parentId,
  names: row.names as EditableLocation['names'],
  kind: row.kind as EditableLocation['kind'],
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  timeZone: row.timeZone,
  openingHours: row.openingHours,
  carCount,
});

const toCountry = (row: repository.CountryRow, locationCount: number): EditableCountry => ({
  _id: row.id,
  code: row.code,
  names: row.names as EditableCountry['names'],
  locationCount,
});

/** The stored fields, as the audit compares them. */
const auditable = ({ _id: _, carCount: _c, locationCount: _l, ...fields }: Record<string, unknown>) => fields;

/** `GET /api/admin-locations`: every country and location as the admin edits them. */
export async function listAdminLocations(ctx: AppContext): Promise<Places> {
  const { countryRows, locationRows, carCount } = await repository.allLocations(ctx.db);
  const located = new Map<string, number>();
  for (const row of locationRows) located.set(row.countryId, (located.get(row.countryId) ?? 0) + 1);
  return {
    countries: countryRows.map((row) => toCountry(row, located.get(row.id) ?? 0)),
    locations: locationRows.map((row) => toLocation(row, carCount.get(row.id) ?? 0)),
  };
}

/** `GET /api/location/{id}` for the admin (locations.routes.ts answers everyone else the customer's reading). */
export async function readLocation(ctx: AppContext, id: string): Promise<EditableLocation> {
  const found = await repository.findLocation(ctx.db, id);
  if (!found) throw new AppError('NOT_FOUND', 'Location not found');
  return toLocation(found.row, found.carCount);
}

export async function readCountry(ctx: AppContext, id: string): Promise<EditableCountry> {
  const found = await repository.findCountry(ctx.db, id);
  if (!found) throw new AppError('NOT_FOUND', 'Country not found');
  return toCountry(found.row, found.locationCount);
}

/** The country exists; the parent exists and is neither the location itself nor below it. */
async function checkLinks(tx: DbOrTx, id: string | null, countryId: string, parentId: string | null) {
  if (!(await repository.findCountry(tx, countryId)))
    throw validationFailed({ countryId: [PLACES_MESSAGES.unknownCountry] });
  if (parentId === null) return;
  const chain = await repository.ancestry(tx, parentId);
  if (chain.length === 0) throw validationFailed({ parentId: [PLACES_MESSAGES.unknownParent] });
  if (id !== null && chain.includes(id)) throw validationFailed({ parentId: [PLACES_MESSAGES.badParent] });
}

export async function createLocation(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof CreateLocationBodySchema>,
): Promise<EditableLocation> {
  const row = await ctx.db.transaction(async (tx) => {
    await checkLinks(tx, null, body.countryId, body.parentId);
    const created = await repository.insertLocation(tx, body);
    await recordAudit(ctx, tx, actor, {
      entity: 'location',
      entityId: created.id,
      action: 'create',
      changes: changesBetween(null, auditable(toLocation(created, 0))),
    });
    return created;
  });
  return readLocation(ctx, row.id);
}

export async function updateLocation(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof UpdateLocationBodySchema>,
): Promise<EditableLocation> {
  const { _id: id, names, ...sent } = body;
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.lockLocation(tx, id))) throw new AppError('NOT_FOUND', 'Location not found');
    const before = auditable(await readLocationIn(tx, id));
    const values = { ...sent, ...(names ? { names: { ...(before.names as object), ...names } } : {}) };
    const after = { ...before, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length === 0) return;
    if (changes.countryId || changes.parentId)
      await checkLinks(tx, id, after.countryId as string, after.parentId as string | null);
    await repository.updateLocation(tx, id, values);
    await recordAudit(ctx, tx, actor, { entity: 'location', entityId: id, action: 'update', changes });
  });
  return readLocation(ctx, id);
}

async function readLocationIn(tx: DbOrTx, id: string) {
  const found = await repository.findLocation(tx, id);
  if (!found) throw new AppError('NOT_FOUND', 'Location not found');
  return toLocation(found.row, found.carCount);
}

/** A write the foreign keys refuse (a car or booking named the place meanwhile) is the same refusal as a check's. */
async function refusingInUse<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw new AppError('CONFLICT', message);
    throw error;
  }
}

export async function deleteLocation(ctx: AppContext, actor: Actor, id: string) {
  await refusingInUse(PLACES_MESSAGES.locationInUse, () =>
    ctx.db.transaction(async (tx) => {
      if (!(await repository.lockLocation(tx, id))) throw new AppError('NOT_FOUND', 'Location not found');
      const use = await repository.locationUse(tx, id);
      if (use.used) throw new AppError('CONFLICT', PLACES_MESSAGES.locationInUse);
      if (use.hasChildren) throw new AppError('CONFLICT', PLACES_MESSAGES.locationHasChildren);
      const before = auditable(await readLocationIn(tx, id));
      await repository.deleteLocation(tx, id);
      await recordAudit(ctx, tx, actor, {
        entity: 'location',
        entityId: id,
        action: 'delete',
        changes: changesBetween(before, null),
      });
    }),
  );
  return { _id: id, deleted: true as const };
}

const codeTaken = () => validationFailed({ code: [PLACES_MESSAGES.codeTaken] });

export async function createCountry(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof CreateCountryBodySchema>,
): Promise<EditableCountry> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (await repository.countryCodeTaken(tx, body.code)) throw codeTaken();
      const created = await repository.insertCountry(tx, body);
      await recordAudit(ctx, tx, actor, {
        entity: 'country',
        entityId: created.id,
        action: 'create',
        changes: changesBetween(null, body),
      });
      return created;
    });
    return toCountry(row, 0);
  } catch (error) {
    // Two admins adding the same code at once: the unique index decides.
    if (pgErrorCode(error) === '23505') throw codeTaken();
    throw error;
  }
}

export async function updateCountry(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof UpdateCountryBodySchema>,
): Promise<EditableCountry> {
  const { _id: id, names, code } = body;
  try {
    await ctx.db.transaction(async (tx) => {
      const found = await repository.findCountry(tx, id);
      if (!found) throw new AppError('NOT_FOUND', 'Country not found');
      const before = { code: found.row.code, names: found.row.names };
      const after = { code: code ?? before.code, names: { ...before.names, ...names } };
      const changes = changesBetween(before, after);
      if (Object.keys(changes).length === 0) return;
      if (changes.code && (await repository.countryCodeTaken(tx, after.code, id))) throw codeTaken();
      await repository.updateCountry(tx, id, after);
      await recordAudit(ctx, tx, actor, { entity: 'country', entityId: id, action: 'update', changes });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw codeTaken();
    throw error;
  }
  return readCountry(ctx, id);
}

export async function deleteCountry(ctx: AppContext, actor: Actor, id: string) {
  await refusingInUse(PLACES_MESSAGES.countryInUse, () =>
    ctx.db.transaction(async (tx) => {
      const found = await repository.findCountry(tx, id);
      if (!found) throw new AppError('NOT_FOUND', 'Country not found');
      if (!(await repository.deleteCountryIfEmpty(tx, id)))
        throw new AppError('CONFLICT', PLACES_MESSAGES.countryInUse);
      await recordAudit(ctx, tx, actor, {
        entity: 'country',
        entityId: id,
        action: 'delete',
        changes: changesBetween({ code: found.row.code, names: found.row.names }, null),
      });
    }),
  );
  return { _id: id, deleted: true as const };
}
