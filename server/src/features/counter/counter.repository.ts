import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import {
  auditLog,
  bookingCharges,
  bookingDocuments,
  bookings,
  businessEmail,
  carReadings,
  cars,
  countries,
  damages,
  files,
  inspections,
  locations,
  users,
} from '#server/db/schema.ts';

// The only Drizzle code of the counter's bookings (docs/architecture.md §5 "After the booking"): the booking as the
// counter reads it, its inspections, the car's damages, the charges, the documents and the private files. The
// supplier's settings and rules: counter-settings.repository.ts.

const driver = alias(users, 'driver');
const supplier = alias(users, 'supplier');
const pickupPlace = alias(locations, 'pickup_place');
const dropoffPlace = alias(locations, 'dropoff_place');
const pickupCountry = alias(countries, 'pickup_country');

/** A rental booking with its car, people and places; null for a blocked period or none. */
export async function findCounterBooking(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      booking: bookings,
      car: cars,
      /** The car's last odometer reading (car_readings), or null. */
      odometer: carReadings.odometer,
      driver: {
        id: driver.id,
        fullName: driver.fullName,
        email: driver.email,
        phone: driver.phone,
        birthDate: driver.birthDate,
        language: driver.language,
        licenseFileId: driver.licenseFileId,
        enableEmailNotifications: driver.enableEmailNotifications,
      },
      supplier: {
        id: supplier.id,
        fullName: supplier.fullName,
        email: businessEmail('supplier'),
        contactEmail: supplier.contactEmail,
        language: supplier.language,
        enableEmailNotifications: supplier.enableEmailNotifications,
      },
      pickup: {
        id: pickupPlace.id,
        names: pickupPlace.names,
        timeZone: pickupPlace.timeZone,
        address: pickupPlace.address,
        countryCode: pickupCountry.code,
      },
      dropoff: {
        id: dropoffPlace.id,
        names: dropoffPlace.names,
        timeZone: dropoffPlace.timeZone,
        address: dropoffPlace.address,
      },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .leftJoin(carReadings, eq(carReadings.carId, bookings.carId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    .innerJoin(pickupPlace, eq(pickupPlace.id, bookings.pickupLocationId))
    .innerJoin(pickupCountry, eq(pickupCountry.id, pickupPlace.countryId))
    .innerJoin(dropoffPlace, eq(dropoffPlace.id, bookings.dropoffLocationId))
    .where(and(eq(bookings.id, id), eq(bookings.kind, 'rental')))
    .limit(1);
  return row ?? null;
}
export type CounterRecord = NonNullable<Awaited<ReturnType<typeof findCounterBooking>>>;
export type BookingRow = typeof bookings.$inferSelect;

/** The booking's row, locked for the rest of `tx`: two operators at the counter at once, one decides. */
export async function lockBooking(tx: DbOrTx, id: string): Promise<BookingRow | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row ?? null;
}

export async function updateBooking(tx: DbOrTx, id: string, values: Partial<typeof bookings.$inferInsert>) {
  await tx
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookings.id, id));
}

/** Another booking that has the car on rent now (it may be past its drop-off), or null. */
export async function carOnRent(db: DbOrTx, carId: string, exceptId: string) {
  const [row] = await db
    .select({ id: bookings.id, reference: bookings.reference })
    .from(bookings)
    .where(and(eq(bookings.carId, carId), eq(bookings.status, 'on_rent'), ne(bookings.id, exceptId)))
    .limit(1);
  return row ?? null;
}

/** The supplier's cars at the place, other than `carId`, not deleted, with their pricing fields. */
export async function carsAtPlace(db: DbOrTx, supplierId: string, locationId: string, exceptCarId: string) {
  return db
    .select()
    .from(cars)
    .where(
      and(
        eq(cars.supplierId, supplierId),
        ne(cars.id, exceptCarId),
        isNull(cars.deletedAt),
        eq(cars.available, true),
        sql`exists (select 1 from car_locations cl where cl.car_id = ${cars.id} and cl.location_id = ${locationId})`,
      ),
    )
    .orderBy(asc(cars.name));
}

