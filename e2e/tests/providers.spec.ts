import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startFakePaypal, startFakeStripe } from '../../server/test/fake-providers.ts';
import { startFakeSocial } from '../../server/test/fake-social.ts';
import { type ServerProcess, startServer } from '../harness/server-process.ts';
import { expect, locale, rentalPeriod, test, text, textPattern } from './fixtures.ts';

// The outside providers as a person meets them in the browser, on a server of its own configured with them all
// (one server start for the lot). Stripe and PayPal, whose real stripe SDK and PayPal REST client talk to
// local servers speaking those protocols; the payer pays on the (local) hosted Stripe page, which sends the signed
// webhook, and with the (local) PayPal button, whose order the server captures and checks. Google,
// Facebook and Apple sign-in through their (local) browser SDKs, with really signed tokens the server verifies.

const en = locale('en');
// Its own server at E2E_PORT + 4 (e2e/README.md "Ports").
const PORT = Number(process.env.E2E_PORT ?? 3100) + 4;
const WEBHOOK_SECRET = 'whsec_e2e_secret';
const DRIVER = { email: 'driver@roam.localhost', password: 'Driver-2026!' };

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let app: ServerProcess;
let dataDir: string;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let paypal: Awaited<ReturnType<typeof startFakePaypal>>;
let social: Awaited<ReturnType<typeof startFakeSocial>>;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stripe = await startFakeStripe({
    webhook: { url: `http://127.0.0.1:${PORT}/api/stripe-webhook`, secret: WEBHOOK_SECRET },
  });
  paypal = await startFakePaypal('pp-e2e-client', 'pp-e2e-secret');
  social = await startFakeSocial({
    google: 'roam-e2e.apps.googleusercontent.com',
    apple: 'com.roam.e2e',
    facebookAppId: '555000',
    facebookAppSecret: 'fb-e2e-secret',
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'roam-e2e-providers-'));
  app = startServer(PORT, {
    DATA_DIR: dataDir,
    // Map tiles from the app itself (any image will do): nothing leaves the machine.
    MAP_TILE_URL: `http://127.0.0.1:${PORT}/favicon.svg?tile={z}/{x}/{y}`,
    ...social.env,
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.base,
    PAYPAL_CLIENT_ID: 'pp-e2e-client',
    PAYPAL_CLIENT_SECRET: 'pp-e2e-secret',
    PAYPAL_API_BASE: paypal.base,
    PAYPAL_SDK_URL: `${paypal.base}/sdk/js`,
  });
  await app.ready;
});

test.afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await stripe?.close();
  await paypal?.close();
  await social?.close();
});

/**
 * Signed in as the demo driver, at the checkout of the Renault Clio for 3 days from `offset` days ahead, paying in
 * full, with `extras` switched on.
 */
