import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { linkIn, waitForMail } from '../harness/mailbox.ts';
import { expect, locale, ownPage, test, text } from './fixtures.ts';

// The admin's back office in the browser against the real server, its demo data and the real SMTP
// harness, in two languages: a location with its time zone placed on the map; a supplier invited by e-mail who sets a
// password from the link and signs in; a driver suspended and signed out at once; the reconciliation's demo
// mismatch. Axe on each screen.

// Each journey runs axe on two screens and signs in twice: more than the default 30 s on a loaded 2-core machine.
test.describe.configure({ timeout: 60_000 });

type Language = 'en' | 'fr';
const MESSAGES = { en: locale('en'), fr: locale('fr') } as const;
const strings = (language: Language) => (key: string) => text(MESSAGES[language], key);
const ADMIN = { email: 'admin@roam.localhost', password: 'Admin-2026!' };
/** The invitation e-mail, in the language the admin chose for the supplier (server account.mail.ts). */
const INVITATION_SUBJECTS = { en: 'Your supplier account at Roam', fr: 'Votre compte loueur sur Roam' } as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function signIn(page: Page, account: { email: string; password: string }, language: Language) {
  const t = strings(language);
  await page.goto(`/sign-in?l=${language}`);
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill(account.email);
  await page.getByRole('main').getByLabel(t('auth.fields.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function axeClean(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const language of ['en', 'fr'] as const) {
  const t = strings(language);
  const stamp = `${language}${Date.now().toString(36)}`;

  test(`${language}: the admin creates a location with its time zone, placed on the map; search sees it`, async ({
    page,
  }) => {
    await signIn(page, ADMIN, language);
    await page.goto(`/operator/places?l=${language}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('operatorAdmin.places.title'));
    await axeClean(page, 'places');
    await page.getByRole('link', { name: t('operatorAdmin.places.newLocation') }).click();
    await expect(page).toHaveURL(/\/operator\/places\/new$/);
    const name = `Annecy ${stamp}`;
    for (const code of ['en', 'fr', 'es', 'se', 'de'])
      await page.getByLabel(t(`operatorAdmin.languages.${code}`), { exact: true }).fill(`${name} ${code}`);
    await page.getByLabel(t('operatorAdmin.places.country')).selectOption({ label: 'France' });
    // The zone is a searchable list (a combobox): typed, then picked from the France group.
    await page.getByRole('combobox', { name: t('operatorAdmin.places.timeZone') }).fill('paris');
    await page.getByRole('option', { name: 'Europe/Paris' }).click();
    // The map pick: a click on the map fills the coordinates.
    const latitude = page.getByLabel(t('operatorAdmin.places.latitude'));
    await expect(latitude).toHaveValue('');
    await page.getByRole('region', { name: t('operatorAdmin.places.map') }).click({ position: { x: 200, y: 120 } });
    await expect(latitude).not.toHaveValue('');
    await expect(page.getByLabel(t('operatorAdmin.places.longitude'))).not.toHaveValue('');
    await axeClean(page, 'location editor');
    await page.getByRole('button', { name: t('operatorAdmin.places.save') }).click();
    await expect(page).toHaveURL(/\/operator\/places\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    // The customer's calls see it at once, with its time zone.
    const found = await page.request.get(`/api/locations?language=${language}&q=${encodeURIComponent(name)}`);
    expect(await found.json()).toEqual([
      expect.objectContaining({ _id: id, name: `${name} ${language}`, timeZone: 'Europe/Paris', countryCode: 'FR' }),
    ]);
  });

  test(`${language}: the admin reads the reconciliation, the demo's mismatch among its days`, async ({ page }) => {
    await signIn(page, ADMIN, language);
    await page.goto(`/operator/dashboard?l=${language}`);
    // Its own navigation entry; the demo's day with a payment no booking recorded.
    await page
      .getByRole('link', { name: t('operatorAdmin.nav.reconciliation') })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('operatorAdmin.reconciliation.title'));
    await expect(page.getByText(t('operatorAdmin.reconciliation.kinds.unrecorded')).first()).toBeVisible();
    await axeClean(page, 'reconciliation');
  });

  test(`${language}: the admin invites a supplier, who sets a password from the e-mailed link and signs in`, async ({
    page,
    browser,
  }) => {
    await signIn(page, ADMIN, language);
    await page.goto(`/operator/suppliers?l=${language}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('operatorAdmin.suppliers.title'));
    await axeClean(page, 'suppliers');
    const email = `vans-${stamp}@example.com`;
    const form = page.getByRole('form', { name: t('operatorAdmin.suppliers.invite') });
    await form.getByLabel(t('operatorAdmin.suppliers.name')).fill(`Alpine Vans ${stamp}`);
    await form.getByLabel(t('operatorAdmin.users.email'), { exact: true }).fill(email);
    await form.getByLabel(t('operatorAdmin.suppliers.language')).selectOption(language);
    await form.getByRole('button', { name: t('operatorAdmin.suppliers.send') }).click();
    await expect(page.getByText(t('operatorAdmin.suppliers.invitedDone').replace('{{email}}', email))).toBeVisible();

    const mail = await waitForMail(email);
    expect(mail.subject).toBe(INVITATION_SUBJECTS[language]);
    const supplier = await (await browser.newContext({ baseURL: page.url() })).newPage();
    // A new browser: the interface language comes from the address, as for any first visit.
    await supplier.goto(`${linkIn(mail, '/activate?')}&l=${language}`);
    await supplier.getByLabel(t('auth.fields.password'), { exact: true }).fill('Alpine-2026!');
    await supplier.getByLabel(t('auth.fields.confirmPassword')).fill('Alpine-2026!');
    await supplier.getByRole('button', { name: t('auth.activate.submit') }).click();
    // Activated, the supplier is signed in and lands in the console (its dashboard).
    await expect(supplier).toHaveURL(/\/operator\/dashboard$/, { timeout: 20_000 });
    await supplier.goto(`/operator/cars?l=${language}`);
    await expect(supplier.getByRole('heading', { level: 1 })).toHaveText(t('operatorCars.list.title'));
    // A supplier sees no admin section, and gets not-found on the admin's addresses.
    await expect(supplier.getByRole('link', { name: t('operatorAdmin.nav.users') })).toHaveCount(0);
    await supplier.goto(`/operator/users?l=${language}`);
    await expect(supplier.getByRole('heading', { level: 1 })).toHaveText(t('notFound.title'));
  });

  test(`${language}: the admin suspends a driver, who is signed out at once`, async ({ page, browser, request }) => {
    const email = `dora-${stamp}@example.com`;
    const signUp = await request.post('/api/sign-up', {
      headers: ownPage(),
      data: {
        fullName: `Dora ${stamp}`,
        email,
        phone: '+33 6 11 22 33 44',
        birthDate: '1990-01-01',
        password: 'Dora-2026!',
        tosAccepted: true,
        language,
      },
    });
    expect(signUp.ok()).toBe(true);
    const driver = await (await browser.newContext()).newPage();
    await signIn(driver, { email, password: 'Dora-2026!' }, language);

    await signIn(page, ADMIN, language);
    await page.goto(`/operator/users?l=${language}`);
    await page.getByLabel(t('operatorAdmin.users.keyword')).fill(stamp);
    await page.getByRole('link', { name: `Dora ${stamp}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Dora ${stamp}`);
    await axeClean(page, 'user');
    await page.getByRole('button', { name: t('operatorAdmin.user.suspend') }).click();
    // It asks first: a new driver has no booking yet.
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(t('operatorAdmin.user.suspendNone'));
    await question.getByRole('button', { name: t('operatorAdmin.user.suspend') }).click();
    await expect(page.getByText(t('operatorAdmin.user.suspendedDone'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('operatorAdmin.user.reactivate') })).toBeVisible();

    // The driver's session is gone: the next page is a visitor's, and signing in says why.
    await driver.goto(`/bookings?l=${language}`);
    await expect(driver).toHaveURL(/\/sign-in/);
    await driver.getByRole('main').getByLabel(t('auth.fields.email')).fill(email);
    await driver.getByRole('main').getByLabel(t('auth.fields.password'), { exact: true }).fill('Dora-2026!');
    await driver.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
    await expect(driver.getByText(t('auth.errors.suspended'))).toBeVisible();
  });
}
