import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, businessEmail, cars, countries, locations, users } from '#server/db/schema.ts';
import { ledgerColumn } from '#server/features/ledger/ledger.service.ts';

// The only Drizzle code of the documents slice: what a receipt, a calendar file and a reminder
// say about one booking, read in one query. Who may read it is the bookings service's call (documents.service.ts).

const driver = alias(users, 'driver');
const supplier = alias(users, 'supplier');
const pickupPlace = alias(locations, 'pickup_place');
const dropoffPlace = alias(locations, 'dropoff_place');
const pickupCountry = alias(countries, 'pickup_country');

const factColumns = {
  booking: bookings,
  /** What it took in and gave back: what the receipt says was paid and is due (contract `bookingBalance`). */
  ledger: ledgerColumn(bookings.id),
  carName: cars.name,
  driver: {
    // What the operator typed at the desk, never the account's profile (second outside audit, item 1).
    name: sql<string>`coalesce(${bookings.deskCustomer}->>'fullName', ${driver.fullName})`,
    email: driver.email,
    phone: sql<string | null>`coalesce(${bookings.deskCustomer}->>'phone', ${driver.phone})`,
    language: driver.language,
    enableEmailNotifications: driver.enableEmailNotifications,
  },
  supplier: { name: supplier.fullName, email: businessEmail('supplier'), contactEmail: supplier.contactEmail },
  pickup: {
    names: pickupPlace.names,
    address: pickupPlace.address,
    timeZone: pickupPlace.timeZone,
    countryCode: pickupCountry.code,
  },
  dropoff: { names: dropoffPlace.names, address: dropoffPlace.address, timeZone: dropoffPlace.timeZone },
};

export function selectFacts(db: DbOrTx) {
  return db
    .select(factColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    .innerJoin(pickupPlace, eq(pickupPlace.id, bookings.pickupLocationId))
    .innerJoin(pickupCountry, eq(pickupCountry.id, pickupPlace.countryId))
    .innerJoin(dropoffPlace, eq(dropoffPlace.id, bookings.dropoffLocationId));
}
export type BookingFacts = Awaited<ReturnType<ReturnType<typeof selectFacts>['execute']>>[number];

/** A rental booking's facts; null when there is none (a blocked period is not a booking). */
export async function findFacts(db: DbOrTx, bookingId: string): Promise<BookingFacts | null> {
  const [row] = await selectFacts(db)
    .where(and(eq(bookings.id, bookingId), eq(bookings.kind, 'rental')))
    .limit(1);
  return row ?? null;
}
