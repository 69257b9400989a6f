import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { request, SERVER_MAIN, type ServerProcess, startServer } from '../harness/server-process.ts';
import { audit } from './axe.ts';
import { chooseCsv, expect, locale, rentalPeriod, signInFromPage, test, text } from './fixtures.ts';

// From an empty database to the first admin. Without ADMIN_EMAIL the server logs a one-time set-up link;
// with it, the admin exists at once; a locked-out admin's password is reset from the shell (`npm run admin`). Then
// the "done when": the admin follows the set-up checklist to the first car, and a guest books and pays it;
// every screen visited on the empty database is free of console errors (the fixture) and axe violations.

/**
 * A port of its own per repeat (`--repeat-each` runs repeats side by side on other workers), inside the ten ports a
 * runner owns from E2E_PORT (e2e/README.md "Ports"): +5 onwards, up to five repeats.
 */
const port = () => Number(process.env.E2E_PORT ?? 3100) + 5 + (test.info().repeatEachIndex % 5);
const ADMIN_CLI = path.join(path.dirname(SERVER_MAIN), 'admin.js');
const run = promisify(execFile);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let app: ServerProcess | undefined;
const dirs: string[] = [];
const emptyDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'roam-e2e-first-run-'));
  dirs.push(dir);
  return dir;
};

test.afterEach(async ({ page }) => {
  // The page first: a request it still makes to a stopped server is a console error the fixture reports (it did so
  // in a clean-clone CI run).
  await page.close();
  await app?.stop();
  app = undefined;
});
test.afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('an empty site logs a set-up link that creates the first admin once, in the browser (fr)', async ({ page }) => {
  const fr = locale('fr');
  app = startServer(port(), { DATA_DIR: emptyDataDir(), SEED_DEMO_DATA: 'false' });
  await app.ready;
  const logged = /open (http:\/\/\S+\/setup\?t=[\w-]+) to create the first one/;
  // The line may reach our pipe after the health check answers.
  await expect.poll(() => app?.output()).toMatch(logged);
  const link = logged.exec(app.output())?.[1];
  expect(link, app.output()).toBeTruthy();

  await page.goto(`${link}&l=fr`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(fr, 'setup.title'));
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Too short a password is refused at its field, in French, before anything is sent.
  const main = page.getByRole('main');
  await main.getByLabel(text(fr, 'auth.fields.fullName')).fill('Ada Propriétaire');
  await main.getByLabel(text(fr, 'auth.fields.email')).fill('ada@location.example');
  await main.getByLabel(text(fr, 'auth.fields.password'), { exact: true }).fill('court');
  await main.getByLabel(text(fr, 'auth.fields.confirmPassword')).fill('court');
  await page.getByRole('button', { name: text(fr, 'setup.submit') }).click();
  await expect(page.getByText(text(fr, 'forms.adminPasswordTooShort'))).toBeVisible();

  await main.getByLabel(text(fr, 'auth.fields.password'), { exact: true }).fill('un mot de passe assez long');
  await main.getByLabel(text(fr, 'auth.fields.confirmPassword')).fill('un mot de passe assez long');
  await page.getByRole('button', { name: text(fr, 'setup.submit') }).click();
  // The new owner lands in the console, on its checklist: the business is not ready yet.
  await expect(page).toHaveURL(/\/operator\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: text(fr, 'operatorSetup.title') })).toBeVisible();

  // The link worked once: opened again, it says the site has an admin.
  await page.goto(`${link}&l=fr`);
  await expect(page.getByText(text(fr, 'setup.done'))).toBeVisible();
  const reused = await request('POST', `${app.url}/api/setup`, {
    origin: app.url,
    body: {
      token: new URL(link!).searchParams.get('t'),
      fullName: 'X',
      email: 'x@y.example',
      password: 'a'.repeat(12),
    },
  });
  expect(reused.status).toBe(409);
});

