// The large dataset of the API load bench (docs/architecture.md §7: 10k cars / 200k bookings), generated with set-based SQL
// (INSERT … SELECT over generate_series) into a database the server has migrated and seeded with the demo data.
//
// Cars: the ~320 demo cars cloned until there are `cars` of them — same suppliers, locations, ranges, prices and
// date-based periods as the demo fleet, so the spread over the demo locations and suppliers is the real one.
// Bookings: `bookings` over a year (120 days back, 245 ahead), each car's bookings in its own ~18-day slots (so two
// blocking ones never overlap: the exclusion constraint holds), 1–7 days long, varied statuses; about 80 % block
// their car. A searched window of a few days therefore overlaps a small share of the rows, and blocks ~30 % of cars.
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { startPostgres } from './postgres.mjs';
import { startServer } from './server.mjs';

/** A deterministic pseudo-random integer in [0, m) from a bigint SQL expression. */
const rnd = (expr, salt, m) => `(((${expr}) * 2654435761 + ${salt} * 40503) % 4294967296 % ${m})`;

async function generate(query, { cars, bookings }) {
  const columns = (
    await query(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'cars' and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((row) => row.column_name);
  const [{ count: demoCars }] = await query('select count(*)::int as count from cars');
  const copies = Math.ceil((cars - demoCars) / demoCars);
  const needed = cars - demoCars;
  // A version-4 shaped uuid from a hash, so a clone's id is known to its locations and periods.
  const cloneId = `overlay(overlay(md5('bench-car:' || s.id::text || ':' || g) placing '4' from 13) placing '8' from 17)::uuid`;
  const select = columns
    .map((column) => {
      if (column === 'id') return cloneId;
      if (column === 'name') return `s.name || ' #' || g`;
      // A plate is unique within a supplier's fleet: each clone's is its original's with its number.
      if (column === 'license_plate') return `s.license_plate || '-' || g`;
      return `s.${column}`;
    })
    .join(', ');
  const clones = `from (select *, row_number() over (order by id) - 1 as n from cars) s
    cross join generate_series(1, ${copies}) g where (g - 1) * ${demoCars} + s.n < ${needed}`;
  await query('begin');
  await query(`insert into cars (${columns.join(', ')}) select ${select} ${clones}`);
  await query(`insert into car_locations (car_id, location_id)
    select ${cloneId.replaceAll('s.id', 'cl.car_id')}, cl.location_id
    from car_locations cl join (select id, row_number() over (order by id) - 1 as n from cars
      where name not like '% #%') s on s.id = cl.car_id
    cross join generate_series(1, ${copies}) g where (g - 1) * ${demoCars} + s.n < ${needed}`);
  await query(`insert into date_based_prices (car_id, start_date, end_date, daily_price)
    select ${cloneId.replaceAll('s.id', 'p.car_id')}, p.start_date, p.end_date, p.daily_price
    from date_based_prices p join (select id, row_number() over (order by id) - 1 as n from cars
      where name not like '% #%') s on s.id = p.car_id
    cross join generate_series(1, ${copies}) g where (g - 1) * ${demoCars} + s.n < ${needed}`);
  await query('commit');

  // The demo data's own bookings and blocked periods would overlap the generated ones: they go first, with the ledger
  // rows that keep a booking from being deleted (a throw-away copy: in the product a booking that took money stays).
  // Issued invoices are never deleted (a trigger refuses it, docs/decisions/0011-invoices.md); a throw-away copy is
  // emptied by truncate, which that row trigger does not see.
  await query('truncate invoices');
  await query('delete from refunds');
  await query('delete from payments');
  await query('delete from bookings');
  const perCar = Math.ceil(bookings / cars);
  const slotHours = Math.floor((365 * 24) / perCar);
  const status = rnd('i', 7, 100);
  await query('begin');
  // Each booking's reference from its number, in the reference alphabet: 200k random draws would
  // meet the unique index about once in 40 runs.
  await query(`insert into bookings (reference, total_amount, deposit_amount, car_id, supplier_id, driver_id,
      pickup_location_id, dropoff_location_id, pickup_at, dropoff_at, status, blocks_car, hold_expires_at, payment_option, price, deposit, pay_now, currency,
      rate, charged_amount, created_at)
    select translate(lpad(to_hex(i), 8, '0'), '0123456789abcdef', 'ABCDEFGHJKMNPQRS'), c.daily_price * 4, c.deposit,
      c.id, c.supplier_id, d.id, l.location_id, l.location_id, t.pickup_at,
      t.pickup_at + make_interval(days => 1 + ${rnd('i', 3, 7)}::int),
      t.status::booking_status, t.status in ('pending', 'deposit', 'paid', 'reserved'),
      case when t.status = 'void' then t.pickup_at - interval '20 days' end,
      (case t.status when 'pending' then 'payLater' when 'deposit' then 'deposit' else 'full' end)::payment_option,
      c.daily_price * 4, c.deposit, case when t.status = 'pending' then 0 else c.daily_price * 4 end, 'EUR', 1,
      c.daily_price * 4, t.pickup_at - interval '20 days'
    from generate_series(0, ${bookings - 1}) i
    join (select id, supplier_id, daily_price, deposit, row_number() over (order by id) - 1 as n from cars) c
      on c.n = i % ${cars}
    join lateral (select location_id from car_locations where car_id = c.id order by location_id limit 1) l on true
    join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from users
      where type = 'user') d on d.n = i % d.total
    cross join lateral (select
      date_trunc('day', now()) - interval '120 days'
        + make_interval(hours => (i / ${cars})::int * ${slotHours})
        + make_interval(days => ${rnd('i', 1, 10)}::int, hours => 8 + ${rnd('i', 2, 10)}::int) as pickup_at,
      case when ${status} < 35 then 'paid' when ${status} < 50 then 'deposit' when ${status} < 70 then 'pending'
        when ${status} < 75 then 'reserved' when ${status} < 90 then 'cancelled' else 'void' end as status) t`);
  // The money ledger (docs/decisions/0009-the-money-ledger.md): a paid booking's charge, a deposit's part payment, and
  // a third of the cancelled ones paid then partly refunded (the fee kept), so that the desk's and the dashboard's
  // money read real rows.
  await query(`update bookings set paid_at = created_at, payment_provider = 'demo'
    where status in ('paid', 'deposit') or (status = 'cancelled' and ${rnd('hashtext(reference)::bigint & 65535', 5, 3)} = 0)`);
  await query(`insert into payments (booking_id, supplier_id, kind, purpose, provider, provider_reference,
      idempotency_key, amount, currency, status, created_at, settled_at)
    select id, supplier_id, 'charge', case when status = 'deposit' then 'deposit' else 'rental' end::payment_purpose,
      'demo', 'bench-' || reference, 'booking-' || id,
      case when status = 'deposit' then greatest(1, total_amount / 5) else total_amount end, currency, 'succeeded',
      paid_at, paid_at
    from bookings where paid_at is not null`);
  await query(`insert into refunds (booking_id, key, provider, amount, currency, status, provider_reference,
      payment_id, created_at, refunded_at)
    select p.booking_id, 'refund-' || p.booking_id, 'demo', p.amount * 6 / 10, p.currency, 'succeeded',
      'bench-refund-' || p.booking_id, p.id, p.created_at, p.created_at
    from payments p join bookings b on b.id = p.booking_id where b.status = 'cancelled'`);
  // The reminders a running business has sent by now (server/src/features/reminders): without them the server's first
  // pass after start sent the ~800 due at once (1× on PGlite: start-up 5.6 → 16.5 s), where a business sends them one
  // by one as their hour comes.
  await query(`insert into booking_reminders (booking_id, kind, sent_at)
    select id, k.kind, now() from bookings cross join (values ('pickup'), ('dropoff')) k(kind)
    where pickup_at <= now() + interval '1 day' and dropoff_at > now() - interval '1 day'`);
  await query('commit');
  await query('analyze');
  return countsOf(query);
}

async function countsOf(query) {
  const [counts] = await query(`select (select count(*)::int from cars) as cars,
    (select count(*)::int from bookings) as bookings,
    (select count(*)::int from bookings where blocks_car) as blocking,
    (select count(*)::int from car_locations) as "carLocations",
    (select count(*)::int from payments) as payments, (select count(*)::int from refunds) as refunds`);
  return counts;
}

/** Fills a PGlite data directory (the server's DATA_DIR/pglite; the server must be stopped). */
export async function generatePglite(pgliteDir, sizes) {
  const client = await PGlite.create({ dataDir: pgliteDir, extensions: { btree_gist } });
  try {
    return await generate(async (text) => (await client.query(text)).rows, sizes);
  } finally {
    await client.close();
  }
}

export async function generatePostgres(url, sizes) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await generate(async (text) => (await client.query(text)).rows, sizes);
  } finally {
    await client.end();
  }
}

