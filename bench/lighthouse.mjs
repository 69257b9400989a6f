// Lighthouse mobile (docs/architecture.md §7) on `/`, `/search` and `/checkout` of the built app with the demo data:
// `node bench/lighthouse.mjs [--light]`. Starts server/dist/main.js on a fresh data directory and a free port,
// Debian's Chromium headless, Lighthouse's default mobile form factor and simulated throttling; the median of 3
// runs per page (1 with --light). Writes bench/results/lighthouse.json and exits non-zero when a budget is missed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import lighthouse from 'lighthouse';

const here = import.meta.dirname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = process.argv.includes('--light') ? 1 : 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse's own threshold (SLOW_CPU_BENCHMARK_INDEX_THRESHOLD in core/gather/driver/environment.js). */
const SLOW_HOST_BENCHMARK_INDEX = 1000;
/** Minimum score (0–100) per category; a page not listed for a category is recorded, not asserted. */
const BUDGETS = {
  '/': { performance: 95, accessibility: 100, 'best-practices': 100 },
  '/search': { performance: 95, accessibility: 100, 'best-practices': 100 },
  '/checkout': { accessibility: 100, 'best-practices': 100 },
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitFor(check, what, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A plain grey 256×256 PNG: map tiles are served locally so that nothing leaves the machine. */
function greyTile() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(257 * 256, 0xe5);
  for (let row = 0; row < 256; row++) rows[row * 257] = 0; // filter byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function startServer() {
  const serverMain = path.resolve(here, '../server/dist/main.js');
  if (!existsSync(serverMain)) throw new Error('server/dist/main.js missing: run `npm run build` first');
  const tile = greyTile();
  const tiles = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' });
    response.end(tile);
  });
  const tilePort = await freePort();
  await new Promise((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));
  const port = Number(process.env.LIGHTHOUSE_PORT) || (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roam-lighthouse-'));
  const server = spawn(process.execPath, [serverMain], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // What production requires (README "Production"); nothing here signs in or sends an e-mail.
      PUBLIC_URL: 'https://roam.example',
      SESSION_SECRET: 'lighthouse-session-secret-of-at-least-32-characters',
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'Roam <no-reply@roam.example>',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      HIDE_SUPPLIERS: 'false',
      LOG_LEVEL: 'warn',
      RATE_PROVIDERS: 'none',
      MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    tiles.close();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A fresh data directory is migrated and seeded first: over a minute on a busy 2-core machine.
    await waitFor(async () => (await fetch(`${origin}/api/health`)).ok, 'the server', 300_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

async function startChromium() {
  const profile = mkdtempSync(path.join(tmpdir(), 'roam-lighthouse-chromium-'));
  const chromium = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const activePort = path.join(profile, 'DevToolsActivePort');
  const port = await waitFor(
    () => existsSync(activePort) && Number(readFileSync(activePort, 'utf8').split('\n')[0]),
    'Chromium',
  );
  const stop = async () => {
    if (chromium.exitCode === null) {
      const exited = new Promise((resolve) => chromium.once('exit', resolve));
      chromium.kill('SIGTERM');
      await exited;
    }
    // Chromium's helper processes can still be writing its cache when the browser process has exited: removing the
    // profile then fails with ENOTEMPTY (sessions 5 and 9, the second despite 2 s of retries). A temporary directory
    // left behind must not throw the runs' results away: it is reported and left.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`Chromium's temporary profile ${profile} was not removed: ${error.message}`);
    }
  };
  return { port, stop };
}

/** Real addresses in the demo data: Paris CDG, three days from a week ahead, and the Renault Clio there. */
async function demoPages(origin) {
  const locations = await (await fetch(`${origin}/api/locations?q=Charles`)).json();
  const paris = locations.find((location) => location.name === 'Paris Charles de Gaulle Airport');
  if (!paris) throw new Error('Paris Charles de Gaulle Airport is not in the demo data');
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 7);
  start.setUTCHours(9, 0, 0, 0);
  const end = new Date(start.getTime() + 3 * 24 * 3600 * 1000);
  const criteria = {
    pickupLocationId: paris._id,
    dropoffLocationId: paris._id,
    pickupAt: start.toISOString(),
    dropoffAt: end.toISOString(),
  };
  const answer = await fetch(`${origin}/api/search-cars/1/50`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(criteria),
  });
  const body = await answer.json();
  const cars = Array.isArray(body) ? body : (body.results ?? body.cars ?? body.items ?? []);
  const clio = cars.find((car) => car.name === 'Renault Clio');
  if (!clio) throw new Error(`the Renault Clio is not in the search results (${answer.status})`);
  return {
    '/': '/',
    '/search': `/search?${new URLSearchParams(criteria)}`,
    '/checkout': `/checkout?${new URLSearchParams({ carId: clio._id, ...criteria })}`,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  // LIGHTHOUSE_ORIGIN measures a server already running (with the demo data) instead of starting one.
  const server = process.env.LIGHTHOUSE_ORIGIN
    ? { origin: process.env.LIGHTHOUSE_ORIGIN.replace(/\/$/, ''), stop: async () => {} }
    : await startServer();
  const chromium = await startChromium().catch(async (error) => {
    await server.stop();
    throw error;
  });
  const pages = [];
  try {
    const addresses = await demoPages(server.origin);
    for (const [page, address] of Object.entries(addresses)) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${server.origin}${address}`, {
          port: chromium.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: CATEGORIES,
        });
        const { lhr } = result;
        // LIGHTHOUSE_REPORT_DIR keeps every full report (JSON) for a closer look.
        if (process.env.LIGHTHOUSE_REPORT_DIR) {
          mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
          const name = `${page === '/' ? 'home' : page.slice(1)}-${run + 1}.json`;
          writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), result.report);
        }
        if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
        const scores = Object.fromEntries(
          CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
        );
        const failed = Object.values(lhr.audits)
          .filter((audit) => audit.scoreDisplayMode !== 'informative' && audit.score !== null && audit.score < 1)
          .filter((audit) => audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable')
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        const metrics = Object.fromEntries(
          ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
            (id) => [
              id,
              lhr.audits[id]?.numericValue === undefined ? null : Number(lhr.audits[id].numericValue.toFixed(3)),
            ],
          ),
        );
        // Lighthouse's CPU benchmark of this machine at the time (a fast desktop scores ~1500–2500): simulated
        // throttling slows the observed CPU work 4×, so a busy or slow machine scores lower than a user's phone would.
        // At or below 1000, Lighthouse's command line warns that the device is slower than its simulation expects
        // (its docs/throttling.md); its Node API does not, so the run is flagged here. The budget still applies.
        const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
        const slowHost = benchmarkIndex <= SLOW_HOST_BENCHMARK_INDEX;
        runs.push({ scores, metrics, failed, benchmarkIndex, slowHost });
        console.log(`${page} run ${run + 1}/${RUNS}:`, JSON.stringify(scores));
        if (slowHost) {
          console.warn(
            `${page} run ${run + 1}/${RUNS}: benchmarkIndex ${benchmarkIndex} ≤ ${SLOW_HOST_BENCHMARK_INDEX}, a slower CPU than Lighthouse's simulation expects: its performance score reads low`,
          );
        }
      }
      // Median per category across the runs; the audits missed are those of the run with the median performance.
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
      );
      const medianRun = runs.find((run) => run.scores.performance === scores.performance) ?? runs[0];
      const budgets = BUDGETS[page] ?? {};
      const misses = Object.entries(budgets)
        .filter(([category, minimum]) => scores[category] < minimum)
        .map(([category, minimum]) => `${page} ${category} ${scores[category]} < ${minimum}`);
      pages.push({
        page,
        url: address,
        scores,
        budgets,
        ok: misses.length === 0,
        misses,
        metrics: medianRun.metrics,
        auditsBelowFull: medianRun.failed,
        runs: runs.map((run) => ({ ...run.scores, benchmarkIndex: run.benchmarkIndex, slowHost: run.slowHost })),
      });
    }
  } finally {
    // The server is stopped even when Chromium's clean-up fails (an orphaned server outlived such a failure).
    await chromium.stop().finally(() => server.stop());
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results/lighthouse.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), runsPerPage: RUNS, formFactor: 'mobile', pages }, null, 2)}\n`,
  );
  console.table(pages.map(({ page, scores, ok }) => ({ page, ...scores, ok })));
  for (const { page, auditsBelowFull } of pages)
    console.log(`${page} audits below full marks:`, auditsBelowFull.join(', '));
  const misses = pages.flatMap((page) => page.misses);
  if (misses.length > 0) {
    console.error(`budget missed: ${misses.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
