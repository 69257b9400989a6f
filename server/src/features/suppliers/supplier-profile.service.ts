import { fileUrl } from '@roam/contract/cars';
import { LanguageSchema } from '@roam/contract/languages.schema';
import { SUPPLIER_PROFILE_MESSAGES, type SupplierProfile } from '@roam/contract/supplier-profile';
import type { CreateSupplierBodySchema, UpdateSupplierProfileBodySchema } from '@roam/contract/supplier-profile.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { createInvitedAccount, reinviteAccount, sendInvitation } from '#server/features/auth/account.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { prepareSupplierLogo } from '#server/lib/upload-validation.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { isPlatform, operates } from '#server/plugins/session-user.ts';
import * as repository from './supplier-profile.repository.ts';

// A supplier's profile: the supplier edits its own, an admin any supplier's. An update changes only
// the fields it carries; the price change percentage is the admin's alone (a supplier may send back the value it
// read, unchanged). Every change is audited in its transaction; the logo is re-encoded (60×30 on the cards).

type Actor = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'> &
  Partial<Pick<SessionUser, 'language'>>;

/** The supplier itself or an admin; anyone else 403, and an id that is no supplier's 404. */
async function editable(ctx: AppContext, actor: Actor, supplierId: string) {
  if (!operates(actor, supplierId)) throw new AppError('FORBIDDEN', 'Not allowed.');
  const row = await repository.findSupplier(ctx.db, supplierId);
  if (!row) throw new AppError('NOT_FOUND', 'Supplier not found.');
  return row;
}

const toProfile = (row: repository.SupplierRow): SupplierProfile => ({
  _id: row.id,
  fullName: row.fullName,
  email: row.email,
  contactEmail: row.contactEmail,
  phone: row.phone,
  logo: fileUrl(row.logoFileId),
  payLater: row.payLater,
  licenseRequired: row.licenseRequired,
  priceChangeRate: Number(row.priceChangeRate),
  carCount: row.carCount,
  legalName: row.legalName,
  legalAddress: row.legalAddress,
  vatNumber: row.vatNumber,
});

/** What the audit and the update compare. */
const editableFields = (profile: SupplierProfile) => ({
  fullName: profile.fullName,
  contactEmail: profile.contactEmail,
  phone: profile.phone,
  payLater: profile.payLater,
  licenseRequired: profile.licenseRequired,
  priceChangeRate: profile.priceChangeRate,
  legalName: profile.legalName,
  legalAddress: profile.legalAddress,
  vatNumber: profile.vatNumber,
});

/** `GET /api/supplier/{id}`. */
export async function readSupplierProfile(ctx: AppContext, actor: Actor, supplierId: string) {
  return toProfile(await editable(ctx, actor, supplierId));
}

/** `PUT /api/update-supplier`. */
export async function updateSupplierProfile(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof UpdateSupplierProfileBodySchema>,
): Promise<SupplierProfile> {
  const { _id: supplierId, ...sent } = body;
  const before = editableFields(toProfile(await editable(ctx, actor, supplierId)));
  const given = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
  const after = { ...before, ...given };
  const changes = changesBetween(before, after);
  if (changes.priceChangeRate && !(isPlatform(actor) && actor.role === 'admin')) {
    throw new AppError('FORBIDDEN', SUPPLIER_PROFILE_MESSAGES.adminOnlyRate, {
      priceChangeRate: [SUPPLIER_PROFILE_MESSAGES.adminOnlyRate],
    });
  }
  if (Object.keys(changes).length > 0) {
    const values = Object.fromEntries(Object.keys(changes).map((field) => [field, after[field as keyof typeof after]]));
    await ctx.db.transaction(async (tx) => {
      await repository.updateSupplier(tx, supplierId, values);
      await recordAudit(ctx, tx, actor, {
        entity: 'supplier',
        entityId: supplierId,
        action: 'update',
        supplierId,
        changes,
      });
    });
  }
  return readSupplierProfile(ctx, actor, supplierId);
}

/**
 * `POST /api/create-supplier` (the admin): the account and its audit row commit together, then the
 * invitation goes out — a one-time link (one day) to choose the password, which also verifies the address.
 */
export async function createSupplier(ctx: AppContext, actor: Actor, body: z.output<typeof CreateSupplierBodySchema>) {
  const { email, fullName, language: chosen, ...profile } = body;
  // The admin's choice, else the admin's own language: an admin writing in French invites in French.
  const language = chosen ?? LanguageSchema.catch('en').parse(actor.language);
  const given = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined));
  const invited = await ctx.db.transaction(async (tx) => {
    const created = await createInvitedAccount(ctx, tx, { type: 'supplier', email, fullName, language, ...given });
    await recordAudit(ctx, tx, actor, {
      entity: 'supplier',
      entityId: created.user.id,
      action: 'create',
      supplierId: created.user.id,
      changes: changesBetween(null, { email, fullName, language, ...given }),
    });
    return created;
  });
  await sendInvitation(ctx, invited);
  return readSupplierProfile(ctx, actor, invited.user.id);
}

/** `POST /api/resend-supplier-invitation/{id}`: a supplier who has not set a password yet gets a new link. */
export async function resendSupplierInvitation(ctx: AppContext, actor: Actor, supplierId: string) {
  await editable(ctx, actor, supplierId);
  await reinviteAccount(ctx, supplierId);
}

/** `POST /api/update-supplier-logo/{id}` (multipart field `image`): PNG within 240×120, proportions kept. */
export async function setSupplierLogo(ctx: AppContext, actor: Actor, supplierId: string, upload: Buffer) {
  const row = await editable(ctx, actor, supplierId);
  const logo = await prepareSupplierLogo(upload);
  await ctx.db.transaction(async (tx) => {
    const fileId = await repository.insertLogo(tx, supplierId, logo);
    await repository.updateSupplier(tx, supplierId, { logoFileId: fileId });
    if (row.logoFileId) await repository.deleteFile(tx, row.logoFileId);
    await recordAudit(ctx, tx, actor, {
      entity: 'supplier',
      entityId: supplierId,
      action: 'update',
      supplierId,
      changes: { logo: { before: fileUrl(row.logoFileId), after: fileUrl(fileId) } },
    });
  });
  return readSupplierProfile(ctx, actor, supplierId);
}

/** `POST /api/delete-supplier-logo/{id}`. */
export async function removeSupplierLogo(ctx: AppContext, actor: Actor, supplierId: string) {
  const row = await editable(ctx, actor, supplierId);
  const previous = row.logoFileId;
  if (previous) {
    await ctx.db.transaction(async (tx) => {
      await repository.updateSupplier(tx, supplierId, { logoFileId: null });
      await repository.deleteFile(tx, previous);
      await recordAudit(ctx, tx, actor, {
        entity: 'supplier',
        entityId: supplierId,
        action: 'update',
        supplierId,
        changes: { logo: { before: fileUrl(previous), after: null } },
      });
    });
  }
  return readSupplierProfile(ctx, actor, supplierId);
}
