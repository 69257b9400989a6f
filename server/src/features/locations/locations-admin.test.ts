import { type EditableLocation, PLACES_MESSAGES, type Places } from '@roam/contract/locations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { L, lyonBooking, lyonPeriod, operatorCalls, search } from '#test/fleet-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The admin's countries and locations. The customer's search and map see a change at once.

const names = (en: string) => ({ en, fr: `${en} (fr)`, es: `${en} (es)`, se: `${en} (se)`, de: `${en} (de)` });
const AZUR = DEMO_IDS.suppliers.azurCoast;
const FR = DEMO_IDS.countries.FR;

describe('admin: locations', () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const annecy = {
    countryId: FR,
    parentId: L.lyon,
    names: names('Annecy Lakeside'),
    kind: 'city',
    address: '1 Quai de la Tournette, 74000 Annecy',
    latitude: 45.8992,
    longitude: 6.1294,
    timeZone: 'Europe/Paris',
  };

  it('creates a location that the map, the autocomplete and the search see at once; edits it by read-modify-write', async () => {
    const created = await call('POST', '/api/create-location', annecy);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.json() as EditableLocation;
    expect(location).toMatchObject({ ...annecy, carCount: 0 });
    const map = await call('GET', '/api/locations-with-position?language=de', undefined, {} as never);
    expect(map.json()).toContainEqual(
      expect.objectContaining({
        _id: location._id,
        name: 'Annecy Lakeside (de)',
        parentName: 'Lyon',
        latitude: 45.8992,
      }),
    );
    // A car offered there is found at once, there and at its parent (Lyon).
    const car = await operatorCalls(t).created(admin, {
      supplierId: AZUR,
      licensePlate: 'AN-001-CY',
      locationIds: [location._id],
    });
    const when = lyonPeriod(50, 2);
    expect((await search(t, location._id, when, AZUR)).results.map((r) => r._id)).toEqual([car._id]);
    expect((await search(t, L.lyon, when, AZUR)).results.map((r) => r._id)).toContain(car._id);
    // The admin reads the editable object; a visitor the customer's reading.
    const read = await call('GET', `/api/location/${location._id}`);
    expect(read.json()).toEqual({ ...location, carCount: 1 });
    const visitor = await call('GET', `/api/location/${location._id}?language=fr`, undefined, {} as never);
    expect(visitor.json()).toMatchObject({ name: 'Annecy Lakeside (fr)', timeZone: 'Europe/Paris' });
    expect(visitor.json()).not.toHaveProperty('names');
    // Read-modify-write: the object read goes back with a changed name and no parent.
    const back = await call('PUT', '/api/update-location', {
      ...read.json(),
      names: { ...location.names, en: 'Annecy' },
      parentId: null,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ names: { en: 'Annecy', fr: 'Annecy Lakeside (fr)' }, parentId: null });
    // Only the fields sent change.
    const moved = await call('PUT', '/api/update-location', {
      _id: location._id,
      latitude: 45.9,
      names: { se: 'Annecy' },
    });
    expect(moved.json()).toMatchObject({
      latitude: 45.9,
      longitude: 6.1294,
      names: { en: 'Annecy', se: 'Annecy', de: 'Annecy Lakeside (de)' },
    });
    expect((await search(t, L.lyon, when, AZUR)).results.map((r) => r._id)).not.toContain(car._id);
    const autocomplete = await call('GET', '/api/locations?q=annecy', undefined, {} as never);
    expect(autocomplete.json().map((l: { _id: string }) => l._id)).toEqual([location._id]);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location'), eq(auditLog.entityId, location._id)))
      .orderBy(auditLog.at);
    expect(trail.map((row) => row.action)).toEqual(['create', 'update', 'update']);
    expect(Object.keys(trail[2]!.changes).sort()).toEqual(['latitude', 'names']);
  });

  it('refuses a time zone not in the list, a cycle of parents, an unknown country, and bad coordinates', async () => {
    const bad = await call('POST', '/api/create-location', { ...annecy, timeZone: 'Europe/Atlantis', latitude: 91 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      timeZone: [PLACES_MESSAGES.badTimeZone],
      latitude: expect.any(Array),
    });
    const missing = await call('POST', '/api/create-location', { ...annecy, names: { en: 'Only English' } });
    expect(Object.keys(missing.json().fieldErrors).sort()).toEqual(['names.de', 'names.es', 'names.fr', 'names.se']);
    const cycle = await call('PUT', '/api/update-location', { _id: L.lyon, parentId: L.lyonAirport });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().fieldErrors).toEqual({ parentId: [PLACES_MESSAGES.badParent] });
    const nowhere = await call('POST', '/api/create-location', { ...annecy, countryId: crypto.randomUUID() });
    expect(nowhere.json().fieldErrors).toEqual({ countryId: [PLACES_MESSAGES.unknownCountry] });
  });

  it('deletes a location only when no car, booking or location inside uses it', async () => {
    expect((await call('DELETE', `/api/delete-location/${L.lyonAirport}`)).json().message).toBe(
      PLACES_MESSAGES.locationInUse,
    );
    expect((await call('DELETE', `/api/delete-location/${L.paris}`)).statusCode).toBe(409);
    const spare = (
      await call('POST', '/api/create-location', { ...annecy, parentId: null })
    ).json() as EditableLocation;
    const car = await operatorCalls(t).created(admin, {
      supplierId: AZUR,
      licensePlate: null,
      locationIds: [spare._id],
    });
    await t.db.insert(bookings).values(
      lyonBooking(car._id, lyonPeriod(-20, 2), {
        pickupLocationId: spare._id,
        dropoffLocationId: spare._id,
        status: 'paid',
        blocksCar: false,
      }),
    );
    expect((await operatorCalls(t).update(admin, { _id: car._id, locationIds: [L.lyonAirport] })).statusCode).toBe(200);
    const used = await call('DELETE', `/api/delete-location/${spare._id}`);
    expect(used.statusCode).toBe(409);
    await t.db.delete(bookings).where(eq(bookings.carId, car._id));
    expect((await call('DELETE', `/api/delete-location/${spare._id}`)).json()).toEqual({
      _id: spare._id,
      deleted: true,
    });
    expect((await call('GET', `/api/location/${spare._id}`)).statusCode).toBe(404);
  });

  it('creates, renames and deletes a country; refuses a taken code and a country with locations', async () => {
    const created = await call('POST', '/api/create-country', { code: 'it', names: names('Italy') });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'IT', locationCount: 0 });
    const id = created.json()._id as string;
    expect(
      (await call('POST', '/api/create-country', { code: 'IT', names: names('Italia') })).json().fieldErrors,
    ).toEqual({
      code: [PLACES_MESSAGES.codeTaken],
    });
    const renamed = await call('PUT', '/api/update-country', { _id: id, names: { fr: 'Italie' } });
    expect(renamed.json().names).toMatchObject({ en: 'Italy', fr: 'Italie' });
    expect((await call('PUT', '/api/update-country', { _id: id, code: 'FR' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/delete-country/${FR}`)).json().message).toBe(PLACES_MESSAGES.countryInUse);
    const places = (await call('GET', '/api/admin-locations')).json() as Places;
    expect(places.countries.find((c) => c._id === FR)!.locationCount).toBeGreaterThan(3);
    expect(places.locations.find((l) => l._id === L.lyonAirport)!.carCount).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/delete-country/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/country/${id}`)).statusCode).toBe(404);
  });

  it('answers admins only: anonymous 401, a driver or a supplier 403', async () => {
    const supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    for (const [headers, status] of [
      [{}, 401],
      [supplier, 403],
      [driver, 403],
    ] as const) {
      expect((await call('GET', '/api/admin-locations', undefined, headers as never)).statusCode).toBe(status);
      expect((await call('POST', '/api/create-location', annecy, headers as never)).statusCode).toBe(status);
      expect((await call('DELETE', `/api/delete-country/${FR}`, undefined, headers as never)).statusCode).toBe(status);
    }
    // A supplier reads a location as a customer does.
    expect((await call('GET', `/api/location/${L.lyon}`, undefined, supplier)).json()).not.toHaveProperty('names');
  });
});
