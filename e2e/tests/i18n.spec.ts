import AxeBuilder from '@axe-core/playwright';
import { expect, locale, test, text } from './fixtures.ts';

// Issue #7: languages and display currencies as a visitor meets them. The harness runs the server with
// RATE_PROVIDERS=none (bundled snapshot rates), COUNTRY_HEADER=x-e2e-country and SET_LANGUAGE_FROM_IP=true.

const en = locale('en');
const de = locale('de');
const fr = locale('fr');

test('?l=de on a first visit gives German and <html lang="de">', async ({ page }) => {
  await page.goto('/?l=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(de, 'home.hero.headline'));
  await expect(page.getByRole('button', { name: /Deutsch/ })).toBeVisible();
});

test('switching language from the header changes the interface without a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(en, 'home.hero.headline'));
  // A reload would lose this.
  await page.evaluate(() => {
    (window as unknown as { roamMarker: string }).roamMarker = 'still here';
  });

  await page.getByRole('button', { name: /English/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(fr, 'home.hero.headline'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: text(fr, 'home.promises.title') })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { roamMarker?: string }).roamMarker)).toBe('still here');

  // Remembered: the next visit starts in French.
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('the currency menu lists every code with names in the interface language, filters, and remembers the choice', async ({
  page,
}) => {
  test.setTimeout(120_000); // axe over a 151-item menu is slow on a busy machine
  await page.goto('/?l=fr');
  const currencyButton = page.getByRole('button', { name: text(fr, 'header.currency') });
  await expect(currencyButton).toContainText('EUR');
  await currencyButton.click();

  const menu = page.getByRole('menu', { name: text(fr, 'header.currency') });
  await expect(menu.getByRole('menuitemradio')).toHaveCount(151);
  await expect(menu.getByRole('menuitemradio', { name: 'JPY' })).toContainText('yen japonais');
  // No serious or critical accessibility violation with the menu open.
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const search = page.getByRole('searchbox', { name: text(fr, 'header.currencySearch') });
  await search.fill('franc');
  // The best match shows at the top, though the list had opened scrolled to EUR.
  await expect(menu.getByRole('menuitemradio').first()).toHaveAccessibleName('BIF');
  await expect(menu.getByRole('menuitemradio').first()).toBeInViewport();
  await search.fill('franc suisse');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(1);
  await menu.getByRole('menuitemradio', { name: 'CHF' }).click();
  await expect(currencyButton).toContainText('CHF');

  await page.reload();
  await expect(page.getByRole('button', { name: text(fr, 'header.currency') })).toContainText('CHF');
});

test.describe('language from the visitor country (SET_LANGUAGE_FROM_IP)', () => {
  for (const [country, language, lang] of [
    ['FR', fr, 'fr'],
    ['MA', fr, 'fr'],
    ['US', en, 'en'],
    ['DE', en, 'en'], // any other country: the default language
  ] as const) {
    test(`a first visit from ${country} starts in ${lang}`, async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'x-e2e-country': country });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'home.hero.headline'));
    });
  }

  test('?l= and a saved language win over the country', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-e2e-country': 'FR' });
    await page.goto('/?l=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test('with no reachable provider the rates call answers at once with the bundled snapshot', async ({ request }) => {
  const started = Date.now();
  const rates = await request.get('/api/currency-rates');
  expect(rates.status()).toBe(200);
  expect(await rates.json()).toMatchObject({ base: 'EUR', source: 'snapshot', rates: { EUR: 1 } });
  expect(Date.now() - started).toBeLessThan(5000);
  const conversion = await request.get('/api/convert?amount=10&from=EUR&to=XAU');
  expect(conversion.status()).toBe(400);
  expect(await conversion.json()).toMatchObject({ message: 'Currency XAU not supported' });
});
