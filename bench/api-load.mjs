// Car search API load (docs/architecture.md §7): on a generated 10k cars / 200k bookings dataset, the search call of the
// search screen (POST /api/search-cars/:page/:size, varied places, dates, filters, sorts and pages) and a trivial
// route (GET /api/health, one database round trip) are measured in the same run with autocannon at 50 connections,
// on PGlite and on PostgreSQL. Budget: search p99 ≤ 50 ms and search req/s ≥ 25 % of the trivial route's.
// The operator's cars list (POST /api/cars/:page/:size; the demo supplier's ~1,250 cars and the admin's
// 10k, varied filters, sorts and pages) is measured the same way at 10 connections — a rental business's operators
// at their screens, not a crowd of drivers — and, for comparison, at 50. Budget: p99 ≤ 200 ms (operator lists) at 10.
// The scheduler's pages and the dashboard (lib/operator-screens.mjs) likewise at 10, each also one request
// at a time (its service time, the 'visible page' budget of the scheduler: < 200 ms). The bookings desk's list
// (docs/architecture.md §5: searched, filtered, sorted, paged, lib/operator-screens.mjs) likewise, budget p99 ≤ 200 ms.
// Writes bench/results/api-load.json; exits non-zero when a budget is missed.
//
//   node bench/api-load.mjs [--light | --scale=N] [--db=pglite|postgres] [--only=operator]
//
// --scale=N: N times the 10k / 200k dataset (BENCH_CARS / BENCH_BOOKINGS set the sizes exactly); the results file is
// named by the car count (results/api-load-100k.json at --scale=10). Each run also reports the server process's
// start-up time (spawn to ready) and peak RSS.
//
// --only=operator: the operator's calls alone (cars list, scheduler, dashboard), not the search and trivial route.
//
// --light (CI): 2,000 cars / 40,000 bookings and short runs. Needs `npm run build` first (server/dist/main.js).
// PostgreSQL: BENCH_DATABASE_URL (a fresh database is created on it and dropped), else a throw-away cluster of
// Debian's binaries on BENCH_PG_PORT (54341). The server listens on BENCH_PORT (3400).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { datasetSizes, generatePglite, postgresDataset } from './lib/dataset.mjs';
import { dashboardRequests, deskRequests, otherListRequests, schedulerRequests } from './lib/operator-screens.mjs';
import { startServer } from './lib/server.mjs';

const here = import.meta.dirname;
const light = process.argv.includes('--light');
const dbArg = process.argv.find((arg) => arg.startsWith('--db='))?.slice(5);
const DATABASES = dbArg ? [dbArg] : ['pglite', 'postgres'];
const operatorOnly = process.argv.includes('--only=operator');
/** --dataset-only: generate the dataset (kept with BENCH_DATASET_DB, lib/postgres.mjs) and stop, measuring nothing. */
const datasetOnly = process.argv.includes('--dataset-only');
const SIZES = datasetSizes(light);
const SCALE_TAG = SIZES.cars === (light ? 2_000 : 10_000) ? '' : `-${SIZES.cars / 1000}k`;
const DURATION_S = light ? 4 : 15;
const WARMUP_S = light ? 1 : 3;
const CONNECTIONS = 50;
const OPERATOR_CONNECTIONS = 10;
const PAGE_SIZE = 15; // BOOKING_RULES.pageSize.cars, what the search screen asks for
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54341);
const BUDGET = { p99Ms: 50, minRatio: 0.25, operatorP99Ms: 200 };

const day = 24 * 3600_000;