/** Which of `carIds` another booking keeps over [from, to), or has on rent now. */
export async function carsTaken(db: DbOrTx, carIds: string[], exceptId: string, from: Date, to: Date, now: Date) {
  if (carIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ carId: bookings.carId })
    .from(bookings)
    .where(
      and(
        inArray(bookings.carId, carIds),
        ne(bookings.id, exceptId),
        or(
          and(
            eq(bookings.blocksCar, true),
            sql`${bookings.pickupAt} < ${to} and ${bookings.dropoffAt} > ${from}`,
            or(isNull(bookings.holdExpiresAt), sql`${bookings.holdExpiresAt} > ${now}`),
          ),
          eq(bookings.status, 'on_rent'),
        ),
      ),
    );
  return new Set(rows.map((row) => row.carId));
}

const inspector = alias(users, 'inspector');

export async function inspectionsOf(db: DbOrTx, bookingId: string) {
  return db
    .select({
      inspection: inspections,
      byName: inspector.fullName,
      locationNames: locations.names,
    })
    .from(inspections)
    .leftJoin(inspector, eq(inspector.id, inspections.byId))
    .innerJoin(locations, eq(locations.id, inspections.locationId))
    .where(eq(inspections.bookingId, bookingId));
}
export type InspectionRecord = Awaited<ReturnType<typeof inspectionsOf>>[number];

export async function insertInspection(tx: DbOrTx, values: typeof inspections.$inferInsert) {
  const [row] = await tx.insert(inspections).values(values).returning();
  return row!;
}

/** The car's damages still open, and those this booking recorded (repaired since or not), oldest first. */
export async function damagesFor(db: DbOrTx, carId: string, bookingId: string) {
  return db
    .select()
    .from(damages)
    .where(and(eq(damages.carId, carId), or(isNull(damages.repairedAt), eq(damages.bookingId, bookingId))))
    .orderBy(asc(damages.createdAt), asc(damages.id));
}
export type DamageRow = typeof damages.$inferSelect;

