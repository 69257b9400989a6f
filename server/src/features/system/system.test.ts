import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SettingsSchema } from '@roam/contract/settings.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HIDE_SUPPLIERS: 'false', PAYPAL_CLIENT_ID: 'pp-id', PAYPAL_CLIENT_SECRET: 'pp-secret' });
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok after a real database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: expect.stringMatching(/^(pglite|postgres)$/) });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /api/settings carries the booking rules and the configuration the front end needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const settings = SettingsSchema.parse(res.json());
    expect(settings).toMatchObject({
      websiteName: 'Roam',
      defaultLanguage: 'en',
      languages: ['en', 'fr', 'es', 'se', 'de'],
      hideSuppliers: false,
      infiniteScroll: false,
      baseCurrency: 'EUR',
      map: { latitude: 34.03, longitude: 1.65, zoom: 5 },
      payment: { card: 'demo', wallet: true, paypalClientId: 'pp-id' },
      recaptchaSiteKey: null,
      analyticsId: null,
      social: { google: null, facebook: null, apple: null },
    });
    expect(settings.earliestPickupHour).toBeLessThan(settings.latestPickupHour);
    // Secrets are configuration, never settings.
    expect(res.body).not.toContain('pp-secret');
  });

  it('compresses answers of 1 KB or more for clients that accept it, and only those', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/locations' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ method: 'GET', url: '/api/locations', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/locations', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('unknown /api routes are a JSON 404 with a code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'No route POST /api/no-such-call' });
  });

  it('malformed JSON is a 400 with a code, never a 500 or a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-call',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(res.json()).toHaveProperty('code');
  });

  it('a state-changing call from a foreign Origin is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-call',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FOREIGN_ORIGIN' });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-call',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(404);
  });

  it('publishes an OpenAPI document generated from the schemas, and a browsable page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(
      openapi.paths['/api/settings'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('minPickupLeadHours');
    // Every booking carries its short reference: the list, the booking, the checkout's answer.
    const schemaOf = (path: string, method: string, status: string) =>
      openapi.paths[path][method].responses[status].content['application/json'].schema;
    expect(schemaOf('/api/bookings/{page}/{size}', 'post', '200').properties.results.items.required).toContain(
      'reference',
    );
    expect(schemaOf('/api/booking/{id}', 'get', '200').required).toContain('reference');
    expect(schemaOf('/api/checkout', 'post', '201').properties.summary.required).toContain('reference');
    expect(schemaOf('/api/checkout-session/{sessionId}', 'get', '200').properties.summary.required).toContain(
      'reference',
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
