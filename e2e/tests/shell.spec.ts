import type { Page } from '@playwright/test';
import {
  expect,
  layoutShifts,
  locale,
  ownPage,
  test,
  testAllowingFailedRequests,
  text,
  watchLayoutShifts,
} from './fixtures';

// index.html paints the header and, on "/", the home hero before the app's code runs (the hero's
// introduction was the largest paint, ~1.2 s after the header on Lighthouse's phone). web/vite.config.ts
// (shellHomeHero) fills the hero in the language the page is certain of; the app then puts its own hero in its place.

const SLOW = { timeout: 20_000 };

/** The page as it is before any of the app's code has run: every script chunk refused. */
async function withoutAppCode(page: Page) {
  await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.abort());
}

const shell = (page: Page) => page.locator('#roam-shell-home');

/** index.html as the server sends it, with the inline settings' `setLanguageFromIp` (true in the e2e server) set. */
async function withLanguageFromIp(page: Page, fromIp: boolean) {
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/"setLanguageFromIp":(true|false)/, `"setLanguageFromIp":${fromIp}`);
    expect(html).toContain(`"setLanguageFromIp":${fromIp}`);
    await route.fulfill({ response, body: html });
  });
}

testAllowingFailedRequests.describe('the home hero before the app runs', () => {
  testAllowingFailedRequests(
    'shows in the language of the address, the saved one, or the default',
    async ({ page }) => {
      await withoutAppCode(page);
      await page.goto('/?l=fr');
      await expect(shell(page).getByRole('heading', { level: 1 })).toHaveText(text(locale('fr'), 'home.hero.headline'));
      await expect(shell(page).locator('p')).toHaveText(text(locale('fr'), 'home.hero.intro'));
      await expect(shell(page)).toHaveAttribute('lang', 'fr');

      await page.evaluate(() => window.localStorage.setItem('roam.language', 'se'));
      await page.goto('/');
      await expect(shell(page).getByRole('heading', { level: 1 })).toHaveText(text(locale('se'), 'home.hero.headline'));
      await expect(shell(page)).toHaveAttribute('lang', 'sv');

      // Nothing chosen yet, on a deployment that does not look at the visitor's country: its default language.
      await page.evaluate(() => window.localStorage.clear());
      await withLanguageFromIp(page, false);
      await page.goto('/');
      await expect(shell(page).getByRole('heading', { level: 1 })).toHaveText(text(locale('en'), 'home.hero.headline'));
      await expect(shell(page)).toHaveAttribute('lang', 'en');
    },
  );

  testAllowingFailedRequests(
    'stays hidden on other pages, and when the language waits on the country',
    async ({ page }) => {
      await withoutAppCode(page);
      await page.goto('/search?l=fr');
      await expect(page.locator('#roam-shell-name')).toBeVisible();
      await expect(shell(page)).toBeHidden();

      // A deployment that chooses the language from the visitor's country: the app asks the server for it, so the
      // shell cannot know the language and paints no text that might be in the wrong one.
      await withLanguageFromIp(page, true);
      await page.goto('/');
      await expect(page.locator('#roam-shell-name')).toBeVisible();
      await expect(shell(page)).toBeHidden();
    },
  );
});

/** The boxes of the hero's headline, introduction and search form, rounded to the pixel. */
async function heroBoxes(page: Page, root: string) {
  return page.evaluate((selector) => {
    const box = (element: Element | null) => {
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return [x, y, width, height].map(Math.round);
    };
    const hero = document.querySelector(`${selector} .home-hero`);
    return {
      headline: box(hero?.querySelector('h1') ?? null),
      intro: box(hero?.querySelector('.home-hero__intro') ?? null),
      // The shell's form is the skeleton, the app's the loaded form: one box, so nothing moves.
      form: box(hero?.querySelector('.search-form') ?? null),
    };
  }, root);
}

