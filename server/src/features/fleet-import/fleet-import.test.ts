import { FLEET_MESSAGES } from '@roam/contract/fleet';
import { IMPORT_MESSAGES, type ImportReport } from '@roam/contract/fleet-import';
import { parse } from 'csv-parse/sync';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, cars } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { dayFromNow, L, lyonBooking, lyonPeriod, operatorCalls, search } from '#test/fleet-fixtures.ts';
import { multipartForm } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// An operator imports a CSV of cars all-or-nothing after a row-by-row report; the same file again
// updates by licence plate; export gives the file back, guarded against spreadsheet formulas.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const KESTREL = DEMO_IDS.suppliers.kestrel;
const HEADER =
  'Licence plate,Name,range,fuelType,gearbox,seats,doors,aircon,mileage,fuelPolicy,deposit,Places,dailyPrice';
const row = (plate: string, name: string, daily: string, place = 'Lyon Saint-Exupéry Airport') =>
  `${plate},${name},midi,gasoline,manual,5,5,yes,-1,fullToFull,500.00,${place},${daily}`;
const MAPPING = JSON.stringify({
  licensePlate: 'Licence plate',
  name: 'Name',
  range: 'range',
  fuelType: 'fuelType',
  gearbox: 'gearbox',
  seats: 'seats',
  doors: 'doors',
  aircon: 'aircon',
  mileage: 'mileage',
  fuelPolicy: 'fuelPolicy',
  deposit: 'deposit',
  locationIds: 'Places',
  dailyPrice: 'dailyPrice',
});
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

