// ARCHITECTURE §7: gzipped JS a first visit to each route downloads, in KB.
export const BUDGET_KB = { '/': 100, '/search': 150, '/checkout': 150, '/bookings': 150 };
