// CI's bench step (`.ci/run`, after `npm test` built the app): the per-route JS of ARCHITECTURE §7, which costs a
// second to measure, held to its budget and to a ratchet. Every customer route's figure is recorded in
// ci-baseline.json; a route may not grow past its record, even within its budget, unless the change that grows it
// records the new figure there and writes why in bench/README.md ("Route JS ratchet"). Operator screens (issue #23)
// are held to their budget, and no operator module may be in a chunk a customer route downloads (the console adds
// 0 bytes to them): every chunk a customer route downloads must be exactly the one the build without the console
// gives (the web's build makes both: web/package.json, web/vite.config.ts). `npm run bench` stays the full measurement.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { budgetOf } from './budgets.mjs';
import { customerChunkDifferences, operatorModulesInCustomerRoutes, routeBundleSizes } from './bundle-size.mjs';

const here = import.meta.dirname;
const webDist = path.resolve(here, '../web/dist');
const customerDist = path.resolve(here, '../web/dist-no-console');
const baseline = JSON.parse(readFileSync(path.join(here, 'ci-baseline.json'), 'utf8'));
const sizes = routeBundleSizes(webDist);
const withoutConsole = routeBundleSizes(customerDist, { customerOnly: true });

const rows = Object.entries(sizes).map(([route, { gzipBytes, kind }]) => {
  const kb = Number((gzipBytes / 1000).toFixed(1));
  const budget = budgetOf(route, kind);
  const recorded = kind === 'customer' ? (baseline.routeJsKB[route] ?? null) : null;
  return {
    route,
    gzipKB: kb,
    budgetKB: budget,
    recordedKB: recorded,
    withoutConsoleB: kind === 'customer' ? withoutConsole[route].gzipBytes : null,
    ok: kb <= budget && (kind === 'operator' || (recorded !== null && kb <= recorded)),
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
const leaks = operatorModulesInCustomerRoutes(webDist, sizes);
for (const { route, file, module } of leaks)
  console.error(`operator module in a customer route: ${module} is in ${file}, which ${route} downloads`);
// A customer route's chunks must be the same with the console as without; the lazily loaded ones are listed (the
// form schemas' zod chunk exports more for the console's schemas: bench/README.md, "Operator console").
const routeFiles = new Set(Object.values(withoutConsole).flatMap(({ files }) => files.map(({ file }) => file)));
const differences = customerChunkDifferences(webDist, customerDist);
const inRoutes = differences.filter(({ chunk }) => routeFiles.has(chunk));
for (const { chunk, difference } of inRoutes)
  console.error(`the console changes a customer route's chunk: ${chunk} (built without the console): ${difference}`);
const lazy = differences.filter(({ chunk }) => !routeFiles.has(chunk)).map(({ chunk }) => path.basename(chunk));
if (lazy.length > 0) console.log(`lazily loaded customer chunks the console changes: ${lazy.join(', ')}`);
if (failed.length > 0 || leaks.length > 0 || inRoutes.length > 0) process.exit(1);
