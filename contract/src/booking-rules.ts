import type { z } from 'zod';
import type {
  RunTimeSettingsSchema,
  RunTimeSettingsStateSchema,
  UpdateRunTimeSettingsBodySchema,
} from './booking-rules.schema.ts';

// The booking rules: the time, age and paging rules of every deployment (spec §5, §9 constants), and the rules the
// admin changes at run time, without a restart — each has the deployment's value (configuration and the constants)
// and, once the admin sets it, the admin's value, which `GET /api/settings`, search and checkout use from the next
// call on, in every server process. Without zod: the search form reads them with its first paint. The schemas are in
// booking-rules.schema.ts.

/** Booking time rules shared by the search form and the server (spec §5 date messages). */
export const BOOKING_RULES = {
  minPickupLeadHours: 1,
  minRentalHours: 1,
  /** The longest rental one booking may be: a quarter (the admin changes it: console, booking rules). */
  maxRentalDays: 90,
  earliestHour: 7,
  latestHour: 22,
  /** A new car's minimum driver age (spec §5: 21); each car sets its own, from `LOWEST_DRIVER_AGE` on. */
  minDriverAge: 21,
  minPasswordLength: 6,
  cancellationThresholdHours: 24,
  depositThresholds: [250, 500, 750],
  pageSize: { general: 30, cars: 15, bookings: 20, bookingsMobile: 10, notifications: 30 },
} as const;

/**
 * The youngest minimum age a car may set, and the site-wide floor of an account's age (sign-up, profile). Apart from
 * BOOKING_RULES, which every route's first load carries: only the screens that check it load it.
 */
export const LOWEST_DRIVER_AGE = 18;

/** The rental period rules of every deployment (spec §9 constants), as the settings give them to the screens. */
export const RENTAL_PERIOD_RULES = {
  minPickupLeadHours: BOOKING_RULES.minPickupLeadHours,
  minRentalHours: BOOKING_RULES.minRentalHours,
  maxRentalDays: BOOKING_RULES.maxRentalDays,
  earliestPickupHour: BOOKING_RULES.earliestHour,
  latestPickupHour: BOOKING_RULES.latestHour,
  earliestDropoffHour: BOOKING_RULES.earliestHour,
  latestDropoffHour: BOOKING_RULES.latestHour,
};

/**
 * The booking rules the admin may change at run time, each with the values it may take: whole hours (opening hours:
 * an hour of the day, both ends included, an overnight window allowed), and minutes for the hold. The schema
 * (booking-rules.schema.ts) holds them; the admin's form says them.
 */
export const RUN_TIME_SETTING_RANGES = {
  minPickupLeadHours: { min: 0, max: 24 * 14 },
  minRentalHours: { min: 1, max: 24 * 30 },
  /** The longest rental, in days (second audit, item 10: a checkout to the year 2327 held a car for 300 years). */
  maxRentalDays: { min: 1, max: 366 },
  earliestPickupHour: { min: 0, max: 23 },
  latestPickupHour: { min: 0, max: 23 },
  earliestDropoffHour: { min: 0, max: 23 },
  latestDropoffHour: { min: 0, max: 23 },
  holdMinutes: { min: 5, max: 24 * 60 },
} as const;
export type RunTimeSettingKey = keyof typeof RUN_TIME_SETTING_RANGES;
export const RUN_TIME_SETTING_KEYS = Object.keys(RUN_TIME_SETTING_RANGES) as RunTimeSettingKey[];

/** The opening hours come in pairs: the earliest and the latest hour of each. */
export const HOUR_PAIRS = [
  ['earliestPickupHour', 'latestPickupHour'],
  ['earliestDropoffHour', 'latestDropoffHour'],
] as const satisfies readonly (readonly [RunTimeSettingKey, RunTimeSettingKey])[];

/** The rules' own messages, in the spec's English; the admin's form shows them translated. */
export const RULE_MESSAGES = {
  /** A whole number in the rule's range ("1,5" is read as 1.5, which is not one). */
  wholeNumber: (min: number, max: number) => `Please enter a whole number from ${min} to ${max}.`,
  /** An earliest hour later than the latest of its pair: both hours named, at both fields. */
  hoursOrder: (earliest: number, latest: number) =>
    `The earliest hour (${earliest}:00) must not be later than the latest hour (${latest}:00).`,
} as const;

/** The pairs whose earliest hour is later than their latest: field → message, at both fields of each. */
export function hourOrderIssues(values: Readonly<Record<RunTimeSettingKey, number>>): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  for (const [earliest, latest] of HOUR_PAIRS) {
    if (values[earliest] <= values[latest]) continue;
    const message = RULE_MESSAGES.hoursOrder(values[earliest], values[latest]);
    issues[earliest] = [message];
    issues[latest] = [message];
  }
  return issues;
}

export type RunTimeSettings = z.infer<typeof RunTimeSettingsSchema>;
export type RunTimeSettingsState = z.infer<typeof RunTimeSettingsStateSchema>;
export type UpdateRunTimeSettingsBody = z.infer<typeof UpdateRunTimeSettingsBodySchema>;
