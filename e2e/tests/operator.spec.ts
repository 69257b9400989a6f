import type { Page } from '@playwright/test';
import { expect, locale, signInFromPage, test, text } from './fixtures.ts';

// The operator console, in the browser against the real server and its demo data. Suppliers and the admin
// reach it from the account menu; a driver or a visitor on any /operator/... address gets the not-found screen.

type Language = 'en' | 'fr';
const MESSAGES = { en: locale('en'), fr: locale('fr') } as const;
const strings = (language: Language) => (key: string) => text(MESSAGES[language], key);

const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
const DRIVER = { email: 'driver@roam.localhost', password: 'Driver-2026!' };

/** Signs in from the sign-in form, in `language` (`?l=` keeps it: the account's saved language may differ). */
async function signIn(page: Page, account: { email: string; password: string }, language: Language) {
  const t = strings(language);
  await page.goto(`/sign-in?l=${language}`);
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill(account.email);
  await page.getByRole('main').getByLabel(t('auth.fields.password')).fill(account.password);
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

for (const language of ['en', 'fr'] as const) {
  const t = strings(language);

  test(`${language}: a visitor and a driver get the not-found screen on /operator/cars`, async ({ page }) => {
    await page.goto(`/operator/cars?l=${language}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('notFound.title'));
    await expect(page.getByRole('navigation', { name: t('operator.nav.label') })).toHaveCount(0);

    await signInFromPage(page, DRIVER);
    await page.goto(`/operator/cars?l=${language}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('notFound.title'));
    await page.getByRole('button', { name: 'Camille' }).click();
    await expect(page.getByRole('menuitem', { name: t('auth.menu.bookings') })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: t('auth.menu.operator') })).toHaveCount(0);
  });

  test(`${language}: a supplier opens the console from the account menu`, async ({ page }) => {
    await signIn(page, SUPPLIER, language);
    await page.getByRole('button', { name: 'Azur' }).click();
    await page.getByRole('menuitem', { name: t('auth.menu.operator') }).click();
    // The console's home is the dashboard.
    await expect(page).toHaveURL(/\/operator\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('operatorDashboard.title'));
    const sections = page.getByRole('navigation', { name: t('operator.nav.label') });
    await expect(sections.getByRole('link', { name: t('operatorDashboard.nav') })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
}
