// CI's bench step (`.ci/run`, after `npm test` built the app): the per-route JS of ARCHITECTURE §7, which costs a
// second to measure, held to a ratchet. A route within its budget must stay within it; a route over its budget (a
// known miss, recorded with its measured size in ci-baseline.json and explained in bench/README.md) must not grow
// past that record. `npm run bench` stays the strict, full measurement: it fails on every missed budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUDGET_KB } from './budgets.mjs';
import { routeBundleSizes } from './bundle-size.mjs';

const here = import.meta.dirname;
const baseline = JSON.parse(readFileSync(path.join(here, 'ci-baseline.json'), 'utf8'));
const sizes = routeBundleSizes(path.resolve(here, '../web/dist'));

const rows = Object.entries(sizes).map(([route, { gzipBytes }]) => {
  const kb = Number((gzipBytes / 1000).toFixed(1));
  const budget = BUDGET_KB[route];
  const known = baseline.routeJsKB[route];
  const limit = kb <= budget ? budget : (known ?? budget);
  return { route, gzipKB: kb, budgetKB: budget, knownMissKB: known ?? null, ok: kb <= limit };
});
console.table(rows);
const failed = rows.filter((row) => !row.ok);
if (failed.length > 0) {
  for (const row of failed) {
    console.error(
      row.knownMissKB === null
        ? `route JS budget missed: ${row.route} ${row.gzipKB} KB > ${row.budgetKB} KB`
        : `route JS grew: ${row.route} ${row.gzipKB} KB > the recorded ${row.knownMissKB} KB (budget ${row.budgetKB} KB)`,
    );
  }
  process.exit(1);
}
