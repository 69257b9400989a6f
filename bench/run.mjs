// `npm run bench`: measures what ARCHITECTURE §7 budgets, writes bench/results/*.json, exits non-zero when a
// budget is missed. Today: per-route JS. Lighthouse, API load and booking contention are issue #8.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routeBundleSizes } from './bundle-size.mjs';

const here = import.meta.dirname;
const BUDGET_KB = { '/': 100, '/search': 150, '/checkout': 150, '/bookings': 150 };

const sizes = routeBundleSizes(path.resolve(here, '../web/dist'));
const rows = Object.entries(sizes).map(([route, { gzipBytes, chunks }]) => {
  const kb = gzipBytes / 1000;
  return { route, gzipKB: Number(kb.toFixed(1)), chunks, budgetKB: BUDGET_KB[route], ok: kb <= BUDGET_KB[route] };
});
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(
  path.join(here, 'results/bundle-size.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`,
);
console.table(rows);
const missed = rows.filter((row) => !row.ok);
if (missed.length > 0) {
  console.error(
    `budget missed: ${missed.map((row) => `${row.route} ${row.gzipKB} KB > ${row.budgetKB} KB`).join('; ')}`,
  );
  process.exit(1);
}
