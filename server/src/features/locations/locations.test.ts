import type { CountryWithLocations, Location } from '@roam/contract/locations';
import type { Supplier } from '@roam/contract/suppliers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const L = DEMO_IDS.locations;

describe('locations and suppliers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HIDE_SUPPLIERS: 'true' });
  });
  afterAll(() => t.close());
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('autocompletes over names in the requested language, child locations included', async () => {
    const found = await get<Location[]>('/api/locations?language=fr&q=par');
    const byId = new Map(found.map((location) => [location._id, location]));
    expect(byId.get(L.paris)).toMatchObject({ name: 'Paris', countryName: 'France', parentId: null });
    expect(byId.get(L.parisOrly)).toMatchObject({
      name: 'Aéroport de Paris-Orly',
      parentId: L.paris,
      parentName: 'Paris',
    });
    expect(byId.has(L.parisCdg)).toBe(true);
    expect(byId.has(L.lyon)).toBe(false);
    // Names starting with the query come first.
    expect(found[0]?.name).toBe('Paris');
    // Accent- and case-insensitive.
    const german = await get<Location[]>('/api/locations?language=de&q=MUNCHEN');
    expect(german.map((location) => location._id)).toContain(L.munichAirport);
    const spanish = await get<Location[]>('/api/locations?language=es&q=londres');
    expect(spanish.map((location) => location._id)).toEqual(expect.arrayContaining([L.london, L.londonHeathrow]));
  });

  it('lists every location with its coordinates and zone, and one location', async () => {
    const all = await get<Location[]>('/api/locations-with-position');
    expect(all.length).toBeGreaterThan(30);
    expect(all.every((location) => Number.isFinite(location.latitude) && location.timeZone.includes('/'))).toBe(true);
    const one = await get<Location>(`/api/location/${L.tenerifeSouthAirport}?language=se`);
    expect(one).toMatchObject({ name: 'Tenerife Syd flygplats', timeZone: 'Atlantic/Canary', countryCode: 'ES' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/location/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/locations?language=xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('language');
  });

  it('groups locations by country', async () => {
    const countries = await get<CountryWithLocations[]>('/api/countries-with-locations?language=fr');
    const france = countries.find((country) => country.code === 'FR')!;
    expect(france.name).toBe('France');
    expect(france.locations.map((location) => location._id)).toEqual(expect.arrayContaining([L.paris, L.parisCdg]));
    expect(countries.find((country) => country.code === 'MA')?.name).toBe('Maroc');
  });

  it('lists suppliers with logos and car counts even when suppliers are hidden (the search filter needs them)', async () => {
    const suppliers = await get<Supplier[]>('/api/suppliers');
    expect(suppliers.length).toBe(Object.keys(DEMO_IDS.suppliers).length);
    const azur = suppliers.find((supplier) => supplier._id === DEMO_IDS.suppliers.azurCoast)!;
    expect(azur.fullName).toBe('Azur Coast Rentals');
    expect(azur.logo).toMatch(/^\/api\/files\//);
    expect(azur.carCount).toBeGreaterThanOrEqual(7);
    const logo = await t.app.inject({ method: 'GET', url: azur.logo! });
    expect(logo.statusCode).toBe(200);
    expect(suppliers.map((supplier) => supplier.fullName)).toEqual(
      [...suppliers.map((supplier) => supplier.fullName)].sort((a, b) => a.localeCompare(b)),
    );
  });
});
