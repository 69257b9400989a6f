// `npm run bench [-- --light]`: measures what ARCHITECTURE §7 budgets, writes bench/results/*.json, exits non-zero
// when a budget is missed: per-route JS, then Lighthouse mobile (lighthouse.mjs; --light = one run per page).
import { spawnSync } from 'node:child_process';
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
if (missed.length > 0) {
  console.error(
    `budget missed: ${missed.map((row) => `${row.route} ${row.gzipKB} KB > ${row.budgetKB} KB`).join('; ')}`,
  );
  process.exitCode = 1;
}

const lighthouse = spawnSync(
  process.execPath,
  [path.join(here, 'lighthouse.mjs'), ...process.argv.slice(2).filter((arg) => arg === '--light')],
  { stdio: 'inherit' },
);
if (lighthouse.status !== 0) process.exitCode = 1;
