import type { RunTimeSettingsState } from '@roam/contract/booking-rules';
import type { Settings } from '@roam/contract/settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The admin changes the booking rules at run time. A change holds from the next call on —
// `GET /api/settings`, the search and the checkout — without a restart; a rule not sent keeps its value; null returns
// a rule to the deployment's value.

describe('admin: booking rules', () => {
  let t: TestApp;
  let admin: { cookie: string };
  let driver: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ HOLD_MINUTES: '30' });
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  const update = (payload: object, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/update-booking-rules', headers, payload });
  const state = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/booking-rules', headers: admin })).json() as RunTimeSettingsState;
  const settings = async () => (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as Settings;
  const search = (daysAhead: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search-cars/1/5',
      payload: {
        pickupLocationId: DEMO_IDS.locations.parisCdg,
        dropoffLocationId: DEMO_IDS.locations.parisCdg,
        ...period(daysAhead),
      },
    });

  it('starts from the deployment values, changes only the rules sent, and search and settings follow at once', async () => {
    const before = await state();
    expect(before.values).toEqual(before.defaults);
    expect(before).toMatchObject({ overridden: [], updatedAt: null, updatedBy: null, defaults: { holdMinutes: 30 } });
    expect((await search(2)).statusCode).toBe(200);

    const changed = await update({ minPickupLeadHours: 72, latestPickupHour: 20 });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json() as RunTimeSettingsState;
    expect(after.values).toEqual({ ...before.defaults, minPickupLeadHours: 72, latestPickupHour: 20 });
    expect(after.overridden.sort()).toEqual(['latestPickupHour', 'minPickupLeadHours']);
    expect(after.updatedBy).toBe(DEMO_ACCOUNTS.admin.fullName);
    expect(await settings()).toMatchObject({ minPickupLeadHours: 72, latestPickupHour: 20, minRentalHours: 1 });

    // Two days ahead is now too soon, for search and checkout alike (spec §5's message).
    const tooSoon = await search(2);
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().fieldErrors.pickupAt).toEqual(['Pick-up time must be at least a few hours in the future']);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({}, 2),
    });
    expect(checkout.statusCode).toBe(400);
    expect((await search(4)).statusCode).toBe(200);

    // Another change leaves the first as it was; null returns a rule to the deployment's value.
    expect((await update({ minRentalHours: 48 })).statusCode).toBe(200);
    const reset = (await update({ minPickupLeadHours: null })).json() as RunTimeSettingsState;
    expect(reset.values).toEqual({ ...before.defaults, latestPickupHour: 20, minRentalHours: 48 });
    expect((await search(2)).statusCode).toBe(200);

    // Every change is in the audit trail, before and after.
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.actorId, DEMO_ACCOUNTS.admin.id)));
    expect(trail.map((row) => row.changes)).toContainEqual({
      minPickupLeadHours: { before: 72, after: before.defaults.minPickupLeadHours },
    });
    await update({ latestPickupHour: null, minRentalHours: null });
  });

  it('holds an unpaid online booking for the hold minutes in force', async () => {
    expect((await update({ holdMinutes: 90 })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption: 'full' }, 40),
    });
    expect(res.statusCode, res.body).toBe(201);
    const hold = new Date(res.json().holdExpiresAt).getTime() - Date.now();
    expect(hold).toBeGreaterThan(89 * 60_000);
    expect(hold).toBeLessThanOrEqual(90 * 60_000);
    await update({ holdMinutes: null });
  });

  it('refuses a value out of range, an unknown rule or a text with field errors, and changes nothing', async () => {
    const before = await state();
    for (const [payload, field] of [
      [{ minRentalHours: 0, holdMinutes: 60 }, 'minRentalHours'],
      [{ earliestPickupHour: 24 }, 'earliestPickupHour'],
      [{ holdMinutes: 2.5 }, 'holdMinutes'],
      [{ minPickupLeadHours: '3' }, 'minPickupLeadHours'],
    ] as const) {
      const res = await update(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
    }
    expect((await update({ openingHours: 3 })).statusCode).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('refuses an earliest hour later than the latest, naming both at both fields, and changes nothing', async () => {
    const before = await state();
    const res = await update({ earliestPickupHour: 22, latestPickupHour: 6 });
    expect(res.statusCode, res.body).toBe(400);
    const message = 'The earliest hour (22:00) must not be later than the latest hour (6:00).';
    expect(res.json().fieldErrors).toEqual({ earliestPickupHour: [message], latestPickupHour: [message] });
    // One side sent: checked against the other side in force.
    const late = await update({ earliestDropoffHour: before.values.latestDropoffHour + 1 });
    expect(Object.keys(late.json().fieldErrors)).toEqual(['earliestDropoffHour', 'latestDropoffHour']);
    // A decimal names the expected format and the range.
    const decimal = await update({ holdMinutes: 2.5 });
    expect(decimal.json().fieldErrors.holdMinutes).toEqual(['Please enter a whole number from 5 to 1440.']);
    expect(await state()).toEqual(before);
  });

  it('is the admin’s alone: anonymous 401, a driver or a supplier 403', async () => {
    const supplier = await signIn(t.db, DEMO_IDS.suppliers.azurCoast);
    for (const [headers, status] of [
      [{}, 401],
      [driver, 403],
      [supplier, 403],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/booking-rules', headers })).statusCode).toBe(status);
      expect((await update({ holdMinutes: 60 }, headers as never)).statusCode).toBe(status);
    }
    expect((await state()).values.holdMinutes).toBe(30);
  });
});
