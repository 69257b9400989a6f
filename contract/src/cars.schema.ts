import { z } from 'zod';
import {
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  CAR_OPTIONS,
  CAR_RANGES,
  CAR_SORTS,
  CAR_SPECS,
  FUEL_POLICIES,
  FUEL_TYPES,
  GEARBOXES,
  MILEAGE_KINDS,
  SEATS_FILTERS,
} from './cars.ts';
import { LanguageSchema } from './languages.schema.ts';
import { SupplierTermsSchema } from './suppliers.schema.ts';

// The schemas of cars and the car search (their values and types: cars.ts). Money: integer minor units of EUR.

export const FuelTypeSchema = z.enum(FUEL_TYPES);
export const GearboxSchema = z.enum(GEARBOXES);
export const FuelPolicySchema = z.enum(FUEL_POLICIES);
export const CarRangeSchema = z.enum(CAR_RANGES);
export const CarOptionSchema = z.enum(CAR_OPTIONS);
export const AvailabilitySchema = z.enum(AVAILABILITIES);
export const AvailabilityLabelSchema = z.enum(AVAILABILITY_LABELS);
export const MileageKindSchema = z.enum(MILEAGE_KINDS);

export const DateBasedPriceSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  dailyPrice: z.number().int(),
});

/**
 * One of a car's photos (docs/architecture.md "Files"): `url` at the cards' size (within 600×400), `srcset` every
 * size stored ("/api/files/… 300w, /api/files/… 600w, /api/files/… 1200w") for the screen to pick from.
 */
export const CarPhotoSchema = z.object({ _id: z.uuid(), url: z.string(), srcset: z.string() });

/**
 * A car with everything a card and checkout show; `image` is a URL: the first of `photos` (the spec's calls keep
 * it), null when the car has none. `photos` in the order its operator set.
 */
export const CarSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  photos: z.array(CarPhotoSchema),
  supplier: SupplierTermsSchema,
  range: CarRangeSchema,
  fuelType: FuelTypeSchema,
  gearbox: GearboxSchema,
  seats: z.number().int(),
  doors: z.number().int(),
  aircon: z.boolean(),
  /** Kilometres; −1 = unlimited. */
  mileage: z.number().int(),
  /**
   * The price of a kilometre over the mileage allowance, charged at the return (the car's own, else its business's
   * charge rule; EUR minor units, the business's own price); null: unlimited mileage.
   */
  pricePerExtraKm: z.number().int().nullable(),
  fuelPolicy: FuelPolicySchema,
  multimedia: z.array(CarOptionSchema),
  dailyPrice: z.number().int(),
  discountedDailyPrice: z.number().int().nullable(),
  hourlyPrice: z.number().int().nullable(),
  discountedHourlyPrice: z.number().int().nullable(),
  biWeeklyPrice: z.number().int().nullable(),
  discountedBiWeeklyPrice: z.number().int().nullable(),
  weeklyPrice: z.number().int().nullable(),
  discountedWeeklyPrice: z.number().int().nullable(),
  monthlyPrice: z.number().int().nullable(),
  discountedMonthlyPrice: z.number().int().nullable(),
  isDateBasedPrice: z.boolean(),
  dateBasedPrices: z.array(DateBasedPriceSchema),
  deposit: z.number().int(),
  cancellation: z.number().int(),
  amendments: z.number().int(),
  theftProtection: z.number().int(),
  collisionDamageWaiver: z.number().int(),
  fullInsurance: z.number().int(),
  additionalDriver: z.number().int(),
  available: z.boolean(),
  fullyBooked: z.boolean(),
  comingSoon: z.boolean(),
  rating: z.number().nullable(),
  trips: z.number().int(),
  minimumAge: z.number().int(),
  co2: z.number().int().nullable(),
});

/** `GET /api/car/{id}?language=`: a car with the locations it is offered at. */
export const CarDetailsSchema = CarSchema.extend({
  locations: z.array(z.object({ _id: z.uuid(), name: z.string(), timeZone: z.string() })),
});
export const CarQuerySchema = z.object({ language: LanguageSchema.default('en') });

export const CarSpecSchema = z.enum(CAR_SPECS);
export const SeatsFilterSchema = z.enum(SEATS_FILTERS);
export const CarSortSchema = z.enum(CAR_SORTS);

/** Every filter of the search screen; an empty list or a missing value does not filter. */
export const CarFiltersSchema = z.object({
  suppliers: z.array(z.uuid()).max(100).default([]),
  ranges: z.array(CarRangeSchema).default([]),
  /** 1–4: rated at least this ("4 and up"). */
  minRating: z.number().int().min(1).max(4).optional(),
  seats: SeatsFilterSchema.optional(),
  /** Every chosen spec must hold. */
  specs: z.array(CarSpecSchema).default([]),
  /** Every chosen option must be fitted. */
  multimedia: z.array(CarOptionSchema).default([]),
  fuelTypes: z.array(FuelTypeSchema).default([]),
  gearboxes: z.array(GearboxSchema).default([]),
  mileage: z.array(MileageKindSchema).default([]),
  fuelPolicies: z.array(FuelPolicySchema).default([]),
  /** Deposit at most this, EUR minor units (the web converts 250/500/750 from the display currency). */
  maxDeposit: z.number().int().nonnegative().optional(),
  sort: CarSortSchema.default('priceAsc'),
});

/** `POST /api/search-cars/{page}/{size}` body. */
export const SearchCarsBodySchema = CarFiltersSchema.extend({
  pickupLocationId: z.uuid(),
  dropoffLocationId: z.uuid(),
  pickupAt: z.iso.datetime({ offset: true }),
  dropoffAt: z.iso.datetime({ offset: true }),
}).refine((body) => Date.parse(body.dropoffAt) > Date.parse(body.pickupAt), {
  path: ['dropoffAt'],
  error: 'Drop-off must be after pick-up',
});

/** The price of a result for the searched period (contract calculatePrice, no extras chosen). */
export const CarPriceSchema = z.object({
  total: z.number().int(),
  /** total / rentalDays, rounded. */
  perDay: z.number().int(),
  rentalDays: z.number().int(),
});

export const CarSearchResultSchema = CarSchema.extend({
  price: CarPriceSchema,
  availability: AvailabilityLabelSchema,
  /**
   * Unavailable, coming-soon and fully-booked cars are listed with their label (a driver sees the fleet) but cannot
   * be booked; cars with a blocking booking overlapping the period are not listed at all.
   */
  bookable: z.boolean(),
});

export const SearchCarsResponseSchema = z.object({
  results: z.array(CarSearchResultSchema),
  totalCount: z.number().int().nonnegative(),
  /** Per supplier: matching cars with every filter but the supplier filter (the numbers next to each supplier). */
  supplierCounts: z.array(z.object({ supplierId: z.uuid(), fullName: z.string(), count: z.number().int() })),
});

/** `GET /api/range-prices`: the lowest daily price of each vehicle range ('from' prices of the car sizes on home). */
export const RangePriceSchema = z.object({
  range: CarRangeSchema,
  fromDailyPrice: z.number().int(),
  carCount: z.number().int(),
});
export const RangePriceListSchema = z.array(RangePriceSchema);
