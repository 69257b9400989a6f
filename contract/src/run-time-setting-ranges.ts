// Without zod, like enum-values.ts and booking-rules.ts: the admin's form reads these, and a module of its own keeps
// them out of the first download every customer makes (booking-rules.ts is in it).

/**
 * The booking rules the admin may change at run time (issue #24 item 7), each with the values it may take: whole
 * hours (opening hours: an hour of the day, both ends included, an overnight window allowed), and minutes for the
 * hold. The contract's schema (run-time-settings.ts) holds them; the admin's form says them.
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
