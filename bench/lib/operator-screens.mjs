// The scheduler's pages and the dashboard's figures as the console asks for them, for the API
// load bench (api-load.mjs): the demo supplier's and the admin's, on the large dataset. docs/architecture.md §7: operator
// lists, scheduler and dashboard queries p99 ≤ 200 ms; the scheduler's visible page < 200 ms of server time.

const DAY = 24 * 3600_000;
const date = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * Scheduler pages: the places with the most cars (the heaviest pages: the admin's, all suppliers), fortnights from
 * two weeks back to two months ahead, pages 1–3 of 20 cars, some filtered by range or supplier.
 */
export async function schedulerRequests(origin, { supplier, admin, supplierId }) {
  const locations = await (await fetch(`${origin}/api/locations?language=en`)).json();
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const requests = [];
  for (let i = 0; i < 60; i++) {
    const location = locations[(i * 5) % locations.length];
    const from = today + (((i * 3) % 6) - 1) * 14 * DAY;
    const body = {
      locationId: location._id,
      from: date(from),
      to: date(from + 14 * DAY),
      ...(i % 4 === 1 ? { ranges: ['mini', 'midi'] } : {}),
      ...(i % 4 === 2 && i % 2 === 0 ? { supplierId } : {}),
    };
    requests.push({
      path: `/api/scheduler/${1 + (i % 3)}/20`,
      body: JSON.stringify(body),
      headers: { cookie: i % 2 === 0 ? admin : supplier },
    });
  }
  const probe = await fetch(`${origin}${requests[0].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...requests[0].headers },
    body: requests[0].body,
  });
  const page = await probe.json();
  if (!probe.ok || !(page.totalCount > 0))
    throw new Error(`scheduler answered ${probe.status}, ${page.totalCount} cars`);
  const bars = page.rows.reduce((sum, row) => sum + row.bookings.length + row.blocks.length, 0);
  return { requests, sample: { totalCount: page.totalCount, rows: page.rows.length, bars } };
}

/** Dashboards: this month, the next, the last 30 days and a quarter; the admin's (every supplier's, or one) and a supplier's. */
export async function dashboardRequests(origin, { supplier, admin, supplierId }) {
  const now = new Date();
  const month = (offset) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const periods = [
    { from: date(month(0)), to: date(month(1)) },
    { from: date(month(1)), to: date(month(2)) },
    { from: date(today - 30 * DAY), to: date(today + DAY) },
    { from: date(month(-1)), to: date(month(2)) },
  ];
  const requests = [];
  for (let i = 0; i < 24; i++) {
    const cookie = i % 3 === 2 ? supplier : admin;
    const query = new URLSearchParams({ ...periods[i % periods.length], language: 'en' });
    if (i % 3 === 1) query.set('supplierId', supplierId);
    requests.push({ method: 'GET', path: `/api/dashboard?${query}`, headers: { cookie } });
  }
  const probe = await fetch(`${origin}${requests[0].path}`, { headers: requests[0].headers });
  const figures = await probe.json();
  if (!probe.ok) throw new Error(`dashboard answered ${probe.status}`);
  return {
    requests,
    sample: {
      placesToday: figures.today.places.length,
      movementsToday: figures.today.movements.length,
      revenueRows: figures.period.revenue.length,
      suppliers: figures.period.utilisation.bySupplier.length,
    },
  };
}

/**
 * The bookings desk's list (docs/architecture.md §5 "The bookings desk"): the admin's every booking and the demo
 * supplier's, newest first and by pick-up, filtered by status, payment state and this month's pick-ups, and searched
 * by a reference, a plate and a driver's phone (the seed's drivers hold the 200k bookings between them: a phone finds
 * tens of thousands, the heaviest search), pages 1–3 of 20; and the totals line of each filter, asked apart.
 */
export async function deskRequests(origin, { supplier, admin }) {
  const now = new Date();
  const month = (offset) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1);
  const first = await fetch(`${origin}/api/operator-bookings/1/20`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie: admin },
    body: '{}',
  });
  const page = await first.json();
  if (!first.ok || !(page.results?.length > 0)) throw new Error(`desk list answered ${first.status}, no booking`);
  const [row] = page.results;
  const bodies = [
    {},
    { sort: 'pickupAsc' },
    { statuses: ['cancelled'] },
    { paymentStates: ['refunded', 'deposit'] },
    { pickupFrom: date(month(0)), pickupTo: date(month(1) - DAY), sort: 'pickupDesc' },
    { search: row.reference },
    { search: row.plate ?? row.reference },
    { search: row.driver.phone ?? row.driver.email },
    { search: row.driver.email.split('@')[0] },
  ];
  const requests = [];
  for (let i = 0; i < 54; i++) {
    requests.push({
      path: `/api/operator-bookings/${1 + (i % 3)}/20`,
      body: JSON.stringify(bodies[i % bodies.length]),
      headers: { cookie: i % 2 === 0 ? admin : supplier },
    });
  }
  // The totals line, asked once per filter (the screen's second call): each body once per scope.
  const totals = bodies.flatMap((body) =>
    [admin, supplier].map((cookie) => ({
      path: '/api/operator-bookings-totals',
      body: JSON.stringify(body),
      headers: { cookie },
    })),
  );
  return { requests, totals, sample: { phone: row.driver.phone } };
}

/**
 * The console's other lists (docs/architecture.md §7: every operator list p99 ≤ 200 ms): the admin's accounts (by
 * keyword, type, suspended; pages 1–3 of 20), the cancellation requests (the admin's, one supplier's, the supplier's
 * own) and the supplier's monthly statement's totals (this month and the last two; the admin's for the demo supplier).
 */
export function otherListRequests({ supplier, admin, supplierId }) {
  const now = new Date();
  const month = (offset) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  const userBodies = [
    {},
    { keyword: 'a' },
    { types: ['user'] },
    { types: ['supplier', 'admin'] },
    { suspended: false },
  ];
  const users = userBodies.flatMap((body) =>
    [1, 2, 3].map((page) => ({
      path: `/api/users/${page}/20`,
      body: JSON.stringify(body),
      headers: { cookie: admin },
    })),
  );
  const requests = [
    { body: {}, cookie: admin },
    { body: { supplierId }, cookie: admin },
    { body: {}, cookie: supplier },
  ].flatMap(({ body, cookie }) =>
    [1, 2].map((page) => ({
      path: `/api/cancellation-requests/${page}/20`,
      body: JSON.stringify(body),
      headers: { cookie },
    })),
  );
  // As the statement screen asks (web/src/console/statements/api/statements.ts): the month's totals, no rows (the rows
  // are the downloads').
  const statements = [0, -1, -2].flatMap((offset) => [
    { method: 'GET', path: `/api/statement?month=${month(offset)}&size=0`, headers: { cookie: supplier } },
    {
      method: 'GET',
      path: `/api/statement?month=${month(offset)}&supplierId=${supplierId}&size=0`,
      headers: { cookie: admin },
    },
  ]);
  return { users, requests, statements };
}
