import type { Page } from '@playwright/test';
import { linkIn, waitForMail } from '../harness/mailbox.ts';
import { expect, locale, test, text } from './fixtures.ts';

// Issue #3 journeys, acting as a new user would: sign up, read the activation e-mail from the real local SMTP
// server, activate, sign out, sign in (stay connected), change the password, reset a forgotten one.

const en = locale('en');
const fr = locale('fr');
const t = (key: string) => text(en, key);

/** Chromium logs every 4xx answer as a console error; a test expecting one removes exactly those lines. */
function expectHttpErrors(consoleErrors: string[], status: number) {
  const expected = `status of ${status}`;
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]!.includes(expected)) consoleErrors.splice(i, 1);
  }
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function fillSignUp(page: Page, values: { email: string; password: string }) {
  await page.getByRole('main').getByLabel(t('auth.fields.fullName')).fill('Noah New');
  await page.getByRole('main').getByLabel(t('auth.fields.email'), { exact: true }).fill(values.email);
  await page.getByRole('main').getByLabel(t('auth.fields.phone')).fill('+33 6 12 34 56 78');
  await page.getByRole('main').getByLabel(t('auth.fields.birthDate')).fill('1994-06-15');
  await page.getByRole('main').getByLabel(t('auth.fields.password'), { exact: true }).fill(values.password);
  await page.getByRole('main').getByLabel(t('auth.fields.confirmPassword')).fill(values.password);
  await page.getByRole('main').getByLabel(t('auth.signUp.tos')).check();
}

