import { IMPORT_MESSAGES, type ImportReport } from '@roam/contract/fleet-import';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { lyonBooking, lyonPeriod } from '#test/fleet-fixtures.ts';
import { multipartForm } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The fleet CSV in the operator's language: a French spreadsheet's file (';', decimal comma, the editor's French
// labels as headers, "Voiture", "oui", "Essence") imports; an unknown value is refused as such; the exports are
// separated as the reader's locale expects and the bookings' carry the reference, the reader's words and local times.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const FRENCH_HEADER = [
  "Plaque d'immatriculation",
  'Nom',
  'Type de véhicule',
  'Carburant',
  'Boîte de vitesses',
  'Places',
  'Portes',
  'Climatisation',
  'Kilométrage inclus (km)',
  'Politique carburant',
  'Équipements',
  'Caution',
  'Lieux',
  'Prix par jour',
].join(';');
const frenchRow = (plate: string, range: string, aircon: string) =>
  `${plate};Clio;${range};Essence;Manuelle;5;5;${aircon};-1;Plein à plein;Bluetooth|Écran tactile;500,00;Lyon Saint-Exupéry Airport;45,50`;

describe('the fleet CSV in the operator language', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
  });
  afterAll(() => t.close());

  const send = (url: string, csv: string, fields: Record<string, string>) => {
    const form = multipartForm([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', value: csv, filename: 'voitures.csv', contentType: 'text/csv' },
    ]);
    return t.app.inject({ method: 'POST', url, headers: { ...supplier, ...form.headers }, payload: form.payload });
  };

  it('imports a French file: labels as headers and values, yes as oui, a decimal comma, ";" separated', async () => {
    const csv = [FRENCH_HEADER, frenchRow('FR-001', 'Voiture', 'oui'), frenchRow('FR-002', 'Utilitaire', 'Non')].join(
      '\r\n',
    );
    const preview = await send('/api/import-cars/preview', `\uFEFF${csv}`, { language: 'fr' });
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json() as ImportReport;
    // "Places" is the seats in French, not the places.
    expect(report.mapping).toMatchObject({
      licensePlate: "Plaque d'immatriculation",
      range: 'Type de véhicule',
      seats: 'Places',
      aircon: 'Climatisation',
      locationIds: 'Lieux',
      dailyPrice: 'Prix par jour',
    });
    expect(report.rows.map((row) => row.errors)).toEqual([{}, {}]);
    const done = await send('/api/import-cars', csv, { language: 'fr' });
    expect(done.statusCode, done.body).toBe(200);
    const created = await t.db
      .select()
      .from(cars)
      .where(inArray(cars.licensePlate, ['FR-001', 'FR-002']))
      .orderBy(cars.licensePlate);
    expect(
      created.map((car) => [
        car.range,
        car.fuelType,
        car.gearbox,
        car.aircon,
        car.fuelPolicy,
        car.deposit,
        car.dailyPrice,
      ]),
    ).toEqual([
      ['mini', 'gasoline', 'manual', true, 'fullToFull', 50000, 4550],
      ['maxi', 'gasoline', 'manual', false, 'fullToFull', 50000, 4550],
    ]);
    expect(created[0]?.multimedia).toEqual(['bluetooth', 'touchscreen']);
  });

  it('accepts the codes and a label in another language, and refuses a value that is neither', async () => {
    const csv = [FRENCH_HEADER, frenchRow('FR-003', 'Auto', 'ja'), frenchRow('FR-004', 'Voitur', 'peut-être')].join(
      '\n',
    );
    const report = (await send('/api/import-cars/preview', csv, { language: 'fr' })).json() as ImportReport;
    expect(report.rows[0]?.errors).toEqual({});
    expect(report.rows[1]?.errors).toEqual({
      range: [IMPORT_MESSAGES.notAllowed],
      aircon: [IMPORT_MESSAGES.notYesNo],
    });
  });

  it('exports the cars with ";" and a decimal comma for a French reader, and they import back unchanged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export-cars?separator=semicolon', headers: supplier });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [head, ...rows] = parse(res.body, { bom: true, delimiter: ';' }) as string[][];
    const car = rows.find((cells) => cells[head!.indexOf('licensePlate')] === 'FR-001')!;
    expect(car[head!.indexOf('dailyPrice')]).toBe('45,50');
    const back = await send('/api/import-cars/preview', res.body, {});
    const report = back.json() as ImportReport;
    expect(report.valid, back.body).toBe(true);
  });

  it('exports the bookings in French: ";" separated, the reference, French words, times at the place', async () => {
    const [car] = await t.db
      .select()
      .from(cars)
      .where(inArray(cars.licensePlate, ['FR-001']));
    const when = lyonPeriod(60, 2);
    const [booked] = await t.db
      .insert(bookings)
      .values(lyonBooking(car!.id, when, { supplierId: AZUR, status: 'paid' }))
      .returning({ id: bookings.id, reference: bookings.reference });
    const day = when.pickupAt.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/export-bookings?from=${day}&to=${next}&separator=semicolon&language=fr`,
      headers: supplier,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFFRéférence;Statut;')).toBe(true);
    const [head, ...rows] = parse(res.body, { bom: true, delimiter: ';' }) as string[][];
    const row = rows.find((cells) => cells.at(-1) === booked!.id)!;
    const cell = (name: string) => row[head!.indexOf(name)];
    expect(cell('Référence')).toBe(booked!.reference);
    expect(cell('Statut')).toBe('Confirmée – payée');
    expect(cell('Heure de prise en charge')).toBe(`${day} 10:00`);
    expect(cell('Fuseau de prise en charge')).toBe('Europe/Paris');
    expect(cell('Lieu de prise en charge')).toMatch(/Aéroport/);
    expect(cell('Prix (EUR)')).toMatch(/^\d+,\d{2}$/);
  });
});