/** Request bodies a crowd of drivers would send: every place, dates over two months, the common filters. */
async function searchRequests(origin) {
  const locations = await (await fetch(`${origin}/api/locations?language=en`)).json();
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const filterSets = [
    {},
    {},
    {},
    { ranges: ['midi'] },
    { gearboxes: ['automatic'] },
    { ranges: ['mini', 'midi'], sort: 'priceDesc' },
    { fuelTypes: ['electric', 'hybrid'] },
    { sort: 'rating', minRating: 4 },
    { specs: ['aircon', 'doors4plus'], mileage: ['unlimited'] },
    { seats: '5', maxDeposit: 50_000 },
  ];
  const requests = [];
  for (let i = 0; i < 96; i++) {
    const location = locations[(i * 7) % locations.length];
    const pickupAt = today + (1 + ((i * 11) % 60)) * day + 10 * 3600_000;
    const days = 1 + ((i * 5) % 10);
    const page = i % 6 === 5 ? 2 : 1;
    requests.push({
      path: `/api/search-cars/${page}/${PAGE_SIZE}`,
      body: JSON.stringify({
        pickupLocationId: location._id,
        dropoffLocationId: location._id,
        pickupAt: new Date(pickupAt).toISOString(),
        dropoffAt: new Date(pickupAt + days * day).toISOString(),
        ...filterSets[i % filterSets.length],
      }),
    });
  }
  // A supplier filter, as after ticking one supplier in the list.
  const first = await fetch(`${origin}${requests[0].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: requests[0].body,
  });
  const { supplierCounts, totalCount } = await first.json();
  if (!first.ok || !supplierCounts?.length) throw new Error(`search answered ${first.status}, no suppliers`);
  for (const [index, supplier] of supplierCounts.slice(0, 4).entries()) {
    const body = JSON.parse(requests[index * 3].body);
    requests.push({
      path: requests[index * 3].path,
      body: JSON.stringify({ ...body, suppliers: [supplier.supplierId] }),
    });
  }
  return { requests, sampleTotalCount: totalCount };
}

/** Milliseconds from the server's spawn to the answer of its first search (the search index built). */
async function firstSearchAfter(server) {
  const [location] = await (await fetch(`${server.origin}/api/locations?language=en`)).json();
  const pickupAt = Date.now() + 3 * day;
  const res = await fetch(`${server.origin}/api/search-cars/1/${PAGE_SIZE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({
      pickupLocationId: location._id,
      dropoffLocationId: location._id,
      pickupAt: new Date(Math.ceil(pickupAt / 3600_000) * 3600_000).toISOString(),
      dropoffAt: new Date(Math.ceil(pickupAt / 3600_000) * 3600_000 + 2 * day).toISOString(),
    }),
  });
  await res.arrayBuffer();
  return Date.now() - server.spawnedAt;
}

/** A session cookie of a demo account (one sign-in: the rate limit allows 20 a minute). */
async function sessionOf(origin, email, password) {
  const res = await fetch(`${origin}/api/sign-in/frontend`, {
    method: 'POST',
    // The Origin our own page sends: a state-changing call without it is refused.
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password, stayConnected: false }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** The operator's list as the console asks for it: the demo supplier's fleet and the admin's, filtered and paged. */
async function operatorRequests(origin) {
  const supplier = await sessionOf(origin, 'supplier@roam.localhost', 'Supplier-2026!');
  const admin = await sessionOf(origin, 'admin@roam.localhost', 'Admin-2026!');
  const locations = await (await fetch(`${origin}/api/locations?language=en`)).json();
  const bodies = [
    {},
    { sort: 'priceAsc' },
    { sort: 'newest' },
    { keyword: 'clio' },
    { keyword: 'AB-' },
    { ranges: ['midi', 'maxi'] },
    { availability: ['available'], sort: 'priceDesc' },
    { locationId: locations[0]._id },
    { locationId: locations[5]._id, ranges: ['mini'] },
    { availability: ['unavailable', 'comingSoon'] },
  ];
  const requests = [];
  for (let i = 0; i < 60; i++) {
    const cookie = i % 2 === 0 ? supplier : admin;
    const page = 1 + (i % 5);
    requests.push({
      path: `/api/cars/${page}/20`,
      body: JSON.stringify(bodies[i % bodies.length]),
      headers: { cookie },
    });
  }
  const probe = await fetch(`${origin}${requests[1].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin, origin },
    body: requests[1].body,
  });
  const { totalCount } = await probe.json();
  if (!probe.ok || !(totalCount > 0)) throw new Error(`operator list answered ${probe.status}, ${totalCount} cars`);
  // The demo supplier's id (Azur Coast Rentals), for the admin's choice of it on the scheduler and the dashboard.
  const own = await fetch(`${origin}/api/cars/1/1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: supplier, origin },
    body: '{}',
  });
  const supplierId = (await own.json()).results?.[0]?.supplier._id;
  return { requests, adminCarCount: totalCount, sessions: { supplier, admin, supplierId } };
}

