import { CarRangeSchema } from '@roam/contract/cars.schema';
import { sql } from 'drizzle-orm';
import { hashPassword, type PasswordCost } from '#server/features/auth/auth.service.ts';
import type { Db, DbOrTx } from '../client.ts';
import {
  auditLog,
  bookingCharges,
  bookings,
  carLocations,
  carPhotos,
  carReadings,
  cars,
  catalogueExtraStock,
  catalogueExtras,
  chargeRules,
  counterSettings,
  countries,
  dateBasedPrices,
  feeRules,
  files,
  gatewayEvents,
  inspections,
  locations,
  memberships,
  payments,
  promoCodes,
  users,
} from '../schema.ts';
import {
  buildMembershipRows,
  buildUserRows,
  DEMO_ACCOUNTS,
  logoFileId,
  PASSWORDS,
  type PasswordKey,
  SUPPLIERS,
} from './accounts.ts';
import { DEMO_EXTRA_STOCK, DEMO_EXTRAS } from './catalogue-extras.ts';
import { counterDemo } from './counter-demo.ts';
import { FEATURED_CARS, type FeaturedCarKey } from './featured-cars.ts';
import { DEMO_FEE_RULES } from './fee-rules.ts';
import { buildFleet, carId, carPhotoFileId } from './fleet.ts';
import { demoGatewayEvents } from './gateway-events-demo.ts';
import { CAR_IMAGE, DEMO_PHOTO_VIEWS, LOGO_IMAGE, renderCarPhoto, renderLogo } from './images.ts';
import { demoOpeningHours } from './opening-hours.ts';
import { operatorBookings, platesFor } from './operator-demo.ts';
import { ADDRESSES, COUNTRIES, countryId, LOCATIONS, locationId } from './places.ts';
import { DEMO_PROMO_CODES } from './promo-codes.ts';
import { Random, seedId } from './random.ts';
import { COLOURS } from './vehicles.ts';

// Demo data: loaded at start-up into an empty database, and the test template's starting point.
// Deterministic: a fixed seed gives the same rows and the same ids on every run (see random.ts).

export { DEMO_ACCOUNTS } from './accounts.ts';

const idsOf = <K extends string>(keys: readonly K[], toId: (key: K) => string) =>
  Object.fromEntries(keys.map((key) => [key, toId(key)])) as Record<K, string>;

/** Ids tests and demos can rely on (sign-in details are in DEMO_ACCOUNTS). */
export const DEMO_IDS = {
  users: idsOf(Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[], (key) => DEMO_ACCOUNTS[key].id),
  suppliers: idsOf(
    SUPPLIERS.map((supplier) => supplier.key),
    (key) => SUPPLIERS.find((supplier) => supplier.key === key)!.id,
  ),
  countries: idsOf(
    COUNTRIES.map(({ code }) => code),
    countryId,
  ),
  locations: idsOf(
    LOCATIONS.map(({ key }) => key),
    locationId,
  ),
  cars: idsOf(Object.keys(FEATURED_CARS) as FeaturedCarKey[], carId),
  /** The operator console's demo: two blocked periods and two open cancellation requests. */
  bookings: idsOf(
    [
      'demoMaintenance',
      'demoPrivateUse',
      'demoCancelLater',
      'demoCancelPaid',
      // The counter's (counter-demo.ts): a rental on rent, one returned with its charges, one closed, one picked up
      // today (to pay at the counter).
      'demoOnRent',
      'demoReturned',
      'demoClosed',
      'demoPickupToday',
    ] as const,
    (key) => seedId(`booking:${key}`),
  ),
};

export type SeedCounts = {
  countries: number;
  locations: number;
  suppliers: number;
  cars: number;
  users: number;
  bookings: number;
};

/** An advisory-lock id of its own: two processes starting on one empty PostgreSQL database seed it once. */
const SEED_LOCK_ID = 724_311_002;
/** PostgreSQL binds at most 65535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

function* chunks<T extends object>(rows: readonly T[]): Generator<T[]> {
  const columns = Math.max(1, ...rows.map((row) => Object.keys(row).length));
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

async function hashPasswords(cost: PasswordCost): Promise<Record<PasswordKey, string>> {
  const keys = Object.keys(PASSWORDS) as PasswordKey[];
  const hashes = await Promise.all(keys.map((key) => hashPassword(PASSWORDS[key], cost)));
  return Object.fromEntries(keys.map((key, index) => [key, hashes[index]])) as Record<PasswordKey, string>;
}

async function renderFiles(): Promise<(typeof files.$inferInsert)[]> {
  const carImages = CarRangeSchema.options.flatMap((range) =>
    COLOURS.flatMap((colour) =>
      DEMO_PHOTO_VIEWS.map(async (view) => {
        const sizes = await renderCarPhoto(range, colour, view);
        return (['card', 'small'] as const).map((size) => ({
          id: carPhotoFileId(range, colour.key, view, size),
          kind: 'carImage' as const,
          contentType: CAR_IMAGE.contentType,
          size: sizes[size].length,
          bytes: sizes[size],
        }));
      }),
    ),
  );
  const logos = SUPPLIERS.map(async (supplier) => {
    const bytes = await renderLogo(supplier.initials, supplier.name, supplier.colour);
    const id = logoFileId(supplier);
    return {
      id,
      kind: 'supplierLogo' as const,
      ownerId: supplier.id,
      contentType: LOGO_IMAGE.contentType,
      size: bytes.length,
      bytes,
    };
  });
  return [...(await Promise.all(carImages)).flat(), ...(await Promise.all(logos))];
}

/**
 * The demo's images, rendered once per process: the same bytes every time, and a test process seeds many databases
 * (each car photo in three views at two sizes is ~250 renders a seed). A failed render is not kept.
 */
