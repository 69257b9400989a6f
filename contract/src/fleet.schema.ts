import { z } from 'zod';
import { BOOKING_RULES, LOWEST_DRIVER_AGE } from './booking-rules.ts';
import { BookingStatusSchema } from './bookings.schema.ts';
import {
  CarDetailsSchema,
  CarOptionSchema,
  CarRangeSchema,
  FuelPolicySchema,
  FuelTypeSchema,
  GearboxSchema,
} from './cars.schema.ts';
import { MAX_CAR_PHOTOS } from './cars.ts';
import { CAR_AVAILABILITIES, FLEET_MESSAGES, OPERATOR_CAR_SORTS } from './fleet.ts';
import { EXTRAS, type Extra } from './price.ts';
import { text } from './text.schema.ts';
import { DateStringSchema } from './time.schema.ts';

// The schemas of the operator's cars (their rules, messages and types: fleet.ts): the editable object of a car (every field of spec §3), what create and update
// take, and the rules both the editor and the server check. `GET /api/car/{id}` answers it to the car's operator;
// `PUT /api/update-car` takes it back with fields changed (an absent field is unchanged, null clears it);
// `POST /api/create-car` takes it without `_id`. Money: integer minor units of EUR.

export const CarAvailabilitySchema = z.enum(CAR_AVAILABILITIES);

/** 1,000,000.00 EUR: far above any car rate, low enough for integer columns and sums. */
const MAX_MINOR = 100_000_000;
const Money = z
  .number({ error: FLEET_MESSAGES.invalidPrice })
  .int({ error: FLEET_MESSAGES.invalidPrice })
  .min(1, { error: FLEET_MESSAGES.invalidPrice })
  .max(MAX_MINOR);
/** −1 unavailable, 0 included, otherwise a price (spec §3). */
const ExtraPrice = z
  .number({ error: FLEET_MESSAGES.invalidExtra })
  .int({ error: FLEET_MESSAGES.invalidExtra })
  .min(-1, { error: FLEET_MESSAGES.invalidExtra })
  .max(MAX_MINOR);

export const DateBasedPeriodSchema = z.object({
  startDate: DateStringSchema,
  endDate: DateStringSchema,
  dailyPrice: Money,
});

/** Letters, digits, spaces and dashes; stored in upper case with single spaces ('' clears it). */
const LicensePlateSchema = z
  .string()
  .trim()
  .max(20, { error: FLEET_MESSAGES.invalidPlate })
  .transform((plate) => plate.replace(/\s+/g, ' ').toUpperCase())
  .refine((plate) => plate === '' || /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(plate), {
    error: FLEET_MESSAGES.invalidPlate,
  })
  .transform((plate) => (plate === '' ? null : plate));

/** Every field an operator writes, each validated on its own (the rules across fields: `carFieldIssues`). */
const writable = {
  name: text()
    .min(1, { error: FLEET_MESSAGES.required('Name') })
    .max(200),
  licensePlate: LicensePlateSchema.nullable(),
  range: CarRangeSchema,
  fuelType: FuelTypeSchema,
  gearbox: GearboxSchema,
  seats: z.number().int().min(1).max(99),
  doors: z.number().int().min(0).max(9),
  aircon: z.boolean(),
  /** Kilometres; −1 = unlimited (spec §3). */
  mileage: z
    .number({ error: FLEET_MESSAGES.invalidMileage })
    .int({ error: FLEET_MESSAGES.invalidMileage })
    .refine((km) => km === -1 || (km >= 1 && km <= 1_000_000), { error: FLEET_MESSAGES.invalidMileage }),
  fuelPolicy: FuelPolicySchema,
  multimedia: z
    .array(CarOptionSchema)
    .max(4)
    .transform((options) => [...new Set(options)]),
  deposit: z.number().int().min(0).max(MAX_MINOR),
  /** From 18 (a business may rent to them, with a young-driver fee) to 99; a new car's is 21 (spec §5). */
  minimumAge: z.number().int().min(LOWEST_DRIVER_AGE, { error: FLEET_MESSAGES.minimumAge }).max(99),
  co2: z.number().int().min(0).max(10_000).nullable(),
  /** The places the car is picked up at (car_locations); a search there or at a place above it finds it. */
  locationIds: z
    .array(z.uuid())
    .min(1, { error: FLEET_MESSAGES.noLocation })
    .max(50)
    .transform((ids) => [...new Set(ids)]),
  dailyPrice: Money,
  discountedDailyPrice: Money.nullable(),
  hourlyPrice: Money.nullable(),
  discountedHourlyPrice: Money.nullable(),
  weeklyPrice: Money.nullable(),
  discountedWeeklyPrice: Money.nullable(),
  biWeeklyPrice: Money.nullable(),
  discountedBiWeeklyPrice: Money.nullable(),
  monthlyPrice: Money.nullable(),
  discountedMonthlyPrice: Money.nullable(),
  isDateBasedPrice: z.boolean(),
  dateBasedPrices: z.array(DateBasedPeriodSchema).max(100),
  ...(Object.fromEntries(EXTRAS.map((extra) => [extra, ExtraPrice])) as Record<Extra, typeof ExtraPrice>),
  availability: CarAvailabilitySchema,
  /** The 'Fully Booked' label of spec §3: listed, not bookable. */
  fullyBooked: z.boolean(),
};

/** A car's operator fields after validation (what the server stores and `carFieldIssues` checks). */
export type CarFields = { [K in keyof typeof writable]: z.output<(typeof writable)[K]> };

/**
 * `PUT /api/update-car`: `_id` and any writable fields. Fields the read answer carries that are not written here
 * (image, supplier name, rating, dates…) are ignored, so the answer of `GET /api/car/{id}` can be sent back as is.
 */
