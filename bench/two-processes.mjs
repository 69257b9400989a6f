// Two server processes on one PostgreSQL at scale (issue #40, item 4): a booking made through one process is
// refused through the other for the same car and period, and a search through the other stops listing the car —
// measured, not assumed: how many searches through the other process still listed the booked car, and for how long
// after the booking's answer (the window of its search index).
//
//   node bench/two-processes.mjs [--light | --scale=N] [--rounds=N]
//
// Each round, alternately through A and through B: a driver's search through the other process finds a bookable
// car at a place (pay at the counter where its supplier allows it, else online: an unpaid booking holds the car
// too), a guest books it through this one, then the other process is searched at once and again until the car is
// gone (at most 5 s), and a second guest's checkout of the same car and period through the other process must be
// refused (409 CAR_UNAVAILABLE). The dataset as api-load.mjs takes it (--scale, BENCH_DATASET_DB to reuse a kept one;
// PostgreSQL: BENCH_DATABASE_URL, else a throw-away cluster on BENCH_PG_PORT). Servers on BENCH_PORT + 10 and + 11.
// Writes bench/results/two-processes[-<cars>k].json; exits non-zero when a round misses.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { datasetSizes, postgresDataset } from './lib/dataset.mjs';
import { addressOf, postFrom } from './lib/http.mjs';
import { startServer } from './lib/server.mjs';

const here = import.meta.dirname;
const SIZES = datasetSizes(process.argv.includes('--light'));
const ROUNDS = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 10;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54341);
const day = 24 * 3600_000;
/** The other process is searched until the car is gone, this long at most. */
const WINDOW_LIMIT_MS = 5_000;

async function search(origin, body) {
  const res = await fetch(`${origin}/api/search-cars/1/30`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function round(r, booking, other, locations) {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  // A place and a period of the round's own (a day's slot among the next months; noon at UTC).
  for (let attempt = 0; attempt < locations.length; attempt++) {
    const location = locations[(r * 7 + attempt) % locations.length];
    const pickupAt = new Date(today + (10 + ((r * 3) % 150)) * day + 12 * 3600_000).toISOString();
    const dropoffAt = new Date(Date.parse(pickupAt) + (1 + (r % 4)) * day).toISOString();
    const where = { pickupLocationId: location._id, dropoffLocationId: location._id, pickupAt, dropoffAt };
    const found = await search(other.origin, where);
    const car = found.json.results?.find((c) => c.bookable && !c.supplier.licenseRequired && c.minimumAge <= 25);
    if (found.status !== 200 || !car) continue;
    const checkout = (i, origin) =>
      postFrom(`${origin}/api/checkout`, origin, addressOf(r * 2 + i), {
        carId: car._id,
        ...where,
        extras: {},
        paymentOption: car.supplier.payLater ? 'payLater' : 'full',
        currency: 'EUR',
        driver: {
          fullName: `Guest ${r}-${i}`,
          email: `two-processes-${Date.now()}-${r}-${i}@roam.localhost`,
          phone: '+33 6 12 34 56 78',
          birthDate: '1990-05-06',
          acceptTerms: true,
        },
      });
    const booked = await checkout(0, booking.origin);
    if (booked.status !== 201) return { miss: `round ${r}: the booking answered ${booked.status} ${booked.json.code}` };
    const answeredAt = performance.now();
    let listed = 0;
    let goneAfterMs = null;
    while (performance.now() - answeredAt < WINDOW_LIMIT_MS) {
      const again = await search(other.origin, where);
      if (!again.json.results?.some((c) => c._id === car._id)) {
        goneAfterMs = performance.now() - answeredAt;
        break;
      }
      listed++;
    }
    const refused = await checkout(1, other.origin);
    return {
      listedAfterBooking: listed,
      goneAfterMs,
      refused: refused.status === 409 && refused.json.code === 'CAR_UNAVAILABLE',
      refusal: `${refused.status} ${refused.json.code ?? ''}`.trim(),
    };
  }
  return { miss: `round ${r}: no bookable car found` };
}

const started = Date.now();
const { database, dataset, reusedFrom, cleanup } = await postgresDataset({
  port: PORT,
  pgPort: PG_PORT,
  name: 'roam-bench-two',
  sizes: SIZES,
});
const servers = [];
try {
  // Started one after the other: each builds its own index (a second start measures no less).
  for (const port of [PORT, PORT + 1]) servers.push(await startServer({ port, database }));
  const [a, b] = servers;
  // Each process's search index built before the rounds (its first search waits for it).
  const locations = await (await fetch(`${a.origin}/api/locations?language=en`)).json();
  const ready = [];
  for (const server of servers) {
    await search(server.origin, {
      pickupLocationId: locations[0]._id,
      dropoffLocationId: locations[0]._id,
      pickupAt: new Date(Date.now() + 20 * day).toISOString(),
      dropoffAt: new Date(Date.now() + 22 * day).toISOString(),
    });
    ready.push(Date.now() - server.spawnedAt);
  }
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const [booking, other] = r % 2 === 0 ? [a, b] : [b, a];
    rounds.push({ round: r, through: r % 2 === 0 ? 'A → B' : 'B → A', ...(await round(r, booking, other, locations)) });
  }
  const measured = rounds.filter((o) => o.miss === undefined);
  const gone = measured.map((o) => o.goneAfterMs).filter((ms) => ms !== null);
  const misses = [
    ...rounds.flatMap((o) => (o.miss ? [o.miss] : [])),
    ...measured.flatMap((o) => (o.refused ? [] : [`round ${o.round}: the other process answered ${o.refusal}`])),
    ...measured.flatMap((o) => (o.goneAfterMs === null ? [`round ${o.round}: still listed after 5 s`] : [])),
  ];
  const result = {
    when: new Date().toISOString(),
    dataset,
    ...(reusedFrom ? { datasetGeneratedAt: reusedFrom } : {}),
    processes: servers.map((server, i) => ({ readyInMs: ready[i], peakRssMb: server.peakRssMb() })),
    rounds: rounds.length,
    refused: measured.filter((o) => o.refused).length,
    searchesListingTheBookedCar: measured.reduce((sum, o) => sum + o.listedAfterBooking, 0),
    goneAfterMs: {
      median: Math.round(gone.sort((x, y) => x - y)[Math.floor(gone.length / 2)] ?? 0),
      max: Math.round(gone.at(-1) ?? 0),
    },
    totalSeconds: Math.round((Date.now() - started) / 1000),
    misses,
  };
  const results = path.join(here, 'results');
  mkdirSync(results, { recursive: true });
  const tag = SIZES.cars === 10_000 || SIZES.cars === 2_000 ? '' : `-${SIZES.cars / 1000}k`;
  writeFileSync(path.join(results, `two-processes${tag}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  if (misses.length > 0) process.exitCode = 1;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await cleanup();
}
