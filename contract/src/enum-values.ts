import type { Language } from './console-enum-values.ts';

// Spec §3 enumerations as plain arrays and their types, without zod (issue #23): what the web imports. A module in
// the web's first download (this one, through settings, currencies, money, price…) must not hold a schema: a schema
// there that a lazily loaded form uses is kept in the first download with all of zod (+26 KB gzip on every customer
// route, ARCHITECTURE §7). The zod enums made from these arrays are in enums.ts; the database's enums (server
// db/schema.ts) are made from the same arrays. Values are the wire values; labels live in the locale files.

export const APP_TYPES = ['admin', 'frontend'] as const;
export type AppType = (typeof APP_TYPES)[number];

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

/**
 * Every booking status, in display order. After `reserved` come the counter's (docs/architecture.md §5 "After the
 * booking"): on rent (checked out), returned (balance open), closed (settled), no-show.
 */
export const BOOKING_STATUSES = [
  'void',
  'pending',
  'deposit',
  'paid',
  'reserved',
  'on_rent',
  'returned',
  'closed',
  'no_show',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Statuses that block the car for the booked period (docs/architecture.md §5); `void` blocks only while its hold
 * lasts. A car on rent keeps blocking; returned, closed and no-show free it.
 */
export const BLOCKING_STATUSES = [
  'pending',
  'deposit',
  'paid',
  'reserved',
  'on_rent',
] as const satisfies readonly BookingStatus[];

/**
 * The statuses an operator may set by hand (the booking editor, the bulk 'New status'); the counter's are reached
 * only through the counter's calls, one way.
 */
export const OPERATOR_STATUSES = [
  'void',
  'pending',
  'deposit',
  'paid',
  'reserved',
  'cancelled',
] as const satisfies readonly BookingStatus[];
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];
export const isOperatorStatus = (status: BookingStatus): status is OperatorStatus =>
  (OPERATOR_STATUSES as readonly BookingStatus[]).includes(status);

export const PAYMENT_OPTIONS = ['payLater', 'deposit', 'full'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

export const AVAILABILITIES = ['available', 'unavailable'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** Labels shown on a car card (spec §3). */
export const AVAILABILITY_LABELS = ['available', 'unavailable', 'fullyBooked', 'comingSoon'] as const;
export type AvailabilityLabel = (typeof AVAILABILITY_LABELS)[number];

export const MILEAGE_KINDS = ['limited', 'unlimited'] as const;
export type MileageKind = (typeof MILEAGE_KINDS)[number];

export const RECORD_KINDS = ['admin', 'supplier', 'user', 'car', 'location', 'country'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PAYMENT_PROVIDERS = ['demo', 'stripe', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The six bookable extras (spec §3): −1 unavailable, 0 included, otherwise a price in minor units. */
export const EXTRAS = [
  'cancellation',
  'amendments',
  'theftProtection',
  'collisionDamageWaiver',
  'fullInsurance',
  'additionalDriver',
] as const;
export type Extra = (typeof EXTRAS)[number];
/** Extras charged once per booking; the others are charged per rental day (spec §9). */
export const FLAT_EXTRAS = ['cancellation', 'amendments'] as const satisfies readonly Extra[];

// The languages' list is in console-enum-values.ts (see why there); their type is re-exported here.
export type { Language };
/** BCP 47 tag used for Intl and `<html lang>`; the stored code `se` means Swedish (ARCHITECTURE §5). */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en', fr: 'fr', es: 'es', se: 'sv', de: 'de' };

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