async function checkoutClioInFull(page: Page, offset: number, extras: string[] = []) {
  await page.goto(`${app.url}/`);
  const answer = await page.request.post(`${app.url}/api/sign-in/frontend`, {
    data: { ...DRIVER, stayConnected: false },
    headers: { origin: app.url },
  });
  expect(answer.ok()).toBe(true);
  const user = await answer.json();
  await page.evaluate((stored) => localStorage.setItem('roam.user', JSON.stringify(stored)), user);
  const locations = (await (await page.request.get(`${app.url}/api/locations?q=Charles`)).json()) as {
    _id: string;
    name: string;
  }[];
  const cdg = locations.find((location) => location.name === 'Paris Charles de Gaulle Airport')!;
  const query = new URLSearchParams({ pickupLocationId: cdg._id, dropoffLocationId: cdg._id, ...rentalPeriod(offset) });
  await page.goto(`${app.url}/search?${query}`);
  await page.getByRole('link', { name: text(en, 'cars.bookCar').replace('{{name}}', 'Renault Clio') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(en, 'checkout.title'));
  for (const extra of extras) await page.getByRole('switch', { name: text(en, `cars.extra.${extra}`) }).click();
  await page.getByRole('radio', { name: text(en, 'checkout.payment.full.label') }).check();
  await page.getByRole('button', { name: text(en, 'checkout.submit.pay') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(en, 'payment.pay.title'));
}

/** The booking's status as its driver reads it. */
async function bookingStatus(page: Page, bookingId: string): Promise<string> {
  const answer = await page.request.get(`${app.url}/api/booking/${bookingId}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { status: string }).status;
}

/** The booking's drop-off instant (ms) as its driver reads it. */
async function dropoffOf(page: Page, bookingId: string): Promise<number> {
  const answer = await page.request.get(`${app.url}/api/booking/${bookingId}`);
  return Date.parse(((await answer.json()) as { dropoffAt: string }).dropoffAt);
}

/**
 * On the booking's page, a drop-off a day later (dearer than what was paid) priced and confirmed
 * with "Pay … and change"; answers the new drop-off instant.
 */
async function confirmADayLonger(page: Page, bookingId: string): Promise<number> {
  await page.goto(`${app.url}/booking?b=${bookingId}&edit=1`);
  const longer = (await dropoffOf(page, bookingId)) + 24 * 3600_000;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(longer);
  await page.getByLabel(text(en, 'bookings.edit.dropoffDate'), { exact: true }).fill(day);
  await page.getByRole('button', { name: text(en, 'bookings.amend.check') }).click();
  await page.getByRole('button', { name: textPattern(en, 'bookings.amend.pay') }).click();
  return longer;
}

test('card: the hosted payment page takes the payment, the signed webhook confirms it, the payer returns to the result; a dearer change is paid there too and comes back to the booking', async ({
  page,
}) => {
  await checkoutClioInFull(page, 70, ['amendments']);
  await page.getByRole('link', { name: text(en, 'payment.pay.card') }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.base}/pay/cs_test_`));
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${app.url}/checkout-session/${sessionId}`);
  // The webhook arrived before the payer came back, its signature verified, and it was accepted.
  expect(stripe.webhookAnswers).toEqual([200]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(en, 'payment.session.congratulations'));
  await expect(page.getByText(text(en, 'payment.session.paid'))).toBeVisible();
  const bookingId = stripe.sessions.get(sessionId)!.metadata.bookingId!;
  expect(await bookingStatus(page, bookingId)).toBe('paid');
  // The session was created by the real SDK for the amount the server computed, in the display currency.
  const created = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')!;
  expect(created.headers.authorization).toBe('Bearer sk_test_e2e');
  expect(created.form.get('line_items[0][price_data][currency]')).toBe('eur');

  // A day longer costs more than was paid; its difference is paid on the provider's page, which
  // comes back to the booking, where the change is made once (the webhook and the return check both confirm it).
  const longer = await confirmADayLonger(page, bookingId);
  await page.getByRole('link', { name: text(en, 'payment.pay.card') }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.base}/pay/cs_test_`));
  const changeSession = new URL(page.url()).pathname.split('/').pop()!;
  expect(stripe.sessions.get(changeSession)!.metadata.amendmentId).toBeTruthy();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${app.url}/booking?b=${bookingId}&session=${changeSession}`);
  await expect(page.getByRole('status').filter({ hasText: text(en, 'bookings.amend.changed') })).toBeVisible();
  expect(stripe.webhookAnswers).toEqual([200, 200]);
  expect(await dropoffOf(page, bookingId)).toBe(longer);
});

test('wallet: the PayPal button creates the order, the payer approves it, the server captures and confirms; a dearer change is paid by the same wallet', async ({
  page,
}) => {
  await checkoutClioInFull(page, 80, ['amendments']);
  await page.getByRole('button', { name: 'PayPal' }).click();
  await expect(page).toHaveURL(new RegExp(`${app.url}/checkout-session/`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(en, 'payment.session.congratulations'));
  const bookingId = new URL(page.url()).pathname.split('/').pop()!;
  const order = [...paypal.orders.values()].at(-1)!;
  expect(order.status).toBe('COMPLETED');
  expect(order.purchase_units[0]!.custom_id ?? order.purchase_units[0]!.reference_id).toBe(bookingId);
  expect(await bookingStatus(page, bookingId)).toBe('paid');

  // A day longer, its difference paid by the wallet's button under the change, captured once.
  const longer = await confirmADayLonger(page, bookingId);
  const paying = page.getByRole('region', { name: textPattern(en, 'bookings.amend.payTitle') });
  await paying.getByRole('button', { name: 'PayPal' }).click();
  await expect(page.getByText(text(en, 'bookings.amend.changed'))).toBeVisible();
  const difference = [...paypal.orders.values()].at(-1)!;
  expect(difference.status).toBe('COMPLETED');
  expect(difference).not.toBe(order);
  expect(await dropoffOf(page, bookingId)).toBe(longer);
});

for (const [provider, name] of [
  ['google', 'Gina Google'],
  ['facebook', 'Fiona Facebook'],
  ['apple', 'Anna Apple'],
] as const) {
  test(`social sign-in with ${provider}: the provider's button signs a new driver in, with a server session`, async ({
    page,
  }) => {
    const email = `${provider}-${Date.now()}@social.test`;
    social.state.nextProfile = { email, name };
    await page.goto(`${app.url}/sign-in?from=/settings`);
    await page.getByRole('button', { name: text(en, `auth.signIn.continueWith.${provider}`) }).click();
    await expect(page).toHaveURL(`${app.url}/settings`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('roam.user') ?? 'null'));
    expect(stored).toMatchObject({ email, fullName: name, verified: true });
    // The session is the server's: the cookie reads the account, which has no password (social sign-in).
    const has = await page.request.get(`${app.url}/api/has-password/${stored._id}`);
    expect(await has.json()).toEqual({ hasPassword: false });
  });
}
