import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { guardCell } from '#server/lib/csv-file.ts';
import { bookingRow, period } from '#test/booking-fixtures.ts';
import { operatorCalls } from '#test/fleet-fixtures.ts';
import { multipartForm } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The second outside audit, item 8: the formula guard looked at a cell's first character only, so `Clio;=cmd|…`
// became a formula cell in a spreadsheet that splits on `;` (French, German, Spanish, Swedish settings). A cell with
// any separator is quoted, and a formula's first character is neutralised after every separator too.

/** The cells a spreadsheet would see opening the CSV text with `delimiter`, ignoring the quotes (the worst case). */
const naiveCells = (csv: string, delimiter: string) => csv.split(/\r?\n/).flatMap((line) => line.split(delimiter));
const FORMULA_CELL = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const formulas = (cells: string[]) => cells.filter((cell) => FORMULA_CELL.test(cell) && !NUMBER.test(cell));

describe('CSV exports: no formula whatever the separator (second audit, item 8)', () => {
  it('neutralises a formula after any separator, and leaves numbers and plain text as they are', () => {
    expect(guardCell("Clio;=cmd|' /C calc'!A0;")).toBe("Clio;'=cmd|' /C calc'!A0;");
    expect(guardCell('Camille;=1+1;')).toBe("Camille;'=1+1;");
    expect(guardCell('=1+1')).toBe("'=1+1");
    expect(guardCell('a\t@SUM(A1)')).toBe("a\t'@SUM(A1)");
    expect(guardCell('a|+1|b,-2+3')).toBe("a|'+1|b,'-2+3");
    expect(guardCell('-1')).toBe('-1');
    expect(guardCell('Van;-5;x')).toBe('Van;-5;x');
    expect(guardCell('Renault Clio - blue')).toBe('Renault Clio - blue');
  });

  describe('through the API', () => {
    let t: TestApp;
    let supplier: { cookie: string };
    beforeAll(async () => {
      t = await createTestApp();
      supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    });
    afterAll(() => t.close());

    it('export-cars: quoted, neutralised, and the import reads the car back unchanged', async () => {
      const name = "Clio;=cmd|' /C calc'!A0;";
      await operatorCalls(t).created(supplier, { name, licensePlate: 'SEMI-1' });
      const res = await t.app.inject({ method: 'GET', url: '/api/export-cars', headers: supplier });
      expect(res.statusCode).toBe(200);
      for (const delimiter of [',', ';', '\t', '|']) expect(formulas(naiveCells(res.body, delimiter))).toEqual([]);
      const [head, ...rows] = parse(res.body, { bom: true }) as string[][];
      const cells = rows.find((row) => row[head!.indexOf('licensePlate')] === 'SEMI-1')!;
      expect(cells[head!.indexOf('name')]).toBe("Clio;'=cmd|' /C calc'!A0;");
      expect(res.body).toContain(`"Clio;'=cmd|' /C calc'!A0;"`);

      const form = multipartForm([{ name: 'file', value: res.body, filename: 'cars.csv', contentType: 'text/csv' }]);
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/import-cars',
        headers: { ...supplier, ...form.headers },
        payload: form.payload,
      });
      expect(back.statusCode, back.body).toBe(200);
      const [car] = await t.db
        .select()
        .from(cars)
        .where(inArray(cars.licensePlate, ['SEMI-1']));
      expect(car?.name).toBe(name);
    });

    it("export-bookings: a driver named 'Camille;=1+1;' is no formula in any spreadsheet", async () => {
      const driverId = DEMO_ACCOUNTS.driver.id;
      await t.db.update(users).set({ fullName: 'Camille;=1+1;' }).where(eq(users.id, driverId));
      const when = period(33, 2);
      await t.db.insert(bookings).values(bookingRow(when, { driverId, status: 'pending' }));
      const day = when.pickupAt.slice(0, 10);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/export-bookings?from=${day}&to=${next}`,
        headers: supplier,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(`"Camille;'=1+1;"`);
      for (const delimiter of [',', ';', '\t', '|']) expect(formulas(naiveCells(res.body, delimiter))).toEqual([]);
    });
  });
});
