import type { z } from 'zod';
import type {
  CarDetailsSchema,
  CarFiltersSchema,
  CarPhotoSchema,
  CarPriceSchema,
  CarSchema,
  CarSearchResultSchema,
  RangePriceSchema,
  SearchCarsBodySchema,
  SearchCarsResponseSchema,
} from './cars.schema.ts';

// Cars and the car search, as plain values (spec §3's enumerations of a car, the search's filters and sorts), rules
// and types, without zod: the search, the checkout and every car card read them with their first paint. The schemas
// are in cars.schema.ts; a car's rates and extras, what the price engine prices, are in price.ts. Values are the wire
// values; labels live in the locale files.

export const FUEL_TYPES = ['diesel', 'gasoline', 'electric', 'hybrid', 'plugInHybrid', 'unknown'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const GEARBOXES = ['manual', 'automatic'] as const;
export type Gearbox = (typeof GEARBOXES)[number];

// 'FullToEmpty' keeps its capital F: it is the spec's wire value.
export const FUEL_POLICIES = ['likeForlike', 'freeTank', 'fullToFull', 'FullToEmpty'] as const;
export type FuelPolicy = (typeof FUEL_POLICIES)[number];

export const CAR_RANGES = ['mini', 'midi', 'maxi', 'scooter', 'bus', 'truck', 'caravan'] as const;
export type CarRange = (typeof CAR_RANGES)[number];

export const CAR_OPTIONS = ['touchscreen', 'bluetooth', 'androidAuto', 'appleCarPlay'] as const;
export type CarOption = (typeof CAR_OPTIONS)[number];

export const AVAILABILITIES = ['available', 'unavailable'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** Labels shown on a car card (spec §3). */
export const AVAILABILITY_LABELS = ['available', 'unavailable', 'fullyBooked', 'comingSoon'] as const;
export type AvailabilityLabel = (typeof AVAILABILITY_LABELS)[number];

export const MILEAGE_KINDS = ['limited', 'unlimited'] as const;
export type MileageKind = (typeof MILEAGE_KINDS)[number];

// The search screen's filters and sorts (spec §2).
export const CAR_SPECS = ['aircon', 'doors4plus', 'seats5plus'] as const;
export type CarSpec = (typeof CAR_SPECS)[number];
/** 2, 4 and 5 are exact; '5+' means more than five. */
export const SEATS_FILTERS = ['2', '4', '5', '5+'] as const;
export type SeatsFilter = (typeof SEATS_FILTERS)[number];
export const CAR_SORTS = ['priceAsc', 'priceDesc', 'rating'] as const;
export type CarSort = (typeof CAR_SORTS)[number];
/** Spec §9 deposit filter thresholds, in EUR; shown converted to the display currency. */
export const DEPOSIT_THRESHOLDS = [250, 500, 750] as const;
/** Spec §2 rating filter: 1, 2, 3, 4 and up. */
export const MIN_RATINGS = [1, 2, 3, 4] as const;

/** The facts shown of a vehicle (spec §1 "for each car"), in the order the card and checkout show them. */
export const CAR_FACTS = [
  'fuelType',
  'gearbox',
  'seats',
  'doors',
  'aircon',
  'mileage',
  'fuelPolicy',
  'deposit',
] as const;
export type CarFact = (typeof CAR_FACTS)[number];

/**
 * The facts that say something about this vehicle, one rule for every screen and text: a scooter
 * has no doors and no air conditioning, and an electric vehicle has no tank, so no fuel policy. Whatever the
 * supplier entered for those (0 doors, "no", "full to full") is not shown.
 */
export function carFacts(vehicle: { range: CarRange; fuelType: FuelType }): CarFact[] {
  return CAR_FACTS.filter((fact) => {
    if (fact === 'doors' || fact === 'aircon') return vehicle.range !== 'scooter';
    if (fact === 'fuelPolicy') return vehicle.fuelType !== 'electric';
    return true;
  });
}

/** `GET /api/files/{id}`: only public kinds (car images, supplier logos, avatars). */
export const fileUrl = (id: string | null): string | null => (id ? `/api/files/${id}` : null);

export type Car = z.infer<typeof CarSchema>;
export type CarDetails = z.infer<typeof CarDetailsSchema>;
export type CarPhoto = z.infer<typeof CarPhotoSchema>;

/** The most photos a car keeps (several views of it; more would only slow its checkout). */
export const MAX_CAR_PHOTOS = 10;
export type CarFilters = z.infer<typeof CarFiltersSchema>;
export type SearchCarsBody = z.input<typeof SearchCarsBodySchema>;
export type CarPrice = z.infer<typeof CarPriceSchema>;
export type CarSearchResult = z.infer<typeof CarSearchResultSchema>;
export type SearchCarsResponse = z.infer<typeof SearchCarsResponseSchema>;
export type RangePrice = z.infer<typeof RangePriceSchema>;
