import { readFileSync } from 'node:fs';
import { audit } from './axe.ts';
import { chooseCsv, expect, locale, rentalPeriod, signInFromPage, test, text } from './fixtures.ts';

// In the browser against the real server: a supplier imports a CSV with one bad row, sees it
// reported by line and field, fixes the file and imports it; a car of the file is found by a driver's search at its
// place (named in the file, in the operator's language); the export gives the file's cars back. Axe clean.

type Language = 'en' | 'fr';
const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
/** A place with few demo cars, named as the operator would write it, and its English name to find its id. */
const PLACES: Record<Language, { written: string; english: string }> = {
  en: { written: 'Rabat', english: 'Rabat' },
  fr: { written: 'Tanger', english: 'Tangier' },
};
const HEADER =
  'licensePlate,name,range,fuelType,gearbox,seats,doors,aircon,mileage,fuelPolicy,deposit,locationIds,dailyPrice';

test.describe.configure({ timeout: 120_000 });

for (const language of ['en', 'fr'] as const) {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    text(locale(language), key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

  test(`${language}: a supplier imports a CSV after fixing its bad row, finds the car in search, exports it back`, async ({
    page,
  }) => {
    const stamp = Date.now().toString(36).toUpperCase().slice(-6);
    const plates = [`${language.toUpperCase()}-${stamp}-1`, `${language.toUpperCase()}-${stamp}-2`];
    const names = [`Import ${stamp} Fiat`, `Import ${stamp} Clio`];
    const place = PLACES[language].written;
    const csv = (secondPrice: string) =>
      Buffer.from(
        [
          HEADER,
          `${plates[0]},${names[0]},mini,gasoline,manual,4,3,true,-1,fullToFull,300.00,${place},41.00`,
          `${plates[1]},${names[1]},midi,diesel,automatic,5,5,true,1000,fullToFull,500.00,${place},${secondPrice}`,
        ].join('\n'),
      );

    await page.goto(`/?l=${language}`);
    await signInFromPage(page, SUPPLIER);
    await page.goto(`/operator/cars?l=${language}`);
    await page.getByRole('link', { name: t('operatorCars.list.import') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('operatorImport.title') })).toBeVisible();
    // The bad row (a price of 0) is reported by its line and field; nothing can be imported.
    await chooseCsv(page, locale(language), csv('0'));
    const table = page.getByRole('table', { name: t('operatorImport.report.title') });
    const bad = table.getByRole('row').filter({ hasText: plates[1] });
    await expect(bad.getByRole('rowheader')).toHaveText('3');
    // Named by the editor's label, in the reader's language.
    await expect(bad).toContainText(`${t('operatorCars.rates.dailyPrice')}: ${t('operatorCars.errors.invalidPrice')}`);
    await expect(table.getByRole('row').filter({ hasText: plates[0] })).toContainText(t('operatorImport.report.ok'));
    const importButton = page.getByRole('button', { name: t('operatorImport.import_other', { count: 2 }) });
    await expect(importButton).toBeDisabled();
    const found: string[] = [];
    await audit(page, found, 'import report');

    // The fixed file: every row valid, imported all at once.
    await chooseCsv(page, locale(language), csv('55.50'));
    await expect(table.getByRole('row').filter({ hasText: plates[1] })).toContainText(t('operatorImport.report.ok'));
    await importButton.click();
    await expect(page.getByText(t('operatorImport.report.imported', { created: 2, updated: 0 }))).toBeVisible();
    await audit(page, found, 'import done');
    expect(found).toEqual([]);

    // The export gives the cars back as the import reads them.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: t('operatorImport.export.cars') }).click();
    const exported = readFileSync(await (await download).path(), 'utf8');
    const lines = exported.split(/\r?\n/);
    // Separated as the reader's spreadsheet expects: ';' and a decimal comma where the decimal mark is a comma.
    const [sep, price] = language === 'fr' ? [';', '55,50'] : [',', '55.50'];
    expect(lines[0]?.startsWith(`\uFEFF${['name', 'licensePlate', 'range'].join(sep)}`)).toBe(true);
    const second = lines.find((line) => line.includes(`${sep}${plates[1]}${sep}`));
    expect(second).toContain(
      [names[1], plates[1], 'midi', 'diesel', 'automatic', '5', '5', 'true', '1000', 'fullToFull'].join(sep),
    );
    expect(second).toContain(price);

    // A driver's search at the place finds the imported car.
    const all = (await (await page.request.get('/api/locations?language=en')).json()) as {
      _id: string;
      name: string;
    }[];
    const placeId = all.find((location) => location.name === PLACES[language].english)?._id ?? '';
    const period = rentalPeriod(language === 'en' ? 200 : 230, 3);
    const params = new URLSearchParams({
      pickupLocationId: placeId,
      dropoffLocationId: placeId,
      ...period,
      l: language,
    });
    await page.goto(`/search?${params}`);
    await expect(page.getByRole('article').filter({ hasText: names[1] })).toBeVisible({ timeout: 15_000 });
  });
}

/** The French header of the fleet CSV: the editor's labels, as an operator's spreadsheet heads its columns. */
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
  'Caution',
  'Lieux',
  'Prix par jour',
].join(';');

test('fr: a CSV in French words ("Voiture", "oui", 45,50, ";") imports; the bookings CSV opens in columns', async ({
  page,
}) => {
  const fr = locale('fr');
  const t = (key: string, values: Record<string, string | number> = {}) =>
    text(fr, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const plate = `VF-${stamp}`;
  const csv = Buffer.from(
    `\uFEFF${FRENCH_HEADER}\r\n${plate};Voiture ${stamp};Voiture;Essence;Manuelle;5;5;oui;-1;Plein à plein;500,00;Tanger;45,50\r\n`,
  );

  await page.goto('/?l=fr');
  await signInFromPage(page, SUPPLIER);
  await page.goto('/operator/cars/import?l=fr');
  await expect(page.getByRole('heading', { level: 1, name: t('operatorImport.title') })).toBeVisible();
  await chooseCsv(page, fr, csv);
  const table = page.getByRole('table', { name: t('operatorImport.report.title') });
  await expect(table.getByRole('row').filter({ hasText: plate })).toContainText(t('operatorImport.report.ok'));
  await page.getByRole('button', { name: t('operatorImport.import_one', { count: 1 }) }).click();
  await expect(page.getByText(t('operatorImport.report.imported', { created: 1, updated: 0 }))).toBeVisible();

  // The bookings of a year, in French, separated by ';' by default: a spreadsheet splits every line into columns.
  // The export is on the bookings desk (docs/architecture.md §5 "The bookings desk").
  await page.goto('/operator/bookings?l=fr');
  const exportGroup = page.getByRole('group', { name: t('operatorImport.export.bookingsTitle') });
  await exportGroup.getByLabel(t('operatorImport.export.from')).fill('2020-01-01');
  await exportGroup.getByLabel(t('operatorImport.export.to')).fill('2030-12-31');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: t('operatorImport.export.bookings') }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');
  expect(exported.startsWith('\uFEFFRéférence;Statut;')).toBe(true);
  const lines = exported.split(/\r?\n/).filter(Boolean);
  expect(lines.length).toBeGreaterThan(1);
  const columns = lines[0]!.split(';').length;
  // Quoted cells aside (a name with ';'), every row has the header's columns.
  for (const line of lines.filter((row) => !row.includes('"'))) expect(line.split(';')).toHaveLength(columns);
});