test('ADMIN_EMAIL and ADMIN_PASSWORD make the first admin, unlogged; the shell resets a lost password', async () => {
  const dataDir = emptyDataDir();
  const password = 'first-admin-password-42';
  app = startServer(port(), {
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: 'boss@rent.example',
    ADMIN_PASSWORD: password,
  });
  await app.ready;
  // Logged at start; the line may reach our pipe after the health check answers.
  await expect.poll(() => app?.output()).toContain('first admin created from ADMIN_EMAIL');
  expect(app.output()).not.toContain(password);
  expect(app.output()).not.toContain('/setup?t=');
  const signIn = (secret: string) =>
    request('POST', `${app!.url}/api/sign-in/frontend`, {
      origin: app!.url,
      body: { email: 'boss@rent.example', password: secret },
    });
  expect((await signIn(password)).body).toMatchObject({ type: 'admin', verified: true });

  // Locked out: the embedded database is opened by one process at a time, so the server stops first.
  await app.stop();
  const reset = await run(process.execPath, [ADMIN_CLI, 'reset-password', 'boss@rent.example'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const chosen = /New password \(shown once\): (\S+)/.exec(reset.stdout)?.[1];
  expect(chosen, reset.stdout + reset.stderr).toBeTruthy();
  app = startServer(port(), { DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
  await app.ready;
  expect((await signIn(password)).status).toBe(401);
  expect((await signIn(chosen!)).status).toBe(200);
});

const en = locale('en');
const t = (key: string, values: Record<string, string | number> = {}) =>
  text(en, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** Opens `path` and waits for its h1 (the screen is painted), then runs axe on it. */
async function visit(page: Page, path: string, found: string[]) {
  await page.goto(`${app!.url}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await audit(page, found, path);
}

test('from an empty database to the first paid booking: the checklist, a place, a supplier, cars by CSV', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = { email: 'owner@rent.example', password: 'first-admin-password-42' };
  app = startServer(port(), {
    DATA_DIR: emptyDataDir(),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // The map's tiles from the shared e2e mailbox's grey tiles (harness/serve.mjs): nothing leaves the machine.
    MAP_TILE_URL: `http://127.0.0.1:${Number(process.env.E2E_MAILBOX_PORT ?? 3126)}/tiles/{z}/{x}/{y}.png`,
  });
  await app.ready;
  const found: string[] = [];

  // The customer site on an empty database: coming soon, no search that finds nothing; every screen a next step.
  await visit(page, '/', found);
  await expect(page.getByRole('heading', { level: 2, name: t('search.comingSoon.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('search.form.submit') })).toHaveCount(0);
  await visit(page, '/search', found);
  await expect(page.getByRole('heading', { level: 2, name: t('search.comingSoon.title') })).toBeVisible();
  await visit(page, '/locations', found);

  // The admin signs in: the console opens on the checklist, every step still to do.
  await signInFromPage(page, admin);
  await page.goto(`${app.url}/operator`);
  await expect(page).toHaveURL(/\/operator\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: t('operatorSetup.title') })).toBeVisible();
  const step = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(step(t('operatorSetup.steps.place.title'))).toContainText(t('operatorSetup.toDo'));
  await expect(step(t('operatorSetup.steps.car.title'))).toContainText(t('operatorSetup.toDo'));
  await audit(page, found, '/operator/setup');
  // The operator screens that list or need data, on the empty database (places, suppliers and the import: below).
  for (const path of [
    '/operator/cars',
    '/operator/cars/new',
    '/operator/cancellation-requests',
    '/operator/profile',
    '/operator/users',
    '/bookings',
  ])
    await visit(page, path, found);

  // A country and a place, from the checklist's link.
  await page.goto(`${app.url}/operator/setup`);
  await page.getByRole('link', { name: t('operatorSetup.steps.place.action') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('operatorAdmin.places.title') })).toBeVisible();
  await audit(page, found, '/operator/places');
  await page.getByRole('button', { name: t('operatorAdmin.places.newCountry') }).click();
  const countryForm = page.getByRole('form', { name: t('operatorAdmin.places.newCountry') });
  await countryForm.getByLabel(t('operatorAdmin.places.code')).fill('FR');
  for (const code of ['en', 'fr', 'es', 'se', 'de'])
    await countryForm.getByLabel(t(`operatorAdmin.languages.${code}`), { exact: true }).fill('France');
  await countryForm.getByRole('button', { name: t('operatorAdmin.places.save') }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'France (FR)' })).toBeVisible();
  await page.getByRole('link', { name: t('operatorAdmin.places.newLocation') }).click();
  for (const code of ['en', 'fr', 'es', 'se', 'de'])
    await page.getByLabel(t(`operatorAdmin.languages.${code}`), { exact: true }).fill('Annecy');
  await page.getByLabel(t('operatorAdmin.places.country')).selectOption({ label: 'France' });
  // The zone is a searchable list (a combobox): typed, then picked from the France group.
  await page.getByRole('combobox', { name: t('operatorAdmin.places.timeZone') }).fill('paris');
  await page.getByRole('option', { name: 'Europe/Paris' }).click();
  await page.getByLabel(t('operatorAdmin.places.latitude')).fill('45.8992');
  await page.getByLabel(t('operatorAdmin.places.longitude')).fill('6.1294');
  await page.getByRole('button', { name: t('operatorAdmin.places.save') }).click();
  await expect(page).toHaveURL(/\/operator\/places\/[0-9a-f-]{36}$/);
  const placeId = page.url().split('/').pop()!;

  // The one-person business: the admin rents out cars from this account (the house business, named as the site),
  // no second address and no invitation (docs/decisions/0013-the-owner-runs-their-own-business.md).
  await page.goto(`${app.url}/operator/setup`);
  await expect(step(t('operatorSetup.steps.place.title'))).toContainText(t('operatorSetup.done'));
  await page.getByRole('link', { name: t('operatorSetup.steps.supplier.action') }).click();
  const house = page.getByRole('region', { name: t('operatorAdmin.suppliers.house.title') });
  await expect(house).toBeVisible();
  await audit(page, found, '/operator/suppliers');
  await house.getByRole('button', { name: t('operatorAdmin.suppliers.house.create') }).click();
  const own = page.getByRole('region', { name: t('operatorAdmin.suppliers.house.ownTitle') });
  await expect(own).toContainText(t('operatorAdmin.suppliers.house.made', { name: 'Roam', email: admin.email }));
  await page.goto(`${app.url}/operator/setup`);
  await expect(step(t('operatorSetup.steps.supplier.title'))).toContainText(t('operatorSetup.done'));

  // Cars by CSV: the bad row is reported by line and field, the fixed file imported.
  await page.getByRole('link', { name: t('operatorSetup.steps.car.import') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('operatorImport.title') })).toBeVisible();
  await audit(page, found, '/operator/cars/import');
  await page.getByLabel(t('operatorCars.fields.supplier')).selectOption({ label: 'Roam' });
  const csv = (secondPrice: string) =>
    Buffer.from(
      [
        'licensePlate,name,range,fuelType,gearbox,seats,doors,aircon,mileage,fuelPolicy,deposit,locationIds,dailyPrice',
        'AN-001-CY,Lake Fiat 500,mini,gasoline,manual,4,3,true,-1,fullToFull,300.00,Annecy,41.00',
        `AN-002-CY,Lake Peugeot 3008,midi,diesel,automatic,5,5,true,-1,fullToFull,500.00,Annecy,${secondPrice}`,
      ].join('\n'),
    );
  await chooseCsv(page, en, csv('0'));
  const report = page.getByRole('table', { name: t('operatorImport.report.title') });
  const bad = report.getByRole('row').filter({ hasText: 'AN-002-CY' });
  // The column by its label in the reader's words (the import report names fields as the editor does).
  await expect(bad).toContainText(`Daily price: ${t('operatorCars.errors.invalidPrice')}`);
  const importButton = page.getByRole('button', { name: t('operatorImport.import_other', { count: 2 }) });
  await expect(importButton).toBeDisabled();
  await chooseCsv(page, en, csv('65.00'));
  await expect(bad).toContainText(t('operatorImport.report.ok'));
  await importButton.click();
  await expect(page.getByText(t('operatorImport.report.imported', { created: 2, updated: 0 }))).toBeVisible();
  await page.goto(`${app.url}/operator/setup`);
  await expect(step(t('operatorSetup.steps.car.title'))).toContainText(t('operatorSetup.done'));
  expect(found).toEqual([]);

  // A guest finds the car and pays in full with the demo card.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`${app.url}/`);
  await expect(guest.getByRole('button', { name: t('search.form.submit') })).toBeVisible();
  const params = new URLSearchParams({ pickupLocationId: placeId, dropoffLocationId: placeId, ...rentalPeriod(10) });
  await guest.goto(`${app.url}/search?${params}`);
  await guest.getByRole('link', { name: t('cars.bookCar', { name: 'Lake Peugeot 3008' }) }).click();
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(t('checkout.title'));
  await guest.getByLabel(t('checkout.driver.fullName')).fill('Robin Guest');
  await guest.getByLabel(t('checkout.driver.email'), { exact: true }).fill('robin@guest.example');
  await guest.getByLabel(t('checkout.driver.phone')).fill('+33 6 12 34 56 78');
  await guest.getByLabel(t('checkout.driver.birthDate')).fill('1990-05-17');
  await guest.getByLabel(t('checkout.driver.acceptTerms')).check();
  await guest.getByRole('radio', { name: t('checkout.payment.full.label') }).check();
  await guest.getByRole('button', { name: t('checkout.submit.pay') }).click();
  await expect(guest.getByText(t('payment.card.testMode'))).toBeVisible();
  await guest.getByLabel(t('payment.card.cardNumber')).fill('4242 4242 4242 4242');
  await guest.getByLabel(t('payment.card.expiry')).fill(`12/${String((new Date().getUTCFullYear() + 2) % 100)}`);
  await guest.getByLabel(t('payment.card.cvc')).fill('123');
  await guest.getByLabel(t('payment.card.cardholder')).fill('Robin Guest');
  await guest.keyboard.press('Enter');
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(t('payment.session.congratulations'));
  await guest.close();
});
