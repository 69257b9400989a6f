import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { linkIn, waitForMail } from '../harness/mailbox.ts';
import { expect, locale, ownPage, test, text } from './fixtures.ts';

// A business's team in the browser against the real server and SMTP harness (docs/decisions/0010-members-of-a-business.md):
// the owner invites a counter agent and a manager by e-mail; the agent chooses a password, sets up two-step sign-in
// (the code computed from the key shown, as an authenticator app would), signs in again with a code (in German),
// works the scheduler without the Cars section nor the price editor (403 from its API); the manager (in German too)
// changes a car's price on screen; the owner's activity names each of them with what they did; the owner removes the
// agent, whose session ends at once.

test.describe.configure({ timeout: 90_000 });

const EN = locale('en');
const DE = locale('de');
const en = (key: string) => text(EN, key);
const de = (key: string) => text(DE, key);
const OWNER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
/** A code of the next 30-second step: the one shown now was spent on the set-up, and is never accepted twice. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function signIn(page: Page, account: { email: string; password: string }, t = en, language = 'en') {
  await page.goto(`/sign-in?l=${language}`);
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill(account.email);
  await page.getByRole('main').getByLabel(t('auth.fields.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
}

test('the owner invites a counter agent and a manager; each works, the activity names them; the agent is removed', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const agent = { name: `Chris ${stamp}`, email: `chris-${stamp}@example.com`, password: 'Counter-2026!' };
  const manager = { name: `Morgan ${stamp}`, email: `morgan-${stamp}@example.com`, password: 'Manager-2026!' };
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/operator/team?l=en');
  // The manager's invitation in German: its link opens the sign-up in German.
  for (const [person, role, language] of [
    [agent, 'counter', 'en'],
    [manager, 'manager', 'de'],
  ] as const) {
    await page.getByRole('textbox', { name: en('operatorTeam.invite.name') }).fill(person.name);
    await page.getByRole('textbox', { name: en('operatorTeam.invite.email') }).fill(person.email);
    await page.getByRole('combobox', { name: en('operatorTeam.invite.role'), exact: true }).selectOption(role);
    await page.getByRole('combobox', { name: en('operatorTeam.invite.language') }).selectOption(language);
    await page.getByRole('button', { name: en('operatorTeam.invite.send') }).click();
    await expect(page.getByText(en('operatorTeam.invite.sent').replace('{{email}}', person.email))).toBeVisible();
  }

  // The agent, in a browser of their own: the e-mailed link, a password, then the set-up of two-step sign-in.
  const mail = await waitForMail(agent.email);
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const desk = await context.newPage();
  await desk.goto(`${linkIn(mail, '/activate?')}&l=en`);
  await desk.getByLabel(en('auth.fields.password'), { exact: true }).fill(agent.password);
  await desk.getByLabel(en('auth.fields.confirmPassword')).fill(agent.password);
  await desk.getByRole('button', { name: en('auth.activate.submit') }).click();
  await expect(desk).toHaveURL(/\/operator\//, { timeout: 20_000 });
  await desk.goto('/settings?l=en');
  await desk.getByRole('button', { name: en('account.security.setUp') }).click();
  await expect(desk.getByRole('img', { name: en('account.security.qrAlt') })).toBeVisible();
  const secret = await desk.locator('[data-secret]').getAttribute('data-secret');
  await desk.getByLabel(en('account.security.code'), { exact: true }).fill(await generate({ secret: secret! }));
  await desk.getByRole('button', { name: en('account.security.turnOn') }).click();
  await expect(desk.getByRole('heading', { name: en('account.security.codesTitle') })).toBeVisible();
  await expect(desk.locator('.two-step__code-list li')).toHaveCount(10);
  await desk.getByRole('button', { name: en('account.security.done') }).click();

  // Signed in again from a new browser, in German: the password, then the code.
  const again = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await signIn(again, agent, de, 'de');
  await again.getByLabel(de('auth.twoStep.code'), { exact: true }).fill(await nextCode(secret!));
  await again.getByRole('button', { name: de('auth.twoStep.submit') }).click();
  await expect(again).toHaveURL(/\/$/);
  await again.goto('/operator/scheduler?l=de');
  await expect(again.getByRole('heading', { level: 1 })).toHaveText(de('operatorScheduler.title'));
  const nav = again.getByRole('navigation', { name: de('operator.nav.label') });
  await expect(nav.getByRole('link', { name: de('operatorScheduler.nav') })).toBeVisible();
  await expect(nav.getByRole('link', { name: de('operator.nav.counterSettings') })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: de('operator.nav.team') })).toHaveCount(0);
  // No fleet edits nor prices on screen; and the prices' API refuses a counter agent whatever the screen shows.
  await expect(nav.getByRole('link', { name: de('operator.nav.cars') })).toHaveCount(0);
  const prices = await again.request.put('/api/update-car-charge-rules', { headers: ownPage(), data: {} });
  expect(prices.status()).toBe(403);
  // Nor the money: no statements in its console, and their API refuses it.
  await expect(nav.getByRole('link', { name: de('operator.nav.statements') })).toHaveCount(0);
  const statement = await again.request.get('/api/statement?month=2026-11', { headers: ownPage() });
  expect(statement.status()).toBe(403);

  // The manager, in German: the e-mailed link, a password, then a car's price changed in the editor. The monthly
  // rate (the demo car has none), cleared again after: no other test books a month of the demo fleet meanwhile.
  const office = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  const link = linkIn(await waitForMail(manager.email), '/activate?');
  expect(link).toContain('l=de');
  await office.goto(link);
  await office.getByLabel(de('auth.fields.password'), { exact: true }).fill(manager.password);
  await office.getByLabel(de('auth.fields.confirmPassword')).fill(manager.password);
  await office.getByRole('button', { name: de('auth.activate.submit') }).click();
  await expect(office).toHaveURL(/\/operator\//, { timeout: 20_000 });
  await office.goto('/operator/cars?l=de');
  await office.locator('.op-car__name a').first().click();
  const monthly = office.getByRole('textbox', { name: de('operatorCars.rates.monthlyPrice'), exact: true });
  const before = await monthly.inputValue();
  const save = async (value: string) => {
    await monthly.fill(value);
    await office.getByRole('button', { name: de('operatorCars.editor.save') }).click();
    await expect(office.getByText(de('operatorCars.editor.saved'))).toBeVisible();
  };
  await save('1234');
  await office.reload();
  await expect(monthly).not.toHaveValue(before);
  await save(before);

  // The owner's activity names each person with what they did: the manager's price, the agent's two-step set-up.
  await page.goto('/operator/activity?l=en');
  const person = page.getByRole('combobox', { name: en('operatorTeam.activity.person') });
  await person.selectOption({ label: manager.name });
  const priced = page.getByRole('row', { name: new RegExp(manager.name) }).first();
  await expect(priced).toContainText(en('operatorCars.history.entity.car'));
  await expect(priced).toContainText(en('operatorCars.rates.monthlyPrice'));
  await expect(priced).toContainText(en('operator.roles.manager'));
  await person.selectOption({ label: agent.name });
  const enrolled = page.getByRole('row', { name: new RegExp(agent.name) }).first();
  await expect(enrolled).toContainText(en('operatorCars.history.entity.user'));
  await expect(enrolled).toContainText(en('operator.roles.counter'));

  // The owner removes the agent: their session ends at once.
  await page.goto('/operator/team?l=en');
  const row = page.getByRole('row', { name: new RegExp(agent.name) });
  await row.getByRole('button', { name: en('operatorTeam.remove') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: en('operatorTeam.remove') })
    .click();
  await expect(page.getByText(en('operatorTeam.removed').replace('{{name}}', agent.name))).toBeVisible();
  expect((await again.request.get('/api/my-access')).status()).toBe(401);
});
