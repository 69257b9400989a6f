// ARCHITECTURE §7: gzipped JS a first visit to each route downloads, in KB (decided 2026-11-24: `/` ≤ 145, the
// other customer routes ≤ 155).
export const BUDGET_KB = { '/': 145, '/search': 155, '/checkout': 155, '/bookings': 155 };
