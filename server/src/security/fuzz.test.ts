import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { mulberry32 } from '#server/db/seed/random.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { type Actor, createSecurityApp, registeredRoutes, type SecurityApp } from '#test/security-app.ts';
import { BODIES, HEADERS, PARAMS, pick, QUERIES, seedOf } from './fuzz-inputs.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';

// The security suite: a bounded, seeded fuzz run over EVERY registered route (malformed bodies, params, query
// strings and headers, signed in and anonymous) must never give a 5xx, never anything but `{code, message}` JSON on
// a 4xx, never a stack trace; and every state-changing route refuses a foreign Origin.

const ACTORS: Actor[] = ['anonymous', 'driver', 'supplier', 'admin'];
/** Bounded for `npm test`; FUZZ_CASES / FUZZ_SEED widen or vary a local exploration run. */
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 8);
const SEED = process.env.FUZZ_SEED ?? '';
const STACK = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+:\d+|Error: /;

describe('security: seeded fuzz over every route', () => {
  let t: SecurityApp;
  let routes: { method: string; url: string }[];
  beforeAll(async () => {
    t = await createSecurityApp();
    routes = registeredRoutes(t.app).filter((route) => route.url.startsWith('/api/'));
  });
  afterAll(() => t.close());

  it('sees every route of the app (the route list is read from Fastify, not written by hand)', () => {
    expect(routes.length).toBeGreaterThan(55);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/Notifications/:userId/:page/:pageSize' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/stripe-webhook' });
    // A path that extends another's is a child in Fastify's tree: its full path is read back.
    expect(routes).toContainEqual({ method: 'GET', url: '/api/checkout-session/:sessionId' });
    expect(routes.filter((route) => !route.url.startsWith('/'))).toEqual([]);
    // The operator console, PUT and DELETE included.
    for (const route of [
      { method: 'POST', url: '/api/cars/:page/:size' },
      { method: 'PUT', url: '/api/update-car' },
      { method: 'DELETE', url: '/api/delete-car/:id' },
      { method: 'PUT', url: '/api/update-car-block' },
      { method: 'POST', url: '/api/update-car-image/:id' },
      { method: 'POST', url: '/api/add-car-photos/:id' },
      { method: 'DELETE', url: '/api/delete-car-photo/:id/:photoId' },
      { method: 'POST', url: '/api/create-car-block' },
      { method: 'GET', url: '/api/car-calendar/:id' },
      { method: 'PUT', url: '/api/update-supplier' },
      { method: 'POST', url: '/api/approve-cancellation/:id' },
      // A booking's documents, answered as files, not JSON, on success.
      { method: 'GET', url: '/api/booking-receipt/:id' },
      { method: 'GET', url: '/api/booking-calendar/:id' },
      { method: 'GET', url: '/api/booking-invoices/:id' },
      { method: 'GET', url: '/api/booking-invoice/:id/:invoiceId' },
      // Fleet import and export: multipart uploads and CSV downloads.
      { method: 'POST', url: '/api/import-cars/preview' },
      { method: 'POST', url: '/api/import-cars' },
      { method: 'GET', url: '/api/export-cars' },
      { method: 'GET', url: '/api/export-bookings' },
      // The monthly statement, and its CSV and PDF.
      { method: 'GET', url: '/api/statement' },
      { method: 'GET', url: '/api/statement-export' },
      // Walk-in and phone bookings.
      { method: 'POST', url: '/api/walk-in' },
      // The admin's back office.
      { method: 'POST', url: '/api/users/:page/:size' },
      { method: 'DELETE', url: '/api/delete-user/:id' },
      { method: 'POST', url: '/api/create-supplier' },
      { method: 'GET', url: '/api/house-business' },
      { method: 'POST', url: '/api/create-house-business' },
      { method: 'PUT', url: '/api/update-location' },
      { method: 'DELETE', url: '/api/delete-country/:id' },
      { method: 'POST', url: '/api/scheduler/:page/:size' },
      { method: 'GET', url: '/api/dashboard' },
      // The set-up checklist.
      { method: 'GET', url: '/api/setup-status' },
      { method: 'POST', url: '/api/setup-test-email' },
      { method: 'POST', url: '/api/import-locations/preview' },
      { method: 'POST', url: '/api/import-locations' },
      // The counter (docs/architecture.md §5 "After the booking"): a multipart photo, PDFs and private files.
      { method: 'POST', url: '/api/check-out/:id' },
      { method: 'POST', url: '/api/counter-photo/:id' },
      { method: 'POST', url: '/api/return/:id' },
      { method: 'POST', url: '/api/check-in/:id' },
      { method: 'GET', url: '/api/booking-document/:id/:documentId' },
      { method: 'PUT', url: '/api/update-counter-settings' },
      // The business's fees by rule.
      { method: 'PUT', url: '/api/update-supplier-fee-rules' },
      // The bookings desk (docs/architecture.md §5).
      { method: 'POST', url: '/api/operator-bookings/:page/:size' },
      { method: 'POST', url: '/api/operator-bookings-totals' },
      { method: 'GET', url: '/api/operator-booking/:id' },
      { method: 'GET', url: '/api/booking-audit/:id/:page/:size' },
      { method: 'POST', url: '/api/booking-note/:id' },
      { method: 'POST', url: '/api/resend-booking-confirmation/:id' },
      { method: 'POST', url: '/api/send-payment-link/:id' },
      // Promo codes: the console's, and the checkout's check.
      { method: 'GET', url: '/api/promo-codes' },
      { method: 'POST', url: '/api/create-promo-code' },
      { method: 'PUT', url: '/api/update-promo-code' },
      { method: 'DELETE', url: '/api/delete-promo-code/:id' },
      { method: 'POST', url: '/api/check-promo-code' },
      // The checkout's fee quote.
      { method: 'GET', url: '/api/car-rental-fees/:id' },
      // The admin's reconciliation.
      { method: 'GET', url: '/api/reconciliation' },
    ])
      expect(routes).toContainEqual(route);
  });

  it('never answers 5xx, always {code, message} JSON on 4xx, never a stack trace', {
    // ~100 routes × the cases: 32 s of a clean-clone CI run on the loaded 2-core machine; room for the routes to come.
    timeout: Math.max(120_000, CASES_PER_ROUTE * 15_000),
  }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const random = mulberry32(seedOf(`${SEED}${route.method} ${route.url}`));
      for (let i = 0; i < CASES_PER_ROUTE; i++) {
        const url =
          route.url.replace(/:(\w+)/g, () => pick(random, PARAMS)(random)) + (i === 0 ? '' : pick(random, QUERIES));
        const body = route.method === 'GET' || route.method === 'DELETE' ? {} : pick(random, BODIES)(random);
        const auth = await t.as(pick(random, ACTORS));
        const extra = pick(random, HEADERS);
        const headers: Record<string, string> = { ...auth, ...extra };
        if (auth.cookie && extra.cookie) headers.cookie = `${extra.cookie}; ${auth.cookie}`;
        if (body.contentType) headers['content-type'] = body.contentType;
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          headers,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
        };
        const res = await t.inject(options);
        const where = `${route.method} ${url.slice(0, 120)} [${body.contentType ?? '-'} ${String(body.payload ?? '').slice(0, 40)}] → ${res.statusCode}`;
        if (res.statusCode >= 500) {
          // The server's own account of it, for a readable failure.
          const logged = t.logLines.filter(
            (line) => line.includes(String(res.headers['x-request-id'])) && /"level":50/.test(line),
          );
          failures.push(`${where}: ${res.body.slice(0, 200)} ${logged.map((line) => line.slice(0, 600)).join(' ')}`);
        }
        if (STACK.test(res.body)) failures.push(`${where}: stack trace ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400) {
          let parsed: unknown;
          try {
            parsed = res.json();
          } catch {
            parsed = null;
          }
          const ok =
            String(res.headers['content-type']).startsWith('application/json') &&
            typeof (parsed as { code?: unknown })?.code === 'string' &&
            typeof (parsed as { message?: unknown })?.message === 'string';
          if (!ok) failures.push(`${where}: not {code, message}: ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The server is still alive and serving.
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('knows who may call every route: each one declares its auth (the list the checks below walk)', () => {
    const declared = t.app.routePolicies.map((policy) => `${policy.method} ${policy.url}`);
    const served = routes.filter((route) => !route.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url}`);
    expect(new Set(declared)).toEqual(new Set(served));
    // A route anyone may call is a decision: this list changes only on purpose.
    const open = t.app.routePolicies.filter((policy) => policy.auth === 'public').map((p) => `${p.method} ${p.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('checks the caller before the body: anonymous 401 on every protected route, whatever it sends', async () => {
    const protectedRoutes = t.app.routePolicies.filter((policy) => policy.auth !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(25);
    // Fresh sessions: the fuzz above may have signed the demo accounts' cached sessions out.
    const [driver = {}, suspended = {}] = await t.asMany([DEMO_ACCOUNTS.driver.id, DEMO_ACCOUNTS.suspended.id]);
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      // Params and bodies that fail validation: a 400 with field errors would mean the schema ran first.
      const url = route.url.replace(/:(\w+)/g, 'not-a-uuid');
      const bodies = route.method === 'GET' ? [undefined] : ['{}', '{"_id":1,"userId":[],"ids":"x"}', '{"a":'];
      for (const payload of bodies) {
        const send = (headers: Record<string, string>) =>
          t.inject({
            method: route.method as 'POST',
            url,
            headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
            ...(payload ? { payload } : {}),
          });
        const expectations: [string, Record<string, string>, number, string][] = [
          ['anonymous', {}, 401, 'UNAUTHENTICATED'],
          ['suspended', suspended, 403, 'ACCOUNT_SUSPENDED'],
        ];
        if (route.auth === 'operator' || route.auth === 'admin')
          expectations.push(['driver', driver, 403, 'FORBIDDEN']);
        for (const [who, headers, status, code] of expectations) {
          const res = await send(headers);
          if (res.statusCode !== status || res.json().code !== code)
            wrong.push(`${route.method} ${route.url} as ${who} [${payload ?? '-'}] → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  /** State-changing routes a browser calls: all but the server-to-server ones (the card provider's webhook). */
  const browserWrites = () =>
    t.app.routePolicies.filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && !route.serverToServer);

  it('refuses a foreign Origin on every state-changing route, before anything runs', async () => {
    const ORIGINS = ['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'http://localhost:3001'];
    const changing = browserWrites();
    expect(changing.length).toBeGreaterThan(35);
    const headers = await t.as('driver');
    const accepted: string[] = [];
    for (const [i, route] of changing.entries()) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const origin = ORIGINS[i % ORIGINS.length]!;
      const res = await t.inject({ method: route.method as 'POST', url, headers: { ...headers, origin }, payload: {} });
      if (res.statusCode !== 403 || res.json().code !== 'FOREIGN_ORIGIN') accepted.push(`${route.method} ${route.url}`);
    }
    expect(accepted).toEqual([]);
  });

  // A browser always sends Origin or Sec-Fetch-Site; a call with neither is not from our page.
  it('refuses a state-changing call with neither Origin nor a same-origin Sec-Fetch-Site, on every such route', async () => {
    const WITHOUT_ORIGIN = [
      { referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
    ];
    const [headers] = await t.asMany([DEMO_ACCOUNTS.driver.id]);
    const accepted: string[] = [];
    for (const [i, route] of browserWrites().entries()) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const extra = WITHOUT_ORIGIN[i % WITHOUT_ORIGIN.length]!;
      const res = await t.inject({
        method: route.method as 'POST',
        url,
        headers: { ...headers, ...extra, origin: undefined },
        payload: {},
      });
      if (res.statusCode !== 403 || res.json().code !== 'FOREIGN_ORIGIN')
        accepted.push(`${route.method} ${route.url} ${JSON.stringify(extra)} → ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
    // The audit's call: the driver's own profile update with a foreign Referer and no Origin changes nothing.
    const before = await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) });
    const forged = await t.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: { ...headers, origin: undefined, referer: 'https://evil.example/' },
      payload: { _id: DEMO_ACCOUNTS.driver.id, fullName: 'Forged Name' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'FOREIGN_ORIGIN' });
    expect(await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) })).toEqual(before);
  });

  it('lets our own page through (its Origin, or Sec-Fetch-Site: same-origin), the webhook by its signature, and reads from anywhere', async () => {
    const [headers] = await t.asMany([DEMO_ACCOUNTS.driver.id]);
    const update = (extra: Record<string, string | undefined>) =>
      t.inject({
        method: 'POST',
        url: '/api/update-language',
        headers: { ...headers, ...extra },
        payload: { id: DEMO_ACCOUNTS.driver.id, language: 'en' },
      });
    expect((await update({ origin: t.config.PUBLIC_URL })).statusCode).toBe(200);
    expect((await update({ origin: undefined, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    // The card provider's webhook has no Origin: it is judged by its signature, not refused as cross-site.
    const webhook = await t.inject({
      method: 'POST',
      url: '/api/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad', origin: undefined },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().code).not.toBe('FOREIGN_ORIGIN');
    expect(t.app.routePolicies.filter((route) => route.serverToServer).map((r) => r.url)).toEqual([
      '/api/stripe-webhook',
    ]);
    const read = await t.inject({ method: 'GET', url: '/api/settings', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    const bare = await t.inject({ method: 'GET', url: '/api/settings', headers: { origin: undefined } });
    expect(bare.statusCode).toBe(200);
  });

  it('leaks no password hash, session token, one-time token or secret in any response or log line', async () => {
    expect(t.logLines.length).toBeGreaterThan(100);
    expect(await t.leaks()).toEqual([]);
  });
});
