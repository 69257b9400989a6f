import { IMPORT_MESSAGES } from '@roam/contract/fleet-import';
import type { LocationsImportReport } from '@roam/contract/locations';
import { PLACES_MESSAGES } from '@roam/contract/locations';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, countries, locations } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { multipartForm } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The last part: countries and locations by CSV, as cars are imported — a row-by-row report, all or
// nothing, and a re-import that updates (a country by its code, a location by its English name in its country).

const HEADER =
  'Country,countryEn,countryFr,countryEs,countrySe,countryDe,nameEn,nameFr,nameEs,nameSe,nameDe,kind,address,lat,lng,timeZone';
const MAPPING = JSON.stringify({
  countryCode: 'Country',
  countryEn: 'countryEn',
  countryFr: 'countryFr',
  countryEs: 'countryEs',
  countrySe: 'countrySe',
  countryDe: 'countryDe',
  nameEn: 'nameEn',
  nameFr: 'nameFr',
  nameEs: 'nameEs',
  nameSe: 'nameSe',
  nameDe: 'nameDe',
  kind: 'kind',
  address: 'address',
  latitude: 'lat',
  longitude: 'lng',
  timeZone: 'timeZone',
});
const GREECE = 'GR,Greece,Grèce,Grecia,Grekland,Griechenland';
const athens = (zone = 'Europe/Athens') =>
  `${GREECE},Athens Airport,Aéroport d'Athènes,Aeropuerto de Atenas,Atens flygplats,Flughafen Athen,airport,Attiki Odos,37.9364,23.9445,${zone}`;
const heraklion = `GR,,,,,,Heraklion,Héraklion,Heraclión,Heraklion,Heraklion,city,,35.3387,25.1442,Europe/Athens`;
/** A place of the demo data, by its English name in its country: its address changes, nothing else. */
const cdg = `FR,,,,,,Paris Charles de Gaulle Airport,,,,,,"Terminal 1, 95700 Roissy",,,`;
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

describe('places import', () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.db, DEMO_IDS.users.admin);
  });
  afterAll(() => t.close());

  const send = (url: string, csv: string, headers: object = admin) => {
    const form = multipartForm([
      { name: 'mapping', value: MAPPING },
      { name: 'file', value: csv, filename: 'places.csv', contentType: 'text/csv' },
    ]);
    return t.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  const greece = async () => (await t.db.select().from(countries).where(eq(countries.code, 'GR')))[0];
  const audits = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

  it('reports every row by its column before anything is written, and writes nothing while one is wrong', async () => {
    const csv = file(athens('Europe/Atlantis'), heraklion.replace('Héraklion', ''), cdg);
    const preview = await send('/api/import-locations/preview', csv);
    expect(preview.statusCode).toBe(200);
    const report = preview.json() as LocationsImportReport;
    expect(report.valid).toBe(false);
    expect(report.rows).toEqual([
      {
        line: 2,
        name: 'Athens Airport',
        countryCode: 'GR',
        action: 'create',
        errors: { timeZone: [PLACES_MESSAGES.badTimeZone] },
      },
      {
        line: 3,
        name: 'Heraklion',
        countryCode: 'GR',
        action: 'create',
        errors: { nameFr: ['Please fill in the field: nameFr'] },
      },
      { line: 4, name: 'Paris Charles de Gaulle Airport', countryCode: 'FR', action: 'update', errors: {} },
    ]);
    const before = await audits();
    const refused = await send('/api/import-locations', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: IMPORT_MESSAGES.invalidRows,
      fieldErrors: { 'rows.2.timeZone': [PLACES_MESSAGES.badTimeZone] },
    });
    expect(await greece()).toBeUndefined();
    expect(await audits()).toBe(before);
  });

  it('imports the fixed file at once: a new country and its places, an existing place updated; search sees them', async () => {
    const csv = file(athens(), heraklion, cdg);
    const res = await send('/api/import-locations', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, imported: true });
    const country = await greece();
    expect(country?.names).toEqual({ en: 'Greece', fr: 'Grèce', es: 'Grecia', se: 'Grekland', de: 'Griechenland' });
    const places = await t.db.select().from(locations).where(eq(locations.countryId, country!.id));
    expect(places.map((place) => [place.names.en, place.kind, place.timeZone, place.address]).sort()).toEqual([
      ['Athens Airport', 'airport', 'Europe/Athens', 'Attiki Odos'],
      ['Heraklion', 'city', 'Europe/Athens', null],
    ]);
    const [paris] = await t.db.select().from(locations).where(eq(locations.id, DEMO_IDS.locations.parisCdg));
    expect(paris).toMatchObject({ address: 'Terminal 1, 95700 Roissy', latitude: 49.0097, kind: 'airport' });
    expect(paris?.names.fr).toBe('Aéroport Paris-Charles-de-Gaulle');
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location'), eq(auditLog.entityId, DEMO_IDS.locations.parisCdg)));
    expect(audited).toEqual([{ action: 'update' }]);
    const found = await t.app.inject({ method: 'GET', url: '/api/locations?language=fr&q=Athènes' });
    expect(found.json()).toEqual([expect.objectContaining({ name: "Aéroport d'Athènes", countryCode: 'GR' })]);
  });

  it('the same file again updates by the natural keys: no duplicate, no change, no audit row', async () => {
    const before = await audits();
    const again = await send('/api/import-locations/preview', file(athens(), heraklion, cdg));
    expect((again.json() as LocationsImportReport).rows.map((row) => row.action)).toEqual([
      'update',
      'update',
      'update',
    ]);
    expect((await send('/api/import-locations', file(athens(), heraklion, cdg))).statusCode).toBe(200);
    expect(await audits()).toBe(before);
    const country = await greece();
    const [{ n }] = (await t.db.select({ n: count() }).from(locations).where(eq(locations.countryId, country!.id))) as [
      { n: number },
    ];
    expect(n).toBe(2);
  });

  it('a file twice naming a place, an empty file, a supplier or a driver: refused, each said so', async () => {
    const twice = await send('/api/import-locations/preview', file(athens(), athens()));
    expect((twice.json() as LocationsImportReport).rows[1]!.errors).toEqual({
      nameEn: ['This place is already on row 2 of the file.'],
    });
    const empty = await send('/api/import-locations/preview', HEADER);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ file: ['The file has no place rows.'] });
    for (const [who, status] of [
      [DEMO_IDS.users.supplier, 403],
      [DEMO_IDS.users.driver, 403],
    ] as const)
      expect((await send('/api/import-locations', file(athens()), await signIn(t.db, who))).statusCode).toBe(status);
    expect((await send('/api/import-locations', file(athens()), {})).statusCode).toBe(401);
  });
});