function cannon(origin, duration, requests, connections = CONNECTIONS) {
  let next = 0;
  return autocannon({
    url: origin,
    connections,
    duration,
    requests: [
      {
        method: requests ? 'POST' : 'GET',
        path: '/api/health',
        // The Origin our own page sends: a state-changing call without it is refused.
        headers: requests ? { 'content-type': 'application/json', origin } : {},
        setupRequest: (request) => {
          if (!requests) return request;
          const chosen = requests[next++ % requests.length];
          return {
            ...request,
            method: chosen.method ?? 'POST',
            path: chosen.path,
            body: chosen.body,
            headers: { ...request.headers, ...chosen.headers },
          };
        },
      },
    ],
  });
}

/** Median time of one request at a time: the service time, without the queueing 50 connections add. */
async function serialMedianMs(origin, requests, count = 15) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const chosen = requests?.[i % requests.length];
    const sent = performance.now();
    const res = await fetch(`${origin}${chosen ? chosen.path : '/api/health'}`, {
      method: chosen ? (chosen.method ?? 'POST') : 'GET',
      headers: chosen ? { 'content-type': 'application/json', origin, ...chosen.headers } : {},
      body: chosen?.body,
    });
    await res.arrayBuffer();
    times.push(performance.now() - sent);
  }
  times.sort((a, b) => a - b);
  return Number(times[Math.floor(count / 2)].toFixed(1));
}

const figures = (result) => ({
  reqPerSec: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
});

async function prepare(kind) {
  const started = Date.now();
  if (kind === 'pglite') {
    const dataDir = mkdtempSync('/tmp/roam-bench-api-');
    const cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    try {
      const seeding = await startServer({ port: PORT, database: { dataDir } });
      await seeding.stop();
      console.log(`pglite: migrated and seeded in ${seeding.startedInMs} ms`);
      const dataset = await generatePglite(path.join(dataDir, 'pglite'), SIZES);
      return { database: { dataDir }, dataset, generatedInMs: Date.now() - started, cleanup };
    } catch (error) {
      await cleanup();
      throw error;
    }
  }
  return postgresDataset({ port: PORT, pgPort: PG_PORT, name: 'roam-bench-api', sizes: SIZES });
}