for (const { language, width, height } of [
  { language: 'fr', width: 412, height: 823 },
  // Swedish date and time labels cannot share a row at 360 px: the time goes below the date (search-form.css).
  { language: 'se', width: 360, height: 740 },
  { language: 'en', width: 1280, height: 800 },
] as const) {
  test(`the app's hero takes the shell's place without moving (${language}, ${width} px)`, async ({
    browser,
    page,
  }) => {
    const before = await browser.newPage({ viewport: { width, height } });
    await withoutAppCode(before);
    await before.goto(`/?l=${language}`);
    await expect(shell(before).getByRole('heading', { level: 1 })).toBeVisible();
    const shellBoxes = await heroBoxes(before, '#roam-shell-home');
    await before.close();

    await page.setViewportSize({ width, height });
    await page.goto(`/?l=${language}`);
    await expect(
      page.getByRole('combobox', { name: text(locale(language), 'search.form.pickupLocation') }),
    ).toBeVisible(SLOW);
    await expect(shell(page)).toHaveCount(0);
    const appBoxes = await heroBoxes(page, '#main');
    expect(shellBoxes.headline).not.toBeNull();
    expect(appBoxes).toEqual(shellBoxes);
  });
}

testAllowingFailedRequests(
  "the header's first paint is styled by index.html itself, with no stylesheet to wait for",
  async ({ page }) => {
    await page.route(/\/assets\/[\w-]+\.(js|css)$/, (route) => route.abort());
    await page.goto('/about');
    const logo = page.locator('#roam-shell-name');
    await expect(logo).toBeVisible();
    // The theme's dark header and its white name, not the browser's defaults.
    await expect(page.locator('.site-header')).toHaveCSS('background-color', 'rgb(17, 17, 17)');
    await expect(logo).toHaveCSS('color', 'rgb(255, 255, 255)');
  },
);

// index.html's head script preloads the screen's chunks, CSS and strings (web/vite.config.ts, preloadRouteChunks).
// A preload that the app's loader cannot reuse is a second download of the same file, and Chromium says so.
test.describe("index.html's preloads are the files the app then loads, each downloaded once", () => {
  const soon = new Date(Date.now() + 40 * 24 * 3600_000);
  soon.setUTCHours(9, 0, 0, 0);
  const period = `pickupAt=${soon.toISOString()}&dropoffAt=${new Date(soon.getTime() + 3 * 24 * 3600_000).toISOString()}`;
  for (const path of ['/', '/search', '/about', '/sign-in']) {
    test(path, async ({ page }) => {
      let address = path;
      if (path === '/search') {
        const [cdg] = (await (await page.request.get('/api/locations?q=Charles')).json()) as { _id: string }[];
        address = `/search?pickupLocationId=${cdg!._id}&dropoffLocationId=${cdg!._id}&${period}`;
      }
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' && /preload/i.test(message.text())) warnings.push(message.text());
      });
      const downloads = new Map<string, number>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/assets/')) downloads.set(url.pathname, (downloads.get(url.pathname) ?? 0) + 1);
      });
      await page.goto(address, { waitUntil: 'networkidle' });
      expect([...downloads.keys()].some((file) => file.endsWith('.css'))).toBe(true);
      expect([...downloads].filter(([, count]) => count > 1)).toEqual([]);
      // The entry's own CSS is inside index.html (inlineEntryCss): a lazy screen's loader must not fetch its file.
      expect([...downloads.keys()].filter((file) => /^\/assets\/index-[\w-]+\.css$/.test(file))).toEqual([]);
      expect(warnings).toEqual([]);
    });
  }
});

// For a signed-in driver who has not activated the account, the activation banner arrived ~300 ms after the
// screen and pushed the whole page down (129 px at 360 px, a layout shift of 0.17), and the header's tools moved
// aside when the session check answered and the bell came. The page is now in its final place at its first paint.
for (const { path, width, height } of [
  { path: '/notifications', width: 360, height: 740 },
  { path: '/about', width: 1280, height: 800 },
]) {
  test(`a signed-in page does not move as it loads: banner, bell and account button in place (${path}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/no-such-page');
    const answer = await page.request.post('/api/sign-up', {
      headers: ownPage(),
      data: {
        fullName: 'Lea Layout',
        email: `lea-layout-${Date.now()}-${width}@roam.localhost`,
        phone: '+33 6 12 34 56 78',
        birthDate: '1988-04-12',
        password: 'Secret-2026!',
        tosAccepted: true,
      },
    });
    expect(answer.ok()).toBe(true);
    await page.evaluate((user) => localStorage.setItem('roam.user', JSON.stringify(user)), await answer.json());
    await watchLayoutShifts(page);
    await page.goto(`${path}?l=en`);
    await expect(page.getByRole('region', { name: text(locale('en'), 'header.account') })).toBeVisible(SLOW);
    await expect(page.getByRole('banner').locator('a[href="/notifications"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShifts(page)).toEqual([]);
  });
}
