import { fileUrl } from '@roam/contract/cars';
import type { Supplier } from '@roam/contract/suppliers';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { cars, notAMember, users } from '#server/db/schema.ts';

/** Every supplier account, by name, with the number of cars in its fleet. */
export async function listSuppliers(db: DbOrTx): Promise<Supplier[]> {
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, logoFileId: users.logoFileId, carCount: count(cars.id) })
    .from(users)
    .leftJoin(cars, and(eq(cars.supplierId, users.id), isNull(cars.deletedAt)))
    .where(and(eq(users.type, 'supplier'), isNull(users.deletedAt), notAMember(users.id)))
    .groupBy(users.id)
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map((row) => ({
    _id: row.id,
    fullName: row.fullName,
    logo: fileUrl(row.logoFileId),
    carCount: Number(row.carCount),
  }));
}
