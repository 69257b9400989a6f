import type { BrowserContext, Page } from '@playwright/test';
import { linkIn, waitForMail } from '../harness/mailbox.ts';
import { expect, locale, ownPage, test, text } from './fixtures.ts';

// Journeys, acting as a new user would: sign up, read the activation e-mail from the real local SMTP
// server, activate, sign out, sign in (stay connected), change the password, reset a forgotten one.

const en = locale('en');
const fr = locale('fr');
type Language = 'en' | 'fr';
const MESSAGES = { en, fr } as const;
/** The interface strings of a language, read from the web app's locale files. */
const strings = (language: Language) => (key: string) => text(MESSAGES[language], key);
const t = strings('en');
/** The account e-mails' subjects (server/src/i18n/locales/<language>/account.json), per language. */
const SUBJECTS = {
  en: { activate: 'Activate your Roam account', reset: 'Reset your Roam password' },
  fr: { activate: 'Activez votre compte Roam', reset: 'Réinitialisez votre mot de passe Roam' },
} as const;

/** Chromium logs every 4xx answer as a console error; a test expecting one removes exactly those lines. */
function expectHttpErrors(consoleErrors: string[], status: number) {
  const expected = `status of ${status}`;
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]!.includes(expected)) consoleErrors.splice(i, 1);
  }
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function fillSignUp(page: Page, values: { email: string; password: string }, tr = t) {
  await page.getByRole('main').getByLabel(tr('auth.fields.fullName')).fill('Noah New');
  await page.getByRole('main').getByLabel(tr('auth.fields.email'), { exact: true }).fill(values.email);
  await page.getByRole('main').getByLabel(tr('auth.fields.phone')).fill('+33 6 12 34 56 78');
  await page.getByRole('main').getByLabel(tr('auth.fields.birthDate')).fill('1994-06-15');
  await page.getByRole('main').getByLabel(tr('auth.fields.password'), { exact: true }).fill(values.password);
  await page.getByRole('main').getByLabel(tr('auth.fields.confirmPassword')).fill(values.password);
  await page.getByRole('main').getByLabel(tr('auth.signUp.tos')).check();
}

/**
 * Signs in from the form. `?l=` keeps the interface in the language under test: otherwise it would follow the
 * account's saved language, which other tests (visiting `?l=fr` signed in as a demo account) may have changed.
 */
