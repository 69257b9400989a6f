// The counter under load (docs/architecture.md §7): on the large generated dataset (10k cars / 200k bookings, as
// api-load.mjs), 10 operators at once each hand cars over and take them back, every check-out and every return with
// two phone photos of ~2 MB uploaded first (POST /api/counter-photo/:id, multipart) and named by a damage. Measured:
// each call's latency (the check-out, the return, a photo upload) and each act with its photos end to end. Budget:
// check-out and return p99 ≤ 300 ms at 10 operators, and every photo stored ≤ 300 KB (re-encoded by the server).
// Writes bench/results/counter.json; exits non-zero when a budget is missed.
//
//   node bench/counter.mjs [--light] [--db=pglite|postgres]
//
// --light: 2,000 cars / 40,000 bookings and fewer rentals. Needs `npm run build` first (server/dist/main.js).
// PostgreSQL: BENCH_DATABASE_URL, else a throw-away cluster on BENCH_PG_PORT (54343). Server on BENCH_PORT (3410).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import sharp from 'sharp';
import { generatePglite, generatePostgres } from './lib/dataset.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { startServer } from './lib/server.mjs';

const here = import.meta.dirname;
const light = process.argv.includes('--light');
const kind = process.argv.find((arg) => arg.startsWith('--db='))?.slice(5) ?? 'pglite';
const SIZES = light ? { cars: 2_000, bookings: 40_000 } : { cars: 10_000, bookings: 200_000 };
const OPERATORS = 10;
const RENTALS = light ? 60 : 200;
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54343);
const BUDGET = { p99Ms: 300, photoStoredBytes: 300 * 1024 };

/**
 * `count` rentals of the demo supplier, each on a car of its own (a copy of its Renault Clio at the same places),
 * picked up an hour ago, pay later: ready for check-out. Returns their ids.
 */
async function counterRentals(query, count) {
  await query('begin');
  const [clio] = await query(`select c.id, c.supplier_id from cars c join users u on u.id = c.supplier_id
    where c.name = 'Renault Clio' and u.email = 'supplier@roam.localhost' limit 1`);
  const columns = (
    await query(`select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'cars' and is_generated = 'NEVER' order by ordinal_position`)
  ).map((row) => row.column_name);
  const select = columns
    .map((column) =>
      column === 'id'
        ? `overlay(overlay(md5('counter-car:' || g) placing '4' from 13) placing '8' from 17)::uuid`
        : column === 'name'
          ? `'Counter bench ' || g`
          : column === 'license_plate'
            ? 'null'
            : `c.${column}`,
    )
    .join(', ');
  await query(`insert into cars (${columns.join(', ')}) select ${select}
    from cars c cross join generate_series(1, ${count}) g where c.id = '${clio.id}'`);
  await query(`insert into car_locations (car_id, location_id)
    select overlay(overlay(md5('counter-car:' || g) placing '4' from 13) placing '8' from 17)::uuid, cl.location_id
    from car_locations cl cross join generate_series(1, ${count}) g where cl.car_id = '${clio.id}'`);
  const rows = await query(`insert into bookings (car_id, supplier_id, driver_id, pickup_location_id,
      dropoff_location_id, pickup_at, dropoff_at, status, blocks_car, payment_option, price, deposit, pay_now, currency,
      total_amount, deposit_amount, charged_amount)
    select c.id, c.supplier_id, (select id from users where email = 'driver@roam.localhost'), l.location_id,
      l.location_id, now() - interval '1 hour', now() + interval '2 days', 'pending', true, 'payLater',
      c.daily_price * 3, c.deposit, 0, 'EUR', c.daily_price * 3, c.deposit, 0
    from cars c join lateral (select location_id from car_locations where car_id = c.id order by location_id limit 1) l
      on true
    where c.name like 'Counter bench %' returning id`);
  await query('commit');
  return rows.map((row) => row.id);
}

