import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { businessEmail, cars, files, notAMember, users } from '#server/db/schema.ts';

// The supplier profile's Drizzle code. A change to the name, logo or terms bumps the search index's
// fleet version (the suppliers_fleet_version trigger of migration 0005): every car card shows them.

export async function findSupplier(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      // The house business's is its owner's, the admin's (docs/decisions/0013-the-owner-runs-their-own-business.md).
      email: businessEmail('users'),
      contactEmail: users.contactEmail,
      phone: users.phone,
      logoFileId: users.logoFileId,
      payLater: users.payLater,
      licenseRequired: users.licenseRequired,
      priceChangeRate: users.priceChangeRate,
      legalName: users.legalName,
      legalAddress: users.legalAddress,
      vatNumber: users.vatNumber,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'supplier'), isNull(users.deletedAt), notAMember(users.id)))
    .limit(1);
  if (!row) return null;
  const [fleet] = await db
    .select({ n: count() })
    .from(cars)
    .where(and(eq(cars.supplierId, id), isNull(cars.deletedAt)));
  return { ...row, carCount: Number(fleet?.n ?? 0) };
}
export type SupplierRow = NonNullable<Awaited<ReturnType<typeof findSupplier>>>;

export async function updateSupplier(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.type, 'supplier'), notAMember(users.id)));
}

export async function insertLogo(db: DbOrTx, ownerId: string, logo: { bytes: Buffer; contentType: string }) {
  const [row] = await db
    .insert(files)
    .values({
      kind: 'supplierLogo',
      ownerId,
      contentType: logo.contentType,
      size: logo.bytes.length,
      bytes: logo.bytes,
    })
    .returning({ id: files.id });
  return row!.id;
}

export async function deleteFile(db: DbOrTx, id: string) {
  await db.delete(files).where(eq(files.id, id));
}