async function signIn(page: Page, email: string, password: string, stayConnected = false, language: Language = 'en') {
  const tr = strings(language);
  await page.goto(`/sign-in?l=${language}`);
  await page.getByRole('main').getByLabel(tr('auth.fields.email')).fill(email);
  await page.getByRole('main').getByLabel(tr('auth.fields.password')).fill(password);
  if (stayConnected) await page.getByRole('main').getByLabel(tr('auth.signIn.stayConnected')).check();
  await page.getByRole('button', { name: tr('auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signOut(page: Page, firstName: string, tr = t) {
  await page.getByRole('button', { name: firstName }).click();
  await page.getByRole('menuitem', { name: tr('auth.menu.signOut') }).click();
  await expect(page.getByRole('button', { name: tr('header.account') })).toBeVisible({ timeout: 20_000 });
}

/**
 * The journey in one language: sign up, the activation e-mail, activate (once), sign out, sign in staying
 * connected, change the password (a wrong current one first), sign in with the new one only.
 */
async function signUpActivateAndChangePassword(page: Page, context: BrowserContext, language: Language) {
  const tr = strings(language);
  const email = unique(`noah-${language}`);
  await page.goto(`/sign-up?l=${language}`);
  await fillSignUp(page, { email, password: 'first-pass' }, tr);
  await page.getByRole('button', { name: tr('auth.signUp.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed in, not activated yet: the banner offers to resend the link.
  await expect(page.getByText(tr('auth.banner.text'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Noah' })).toBeVisible({ timeout: 20_000 });

  const mail = await waitForMail(email);
  expect(mail.subject).toBe(SUBJECTS[language].activate);
  await page.goto(linkIn(mail, '/activate?'));
  await page.getByRole('button', { name: tr('auth.activate.submit') }).click();
  await expect(page.getByText(tr('auth.activate.activated'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(tr('auth.banner.text'))).toHaveCount(0);

  // The link works once.
  await page.goto(linkIn(mail, '/activate?'));
  await expect(page.getByText(tr('auth.activate.linkExpired'))).toBeVisible({ timeout: 20_000 });

  await page.goto('/');
  await signOut(page, 'Noah', tr);
  await signIn(page, email, 'first-pass', true, language);
  const session = (await context.cookies()).find((c) => c.name === 'roam_session');
  expect(session?.httpOnly).toBe(true);
  // Stay connected: a persistent cookie of about 30 days.
  expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

  await page.getByRole('button', { name: 'Noah' }).click();
  await page.getByRole('menuitem', { name: tr('auth.menu.changePassword') }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByRole('main').getByLabel(tr('auth.fields.currentPassword')).fill('wrong-pass');
  await page.getByRole('main').getByLabel(tr('auth.fields.newPassword')).fill('second-pass');
  await page.getByRole('main').getByLabel(tr('auth.fields.confirmPassword')).fill('second-pass');
  await page.getByRole('button', { name: tr('account.changePassword.submit') }).click();
  await expect(page.getByText(tr('forms.wrongPassword'))).toBeVisible({ timeout: 20_000 });
  await page.getByRole('main').getByLabel(tr('auth.fields.currentPassword')).fill('first-pass');
  await page.getByRole('button', { name: tr('account.changePassword.submit') }).click();
  await expect(page.getByText(tr('account.changePassword.success'))).toBeVisible({ timeout: 20_000 });

  await signOut(page, 'Noah', tr);
  await page.goto('/sign-in');
  await page.getByRole('main').getByLabel(tr('auth.fields.email')).fill(email);
  await page.getByRole('main').getByLabel(tr('auth.fields.password')).fill('first-pass');
  await page.getByRole('button', { name: tr('auth.signIn.submit'), exact: true }).click();
  await expect(page.getByText(tr('auth.errors.incorrectCredentials'))).toBeVisible({ timeout: 20_000 });
  await signIn(page, email, 'second-pass', false, language);
  await expect(page.getByRole('button', { name: 'Noah' })).toBeVisible({ timeout: 20_000 });
  expectHttpErrors(consoleErrors(page), 400);
  return email;
}

/**
 * Forgot password, signed out: an unknown address is refused; the e-mailed link (the `mailIndex`-th mail to the
 * address) sets a new password after a mismatch; the new password signs in.
 */
async function resetForgottenPassword(
  page: Page,
  email: string,
  firstName: string,
  language: Language,
  mailIndex: number,
) {
  const tr = strings(language);
  await page.goto('/forgot-password');
  await page.getByRole('main').getByLabel(tr('auth.fields.email')).fill(unique('nobody'));
  await page.getByRole('button', { name: tr('auth.forgotPassword.submit') }).click();
  await expect(page.getByText(tr('forms.emailNotRegistered'))).toBeVisible({ timeout: 20_000 });
  await page.getByRole('main').getByLabel(tr('auth.fields.email')).fill(email);
  await page.getByRole('button', { name: tr('auth.forgotPassword.submit') }).click();
  await expect(page.getByText(tr('auth.forgotPassword.sent')).first()).toBeVisible({ timeout: 20_000 });

  const mail = await waitForMail(email, { after: mailIndex });
  expect(mail.subject).toBe(SUBJECTS[language].reset);
  await page.goto(linkIn(mail, '/reset-password?'));
  await page.getByRole('main').getByLabel(tr('auth.fields.password'), { exact: true }).fill('new-pass-1');
  await page.getByRole('main').getByLabel(tr('auth.fields.confirmPassword')).fill('new-pass-2');
  await page.getByRole('button', { name: tr('auth.resetPassword.submit') }).click();
  await expect(page.getByText(tr('forms.passwordsDontMatch'))).toBeVisible({ timeout: 20_000 });
  await page.getByRole('main').getByLabel(tr('auth.fields.confirmPassword')).fill('new-pass-1');
  await page.getByRole('button', { name: tr('auth.resetPassword.submit') }).click();
  await expect(page.getByText(tr('account.changePassword.success'))).toBeVisible({ timeout: 20_000 });
  await signOut(page, firstName, tr);
  await signIn(page, email, 'new-pass-1', false, language);
  await expect(page.getByRole('button', { name: firstName })).toBeVisible({ timeout: 20_000 });
}

test('a new user signs up, activates from the e-mail, signs in again and changes the password', async ({
  page,
  context,
}) => {
  // Many argon2id hashes in one journey, on a shared CI machine.
  test.setTimeout(120_000);
  await signUpActivateAndChangePassword(page, context, 'en');
});

test('the whole account journey in French: sign up to activation, password change and reset', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const email = await signUpActivateAndChangePassword(page, context, 'fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await signOut(page, 'Noah', strings('fr'));
  await resetForgottenPassword(page, email, 'Noah', 'fr', 1);
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
    headers: ownPage(),
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
  await resetForgottenPassword(page, email, 'Fern', 'en', 1);
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
    f('forms.requiredFields').split('{{')[0]!.trim(),
  );
  await page.getByRole('main').getByLabel(f('auth.fields.fullName')).fill('Zoé Jeune');
  await page.getByRole('main').getByLabel(f('auth.fields.email'), { exact: true }).fill('pas-une-adresse');
  await page.getByRole('main').getByLabel(f('auth.fields.phone')).fill('appelez-moi');
  const young = new Date(Date.now() - 17 * 365.25 * 86400_000).toISOString().slice(0, 10);
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
    // The form messages live in the 'forms' area; an account's floor is 18 (a car may take drivers from 18; its own
    // minimum, the spec's 21 unless its business sets another, is checked at checkout).
    const message = f(`forms.${key}`).replace('{{age}}', '18');
    await expect(page.getByText(message, { exact: true })).toBeVisible({ timeout: 20_000 });
  }
  // Taken address, checked with the server when the field is left.
  await page.getByRole('main').getByLabel(f('auth.fields.email'), { exact: true }).fill('driver@roam.localhost');
  await page.getByRole('main').getByLabel(f('auth.fields.phone')).focus();
  await expect(page.getByText(f('forms.emailTaken'))).toBeVisible({ timeout: 20_000 });
});
