import { SUPPLIER_PROFILE_MESSAGES, type SupplierProfile } from '@roam/contract/supplier-profile';
import { SupplierProfileSchema } from '@roam/contract/supplier-profile.schema';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { L, lyonPeriod, operatorCalls, search } from '#test/fleet-fixtures.ts';
import { multipart } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A supplier edits its profile (name, logo, contact, pay later, licence required); the percentage
// is the admin's alone. Only the fields sent change, and the car cards show a change at once.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const KESTREL = DEMO_IDS.suppliers.kestrel;

describe('supplier profile', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => t.close());

  const read = (headers: Record<string, string>, id = AZUR) =>
    t.app.inject({ method: 'GET', url: `/api/supplier/${id}`, headers });
  const update = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/update-supplier', headers, payload });

  it('reads and changes only the fields sent; read-modify-write works; the cards show it at once', async () => {
    const profile = SupplierProfileSchema.parse((await read(supplier)).json());
    expect(profile).toMatchObject({ _id: AZUR, email: DEMO_ACCOUNTS.supplier.email, contactEmail: null });
    const res = await update(supplier, { _id: AZUR, fullName: 'Azur Coast Car Rentals', phone: '+33 4 93 00 00 00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...profile, fullName: 'Azur Coast Car Rentals', phone: '+33 4 93 00 00 00' });
    const back = await update(supplier, { ...res.json(), contactEmail: 'desk@azur.example', payLater: false });
    expect(back.json()).toMatchObject({ contactEmail: 'desk@azur.example', payLater: false, priceChangeRate: 0 });
    const cleared = await update(supplier, { _id: AZUR, phone: '' });
    expect(cleared.json()).toMatchObject({ phone: null, contactEmail: 'desk@azur.example' });
    const found = await search(t, L.paris, lyonPeriod(20, 2), AZUR);
    expect(found.results[0]?.supplier).toMatchObject({ fullName: 'Azur Coast Car Rentals', payLater: false });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'supplier'), eq(auditLog.entityId, AZUR)))
      .orderBy(auditLog.at);
    expect(trail.map((row) => Object.keys(row.changes).sort())).toEqual([
      ['fullName', 'phone'],
      ['contactEmail', 'payLater'],
      ['phone'],
    ]);
  });

  it('keeps the percentage for the admin: a supplier gets 403 for a change, an admin changes it', async () => {
    const refused = await update(supplier, { _id: AZUR, priceChangeRate: 15 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fieldErrors.priceChangeRate).toEqual([SUPPLIER_PROFILE_MESSAGES.adminOnlyRate]);
    expect((await read(supplier)).json().priceChangeRate).toBe(0);
    const changed = await update(admin, { _id: AZUR, priceChangeRate: 7.5 });
    expect(changed.json().priceChangeRate).toBe(7.5);
    // The supplier sends back what it read: the same percentage passes.
    const same = await update(supplier, { ...(changed.json() as SupplierProfile), licenseRequired: true });
    expect(same.statusCode, same.body).toBe(200);
    const car = await operatorCalls(t).read(supplier, DEMO_IDS.cars.clio);
    expect(car.json().supplier.priceChangeRate).toBe(7.5);
    expect((await update(admin, { _id: AZUR, priceChangeRate: 0 })).statusCode).toBe(200);
  });

  it('answers the supplier itself and admins only; refuses bad fields', async () => {
    const other = await signIn(t.db, KESTREL);
    expect((await read(other)).statusCode).toBe(403);
    expect((await update(other, { _id: AZUR, fullName: 'Mine now' })).statusCode).toBe(403);
    expect((await read(await signIn(t.db, DEMO_ACCOUNTS.driver.id))).statusCode).toBe(403);
    expect((await read({})).statusCode).toBe(401);
    expect((await read(admin, KESTREL)).json().fullName).toBeTruthy();
    expect((await read(admin, DEMO_ACCOUNTS.driver.id)).statusCode).toBe(404);
    const bad = await update(supplier, { _id: AZUR, contactEmail: 'not-an-email', phone: 'x', fullName: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['contactEmail', 'fullName', 'phone']);
  });

  it('takes a logo by its content, re-encoded within 240×120 with its proportions', async () => {
    const before = (await read(supplier)).json() as SupplierProfile;
    const png = await sharp({ create: { width: 800, height: 200, channels: 4, background: '#135' } })
      .png()
      .toBuffer();
    const body = multipart('image', 'logo.webp', 'image/webp', png);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/update-supplier-logo/${AZUR}`,
      headers: { ...supplier, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const logo = await t.app.inject({ method: 'GET', url: res.json().logo });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ width: 240, height: 60 });
    const previous = before.logo!.split('/').pop()!;
    expect(await t.db.select().from(files).where(eq(files.id, previous))).toEqual([]);
    const found = await search(t, L.paris, lyonPeriod(20, 2), AZUR);
    expect(found.results[0]?.supplier.logo).toBe(res.json().logo);
    const removed = await t.app.inject({ method: 'POST', url: `/api/delete-supplier-logo/${AZUR}`, headers: admin });
    expect(removed.json().logo).toBeNull();
  });

  // The second outside audit ("also seen"): a supplier renaming itself through update-user left no audit row, where the
  // same change through update-supplier did.
  it('a supplier renaming itself through /api/update-user is audited as through update-supplier', async () => {
    const kestrel = await signIn(t.db, KESTREL);
    const trail = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'supplier'), eq(auditLog.entityId, KESTREL)));
    const before = (await trail()).length;
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: kestrel,
      payload: { _id: KESTREL, fullName: 'Kestrel Renamed Cars' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const rows = await trail();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorId: KESTREL,
      actorType: 'supplier',
      action: 'update',
      supplierId: KESTREL,
      changes: { fullName: { after: 'Kestrel Renamed Cars' } },
    });
    // Sending what it already says changes nothing and writes nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: kestrel,
      payload: { _id: KESTREL, fullName: 'Kestrel Renamed Cars' },
    });
    expect(await trail()).toHaveLength(before + 1);
  });
});