async function prepare() {
  const started = Date.now();
  if (kind === 'pglite') {
    const dataDir = mkdtempSync('/tmp/roam-bench-counter-');
    const cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    const seeding = await startServer({ port: PORT, database: { dataDir } });
    await seeding.stop();
    const dataset = await generatePglite(path.join(dataDir, 'pglite'), SIZES);
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { btree_gist } });
    const ids = await counterRentals(async (text) => (await client.query(text)).rows, RENTALS);
    await client.close();
    return { database: { dataDir }, dataset, ids, generatedInMs: Date.now() - started, cleanup };
  }
  const cluster = await startPostgres({ port: PG_PORT, name: 'roam-bench-counter' });
  const seeding = await startServer({ port: PORT, database: { url: cluster.url } });
  await seeding.stop();
  const dataset = await generatePostgres(cluster.url, SIZES);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const ids = await counterRentals(async (text) => (await client.query(text)).rows, RENTALS);
  await client.end();
  return { database: { url: cluster.url }, dataset, ids, generatedInMs: Date.now() - started, cleanup: cluster.stop };
}

async function sessionOf(origin, email, password) {
  const res = await fetch(`${origin}/api/sign-in/frontend`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password, stayConnected: false }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/**
 * A phone photo: 12 megapixels of smooth colour with sensor noise, ~2 MB as a JPEG — what a phone's camera gives, so
 * the server's re-encoding does the work it does at a desk. `seed` varies the noise: nothing is cached between uploads.
 */
async function photo(seed) {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let y = 0; y < height; y++) {
    for (let i = 0; i < width; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      const noise = ((x >> 16) % 24) - 12;
      const at = (y * width + i) * 3;
      pixels[at] = Math.max(0, Math.min(255, (i * 255) / width + noise));
      pixels[at + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise));
      pixels[at + 2] = Math.max(0, Math.min(255, 128 + 60 * Math.sin(i / 90) * Math.cos(y / 70) + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

function multipart(bytes) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="car.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1));
};
const stats = (values) => ({ count: values.length, p50Ms: percentile(values, 50), p99Ms: percentile(values, 99) });

async function run() {
  const { database, dataset, ids, generatedInMs, cleanup } = await prepare();
  console.log(
    `${kind}: ${JSON.stringify(dataset)} and ${ids.length} rentals ready in ${(generatedInMs / 1000).toFixed(1)} s`,
  );
  const server = await startServer({ port: PORT, database });
  try {
    const { origin } = server;
    // The supplier's desk and an admin: two accounts, as the per-account upload allowance counts per account.
    const cookies = [
      await sessionOf(origin, 'supplier@roam.localhost', 'Supplier-2026!'),
      await sessionOf(origin, 'admin@roam.localhost', 'Admin-2026!'),
    ];
    const photos = [await photo(1), await photo(2)];
    const times = { photo: [], checkOut: [], return: [], checkOutWithPhotos: [], returnWithPhotos: [] };
    const stored = [];
    let failures = [];
    const call = async (name, cookie, url, init) => {
      const sent = performance.now();
      const res = await fetch(`${origin}${url}`, { ...init, headers: { origin, cookie, ...init.headers } });
      const body = await res.text();
      times[name]?.push(performance.now() - sent);
      if (!res.ok) failures.push(`${name} ${res.status} ${body.slice(0, 200)}`);
      return res.ok ? JSON.parse(body) : null;
    };
    const upload = async (cookie, id, bytes) => {
      const form = multipart(bytes);
      const answer = await call('photo', cookie, `/api/counter-photo/${id}`, {
        method: 'POST',
        headers: { 'content-type': form.type },
        body: form.body,
      });
      if (answer) stored.push(answer.size);
      return answer?._id;
    };
    const json = (body) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const operator = async (index, queue) => {
      const cookie = cookies[index % cookies.length];
      for (let id = queue.shift(); id; id = queue.shift()) {
        let started = performance.now();
        const outPhotos = [await upload(cookie, id, photos[0]), await upload(cookie, id, photos[1])];
        await call(
          'checkOut',
          cookie,
          `/api/check-out/${id}`,
          json({
            licence: {
              licenseNumber: 'FR-12AB345',
              licenseCountry: 'FR',
              licenseExpiresOn: '2034-06-30',
              birthDate: '1990-05-17',
            },
            odometer: 10000,
            fuel: { kind: 'eighths', eighths: 8 },
            damages: [
              { zone: 'rearLeftDoor', severity: 'minor', note: 'Scratch', photoFileIds: outPhotos.filter(Boolean) },
            ],
            signature: { method: 'typed', signerName: 'Camille Martin', consent: true },
          }),
        );
        times.checkOutWithPhotos.push(performance.now() - started);
        started = performance.now();
        const backPhotos = [await upload(cookie, id, photos[1]), await upload(cookie, id, photos[0])];
        await call(
          'return',
          cookie,
          `/api/return/${id}`,
          json({
            odometer: 10850,
            fuel: { kind: 'eighths', eighths: 6 },
            damages: [
              {
                zone: 'frontBumper',
                severity: 'moderate',
                note: 'Dent',
                photoFileIds: backPhotos.filter(Boolean),
                amount: 15000,
              },
            ],
          }),
        );
        times.returnWithPhotos.push(performance.now() - started);
      }
    };
    // A short warm-up (the first PDFs load the font, the first JPEGs sharp's codecs), not measured; then the service
    // time, one operator alone (the medians), before the 10 at once.
    await operator(0, ids.slice(0, 2));
    for (const list of Object.values(times)) list.length = 0;
    await operator(0, ids.slice(2, 8));
    const alone = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, percentile(values, 50)]));
    for (const list of Object.values(times)) list.length = 0;
    stored.length = 0;
    failures = [];
    const queue = ids.slice(8);
    const started = Date.now();
    // The machine's load beside the run (a shared machine's figures are read against it): before and after.
    const load = { cores: availableParallelism(), before: loadavg()[0] };
    await Promise.all(Array.from({ length: OPERATORS }, (_, i) => operator(i, queue)));
    const seconds = (Date.now() - started) / 1000;
    Object.assign(load, { after: loadavg()[0] });
    const figures = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, stats(values)]));
    const misses = [];
    for (const name of ['checkOut', 'return']) {
      if (figures[name].p99Ms > BUDGET.p99Ms) misses.push(`${name} p99 ${figures[name].p99Ms} ms > ${BUDGET.p99Ms} ms`);
    }
    const largest = Math.max(0, ...stored);
    if (largest > BUDGET.photoStoredBytes)
      misses.push(`a photo stored at ${largest} bytes > ${BUDGET.photoStoredBytes}`);
    if (failures.length > 0) misses.push(`${failures.length} failed calls, first: ${failures[0]}`);
    return {
      database: kind,
      dataset,
      operators: OPERATORS,
      rentals: ids.length - 8,
      oneOperatorMedianMs: alone,
      seconds: Number(seconds.toFixed(1)),
      loadAverage: load,
      uploadBytes: photos.map((bytes) => bytes.length),
      storedPhotoBytes: { count: stored.length, max: largest, median: percentile(stored, 50) },
      ...figures,
      ok: misses.length === 0,
      misses,
    };
  } finally {
    await server.stop();
    await cleanup();
  }
}

const result = {
  measuredAt: new Date().toISOString(),
  mode: light ? 'light' : 'full',
  budget: BUDGET,
  run: await run(),
};
mkdirSync(path.join(here, 'results'), { recursive: true });
const file = path.join(here, 'results', light ? 'counter-light.json' : 'counter.json');
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result.run, null, 2));
if (!result.run.ok) {
  console.error(`counter: budget missed — ${result.run.misses.join('; ')}`);
  process.exit(1);
}
