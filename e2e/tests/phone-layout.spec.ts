import { expect, signInFromPage, test } from './fixtures.ts';
import { brokenHeadingWords } from './reflow.ts';

// A new business owner ran the console in German on a phone: "Stornierungsanfragen" broke inside the word at
// 360 px. Every console heading keeps its words whole at 360 px, in German (the longest words) and in French.

const ADMIN = { email: 'admin@roam.localhost', password: 'Admin-2026!' };
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

test('at 360 px no console heading breaks inside a word (de, fr)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?l=de');
  await signInFromPage(page, ADMIN);
  const found: string[] = [];
  for (const language of ['de', 'fr']) {
    for (const path of SCREENS) {
      await page.goto(`${path}?l=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const word of await brokenHeadingWords(page)) found.push(`${language} ${path}: ${word}`);
    }
  }
  expect(found).toEqual([]);
});