export async function insertDamages(tx: DbOrTx, rows: (typeof damages.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(damages).values(rows);
}

const chargeBy = alias(users, 'charge_by');
const waiveBy = alias(users, 'waive_by');

export async function chargesOf(db: DbOrTx, bookingId: string) {
  return db
    .select({ charge: bookingCharges, createdByName: chargeBy.fullName, waivedByName: waiveBy.fullName })
    .from(bookingCharges)
    .leftJoin(chargeBy, eq(chargeBy.id, bookingCharges.createdBy))
    .leftJoin(waiveBy, eq(waiveBy.id, bookingCharges.waivedBy))
    .where(eq(bookingCharges.bookingId, bookingId))
    .orderBy(asc(bookingCharges.createdAt), asc(bookingCharges.id));
}
export type ChargeRecord = Awaited<ReturnType<typeof chargesOf>>[number];

/** Charges in the order given: a return's lines keep the order the quote showed them in. */
export async function insertCharges(tx: DbOrTx, rows: (typeof bookingCharges.$inferInsert)[]) {
  const at = Date.now();
  if (rows.length > 0) {
    await tx.insert(bookingCharges).values(rows.map((row, index) => ({ ...row, createdAt: new Date(at + index) })));
  }
}

/** A charge, locked for the rest of `tx` (a waiver decided once). */
export async function lockCharge(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(bookingCharges).where(eq(bookingCharges.id, id)).for('update');
  return row ?? null;
}

export async function waiveCharge(tx: DbOrTx, id: string, by: string, reason: string, at: Date) {
  await tx
    .update(bookingCharges)
    .set({ waivedAt: at, waivedBy: by, waiveReason: reason })
    .where(eq(bookingCharges.id, id));
}

export async function documentsOf(db: DbOrTx, bookingId: string) {
  return db
    .select()
    .from(bookingDocuments)
    .where(eq(bookingDocuments.bookingId, bookingId))
    .orderBy(asc(bookingDocuments.kind), asc(bookingDocuments.version));
}
export type DocumentRow = typeof bookingDocuments.$inferSelect;

/** The next version of the booking's document of `kind` (the rows are read in `tx` after the booking's lock). */
export async function nextVersion(tx: DbOrTx, bookingId: string, kind: DocumentRow['kind']) {
  const [row] = await tx
    .select({ version: bookingDocuments.version })
    .from(bookingDocuments)
    .where(and(eq(bookingDocuments.bookingId, bookingId), eq(bookingDocuments.kind, kind)))
    .orderBy(desc(bookingDocuments.version))
    .limit(1);
  return (row?.version ?? 0) + 1;
}

export async function insertDocument(tx: DbOrTx, values: typeof bookingDocuments.$inferInsert) {
  const [row] = await tx.insert(bookingDocuments).values(values).returning();
  return row!;
}

export async function findDocument(db: DbOrTx, bookingId: string, documentId: string) {
  const [row] = await db
    .select({ document: bookingDocuments, bytes: files.bytes })
    .from(bookingDocuments)
    .innerJoin(files, eq(files.id, bookingDocuments.fileId))
    .where(and(eq(bookingDocuments.id, documentId), eq(bookingDocuments.bookingId, bookingId)));
  return row ?? null;
}

/** Documents by their files (what an e-mail attaches), with the booking's reference for their names. */
export async function documentFiles(db: DbOrTx, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  return db
    .select({ document: bookingDocuments, reference: bookings.reference, bytes: files.bytes })
    .from(bookingDocuments)
    .innerJoin(files, eq(files.id, bookingDocuments.fileId))
    .innerJoin(bookings, eq(bookings.id, bookingDocuments.bookingId))
    .where(inArray(bookingDocuments.fileId, fileIds));
}

export async function insertFile(tx: DbOrTx, values: typeof files.$inferInsert) {
  const [row] = await tx.insert(files).values(values).returning({ id: files.id });
  return row!.id;
}

/**
 * A private file of the booking: its own (a photo, a signature, a document), or a photo of a damage of the car it
 * has, which the booking's agreement lists. Null otherwise.
 */
export async function findBookingFile(db: DbOrTx, booking: { id: string; carId: string }, fileId: string) {
  const [row] = await db
    .select({ contentType: files.contentType, bytes: files.bytes, kind: files.kind })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        inArray(files.kind, ['inspectionPhoto', 'signature', 'document']),
        or(
          eq(files.bookingId, booking.id),
          sql`exists (select 1 from damages d where d.car_id = ${booking.carId} and ${files.id} = any(d.photo_file_ids))`,
        ),
      ),
    );
  return row ?? null;
}

/** Of `ids`, the inspection photos uploaded for this booking. */
export async function bookingPhotoIds(db: DbOrTx, bookingId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.bookingId, bookingId), eq(files.kind, 'inspectionPhoto')));
  return new Set(rows.map((row) => row.id));
}

/** Photos' bytes (a condition report's thumbnails), by id. */
export async function photoBytes(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, Buffer>();
  const rows = await db
    .select({ id: files.id, bytes: files.bytes })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.kind, 'inspectionPhoto')));
  return new Map(rows.map((row) => [row.id, row.bytes]));
}

const actor = alias(users, 'actor');

/** The booking's audit trail, oldest first, with each actor's name (the timeline). */
export async function bookingTrail(db: DbOrTx, bookingId: string) {
  return db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      changes: auditLog.changes,
      actorId: actor.id,
      actorName: actor.fullName,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, bookingId)))
    .orderBy(asc(auditLog.at));
}

export async function locationName(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: locations.id, names: locations.names })
    .from(locations)
    .where(eq(locations.id, id));
  return row ?? null;
}

export async function carName(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: cars.id, name: cars.name }).from(cars).where(eq(cars.id, id));
  return row ?? null;
}
