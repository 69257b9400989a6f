import { randomUUID } from 'node:crypto';
import { type HouseBusiness, SUPPLIER_PROFILE_MESSAGES } from '@roam/contract/supplier-profile';
import type { AppContext } from '#server/context.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import * as repository from './house-business.repository.ts';

// The house business (docs/decisions/0013-the-owner-runs-their-own-business.md): the site's admin rents out cars
// themself from their own account. A supplier named as the site gives the cars an owner and the desk a name; its
// membership row makes the admin its owner, so its e-mails go to the admin's address (schema-team.ts
// `businessEmail`). No second address and no invitation: the account has an address no one receives mail at
// (RFC 2606 `.invalid`), only because every account has one, and no password.

/** `GET /api/house-business`. */
export async function readHouseBusiness(ctx: AppContext): Promise<HouseBusiness | null> {
  return (await repository.findHouseBusiness(ctx.db)) ?? null;
}

/** `POST /api/create-house-business`: the admin's own business, once; 409 when it exists. */
export async function createHouseBusiness(ctx: AppContext, actor: SessionUser): Promise<HouseBusiness> {
  await ctx.db.transaction(async (tx) => {
    await repository.lockHouseBusiness(tx);
    if (await repository.findHouseBusiness(tx)) throw new AppError('CONFLICT', SUPPLIER_PROFILE_MESSAGES.houseExists);
    // A member of the platform's team has its one membership there (decision 0010): the founding admin owns it.
    const membership = await repository.membershipOf(tx, actor.id);
    if (membership && membership.businessId === null)
      throw new AppError('CONFLICT', SUPPLIER_PROFILE_MESSAGES.houseNotFounder);
    const fullName = await siteName(ctx, tx);
    const id = await repository.insertHouseBusiness(tx, {
      fullName,
      email: `house-${randomUUID()}@house.invalid`,
      language: actor.language,
      ownerId: actor.id,
    });
    await recordAudit(ctx, tx, actor, {
      entity: 'supplier',
      entityId: id,
      action: 'create',
      supplierId: id,
      changes: changesBetween(null, { fullName, owner: actor.email }),
    });
  });
  return (await repository.findHouseBusiness(ctx.db))!;
}
