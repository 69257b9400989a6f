import { and, eq, exists, gte, inArray, isNotNull, lt, lte, not, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, files, users } from '#server/db/schema.ts';

// The only Drizzle code of the profile slice: stored files and who may read a licence.

export type FileRow = typeof files.$inferSelect;
export type FileKind = FileRow['kind'];

export async function insertFile(
  db: DbOrTx,
  values: {
    kind: FileKind;
    ownerId: string | null;
    contentType: string;
    bytes: Buffer;
    temporary?: boolean;
    guestTokenHash?: string;
  },
): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ ...values, size: values.bytes.length, temporary: values.temporary ?? false })
    .returning();
  return row!;
}

export async function findFile(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** A file's description without its bytes. */
export async function findFileInfo(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: files.id,
      kind: files.kind,
      ownerId: files.ownerId,
      contentType: files.contentType,
      size: files.size,
      temporary: files.temporary,
      guestTokenHash: files.guestTokenHash,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row;
}

/** A temporary upload becomes the owner's file. */
export async function claimFile(db: DbOrTx, id: string, ownerId: string): Promise<void> {
  await db.update(files).set({ ownerId, temporary: false }).where(eq(files.id, id));
}

export async function deleteFile(db: DbOrTx, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/** Deletes a temporary file uploaded by this browser only; false when there was none. */
export async function deleteTemporaryFile(db: DbOrTx, id: string, guestTokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(files)
    .where(and(eq(files.id, id), eq(files.temporary, true), eq(files.guestTokenHash, guestTokenHash)))
    .returning({ id: files.id });
  return rows.length > 0;
}

/** Temporary licences created before `before` (abandoned guest checkouts). */
export async function deleteTemporaryFilesBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(files)
    .where(and(eq(files.temporary, true), eq(files.kind, 'license'), lt(files.createdAt, before)))
    .returning({ id: files.id });
  return rows.length;
}

/**
 * Whether `supplierId` operates a booking that opens this licence to it now (licence-access.rules.ts): a booking of
 * its fleet whose driver owns the licence, or which carries the licence itself (a guest checkout's upload); one the
 * driver made or confirmed by paying (a desk booking alone grants nothing), booked (pending, deposit, paid, reserved:
 * not an unpaid hold, not cancelled), and within its window from `window.from` (pick-up at most this late) to
 * `window.until` (drop-off at least this late).
 */
export async function supplierHasBookingWithLicense(
  db: DbOrTx,
  supplierId: string,
  licenseFileId: string,
  ownerId: string | null,
  window: { pickupBefore: Date; dropoffAfter: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.supplierId, supplierId),
        // A blocked period names the supplier as its driver: it grants nothing.
        eq(bookings.kind, 'rental'),
        // Booked, or taken on by the counter: a car on rent, returned or closed is still the rental the licence is for
        // (a no-show is not: nobody came).
        inArray(bookings.status, ['pending', 'deposit', 'paid', 'reserved', 'on_rent', 'returned', 'closed']),
        or(eq(bookings.bookedAtDesk, false), isNotNull(bookings.paidAt)),
        lte(bookings.pickupAt, window.pickupBefore),
        gte(bookings.dropoffAt, window.dropoffAfter),
        or(eq(bookings.licenseFileId, licenseFileId), ownerId ? eq(bookings.driverId, ownerId) : undefined),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Files a user points at; used to tidy the previous avatar or licence after a replacement. */
export async function userFileIds(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ avatarFileId: users.avatarFileId, licenseFileId: users.licenseFileId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function deleteFiles(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(files).where(inArray(files.id, ids));
}

/** Deletes a licence unless a booking refers to it (the booking keeps the driver's licence it was made with). */
export async function deleteFileUnlessBooked(db: DbOrTx, id: string): Promise<void> {
  await db
    .delete(files)
    .where(
      and(
        eq(files.id, id),
        not(exists(db.select({ id: bookings.id }).from(bookings).where(eq(bookings.licenseFileId, id)))),
      ),
    );
}
