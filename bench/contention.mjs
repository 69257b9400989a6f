// Booking contention (docs/architecture.md §7, §5 "No double booking, ever"): 200 concurrent checkouts of one car and one
// period over HTTP against the built server, by 200 guests, each from a loopback address of its own (one address
// keeps only a few unpaid bookings and makes 10 checkouts a minute — here only the car is contended),
// with the Origin header a browser on our site sends → exactly 1 succeeds (201), the others are 409
// CAR_UNAVAILABLE, no 5xx. On PGlite and on PostgreSQL. Writes bench/results/contention.json; exits non-zero on a
// miss.
//
//   node bench/contention.mjs [--light] [--db=pglite|postgres]
//
// --light changes nothing but the results file (the run is already short). Needs `npm run build` first.
// PostgreSQL: BENCH_DATABASE_URL (a fresh database is created on it), else a throw-away cluster on BENCH_PG_PORT.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addressOf, postFrom } from './lib/http.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { startServer } from './lib/server.mjs';

const here = import.meta.dirname;
const light = process.argv.includes('--light');
const dbArg = process.argv.find((arg) => arg.startsWith('--db='))?.slice(5);
const DATABASES = dbArg ? [dbArg] : ['pglite', 'postgres'];
const CONCURRENT = 200;
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 1;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54341);
const day = 24 * 3600_000;

/** A car a guest aged 36 can book at the first location, found the way a driver finds one: by searching. */
async function pickCar(origin, pickupAt, dropoffAt) {
  const locations = await (await fetch(`${origin}/api/locations?language=en`)).json();
  for (const location of locations) {
    const res = await fetch(`${origin}/api/search-cars/1/100`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ pickupLocationId: location._id, dropoffLocationId: location._id, pickupAt, dropoffAt }),
    });
    const { results } = await res.json();
    const car = results?.find((c) => c.bookable && !c.supplier.licenseRequired && c.minimumAge <= 25);
    if (car) return { car, location };
  }
  throw new Error('no bookable car found');
}

async function contend(origin) {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const pickupAt = new Date(today + 40 * day + 9 * 3600_000).toISOString();
  const dropoffAt = new Date(today + 43 * day + 9 * 3600_000).toISOString();
  const { car, location } = await pickCar(origin, pickupAt, dropoffAt);
  const body = (i) => ({
    carId: car._id,
    pickupLocationId: location._id,
    dropoffLocationId: location._id,
    pickupAt,
    dropoffAt,
    extras: {},
    // Pay later (a pending booking) and online payment (a void booking holding the car) race each other.
    paymentOption: car.supplier.payLater && i % 3 === 0 ? 'payLater' : 'full',
    currency: 'EUR',
    driver: {
      fullName: `Guest ${i}`,
      email: `contender-${i}@roam.localhost`,
      phone: '+33 6 12 34 56 78',
      birthDate: '1990-05-06',
      acceptTerms: true,
    },
  });
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, i) => {
      const sent = performance.now();
      try {
        const { status, json } = await postFrom(`${origin}/api/checkout`, origin, addressOf(i), body(i));
        return { status, code: json.code ?? null, ms: performance.now() - sent };
      } catch (error) {
        return { status: 0, code: String(error.cause?.code ?? error.message), ms: performance.now() - sent };
      }
    }),
  );
  const wallMs = performance.now() - started;
  const byStatus = {};
  for (const { status, code } of outcomes) {
    const key = status === 201 ? '201' : `${status} ${code ?? ''}`.trim();
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  const succeeded = outcomes.filter((o) => o.status === 201).length;
  const unavailable = outcomes.filter((o) => o.status === 409 && o.code === 'CAR_UNAVAILABLE').length;
  const serverErrors = outcomes.filter((o) => o.status >= 500 || o.status === 0).length;
  const misses = [];
  if (succeeded !== 1) misses.push(`${succeeded} checkouts succeeded, expected exactly 1`);
  if (serverErrors > 0) misses.push(`${serverErrors} server errors or failed requests`);
  if (unavailable !== CONCURRENT - 1)
    misses.push(`${unavailable} answered 409 CAR_UNAVAILABLE, expected ${CONCURRENT - 1}`);
  return {
    concurrent: CONCURRENT,
    car: car.name,
    succeeded,
    unavailable,
    serverErrors,
    byStatus,
    wallMs: Math.round(wallMs),
    latencyMs: { p50: at(0.5), p99: at(0.99), max: Math.round(times.at(-1)) },
    ok: misses.length === 0,
    misses,
  };
}

async function run(kind) {
  const started = Date.now();
  let server;
  let cleanup;
  try {
    if (kind === 'pglite') {
      const dataDir = mkdtempSync('/tmp/roam-bench-contention-');
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
      server = await startServer({ port: PORT, database: { dataDir } });
    } else {
      const cluster = await startPostgres({ port: PG_PORT, name: 'roam-bench-contention' });
      cleanup = cluster.stop;
      server = await startServer({ port: PORT, database: { url: cluster.url } });
    }
    const result = await contend(server.origin);
    return { database: kind, serverStartMs: server.startedInMs, ...result, totalMs: Date.now() - started };
  } finally {
    await server?.stop();
    await cleanup?.();
  }
}

const runs = [];
for (const kind of DATABASES) runs.push(await run(kind));
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(
  path.join(here, `results/contention${light ? '-light' : ''}.json`),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), runs }, null, 2)}\n`,
);
console.table(
  runs.map(({ database, succeeded, unavailable, serverErrors, wallMs, latencyMs }) => ({
    database,
    succeeded,
    '409 CAR_UNAVAILABLE': unavailable,
    '5xx': serverErrors,
    'wall ms': wallMs,
    'p50 ms': latencyMs.p50,
    'p99 ms': latencyMs.p99,
  })),
);
const missed = runs.flatMap((run) => run.misses.map((miss) => `${run.database}: ${miss}`));
if (missed.length > 0) {
  console.error(`contention budget missed: ${missed.join('; ')}`);
  process.exit(1);
}
