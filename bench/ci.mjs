// CI's bench step (`.ci/run`, after `npm test` built the app): the per-route JS of docs/architecture.md §7, which costs a
// second to measure, held to its budget and to a ratchet. Every customer route's figure is recorded in
// ci-baseline.json; a route may not grow past its record, even within its budget, unless the change that grows it
// records the new figure there and writes why in bench/README.md ("Route JS ratchet"). The console's first loads
// are held to their budget; and no console module may be in the customer app's build, which is its own
// (web/vite.console.config.ts): a customer module that imported one would bring it in. `npm run bench` stays the
// full measurement.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { budgetOf } from './budgets.mjs';
import { consoleModulesInCustomerBuild, routeBundleSizes } from './bundle-size.mjs';

const here = import.meta.dirname;
const webDist = path.resolve(here, '../web/dist');
const baseline = JSON.parse(readFileSync(path.join(here, 'ci-baseline.json'), 'utf8'));
const sizes = routeBundleSizes(webDist);

const rows = Object.entries(sizes).map(([route, { gzipBytes, kind }]) => {
  const kb = Number((gzipBytes / 1000).toFixed(1));
  const budget = budgetOf(route, kind);
  const recorded = kind === 'customer' ? (baseline.routeJsKB[route] ?? null) : null;
  return {
    route,
    gzipB: gzipBytes,
    gzipKB: kb,
    budgetKB: budget,
    recordedKB: recorded,
    ok: kb <= budget && (kind === 'console' || (recorded !== null && kb <= recorded)),
  };
});
console.table(rows);
const failed = rows.filter((row) => !row.ok);
for (const row of failed) {
  if (row.gzipKB > row.budgetKB)
    console.error(`route JS budget missed: ${row.route} ${row.gzipKB} KB > ${row.budgetKB} KB`);
  else if (row.recordedKB === null) console.error(`route JS of ${row.route} is not recorded in bench/ci-baseline.json`);
  else
    console.error(
      `route JS grew: ${row.route} ${row.gzipKB} KB > the recorded ${row.recordedKB} KB (budget ${row.budgetKB} KB): ` +
        'record the new figure in bench/ci-baseline.json and say why in bench/README.md',
    );
}
const shrunk = rows.filter((row) => row.ok && row.recordedKB !== null && row.gzipKB < row.recordedKB);
for (const row of shrunk)
  console.log(`${row.route} shrank to ${row.gzipKB} KB: lower its record in bench/ci-baseline.json`);
const leaks = consoleModulesInCustomerBuild(webDist);
for (const { file, module } of leaks) console.error(`console module in the customer app's build: ${module} in ${file}`);
if (failed.length > 0 || leaks.length > 0) process.exit(1);
