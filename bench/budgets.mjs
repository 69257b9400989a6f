// docs/architecture.md §7: gzipped JS a first visit to each route downloads, in KB (decided 2026-11-24: `/` ≤ 145, the
// other customer routes ≤ 155; the console's first load — its own app, with its own copy of React and the
// libraries — ≤ 250 on any /operator/... screen).
export const BUDGET_KB = { '/': 145, '/search': 155, '/checkout': 155, '/bookings': 155 };
export const CONSOLE_BUDGET_KB = 250;

/** The budget of a route of bundle-size.mjs. */
export const budgetOf = (route, kind) => (kind === 'console' ? CONSOLE_BUDGET_KB : BUDGET_KB[route]);
