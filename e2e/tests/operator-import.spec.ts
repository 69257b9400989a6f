import { readFileSync } from 'node:fs';
import { audit } from './axe.ts';
import { chooseCsv, expect, locale, rentalPeriod, signInFromPage, test, text } from './fixtures.ts';

// Issue #26 item 3 in the browser against the real server: a supplier imports a CSV with one bad row, sees it
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
    await expect(bad).toContainText(`dailyPrice: ${t('operatorCars.errors.invalidPrice')}`);
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
    expect(lines[0]?.replace(/^\uFEFF/, '').startsWith('name,licensePlate,range')).toBe(true);
    const second = lines.find((line) => line.includes(`,${plates[1]},`));
    expect(second).toContain(`${names[1]},${plates[1]},midi,diesel,automatic,5,5,true,1000,fullToFull`);
    expect(second).toContain('55.50');

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
