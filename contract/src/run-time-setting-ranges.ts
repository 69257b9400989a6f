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