async function measure(kind) {
  const { database, dataset, generatedInMs, reusedFrom, cleanup } = await prepare(kind);
  console.log(`${kind}: ${JSON.stringify(dataset)} generated in ${(generatedInMs / 1000).toFixed(1)} s`);
  if (datasetOnly) {
    await cleanup();
    process.exit(0);
  }
  let server;
  try {
    server = await startServer({ port: PORT, database });
    // Ready for traffic: the health route answers before the search index is built (the server warms it after
    // `listen`); the first search waits for it, so its answer is when the process can serve a search.
    const readyInMs = await firstSearchAfter(server);
    const misses = [];
    let searchRun = {};
    if (!operatorOnly) {
      const { requests, sampleTotalCount } = await searchRequests(server.origin);
      const serial = {
        trivialMs: await serialMedianMs(server.origin),
        searchMs: await serialMedianMs(server.origin, requests),
      };
      // The trivial route first: requests still queued from a search run would otherwise delay it (PGlite runs one
      // query at a time). Each route is warmed up before it is measured.
      await cannon(server.origin, WARMUP_S);
      const trivial = figures(await cannon(server.origin, DURATION_S));
      await cannon(server.origin, WARMUP_S, requests);
      const search = figures(await cannon(server.origin, DURATION_S, requests));
      const ratio = Number((search.reqPerSec / trivial.reqPerSec).toFixed(3));
      if (search.requests === 0) misses.push(`no search answered within ${DURATION_S} s`);
      if (search.p99Ms > BUDGET.p99Ms) misses.push(`search p99 ${search.p99Ms} ms > ${BUDGET.p99Ms} ms`);
      if (ratio < BUDGET.minRatio) misses.push(`search/trivial req/s ${ratio} < ${BUDGET.minRatio}`);
      for (const [name, row] of Object.entries({ trivial, search })) {
        if (row.errors > 0 || row.non2xx > 0) misses.push(`${name}: ${row.errors} errors, ${row.non2xx} non-2xx`);
      }
      searchRun = { searchBodies: requests.length, sampleTotalCount, serialMedian: serial, trivial, search, ratio };
    }
    const operator = await operatorRequests(server.origin);
    await cannon(server.origin, WARMUP_S, operator.requests, OPERATOR_CONNECTIONS);
    const operatorCars = figures(await cannon(server.origin, DURATION_S, operator.requests, OPERATOR_CONNECTIONS));
    const operatorCars50 = figures(await cannon(server.origin, DURATION_S, operator.requests));
    // The scheduler and the dashboard: one at a time (service time), then 10 operators at once.
    const screens = operator.sessions;
    const scheduler = await schedulerRequests(server.origin, screens);
    const dashboard = await dashboardRequests(server.origin, screens);
    const desk = await deskRequests(server.origin, screens);
    const operatorSerial = {
      schedulerMs: await serialMedianMs(server.origin, scheduler.requests, 21),
      dashboardMs: await serialMedianMs(server.origin, dashboard.requests, 21),
      deskMs: await serialMedianMs(server.origin, desk.requests, 27),
      // The desk's totals line (count and money of every match), asked once per filter: measured, no budget.
      deskTotalsMs: await serialMedianMs(server.origin, desk.totals, 18),
    };
    await cannon(server.origin, WARMUP_S, scheduler.requests, OPERATOR_CONNECTIONS);
    const operatorScheduler = figures(
      await cannon(server.origin, DURATION_S, scheduler.requests, OPERATOR_CONNECTIONS),
    );
    await cannon(server.origin, WARMUP_S, dashboard.requests, OPERATOR_CONNECTIONS);
    const operatorDashboard = figures(
      await cannon(server.origin, DURATION_S, dashboard.requests, OPERATOR_CONNECTIONS),
    );
    await cannon(server.origin, WARMUP_S, desk.requests, OPERATOR_CONNECTIONS);
    const operatorDesk = figures(await cannon(server.origin, DURATION_S, desk.requests, OPERATOR_CONNECTIONS));
    const operatorDeskTotals = figures(await cannon(server.origin, DURATION_S, desk.totals, OPERATOR_CONNECTIONS));
    // The other lists of the console, each at 10 operators (one at a time first: the service time).
    const otherLists = {};
    for (const [name, requests] of Object.entries(otherListRequests(screens))) {
      const serialMs = await serialMedianMs(server.origin, requests, 15);
      await cannon(server.origin, WARMUP_S, requests, OPERATOR_CONNECTIONS);
      const row = figures(await cannon(server.origin, DURATION_S, requests, OPERATOR_CONNECTIONS));
      otherLists[name] = { ...row, serialMs, connections: OPERATOR_CONNECTIONS };
    }
    const lists = Object.fromEntries(Object.entries(otherLists).map(([name, row]) => [`operatorList:${name}`, row]));
    for (const [name, row] of Object.entries({
      operatorCars,
      operatorScheduler,
      operatorDashboard,
      operatorDesk,
      ...lists,
    })) {
      if (row.p99Ms > BUDGET.operatorP99Ms) misses.push(`${name} p99 ${row.p99Ms} ms > ${BUDGET.operatorP99Ms} ms`);
      if (row.errors > 0 || row.non2xx > 0) misses.push(`${name}: ${row.errors} errors, ${row.non2xx} non-2xx`);
    }
    if (operatorSerial.schedulerMs > BUDGET.operatorP99Ms)
      misses.push(`scheduler page one at a time ${operatorSerial.schedulerMs} ms > ${BUDGET.operatorP99Ms} ms`);
    // The 50-connection run of the operator list is for comparison (no budget): its timeouts are recorded, not failed.
    return {
      database: kind,
      dataset,
      generatedInMs,
      ...(reusedFrom ? { datasetGeneratedAt: reusedFrom } : {}),
      // What the process costs at this size: from spawn to ready, and its peak memory under all the load above.
      process: { startedInMs: server.startedInMs, readyInMs, peakRssMb: server.peakRssMb() },
      ...searchRun,
      operatorCars: { ...operatorCars, connections: OPERATOR_CONNECTIONS, adminCarCount: operator.adminCarCount },
      operatorCars50: { ...operatorCars50, connections: CONNECTIONS },
      operatorSerial,
      operatorScheduler: { ...operatorScheduler, connections: OPERATOR_CONNECTIONS, sample: scheduler.sample },
      operatorDashboard: { ...operatorDashboard, connections: OPERATOR_CONNECTIONS, sample: dashboard.sample },
      operatorDesk: { ...operatorDesk, connections: OPERATOR_CONNECTIONS, sample: desk.sample },
      operatorDeskTotals: { ...operatorDeskTotals, connections: OPERATOR_CONNECTIONS },
      operatorLists: otherLists,
      ok: misses.length === 0,
      misses,
    };
  } finally {
    await server?.stop();
    await cleanup();
  }
}

