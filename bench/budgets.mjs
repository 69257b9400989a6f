// ARCHITECTURE §7: gzipped JS a first visit to each route downloads, in KB (decided 2026-11-24: `/` ≤ 145, the
// other customer routes ≤ 155; any /operator/... screen ≤ 250, adding 0 bytes to the customer routes).
export const BUDGET_KB = { '/': 145, '/search': 155, '/checkout': 155, '/bookings': 155 };
export const OPERATOR_BUDGET_KB = 250;

/** The budget of a route of bundle-size.mjs. */
export const budgetOf = (route, kind) => (kind === 'operator' ? OPERATOR_BUDGET_KB : BUDGET_KB[route]);
