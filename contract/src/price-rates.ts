// Without zod, like enum-values.ts, and a module of its own: only the console and the server read it, and a value
// of enum-values.ts is in every customer's first download.

/** Spec §3's five rates, each with its discounted variant, in the spec's order. */
export const PRICE_RATES = [
  ['hourlyPrice', 'discountedHourlyPrice'],
  ['dailyPrice', 'discountedDailyPrice'],
  ['weeklyPrice', 'discountedWeeklyPrice'],
  ['biWeeklyPrice', 'discountedBiWeeklyPrice'],
  ['monthlyPrice', 'discountedMonthlyPrice'],
] as const;
export type RateField = (typeof PRICE_RATES)[number][number];
/** The ten rate fields of a car, one list. */
export const RATE_FIELDS: readonly RateField[] = /* @__PURE__ */ PRICE_RATES.flat();