/** What a database generated earlier holds (a kept dataset, BENCH_DATASET_DB: lib/postgres.mjs). */
export async function datasetCounts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countsOf(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/**
 * The dataset: 10k cars / 200k bookings (×1), `--scale=N` for N times that (`--scale=10`: 100k / 2M), `--light`
 * 2k / 40k; BENCH_CARS / BENCH_BOOKINGS set either size exactly.
 */
export function datasetSizes(light = false) {
  const scale = light ? 0.2 : Number(process.argv.find((arg) => arg.startsWith('--scale='))?.slice(8) ?? 1);
  if (!(scale > 0)) throw new Error('--scale takes a positive number, e.g. --scale=10');
  return {
    cars: Number(process.env.BENCH_CARS ?? Math.round(10_000 * scale)),
    bookings: Number(process.env.BENCH_BOOKINGS ?? Math.round(200_000 * scale)),
  };
}

/**
 * A PostgreSQL database holding the dataset of `sizes`: BENCH_DATASET_DB's when it holds it (lib/postgres.mjs), else
 * migrated and seeded by a server on `port`, then generated. `{ database, dataset, generatedInMs, reusedFrom?, cleanup }`.
 */
export async function postgresDataset({ port, pgPort, name, sizes }) {
  const started = Date.now();
  const cluster = await startPostgres({ port: pgPort, name, sizes });
  if (cluster.reused) {
    const dataset = await datasetCounts(cluster.url);
    console.log(`postgres: reusing the dataset of BENCH_DATASET_DB, generated ${cluster.generatedAt}`);
    return {
      database: { url: cluster.url },
      dataset,
      generatedInMs: 0,
      reusedFrom: cluster.generatedAt,
      cleanup: cluster.stop,
    };
  }
  try {
    const seeding = await startServer({ port, database: { url: cluster.url } });
    await seeding.stop();
    console.log(`postgres: cluster up in ${Date.now() - started} ms, migrated and seeded in ${seeding.startedInMs} ms`);
    const dataset = await generatePostgres(cluster.url, sizes);
    await cluster.markGenerated?.();
    return { database: { url: cluster.url }, dataset, generatedInMs: Date.now() - started, cleanup: cluster.stop };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
