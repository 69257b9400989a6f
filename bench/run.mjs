// `npm run bench [-- --light | --scale=N]`: measures what docs/architecture.md §7 budgets, writes bench/results/*.json, exits non-zero
// when a budget is missed. Per-route JS here, then each script of SCRIPTS in turn (`--light` and `--scale=N` are passed through):
// Lighthouse mobile, API load, booking contention, the counter, two processes on one PostgreSQL.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { budgetOf } from './budgets.mjs';
import { routeBundleSizes } from './bundle-size.mjs';

const here = import.meta.dirname;

const sizes = routeBundleSizes(path.resolve(here, '../web/dist'));
const rows = Object.entries(sizes).map(([route, { gzipBytes, chunks, kind }]) => {
  const kb = gzipBytes / 1000;
  const budgetKB = budgetOf(route, kind);
  return { route, gzipKB: Number(kb.toFixed(1)), chunks, budgetKB, ok: kb <= budgetKB };
});
// Every chunk each route downloads, largest first: where the bytes are (bench/README.md).
const chunksByRoute = Object.fromEntries(
  Object.entries(sizes).map(([route, { files }]) => [
    route,
    files.map(({ file, gzipBytes }) => ({ file, gzipKB: Number((gzipBytes / 1000).toFixed(2)) })),
  ]),
);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(
  path.join(here, 'results/bundle-size.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rows, chunksByRoute }, null, 2)}\n`,
);
console.table(rows);
const missed = rows.filter((row) => !row.ok);
let failed = missed.length > 0;
if (failed) {
  console.error(
    `budget missed: ${missed.map((row) => `${row.route} ${row.gzipKB} KB > ${row.budgetKB} KB`).join('; ')}`,
  );
}

const SCRIPTS = ['lighthouse.mjs', 'api-load.mjs', 'contention.mjs', 'counter.mjs', 'two-processes.mjs'];
const passThrough = process.argv.slice(2).filter((arg) => arg === '--light' || arg.startsWith('--scale='));
for (const script of SCRIPTS) {
  const started = Date.now();
  const { status } = spawnSync(process.execPath, [path.join(here, script), ...passThrough], { stdio: 'inherit' });
  console.log(`${script}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  failed ||= status !== 0;
}
if (failed) process.exit(1);
