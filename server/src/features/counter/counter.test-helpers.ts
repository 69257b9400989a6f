import type { CheckOutBody } from '@roam/contract/counter.schema';
import { zonedToInstant } from '@roam/contract/time';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { bookings, carLocations, cars } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow } from '#test/booking-fixtures.ts';
import { multipart } from '#test/multipart.ts';
import type { TestApp } from '#test/test-app.ts';

// What the counter's tests share: bookings written straight to the database at a chosen time, the clock stood at a
// chosen instant, photos and signatures made by sharp, the bodies of a check-out and a return.

const DAY = 24 * 3600_000;

/** 10:00 Paris time `daysAhead` days from today, as an instant. */
export function parisAt(daysAhead: number, time = '10:00') {
  const date = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
  return zonedToInstant({ date, time }, 'Europe/Paris');
}

/** A rental of the demo driver's (the Clio at Paris CDG unless overridden), `days` days from `daysAhead` days on. */
export async function insertRental(
  t: TestApp,
  daysAhead: number,
  days = 3,
  overrides: Partial<typeof bookings.$inferInsert> = {},
): Promise<string> {
  const pickupAt = parisAt(daysAhead);
  const dropoffAt = new Date(pickupAt.getTime() + days * DAY);
  const [row] = await t.db
    .insert(bookings)
    .values(bookingRow({ pickupAt, dropoffAt }, { price: 11700, totalAmount: 11700, ...overrides }))
    .returning({ id: bookings.id });
  return row!.id;
}

/** A car of the demo supplier's of its own, at Paris CDG (a copy of the Clio unless overridden): tests stay apart. */
export async function insertCar(t: TestApp, overrides: Partial<typeof cars.$inferInsert> = {}): Promise<string> {
  const [clio] = await t.db.select().from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
  const { id: _id, createdAt: _c, updatedAt: _u, licensePlate: _p, ...fields } = clio!;
  const [row] = await t.db
    .insert(cars)
    .values({ ...fields, ...overrides })
    .returning({ id: cars.id });
  await t.db.insert(carLocations).values({ carId: row!.id, locationId: DEMO_IDS.locations.parisCdg });
  return row!.id;
}

/** Stands the app's clock at `instant` (every service reads the context's clock). */
export function setClock(t: TestApp, instant: Date) {
  t.app.context.clock = { now: () => new Date(instant) };
}

export function resetClock(t: TestApp) {
  t.app.context.clock = { now: () => new Date() };
}

/** A phone-sized photo of noise (noise keeps the JPEG large): about `megabytes` MB. */
export async function photoJpeg(megabytes = 2) {
  const width = 2000;
  const height = Math.round((megabytes * 1024 * 1024) / (width * 0.9));
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A signature drawn on a pad: a PNG data URL of one stroke. */
export async function signatureDataUrl() {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 80 10, 140 110, 210 40 S 330 90, 390 30" stroke="black" stroke-width="4" fill="none"/></svg>',
  );
  const png = await sharp(svg).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const LICENCE = {
  licenseNumber: 'FR-12AB345',
  licenseCountry: 'fr',
  licenseExpiresOn: '2034-06-30',
  birthDate: '1990-05-17',
};

export function checkOutBody(overrides: Partial<CheckOutBody> = {}): CheckOutBody {
  return {
    licence: LICENCE,
    odometer: 12000,
    fuel: { kind: 'eighths', eighths: 8 },
    checklist: [],
    damages: [],
    signature: { method: 'typed', signerName: 'Camille Martin', consent: true },
    ...overrides,
  };
}

/** The photo upload's multipart body. */
export const photoUpload = (bytes: Buffer, field = 'photo') => multipart(field, 'car.jpg', 'image/jpeg', bytes);
