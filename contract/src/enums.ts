import { z } from 'zod';
import { LANGUAGES, USER_TYPES } from './console-enum-values.ts';
import {
  APP_TYPES,
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  BOOKING_STATUSES,
  CAR_OPTIONS,
  CAR_RANGES,
  FUEL_POLICIES,
  FUEL_TYPES,
  GEARBOXES,
  MILEAGE_KINDS,
  OPERATOR_STATUSES,
  PAYMENT_OPTIONS,
  PAYMENT_PROVIDERS,
  RECORD_KINDS,
  SOCIAL_PROVIDERS,
} from './enum-values.ts';

// The zod enums of spec §3, made from the arrays of enum-values.ts (which this module re-exports, for the server and
// the contract's schemas). The web imports enum-values.ts, never this module (biome.json): see why there.
export * from './console-enum-values.ts';
export * from './enum-values.ts';

export const UserTypeSchema = z.enum(USER_TYPES);
export const AppTypeSchema = z.enum(APP_TYPES);
export const FuelTypeSchema = z.enum(FUEL_TYPES);
export const GearboxSchema = z.enum(GEARBOXES);
export const FuelPolicySchema = z.enum(FUEL_POLICIES);
export const CarRangeSchema = z.enum(CAR_RANGES);
export const CarOptionSchema = z.enum(CAR_OPTIONS);
export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
/** What an operator may set by hand (the counter's statuses are reached through the counter only). */
export const OperatorStatusSchema = z.enum(OPERATOR_STATUSES);
export const PaymentOptionSchema = z.enum(PAYMENT_OPTIONS);
export const AvailabilitySchema = z.enum(AVAILABILITIES);
export const AvailabilityLabelSchema = z.enum(AVAILABILITY_LABELS);
export const MileageKindSchema = z.enum(MILEAGE_KINDS);
export const RecordKindSchema = z.enum(RECORD_KINDS);
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export const LanguageSchema = z.enum(LANGUAGES);
