import { z } from 'zod';

// Spec §3 enumerations. Values are the wire values; labels live in the locale files.

export const UserTypeSchema = z.enum(['admin', 'supplier', 'user']);
export type UserType = z.infer<typeof UserTypeSchema>;

export const AppTypeSchema = z.enum(['admin', 'frontend']);
export type AppType = z.infer<typeof AppTypeSchema>;

export const FuelTypeSchema = z.enum(['diesel', 'gasoline', 'electric', 'hybrid', 'plugInHybrid', 'unknown']);
export type FuelType = z.infer<typeof FuelTypeSchema>;

export const GearboxSchema = z.enum(['manual', 'automatic']);
export type Gearbox = z.infer<typeof GearboxSchema>;

// 'FullToEmpty' keeps its capital F: it is the spec's wire value.
export const FuelPolicySchema = z.enum(['likeForlike', 'freeTank', 'fullToFull', 'FullToEmpty']);
export type FuelPolicy = z.infer<typeof FuelPolicySchema>;

export const CarRangeSchema = z.enum(['mini', 'midi', 'maxi', 'scooter', 'bus', 'truck', 'caravan']);
export type CarRange = z.infer<typeof CarRangeSchema>;

export const CarOptionSchema = z.enum(['touchscreen', 'bluetooth', 'androidAuto', 'appleCarPlay']);
export type CarOption = z.infer<typeof CarOptionSchema>;

/** Every booking status, in display order; a plain array so that screens listing them need no zod. */
export const BOOKING_STATUSES = ['void', 'pending', 'deposit', 'paid', 'reserved', 'cancelled'] as const;
export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

/** Statuses that block the car for the booked period (ARCHITECTURE §5); `void` blocks only while its hold lasts. */
export const BLOCKING_STATUSES = ['pending', 'deposit', 'paid', 'reserved'] as const satisfies readonly BookingStatus[];

export const PaymentOptionSchema = z.enum(['payLater', 'deposit', 'full']);
export type PaymentOption = z.infer<typeof PaymentOptionSchema>;

export const AvailabilitySchema = z.enum(['available', 'unavailable']);
export type Availability = z.infer<typeof AvailabilitySchema>;

/** Labels shown on a car card (spec §3). */
export const AvailabilityLabelSchema = z.enum(['available', 'unavailable', 'fullyBooked', 'comingSoon']);
export type AvailabilityLabel = z.infer<typeof AvailabilityLabelSchema>;

export const MileageKindSchema = z.enum(['limited', 'unlimited']);
export type MileageKind = z.infer<typeof MileageKindSchema>;

export const RecordKindSchema = z.enum(['admin', 'supplier', 'user', 'car', 'location', 'country']);
export type RecordKind = z.infer<typeof RecordKindSchema>;

export const SocialProviderSchema = z.enum(['google', 'facebook', 'apple']);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

export const PaymentProviderSchema = z.enum(['demo', 'stripe', 'paypal']);
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
