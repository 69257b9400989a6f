import type { PromoCode } from '@roam/contract/promo-codes';
import { PROMO_MESSAGES } from '@roam/contract/promo-codes';
import type {
  CreatePromoCodeBodySchema,
  PromoCodesQuerySchema,
  UpdatePromoCodeBodySchema,
} from '@roam/contract/promo-codes.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import { isPlatform, type Operator, operates } from '#server/plugins/session-user.ts';
import * as repository from './promo-codes.repository.ts';

// A business's promo codes, managed in the console (docs/architecture.md §5 "Promo codes"): its members with
// `business.write` create, change and delete them; the platform's admin makes codes for one business or for every
// one (supplierId null). Another business's code is unknown (404), as everywhere in the console.

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Promo code not found.');
const CODE_TAKEN = () => new AppError('CONFLICT', PROMO_MESSAGES.codeTaken, { code: [PROMO_MESSAGES.codeTaken] });

const toPromoCode = ({ code: row, uses }: { code: repository.PromoCodeRow; uses: number }): PromoCode => ({
  _id: row.id,
  supplierId: row.supplierId,
  code: row.code,
  kind: row.kind,
  value: row.value,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  minimumDays: row.minimumDays,
  placeIds: row.placeIds,
  ranges: row.ranges,
  carIds: row.carIds,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  firstBookingOnly: row.firstBookingOnly,
  active: row.active,
  uses,
  createdAt: row.createdAt.toISOString(),
});

const audited = ({ uses: _uses, createdAt: _createdAt, _id, ...fields }: PromoCode) => fields;

/** The code, when `actor` manages it: a platform code only the platform, a business's its members (404 otherwise). */
async function managedCode(ctx: AppContext, actor: Operator, id: string) {
  const found = await repository.findCode(ctx.db, id, ctx.clock.now());
  if (!found) throw NOT_FOUND();
  const owner = found.code.supplierId;
  if (owner === null ? !isPlatform(actor) : !operates(actor, owner)) throw NOT_FOUND();
  return found;
}

/** The business a new code is for: a member's own; the platform's choice (null: every business). */
function ownerOf(actor: Operator, supplierId: string | null | undefined): string | null {
  if (isPlatform(actor)) return supplierId ?? null;
  if (supplierId && supplierId !== actor.businessId) throw new AppError('FORBIDDEN', 'Not allowed.');
  return actor.businessId;
}

/** The cars and places named must exist, and a business's code names only its own cars. */
async function checkTargets(db: DbOrTx, owner: string | null, fields: { carIds?: string[]; placeIds?: string[] }) {
  const carIds = [...new Set(fields.carIds ?? [])];
  const found = await repository.carsOf(db, carIds);
  if (found.length !== carIds.length || (owner && found.some((car) => car.supplierId !== owner)))
    throw validationFailed({ carIds: ['Unknown car.'] });
  const placeIds = [...new Set(fields.placeIds ?? [])];
  if ((await repository.placesOf(db, placeIds)).length !== placeIds.length)
    throw validationFailed({ placeIds: ['Unknown place.'] });
}

async function refusingTakenCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw CODE_TAKEN();
    throw error;
  }
}

/** `GET /api/promo-codes`: a member's business's codes; the platform's every code, or one business's. */
export async function listPromoCodes(
  ctx: AppContext,
  actor: Operator,
  query: z.output<typeof PromoCodesQuerySchema>,
): Promise<PromoCode[]> {
  const supplierId = isPlatform(actor) ? (query.supplierId ?? null) : actor.businessId;
  const rows = await repository.listCodes(ctx.db, supplierId, ctx.clock.now());
  return rows.map(toPromoCode);
}

/** `POST /api/create-promo-code`. */
export async function createPromoCode(
  ctx: AppContext,
  actor: Operator,
  body: z.output<typeof CreatePromoCodeBodySchema>,
): Promise<PromoCode> {
  const { supplierId, ...fields } = body;
  const owner = ownerOf(actor, supplierId);
  await checkTargets(ctx.db, owner, fields);
  const created = await refusingTakenCode(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repository.insertCode(tx, { ...fields, supplierId: owner });
      const answer = toPromoCode({ code: row, uses: 0 });
      await recordAudit(ctx, tx, actor, {
        entity: 'promoCode',
        entityId: row.id,
        action: 'create',
        ...(owner && { supplierId: owner }),
        changes: changesBetween(null, audited(answer)),
      });
      return answer;
    }),
  );
  return created;
}

/** `PUT /api/update-promo-code`: the fields sent change; a percentage stays at most 100. */
export async function updatePromoCode(
  ctx: AppContext,
  actor: Operator,
  body: z.output<typeof UpdatePromoCodeBodySchema>,
): Promise<PromoCode> {
  const { _id, ...fields } = body;
  const before = await managedCode(ctx, actor, _id);
  const merged = { ...before.code, ...fields };
  if (merged.kind === 'percent' && merged.value > 100)
    throw validationFailed({ value: ['A percentage is at most 100.'] });
  if (merged.validFrom && merged.validUntil && merged.validFrom > merged.validUntil)
    throw validationFailed({ validUntil: ['The last day is before the first.'] });
  await checkTargets(ctx.db, before.code.supplierId, fields);
  return refusingTakenCode(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repository.updateCode(tx, _id, fields);
      if (!row) throw NOT_FOUND();
      const answer = toPromoCode({ code: row, uses: before.uses });
      await recordAudit(ctx, tx, actor, {
        entity: 'promoCode',
        entityId: _id,
        action: 'update',
        ...(row.supplierId && { supplierId: row.supplierId }),
        changes: changesBetween(audited(toPromoCode(before)), audited(answer)),
      });
      return answer;
    }),
  );
}

/**
 * `DELETE /api/delete-promo-code/{id}`. The bookings made with it keep their discount (it is in their terms); a code
 * to stop is better made inactive, which keeps its uses' count.
 */
export async function deletePromoCode(ctx: AppContext, actor: Operator, id: string): Promise<void> {
  const before = await managedCode(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await repository.deleteCode(tx, id);
    await recordAudit(ctx, tx, actor, {
      entity: 'promoCode',
      entityId: id,
      action: 'delete',
      ...(before.code.supplierId && { supplierId: before.code.supplierId }),
      changes: changesBetween(audited(toPromoCode(before)), null),
    });
  });
}
