import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { linkIn, waitForMail } from '../harness/mailbox.ts';
import { expect, locale, ownPage, test, text } from './fixtures.ts';

// A business's team in the browser against the real server and SMTP harness (docs/decisions/0010-members-of-a-business.md):
// the owner invites a counter agent by e-mail; the agent chooses a password, sets up two-step sign-in (the code
// computed from the key shown, as an authenticator app would), signs in again with a code (in German), works the
// scheduler without the price editor (403 from its API); the owner removes the agent, whose session ends at once.

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

test('the owner invites a counter agent who signs in in two steps, works the day, and is removed', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const agent = { name: `Chris ${stamp}`, email: `chris-${stamp}@example.com`, password: 'Counter-2026!' };
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/operator/team?l=en');
  await page.getByRole('textbox', { name: en('operatorTeam.invite.name') }).fill(agent.name);
  await page.getByRole('textbox', { name: en('operatorTeam.invite.email') }).fill(agent.email);
  await page.getByRole('combobox', { name: en('operatorTeam.invite.role'), exact: true }).selectOption('counter');
  await page.getByRole('button', { name: en('operatorTeam.invite.send') }).click();

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
  // The prices' API refuses a counter agent whatever the screen shows.
  const prices = await again.request.put('/api/update-car-charge-rules', { headers: ownPage(), data: {} });
  expect(prices.status()).toBe(403);

  // The owner removes the agent: their session ends at once.
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(agent.name) });
  await row.getByRole('button', { name: en('operatorTeam.remove') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: en('operatorTeam.remove') })
    .click();
  await expect(page.getByText(en('operatorTeam.removed').replace('{{name}}', agent.name))).toBeVisible();
  expect((await again.request.get('/api/my-access')).status()).toBe(401);
});