describe('fleet import and export', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let other: { cookie: string };
  let admin: { cookie: string };
  let driver: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    other = await signIn(t.db, KESTREL);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  const send = (url: string, headers: object, csv: string, fields: Record<string, string> = { mapping: MAPPING }) => {
    const form = multipartForm([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', value: csv, filename: 'cars.csv', contentType: 'text/csv' },
    ]);
    return t.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  const carsWith = (plates: string[]) =>
    t.db.select().from(cars).where(inArray(cars.licensePlate, plates)).orderBy(cars.licensePlate);
  const audits = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
  const exported = async (headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/export-cars${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('reports the bad row by line and field and writes nothing; the fixed file creates every car', async () => {
    const bad = file(row('IMP-001', 'Fiat 500', '45.00'), row('imp-002', 'Clio', '0'), row('IMP-003', 'Golf', '52.5'));
    const before = await audits();
    const preview = await send('/api/import-cars/preview', supplier, bad);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json() as ImportReport;
    expect(report.valid).toBe(false);
    expect(report.rows.map((r) => [r.line, r.action, r.licensePlate, r.errors])).toEqual([
      [2, 'create', 'IMP-001', {}],
      [3, 'create', 'IMP-002', { dailyPrice: [FLEET_MESSAGES.invalidPrice] }],
      [4, 'create', 'IMP-003', {}],
    ]);
    const refused = await send('/api/import-cars', supplier, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: IMPORT_MESSAGES.invalidRows,
      fieldErrors: { 'rows.3.dailyPrice': [FLEET_MESSAGES.invalidPrice] },
    });
    expect(await carsWith(['IMP-001', 'IMP-002', 'IMP-003'])).toEqual([]);
    expect(await audits()).toBe(before);

    const fixed = file(
      row('IMP-001', 'Fiat 500', '45.00'),
      row('imp-002', 'Clio', '39'),
      row('IMP-003', 'Golf', '52.5'),
    );
    const done = await send('/api/import-cars', supplier, fixed);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ valid: true, imported: true });
    const created = await carsWith(['IMP-001', 'IMP-002', 'IMP-003']);
    expect(created.map((car) => [car.licensePlate, car.name, car.dailyPrice, car.supplierId, car.mileage])).toEqual([
      ['IMP-001', 'Fiat 500', 4500, AZUR, -1],
      ['IMP-002', 'Clio', 3900, AZUR, -1],
      ['IMP-003', 'Golf', 5250, AZUR, -1],
    ]);
    expect(await audits()).toBe(before + 3);
    // Found by the customer search at its place, by name in the file.
    const found = await search(t, L.lyon, lyonPeriod(20, 2), AZUR);
    expect(found.results.map((car) => car._id)).toEqual(expect.arrayContaining(created.map((car) => car.id)));
  });

  it('the same file again updates by plate: no duplicate, only what changed audited', async () => {
    const again = file(
      row('IMP-001', 'Fiat 500', '45.00'),
      row('IMP-002', 'Clio', '41.00'),
      row('IMP-003', 'Golf', '52.50'),
    );
    const before = await audits();
    const preview = (await send('/api/import-cars/preview', supplier, again)).json() as ImportReport;
    expect(preview.rows.map((r) => r.action)).toEqual(['update', 'update', 'update']);
    const res = await send('/api/import-cars', supplier, again);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await carsWith(['IMP-001', 'IMP-002', 'IMP-003']);
    expect(rows.map((car) => [car.licensePlate, car.dailyPrice])).toEqual([
      ['IMP-001', 4500],
      ['IMP-002', 4100],
      ['IMP-003', 5250],
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.carId, rows[1]!.id), eq(auditLog.action, 'update')));
    expect(entry?.changes).toEqual({ dailyPrice: { before: 3900, after: 4100 } });
    expect(await audits()).toBe(before + 1);
  });

  it("leaves another supplier's car of the same plate alone, and refuses a duplicate plate in one file", async () => {
    const kestrelCar = await operatorCalls(t).created(other, { licensePlate: 'SHARED-1' });
    const res = await send('/api/import-cars', supplier, file(row('SHARED-1', 'Azur copy', '30')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows[0].action).toBe('create');
    const both = await carsWith(['SHARED-1']);
    expect(both.map((car) => [car.supplierId, car.name]).sort()).toEqual(
      [
        [AZUR, 'Azur copy'],
        [KESTREL, 'Peugeot 308 SW'],
      ].sort(),
    );
    expect(both.find((car) => car.id === kestrelCar._id)?.dailyPrice).toBe(5000);

    const twice = (
      await send('/api/import-cars/preview', supplier, file(row('DUP-1', 'A', '30'), row('dup-1', 'B', '30')))
    ).json();
    expect(twice.rows[1].errors).toEqual({ licensePlate: [IMPORT_MESSAGES.duplicatePlate(2)] });
    const unknown = (
      await send('/api/import-cars/preview', supplier, file(row('NOPE-1', 'A', '30', 'Atlantis')))
    ).json();
    expect(unknown.rows[0].errors).toEqual({ locationIds: [FLEET_MESSAGES.unknownLocation] });
  });

  it('exports every editor field, formula cells guarded, and the export imports back changing nothing', async () => {
    await operatorCalls(t).created(supplier, { name: '=HYPERLINK("http://x")', licensePlate: 'FORM-1' });
    const res = await exported(supplier);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cars.csv"');
    const table = parse(res.body, { bom: true }) as string[][];
    const [head, ...rows] = table;
    expect(head).toContain('theftProtection');
    const formula = rows.find((cells) => cells[head!.indexOf('licensePlate')] === 'FORM-1')!;
    expect(formula[head!.indexOf('name')]).toBe('\'=HYPERLINK("http://x")');
    expect(formula[head!.indexOf('mileage')]).toBe('-1');
    expect(formula[head!.indexOf('dateBasedPrices')]).toBe(
      `${dayFromNow(30)}..${dayFromNow(39)}:70.00|${dayFromNow(40)}..${dayFromNow(49)}:60.00`,
    );
    // Kestrel's export holds its own car only.
    expect((await exported(other)).body).not.toContain('IMP-001');

    const before = await audits();
    const back = await send('/api/import-cars', supplier, res.body, {});
    expect(back.statusCode, back.body).toBe(200);
    const report = back.json() as ImportReport;
    expect(report.rows.filter((r) => r.licensePlate).every((r) => r.action === 'update')).toBe(true);
    expect(report.rows.every((r) => Object.keys(r.errors).length === 0)).toBe(true);
    // Cars without a plate cannot be matched: they are created again; every car with a plate is unchanged.
    const unplated = report.rows.filter((r) => !r.licensePlate).length;
    expect(await audits()).toBe(before + unplated);
    const formulaCar = (await carsWith(['FORM-1']))[0];
    expect(formulaCar?.name).toBe('=HYPERLINK("http://x")');
  });

  it('exports the bookings picked up in the period', async () => {
    const [car] = await carsWith(['IMP-001']);
    const when = lyonPeriod(60, 2);
    const [inside] = await t.db
      .insert(bookings)
      .values(lyonBooking(car!.id, when, { supplierId: AZUR }))
      .returning({ id: bookings.id });
    const day = when.pickupAt.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/export-bookings?from=${day}&to=${next}`,
      headers: supplier,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [head, ...rows] = parse(res.body, { bom: true }) as string[][];
    // The reference leads (what a person reads); the id closes the row, headed in the reader's words.
    expect(head?.[0]).toBe('Reference');
    expect(head?.at(-1)).toBe('Booking id');
    expect(rows.map((cells) => cells.at(-1))).toContain(inside!.id);
    const otherFleet = await t.app.inject({
      method: 'GET',
      url: `/api/export-bookings?from=${day}&to=${next}`,
      headers: other,
    });
    expect(otherFleet.body).not.toContain(inside!.id);
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/export-bookings?from=2020-01-01&to=${day}`,
      headers: supplier,
    });
    expect(before.body).not.toContain(inside!.id);
  });

  it('roles: anonymous 401, driver 403, a supplier naming another 403, the admin names the supplier', async () => {
    const csv = file(row('ROLE-1', 'Admin car', '30'));
    expect((await send('/api/import-cars/preview', {}, csv)).statusCode).toBe(401);
    expect((await send('/api/import-cars', driver, csv)).statusCode).toBe(403);
    expect((await send('/api/import-cars', supplier, csv, { mapping: MAPPING, supplierId: KESTREL })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/export-cars' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/export-cars', headers: driver })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/export-cars?supplierId=${AZUR}`, headers: other })).statusCode,
    ).toBe(403);
    const missing = await send('/api/import-cars', admin, csv);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ supplierId: [FLEET_MESSAGES.required('Supplier')] });
    const res = await send('/api/import-cars', admin, csv, { mapping: MAPPING, supplierId: KESTREL });
    expect(res.statusCode, res.body).toBe(200);
    expect((await carsWith(['ROLE-1']))[0]?.supplierId).toBe(KESTREL);
    expect((await exported(admin, `?supplierId=${KESTREL}`)).body).toContain('ROLE-1');
  });

  it('refuses what is not a CSV of cars with a clear error', async () => {
    const noFile = await t.app.inject({ method: 'POST', url: '/api/import-cars/preview', headers: supplier });
    expect(noFile.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { file: [IMPORT_MESSAGES.addFile] },
    });
    expect((await send('/api/import-cars/preview', supplier, HEADER)).json().fieldErrors).toEqual({
      file: [IMPORT_MESSAGES.noRows],
    });
    expect((await send('/api/import-cars/preview', supplier, 'a,"b\n1,2')).json().fieldErrors).toEqual({
      file: [IMPORT_MESSAGES.unreadable],
    });
    const wrongHeader = await send('/api/import-cars/preview', supplier, file(row('X-1', 'A', '30')), {
      mapping: JSON.stringify({ name: 'Model' }),
    });
    expect(wrongHeader.json().fieldErrors).toEqual({ 'mapping.name': [IMPORT_MESSAGES.unknownColumn] });
    const big = await send('/api/import-cars/preview', supplier, `${HEADER}\n${'x'.repeat(1024 * 1024 + 10)}`);
    expect(big.statusCode).toBe(413);
  });
});