let rendered: ReturnType<typeof renderFiles> | undefined;
function demoFiles(): ReturnType<typeof renderFiles> {
  rendered ??= renderFiles().catch((error: unknown) => {
    rendered = undefined;
    throw error;
  });
  return rendered;
}

/**
 * Loads the demo data into an empty database: nothing happens (null) when any user exists. Everything is inserted in
 * one transaction, so a crash never leaves half the data. `users` counts every account, suppliers included.
 */
export async function seedDemoData(db: Db, passwordCost: PasswordCost): Promise<SeedCounts | null> {
  if (await hasAnyUser(db)) return null;
  // The slow parts (argon2id, image rendering) run before the transaction and in parallel with each other.
  const [hashes, fileRows] = await Promise.all([hashPasswords(passwordCost), demoFiles()]);
  const now = new Date();
  const userRows = buildUserRows(hashes, now);
  const fleet = buildFleet(new Random());
  const plates = platesFor(fleet);
  const carRows = fleet.cars.map((car) => ({ ...car, licensePlate: plates.get(car.id!) ?? null }));
  const operatorRows = operatorBookings(fleet, now);
  const counter = counterDemo(fleet, now, new Set(operatorRows.map((row) => row.carId)));
  const bookingRows = [...operatorRows, ...counter.bookings];
  const countryRows = COUNTRIES.map(({ code, names }) => ({ id: countryId(code), code, names }));
  const hours = await demoOpeningHours(now);
  const locationRows = LOCATIONS.map((location) => ({
    id: locationId(location.key),
    countryId: countryId(location.country),
    parentId: location.parent === null ? null : locationId(location.parent),
    names: location.names,
    latitude: location.latitude,
    longitude: location.longitude,
    timeZone: location.timeZone,
    kind: location.kind,
    address: ADDRESSES[location.key],
    openingHours: hours[location.key] ?? null,
  }));

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasAnyUser(tx)) return null;
    for (const part of chunks(fileRows)) await tx.insert(files).values(part);
    for (const part of chunks(userRows)) await tx.insert(users).values(part);
    await tx.insert(memberships).values(buildMembershipRows());
    await tx.insert(countries).values(countryRows);
    for (const part of chunks(locationRows)) await tx.insert(locations).values(part);
    for (const part of chunks(carRows)) await tx.insert(cars).values(part);
    for (const part of chunks(fleet.carLocations)) await tx.insert(carLocations).values(part);
    for (const part of chunks(fleet.dateBasedPrices)) await tx.insert(dateBasedPrices).values(part);
    for (const part of chunks(fleet.carPhotos)) await tx.insert(carPhotos).values(part);
    await tx.insert(bookings).values(bookingRows);
    await tx.insert(catalogueExtras).values(DEMO_EXTRAS);
    await tx.insert(catalogueExtraStock).values(DEMO_EXTRA_STOCK);
    await tx.insert(promoCodes).values(DEMO_PROMO_CODES);
    // What the demo's paid bookings took, in the ledger as a payment confirmation records it (ledger.service.ts).
    const paid = bookingRows.filter((row) => row.paidAt && row.paymentProvider && row.chargedAmount > 0);
    if (paid.length > 0) {
      await tx.insert(payments).values(
        // The deposit option's online payment is the security deposit held on the card, not charged
        // (docs/decisions/0012-deposit-holds.md); the demo's holds lapse 7 days after they were made.
        paid.map((row) => ({
          bookingId: row.id!,
          supplierId: row.supplierId,
          ...(row.paymentOption === 'deposit'
            ? {
                kind: 'authorization' as const,
                purpose: 'deposit' as const,
                expiresAt: new Date(row.paidAt!.getTime() + 7 * 86_400_000),
              }
            : { kind: 'charge' as const, purpose: 'rental' as const }),
          provider: row.paymentProvider!,
          providerReference: row.paymentReference ?? null,
          idempotencyKey: `booking-${row.id}`,
          amount: row.chargedAmount,
          currency: row.currency,
          status: 'succeeded' as const,
          createdAt: row.paidAt!,
          settledAt: row.paidAt!,
        })),
      );
    }
    await tx.insert(gatewayEvents).values(demoGatewayEvents(paid, new Date()));
    await tx.insert(counterSettings).values(counter.settings);
    await tx.insert(chargeRules).values(counter.rules);
    await tx.insert(feeRules).values({ supplierId: counter.rules.supplierId, rules: DEMO_FEE_RULES });
    await tx.insert(inspections).values(counter.inspections);
    await tx.insert(bookingCharges).values(counter.charges);
    await tx.insert(payments).values(counter.payments);
    await tx.insert(carReadings).values(counter.readings);
    await tx.insert(auditLog).values(counter.audit);
    return {
      countries: countryRows.length,
      locations: locationRows.length,
      suppliers: SUPPLIERS.length,
      cars: fleet.cars.length,
      users: userRows.length,
      bookings: bookingRows.length,
    };
  });
}