export const UpdateCarBodySchema = z
  .object({ _id: z.uuid(), supplierId: z.uuid().optional() })
  .extend(z.object(writable).partial().shape);

/**
 * `POST /api/create-car`: the same object without `_id`. The admin names the supplier; a supplier creates for
 * itself (its own id or none). What the car's card needs is required; the rest has the stated defaults.
 */
export const CreateCarBodySchema = z.object({
  supplierId: z.uuid().optional(),
  name: writable.name,
  licensePlate: writable.licensePlate.default(null),
  range: writable.range,
  fuelType: writable.fuelType,
  gearbox: writable.gearbox,
  seats: writable.seats,
  doors: writable.doors,
  aircon: writable.aircon,
  mileage: writable.mileage,
  fuelPolicy: writable.fuelPolicy,
  multimedia: writable.multimedia.default([]),
  deposit: writable.deposit,
  minimumAge: writable.minimumAge.default(BOOKING_RULES.minDriverAge),
  co2: writable.co2.default(null),
  locationIds: writable.locationIds,
  dailyPrice: writable.dailyPrice,
  discountedDailyPrice: writable.discountedDailyPrice.default(null),
  hourlyPrice: writable.hourlyPrice.default(null),
  discountedHourlyPrice: writable.discountedHourlyPrice.default(null),
  weeklyPrice: writable.weeklyPrice.default(null),
  discountedWeeklyPrice: writable.discountedWeeklyPrice.default(null),
  biWeeklyPrice: writable.biWeeklyPrice.default(null),
  discountedBiWeeklyPrice: writable.discountedBiWeeklyPrice.default(null),
  monthlyPrice: writable.monthlyPrice.default(null),
  discountedMonthlyPrice: writable.discountedMonthlyPrice.default(null),
  isDateBasedPrice: writable.isDateBasedPrice.default(false),
  dateBasedPrices: writable.dateBasedPrices.default([]),
  ...(Object.fromEntries(EXTRAS.map((extra) => [extra, ExtraPrice.default(-1)])) as Record<
    Extra,
    z.ZodDefault<typeof ExtraPrice>
  >),
  availability: writable.availability.default('available'),
  fullyBooked: writable.fullyBooked.default(false),
});

const Named = z.object({ _id: z.uuid(), name: z.string() });

/**
 * `GET /api/car/{id}` for the car's operator (its supplier, an admin): the customer's reading of the car — so the
 * customer screens (checkout, the booking editor) work for an operator too — and what only the operator edits. The
 * supplier's percentage, for the customer prices the editor shows, is `supplier.priceChangeRate`. Written back with
 * `PUT /api/update-car`, the fields `UpdateCarBodySchema` does not write (supplier, image, rating, trips, available,
 * comingSoon — `availability` is the one to set —, createdAt, updatedAt) are ignored.
 */
export const OperatorCarSchema = CarDetailsSchema.extend({
  supplierId: z.uuid(),
  licensePlate: z.string().nullable(),
  /** The places the car is picked up at (`locations` names them), as written back. */
  locationIds: z.array(z.uuid()),
  availability: CarAvailabilitySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `POST /api/cars/{page}/{size}` body: the operator's list; an empty list or a missing value does not filter. */
export const OperatorCarsQuerySchema = z.object({
  /** Part of the name or of the licence plate. */
  keyword: text().max(100).optional(),
  ranges: z.array(CarRangeSchema).max(7).default([]),
  availability: z.array(CarAvailabilitySchema).max(3).default([]),
  /** Cars served at this place or at a place below it. */
  locationId: z.uuid().optional(),
  /** Admin: one supplier's cars (a supplier always sees its own only). */
  supplierId: z.uuid().optional(),
  sort: z.enum(OPERATOR_CAR_SORTS).default('name'),
});

export const OperatorCarRowSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  licensePlate: z.string().nullable(),
  image: z.string().nullable(),
  range: CarRangeSchema,
  supplier: Named,
  availability: CarAvailabilitySchema,
  fullyBooked: z.boolean(),
  isDateBasedPrice: z.boolean(),
  /** The car's daily rate (its discounted rate when set), before the supplier's percentage. */
  dailyPrice: z.number().int(),
  /** What one day from today costs a driver: the contract's price, the supplier's percentage included. */
  customerDailyPrice: z.number().int(),
  /** The car's bookings now and to come (pending, deposit, paid, reserved; not its blocked periods). */
  upcomingBookings: z.number().int(),
  /** The first of those (the one under way, else the next), or null. */
  nextBooking: z
    .object({ _id: z.uuid(), pickupAt: z.string(), dropoffAt: z.string(), status: BookingStatusSchema })
    .nullable(),
  placesCount: z.number().int(),
  /** The car's last odometer reading in km (kept by every check-out and return), or null before its first. */
  odometer: z.number().int().nullable(),
  /** The odometer at the car's last service in km, as its operator recorded it (the car's counter rules), or null. */
  serviceOdometer: z.number().int().nullable(),
});

export const OperatorCarsPageSchema = z.object({
  results: z.array(OperatorCarRowSchema),
  totalCount: z.number().int(),
});

export const DeleteCarResultSchema = z.object({ _id: z.uuid(), deleted: z.literal(true) });

/** `POST /api/reorder-car-photos/{id}` body: every photo of the car, once, first shown first. */
export const ReorderCarPhotosBodySchema = z.object({ photoIds: z.array(z.uuid()).min(1).max(MAX_CAR_PHOTOS) });

/** `DELETE /api/delete-car-photo/{id}/{photoId}` params. */
export const CarPhotoParamsSchema = z.object({ id: z.uuid(), photoId: z.uuid() });
