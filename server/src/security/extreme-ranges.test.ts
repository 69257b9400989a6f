import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { createSecurityApp, type SecurityApp } from '#test/security-app.ts';

// The second outside audit, item 16: extreme values that passed the contract and failed further in (500). Each range
// is bounded in the contract, so the answer is a 400 naming the field.

describe('security: extreme ranges (second audit, item 16)', () => {
  let t: SecurityApp;
  beforeAll(async () => {
    t = await createSecurityApp();
  });
  afterAll(() => t.close());

  it('the scheduler refuses a date of the year 1 (or 9999) with 400, never 500', async () => {
    const headers = await t.as('supplier');
    for (const [from, to] of [
      ['0001-01-01', '0001-01-20'],
      ['9999-12-01', '9999-12-20'],
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/scheduler/1/20',
        headers,
        payload: { locationId: DEMO_IDS.locations.parisCdg, from, to },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { from: [expect.any(String)] } });
    }
  });

  it('the dashboard and the bookings export bound their dates the same way', async () => {
    const headers = await t.as('supplier');
    const dashboard = await t.inject({ method: 'GET', url: '/api/dashboard?from=0001-01-01&to=0001-02-01', headers });
    expect(dashboard.statusCode, dashboard.body).toBe(400);
    const exported = await t.inject({
      method: 'GET',
      url: '/api/export-bookings?from=0001-01-01&to=0001-02-01',
      headers,
    });
    expect(exported.statusCode, exported.body).toBe(400);
  });

  it('a conversion whose result would not be a finite number is refused with 400', async () => {
    for (const amount of ['1e308', '1e300', '1e20']) {
      const res = await t.inject({ method: 'GET', url: `/api/convert?amount=${amount}&from=EUR&to=VND` });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { amount: [expect.any(String)] } });
    }
    const fine = await t.inject({ method: 'GET', url: '/api/convert?amount=1000000&from=EUR&to=VND' });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
