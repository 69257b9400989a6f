import type { Page } from '@playwright/test';
import { expect, locale, signInFromPage, test, text } from './fixtures.ts';
import { brokenWords, overflow } from './reflow.ts';

// A new business owner ran the console in German on a phone: "Stornierungsanfragen" broke inside the word at
// 360 px, tables cut their text, the sections ran off the screen's edge. At 360 px, in German (the longest words)
// and in French, every console heading keeps its words whole, the page never scrolls sideways (a table scrolls in
// its own named region, which the keyboard reaches), and the sections wait behind the menu button.

const ADMIN = { email: 'admin@roam.localhost', password: 'Admin-2026!' };
const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
const SCREENS = [
  '/operator/dashboard',
  '/operator/cancellation-requests',
  '/operator/cars',
  '/operator/cars/import',
  '/operator/places',
  '/operator/suppliers',
  '/operator/users',
  '/operator/settings',
  '/operator/scheduler',
  '/operator/bookings/new',
  '/operator/setup',
];

test.use({ viewport: { width: 360, height: 740 } });

/** Tables not inside a named, focusable region that scrolls sideways (console/components/table-scroll.tsx). */
const tablesOutsideRegions = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('main table'))
      .filter((table) => {
        const region = table.parentElement;
        return !(
          region &&
          getComputedStyle(region).overflowX === 'auto' &&
          region.tabIndex === 0 &&
          (region.getAttribute('aria-label') || region.getAttribute('aria-labelledby'))
        );
      })
      .map((table) => table.getAttribute('class') ?? 'table'),
  );

test('at 360 px the console keeps words whole, tables in their regions, the sections behind a button (de, fr)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/?l=de');
  await signInFromPage(page, ADMIN);
  const found: string[] = [];
  for (const language of ['de', 'fr'] as const) {
    for (const path of SCREENS) {
      await page.goto(`${path}?l=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const word of await brokenWords(page)) found.push(`${language} ${path}: ${word}`);
      for (const problem of await overflow(page)) found.push(`${language} ${path}: ${problem}`);
      for (const table of await tablesOutsideRegions(page)) found.push(`${language} ${path}: table ${table}`);
    }
    // The sections collapse behind the menu button, which shows them all.
    const nav = page.getByRole('navigation', { name: text(locale(language), 'operator.nav.label') });
    const requests = nav.getByRole('link', { name: text(locale(language), 'operator.nav.requests') });
    await expect(requests).toBeHidden();
    await nav.getByRole('button', { name: text(locale(language), 'operator.nav.menu') }).click();
    await expect(requests).toBeVisible();
  }
  expect(found).toEqual([]);
});

// The demo's rental on rent, opened by its owner on a phone in French: the money table showed "277,50" / "€" on two
// lines, the history's "Champ" broke as "Cham" / "p" (its cells could break anywhere).
test('at 360 px a booking on rent keeps its amounts and its history’s words whole (fr, de)', async ({ page }) => {
  await page.goto('/?l=fr');
  await signInFromPage(page, SUPPLIER);
  const found: string[] = [];
  for (const language of ['fr', 'de'] as const) {
    const t = (key: string) => text(locale(language), key);
    // The demo's rental on rent (the second driver's), found by its status and driver: other specs' bookings are newer.
    await page.goto(`/operator/bookings?l=${language}&status=on_rent&q=${encodeURIComponent('Jonas Berg')}`);
    const list = page.getByRole('list', { name: t('operatorBookings.list.title'), exact: true });
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const onRent = list.getByRole('listitem').filter({ hasText: t('operatorScheduler.status.on_rent') });
    await expect(onRent).toHaveCount(1);
    await onRent.getByRole('link').first().click();
    const history = page.getByRole('list', { name: t('operatorBookings.history.title') });
    await expect(history.getByRole('row').first()).toBeVisible();
    for (const word of await brokenWords(page, '.desk-table td', { whole: true })) found.push(`${language}: ${word}`);
    for (const word of await brokenWords(page, '.op-audit th, .op-audit td')) found.push(`${language}: ${word}`);
    for (const problem of await overflow(page)) found.push(`${language}: ${problem}`);
  }
  expect(found).toEqual([]);
});
