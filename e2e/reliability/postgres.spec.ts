// Scale-out (docs/architecture.md §2): two server processes on one PostgreSQL database keep every guarantee —
// they start together on an empty database (migrations and demo data once), share sessions, and 200 concurrent
// checkouts of one car and period spread over both give exactly one booking.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import {
  checkoutBody,
  DEMO,
  fire,
  guestDriver,
  period,
  request,
  type ServerProcess,
  signIn,
  startServer,
  statusOf,
  visitorAddress,
} from './harness.ts';
import { acquireDatabase } from './postgres.ts';

const BASE_PORT = Number(process.env.RELIABILITY_PORT ?? 3500);
const CHECKOUTS = 200;
const journal = JSON.parse(
  readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/drizzle/meta/_journal.json'),
    'utf8',
  ),
) as { entries: unknown[] };

test('PostgreSQL: two server processes on one database keep sessions and the one-booking rule', async () => {
  test.setTimeout(400_000);
  const log = (line: string) => console.log(`[reliability:postgres] ${line}`);
  const database = await acquireDatabase();
  test.skip('unavailable' in database, 'unavailable' in database ? database.unavailable : '');
  if ('unavailable' in database) return;
  log(`on ${database.describe}`);
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'roam-rel-pgdata-')));
  const servers: ServerProcess[] = [];
  const sql = new pg.Client({ connectionString: database.url });
  try {
    // Both processes start at the same moment on the empty database: the migration advisory lock and the seed
    // lock must let exactly one of them do each job, and both must come up.
    let started = Date.now();
    for (const [i, dataDir] of dataDirs.entries()) {
      servers.push(startServer(BASE_PORT + 1 + i, { DATABASE_URL: database.url, DATA_DIR: dataDir }));
    }
    await Promise.all(servers.map((s) => s.ready));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    log(`two processes started together on an empty database: both ready in ${Date.now() - started} ms`);
    await sql.connect();
    const migrations = await sql.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations.rows[0].n).toBe(journal.entries.length);
    const users = await sql.query(`select email, count(*)::int as n from users group by email having count(*) > 1`);
    expect(users.rows, 'demo data loaded once').toEqual([]);
    const cars = await sql.query('select count(*)::int as n from cars where id = $1', [DEMO.clio]);
    expect(cars.rows[0].n).toBe(1);

    // Sessions live in the database: signed in on A, the cookie works on B; signed out on B, A refuses it.
    const onA = await signIn(a, DEMO.driver);
    expect((await onA.call(b, 'GET', `/api/user/${DEMO.driver.id}`)).status).toBe(200);
    expect((await onA.call(b, 'POST', '/api/validate-access-token')).status).toBe(200);
    expect((await onA.call(b, 'POST', '/api/sign-out')).status).toBe(200);
    expect((await onA.call(a, 'POST', '/api/validate-access-token')).status).toBe(401);
    expect((await onA.call(a, 'GET', `/api/user/${DEMO.driver.id}`)).status).toBe(401);
    log('sessions: signed in on A, used on B, signed out on B, refused on A');

    // 200 concurrent checkouts of one car and period, alternating between the processes, by 200 guests each from an
    // address of its own (one address keeps only a few unpaid bookings; here only the car is contended).
    const when = period(12, 2);
    started = Date.now();
    const storm = fire(
      Array.from({ length: CHECKOUTS }, (_, i) => () => {
        const server = servers[i % 2]!;
        const body = { ...checkoutBody(when, i % 3 === 0 ? 'payLater' : 'full'), driver: guestDriver(`pg-${i}`) };
        return request('POST', `${server.url}/api/checkout`, { body, origin: server.url, from: visitorAddress(i) });
      }),
    );
    await storm.settled;
    const codes = storm.outcomes.map(statusOf);
    const by = (code: number) => codes.filter((c) => c === code).length;
    const perServer = [0, 1].map((s) => codes.filter((c, i) => i % 2 === s && c === 201).length);
    log(
      `${CHECKOUTS} concurrent checkouts over both processes in ${Date.now() - started} ms: ${by(201)} × 201 ` +
        `(A ${perServer[0]}, B ${perServer[1]}), ${by(409)} × 409, ` +
        `${codes.filter((c) => c === null || c >= 500).length} × 5xx or broken`,
    );
    expect(codes.filter((c) => c === null || c >= 500)).toEqual([]);
    expect(by(201)).toBe(1);
    expect(by(409)).toBe(CHECKOUTS - 1);
    for (const o of storm.outcomes) {
      if (statusOf(o) === 409) expect((o as { body: { code: string } }).body.code).toBe('CAR_UNAVAILABLE');
    }
    const blocking = await sql.query(
      `select id from bookings where car_id = $1 and blocks_car
          and tstzrange(pickup_at, dropoff_at) && tstzrange($2::timestamptz, $3::timestamptz)`,
      [DEMO.clio, when.pickupAt, when.dropoffAt],
    );
    expect(blocking.rows).toHaveLength(1);
    const all = await sql.query('select count(*)::int as n from bookings where car_id = $1 and pickup_at = $2', [
      DEMO.clio,
      when.pickupAt,
    ]);
    expect(all.rows[0].n).toBe(1);
    log('database: exactly one booking row for the car and period, and it blocks the car');
    await Promise.all(servers.map((s) => s.stop()));
  } catch (error) {
    for (const [i, s] of servers.entries()) console.error(`[reliability:postgres] server ${i} output:\n${s.output()}`);
    throw error;
  } finally {
    await sql.end().catch(() => {});
    await Promise.all(servers.map((s) => s.kill9().catch(() => {})));
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
});
