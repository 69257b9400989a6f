// The operator console's enums (issue #23), in a module without zod: the console's screens list them (filters,
// choices) and import them statically, and a schema module (fleet.ts, car-blocks.ts) imported by a screen keeps the
// schemas of enums.ts — which is in the web's entry chunk — and zod with them there: +25 KB gzip on every customer
// route (ARCHITECTURE §7). The schemas are made from these lists in fleet.ts and car-blocks.ts.

/** What an operator sets on a car: spec §3's two values and 'Coming Soon'. */
export const CAR_AVAILABILITIES = ['available', 'unavailable', 'comingSoon'] as const;
export type CarAvailability = (typeof CAR_AVAILABILITIES)[number];

export const OPERATOR_CAR_SORTS = ['name', 'nameDesc', 'priceAsc', 'priceDesc', 'newest'] as const;

/** Why an operator blocks a car; the web shows each in the reader's language. */
export const BLOCK_REASONS = ['maintenance', 'privateUse', 'other'] as const;
