import type { Page } from '@playwright/test';
import { expect, layoutShifts, locale, test, text, watchLayoutShifts } from './fixtures';

// On a first visit the search form and the results rendered as empty boxes for a moment. They
// now show skeletons of their size — the form's labels with grey controls, a car card's shapes, the supplier
// filter's rows — and nothing on the page moves when the real ones take their place (CLS 0, as Lighthouse counts
// it: every layout shift is recorded from the first paint). The places and the results are held back a moment, as
// a slow network would, so that the skeletons are seen.

/** Answers the API calls matching `pattern` `ms` late. */
async function late(page: Page, pattern: RegExp, ms: number) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

async function searchAddress(page: Page, language: string) {
  const [cdg] = (await (await page.request.get('/api/locations?q=Charles')).json()) as { _id: string }[];
  const soon = new Date(Date.now() + 45 * 24 * 3600_000);
  soon.setUTCHours(9, 0, 0, 0);
  const until = new Date(soon.getTime() + 3 * 24 * 3600_000);
  return `/search?pickupLocationId=${cdg!._id}&dropoffLocationId=${cdg!._id}&pickupAt=${soon.toISOString()}&dropoffAt=${until.toISOString()}&l=${language}`;
}

for (const { language, width, height } of [
  { language: 'fr', width: 360, height: 740 },
  { language: 'en', width: 1280, height: 800 },
] as const) {
  const t = (key: string) => text(locale(language), key);

  test(`home: the search form's skeleton, then the form, and nothing moves (${language}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await watchLayoutShifts(page);
    await late(page, /\/api\/locations/, 1500);
    await page.goto(`/?l=${language}`);
    const skeleton = page.locator('.search-form--skeleton');
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByText(t('search.form.pickupLocation'))).toBeVisible();
    await expect(page.getByRole('combobox', { name: t('search.form.pickupLocation') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(skeleton).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await layoutShifts(page)).toEqual([]);
  });

  test(`search: skeletons of the form, the results and the supplier filter, and nothing moves (${language}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const address = await searchAddress(page, language);
    await watchLayoutShifts(page);
    await late(page, /\/api\/search-cars\//, 2000);
    await late(page, /\/api\/locations/, 1000);
    await page.goto(address);
    await expect(page.locator('.car-card--skeleton').first()).toBeVisible();
    if (width > 640) {
      // A phone folds the form into a summary of the search, and the filters away.
      await expect(page.locator('.search-form--skeleton')).toBeVisible();
      await expect(
        page
          .getByRole('group', { name: t('search.filters.supplier') })
          .locator('.skeleton')
          .first(),
      ).toBeVisible();
    }
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.car-card--skeleton')).toHaveCount(0);
    if (width > 640) await expect(page.getByRole('combobox', { name: t('search.form.pickupLocation') })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShifts(page)).toEqual([]);
  });
}