async function signIn(page: Page, email: string, password: string, stayConnected = false) {
  await page.goto('/sign-in');
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill(email);
  await page.getByRole('main').getByLabel(t('auth.fields.password')).fill(password);
  if (stayConnected) await page.getByRole('main').getByLabel(t('auth.signIn.stayConnected')).check();
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signOut(page: Page, firstName: string) {
  await page.getByRole('button', { name: firstName }).click();
  await page.getByRole('menuitem', { name: t('auth.menu.signOut') }).click();
  await expect(page.getByRole('button', { name: t('header.account') })).toBeVisible({ timeout: 20_000 });
}

test('a new user signs up, activates from the e-mail, signs in again and changes the password', async ({
  page,
  context,
}) => {
  // Many argon2id hashes in one journey, on a shared CI machine.
  test.setTimeout(120_000);
  const email = unique('noah');
  await page.goto('/sign-up');
  await fillSignUp(page, { email, password: 'first-pass' });
  await page.getByRole('button', { name: t('auth.signUp.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed in, not activated yet: the banner offers to resend the link.
  await expect(page.getByText(t('auth.banner.text'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Noah' })).toBeVisible({ timeout: 20_000 });

  const mail = await waitForMail(email);
  expect(mail.subject).toBe('Activate your Roam account');
  await page.goto(linkIn(mail, '/activate?'));
  await page.getByRole('button', { name: t('auth.activate.submit') }).click();
  await expect(page.getByText(t('auth.activate.activated'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(t('auth.banner.text'))).toHaveCount(0);

  // The link works once.
  await page.goto(linkIn(mail, '/activate?'));
  await expect(page.getByText(t('auth.activate.linkExpired'))).toBeVisible({ timeout: 20_000 });

  await page.goto('/');
  await signOut(page, 'Noah');
  await signIn(page, email, 'first-pass', true);
  const session = (await context.cookies()).find((c) => c.name === 'roam_session');
  expect(session?.httpOnly).toBe(true);
  // Stay connected: a persistent cookie of about 30 days.
  expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

  await page.getByRole('button', { name: 'Noah' }).click();
  await page.getByRole('menuitem', { name: t('auth.menu.changePassword') }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByRole('main').getByLabel(t('auth.fields.currentPassword')).fill('wrong-pass');
  await page.getByRole('main').getByLabel(t('auth.fields.newPassword')).fill('second-pass');
  await page.getByRole('main').getByLabel(t('auth.fields.confirmPassword')).fill('second-pass');
  await page.getByRole('button', { name: t('account.changePassword.submit') }).click();
  await expect(page.getByText(t('account.changePassword.wrongPassword'))).toBeVisible({ timeout: 20_000 });
  await page.getByRole('main').getByLabel(t('auth.fields.currentPassword')).fill('first-pass');
  await page.getByRole('button', { name: t('account.changePassword.submit') }).click();
  await expect(page.getByText(t('account.changePassword.success'))).toBeVisible({ timeout: 20_000 });

  await signOut(page, 'Noah');
  await page.goto('/sign-in');
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill(email);
  await page.getByRole('main').getByLabel(t('auth.fields.password')).fill('first-pass');
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
  await expect(page.getByText(t('auth.errors.incorrectCredentials'))).toBeVisible({ timeout: 20_000 });
  await signIn(page, email, 'second-pass');
  await expect(page.getByRole('button', { name: 'Noah' })).toBeVisible({ timeout: 20_000 });
  expectHttpErrors(consoleErrors(page), 400);
});

// The fixture's list of console errors, reachable from helpers.
const errorsOf = new WeakMap<Page, string[]>();
const consoleErrors = (page: Page) => errorsOf.get(page) ?? [];
test.beforeEach(({ page, consoleErrors: errors }) => {
  errorsOf.set(page, errors);
});
test.afterEach(({ page }) => {
  const errors = consoleErrors(page);
  expectHttpErrors(errors, 401);
  expectHttpErrors(errors, 400);
  expectHttpErrors(errors, 403);
  expectHttpErrors(errors, 404);
  expectHttpErrors(errors, 409);
  expectHttpErrors(errors, 410);
});

test('forgot password: the e-mailed link sets a new password that signs in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = unique('fern');
  const created = await request.post('/api/sign-up', {
    data: {
      fullName: 'Fern Forgetful',
      email,
      phone: '+34 612 345 678',
      birthDate: '1990-02-03',
      password: 'old-pass-1',
      tosAccepted: true,
    },
  });
  expect(created.status()).toBe(200);

  await page.goto('/forgot-password');
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill(unique('nobody'));
  await page.getByRole('button', { name: t('auth.forgotPassword.submit') }).click();
  await expect(page.getByText(t('auth.forgotPassword.notRegistered'))).toBeVisible({ timeout: 20_000 });
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill(email);
  await page.getByRole('button', { name: t('auth.forgotPassword.submit') }).click();
  await expect(page.getByText(t('auth.forgotPassword.sent')).first()).toBeVisible({ timeout: 20_000 });

  const mail = await waitForMail(email, { after: 1 });
  expect(mail.subject).toBe('Reset your Roam password');
  await page.goto(linkIn(mail, '/reset-password?'));
  await page.getByRole('main').getByLabel(t('auth.fields.password'), { exact: true }).fill('new-pass-1');
  await page.getByRole('main').getByLabel(t('auth.fields.confirmPassword')).fill('new-pass-2');
  await page.getByRole('button', { name: t('auth.resetPassword.submit') }).click();
  await expect(page.getByText(t('auth.validation.passwordsDontMatch'))).toBeVisible({ timeout: 20_000 });
  await page.getByRole('main').getByLabel(t('auth.fields.confirmPassword')).fill('new-pass-1');
  await page.getByRole('button', { name: t('auth.resetPassword.submit') }).click();
  await expect(page.getByText(t('account.changePassword.success'))).toBeVisible({ timeout: 20_000 });
  await signOut(page, 'Fern');
  await signIn(page, email, 'new-pass-1');
  await expect(page.getByRole('button', { name: 'Fern' })).toBeVisible({ timeout: 20_000 });
});

test("the suspended demo account sees 'Your account is suspended.'", async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill('suspended@roam.localhost');
  await page.getByRole('main').getByLabel(t('auth.fields.password')).fill('Driver-2026!');
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your account is suspended.');
});

test('sign-up validation messages in French', async ({ page }) => {
  const f = (key: string) => text(fr, key);
  await page.goto('/sign-up?l=fr');
  await page.getByRole('button', { name: f('auth.signUp.submit'), exact: true }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    f('auth.validation.requiredFields').split('{{')[0]!.trim(),
  );
  await page.getByRole('main').getByLabel(f('auth.fields.fullName')).fill('Zoé Jeune');
  await page.getByRole('main').getByLabel(f('auth.fields.email'), { exact: true }).fill('pas-une-adresse');
  await page.getByRole('main').getByLabel(f('auth.fields.phone')).fill('appelez-moi');
  const young = new Date(Date.now() - 18 * 365.25 * 86400_000).toISOString().slice(0, 10);
  await page.getByRole('main').getByLabel(f('auth.fields.birthDate')).fill(young);
  await page.getByRole('main').getByLabel(f('auth.fields.password'), { exact: true }).fill('court');
  await page.getByRole('main').getByLabel(f('auth.fields.confirmPassword')).fill('autre');
  await page.getByRole('button', { name: f('auth.signUp.submit'), exact: true }).click();
  for (const key of [
    'invalidEmail',
    'invalidPhone',
    'tooYoung',
    'passwordTooShort',
    'passwordsDontMatch',
    'acceptTos',
    'fixErrors',
  ]) {
    await expect(page.getByText(f(`auth.validation.${key}`), { exact: true })).toBeVisible({ timeout: 20_000 });
  }
  // Taken address, checked with the server when the field is left.
  await page.getByRole('main').getByLabel(f('auth.fields.email'), { exact: true }).fill('driver@roam.localhost');
  await page.getByRole('main').getByLabel(f('auth.fields.phone')).focus();
  await expect(page.getByText(f('auth.validation.emailTaken'))).toBeVisible({ timeout: 20_000 });
});