const started = Date.now();
const runs = [];
for (const kind of DATABASES) {
  const run = await measure(kind);
  console.log(
    `${kind}: one at a time ${JSON.stringify(run.serialMedian)}; trivial ${JSON.stringify(run.trivial)}; ` +
      `search ${JSON.stringify(run.search)}; ratio ${run.ratio}; operator cars ${JSON.stringify(run.operatorCars)}; ` +
      `operator one at a time ${JSON.stringify(run.operatorSerial)}; process ${JSON.stringify(run.process)}`,
  );
  runs.push(run);
}
const result = {
  measuredAt: new Date().toISOString(),
  mode: light ? 'light' : 'full',
  ...(operatorOnly ? { only: 'operator' } : {}),
  connections: CONNECTIONS,
  durationSeconds: DURATION_S,
  budget: BUDGET,
  runs,
  totalSeconds: Math.round((Date.now() - started) / 1000),
};
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(
  path.join(here, `results/api-load${light ? '-light' : ''}${SCALE_TAG}${operatorOnly ? '-operator' : ''}.json`),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.table(
  runs.flatMap((run) =>
    ['trivial', 'search', 'operatorCars', 'operatorCars50', 'operatorScheduler', 'operatorDashboard', 'operatorDesk']
      .filter((route) => run[route])
      .map((route) => ({
        database: run.database,
        route,
        'req/s': run[route].reqPerSec,
        'p50 ms': run[route].p50Ms,
        'p99 ms': run[route].p99Ms,
        ratio: route === 'search' ? run.ratio : '',
      }))
      .concat(
        Object.entries(run.operatorLists ?? {}).map(([name, row]) => ({
          database: run.database,
          route: `list: ${name} (one at a time ${row.serialMs} ms)`,
          'req/s': row.reqPerSec,
          'p50 ms': row.p50Ms,
          'p99 ms': row.p99Ms,
          ratio: '',
        })),
      ),
  ),
);
console.table(
  runs.map((run) => ({
    database: run.database,
    cars: run.dataset.cars,
    bookings: run.dataset.bookings,
    'start-up s': Number((run.process.startedInMs / 1000).toFixed(1)),
    'index ready s': Number((run.process.readyInMs / 1000).toFixed(1)),
    'peak RSS MB': run.process.peakRssMb,
  })),
);
const missed = runs.flatMap((run) => run.misses.map((miss) => `${run.database}: ${miss}`));
if (missed.length > 0) {
  console.error(`api-load budget missed: ${missed.join('; ')}`);
  process.exit(1);
}
