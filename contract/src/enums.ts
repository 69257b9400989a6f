import { z } from 'zod';

// Spec §3 enumerations. Values are the wire values; labels live in the locale files. Each is a plain array (what the
// web imports: zod stays out of its chunks, as zod's modules are side-effect free and drop out of a bundle that uses
// only the arrays) and the zod enum made from it; the database's enums (server db/schema.ts) are made from the same
// arrays.

export const USER_TYPES = ['admin', 'supplier', 'user'] as const;
export const UserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserTypeSchema>;

export const APP_TYPES = ['admin', 'frontend'] as const;
export const AppTypeSchema = z.enum(APP_TYPES);
export type AppType = z.infer<typeof AppTypeSchema>;

export const FUEL_TYPES = ['diesel', 'gasoline', 'electric', 'hybrid', 'plugInHybrid', 'unknown'] as const;
export const FuelTypeSchema = z.enum(FUEL_TYPES);
export type FuelType = z.infer<typeof FuelTypeSchema>;

export const GEARBOXES = ['manual', 'automatic'] as const;
export const GearboxSchema = z.enum(GEARBOXES);
export type Gearbox = z.infer<typeof GearboxSchema>;

// 'FullToEmpty' keeps its capital F: it is the spec's wire value.
export const FUEL_POLICIES = ['likeForlike', 'freeTank', 'fullToFull', 'FullToEmpty'] as const;
export const FuelPolicySchema = z.enum(FUEL_POLICIES);
export type FuelPolicy = z.infer<typeof FuelPolicySchema>;

export const CAR_RANGES = ['mini', 'midi', 'maxi', 'scooter', 'bus', 'truck', 'caravan'] as const;
export const CarRangeSchema = z.enum(CAR_RANGES);
export type CarRange = z.infer<typeof CarRangeSchema>;

export const CAR_OPTIONS = ['touchscreen', 'bluetooth', 'androidAuto', 'appleCarPlay'] as const;
export const CarOptionSchema = z.enum(CAR_OPTIONS);
export type CarOption = z.infer<typeof CarOptionSchema>;

/** Every booking status, in display order. */
export const BOOKING_STATUSES = ['void', 'pending', 'deposit', 'paid', 'reserved', 'cancelled'] as const;
export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

/** Statuses that block the car for the booked period (ARCHITECTURE §5); `void` blocks only while its hold lasts. */
export const BLOCKING_STATUSES = ['pending', 'deposit', 'paid', 'reserved'] as const satisfies readonly BookingStatus[];

export const PAYMENT_OPTIONS = ['payLater', 'deposit', 'full'] as const;
export const PaymentOptionSchema = z.enum(PAYMENT_OPTIONS);
export type PaymentOption = z.infer<typeof PaymentOptionSchema>;

export const AVAILABILITIES = ['available', 'unavailable'] as const;
export const AvailabilitySchema = z.enum(AVAILABILITIES);
export type Availability = z.infer<typeof AvailabilitySchema>;

/** Labels shown on a car card (spec §3). */
export const AVAILABILITY_LABELS = ['available', 'unavailable', 'fullyBooked', 'comingSoon'] as const;
export const AvailabilityLabelSchema = z.enum(AVAILABILITY_LABELS);
export type AvailabilityLabel = z.infer<typeof AvailabilityLabelSchema>;

export const MILEAGE_KINDS = ['limited', 'unlimited'] as const;
export const MileageKindSchema = z.enum(MILEAGE_KINDS);
export type MileageKind = z.infer<typeof MileageKindSchema>;

export const RECORD_KINDS = ['admin', 'supplier', 'user', 'car', 'location', 'country'] as const;
export const RecordKindSchema = z.enum(RECORD_KINDS);
export type RecordKind = z.infer<typeof RecordKindSchema>;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

export const PAYMENT_PROVIDERS = ['demo', 'stripe', 'paypal'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

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

export const LANGUAGES = ['en', 'fr', 'es', 'se', 'de'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
/** BCP 47 tag used for Intl and `<html lang>`; the stored code `se` means Swedish (ARCHITECTURE §5). */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en', fr: 'fr', es: 'es', se: 'sv', de: 'de' };
