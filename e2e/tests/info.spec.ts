import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Mail } from '../harness/mailbox.ts';
import { expect, locale, test, text } from './fixtures.ts';

// The informational pages, the contact form, the newsletter double opt-in and cookie consent.

const en = locale('en');
const fr = locale('fr');
const CONTACT_EMAIL = 'info@roam.localhost';
const MAILBOX = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT ?? 3126}`;

/** Waits for a delivered e-mail to `to` whose text matches `pattern` (other tests may write to the same box). */
async function waitForMailMatching(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${MAILBOX}/?to=${encodeURIComponent(to)}`)).json()) as Mail[];
    const mail = messages.find((m) => pattern.test(m.text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}

/** The path of the first link to `/newsletter/<screen>` in a message (the host is PUBLIC_URL). */
function newsletterLink(mail: Mail, screen: 'confirm' | 'unsubscribe'): string {
  const match = mail.text.match(new RegExp(`/newsletter/${screen}\\?t=[\\w-]+`));
  if (!match) throw new Error(`no ${screen} link in "${mail.subject}"`);
  return match[0];
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// Spec §5 and §1 facts, in English and one other language each.
const FACTS: { path: string; key: string; language: 'en' | 'fr' | 'es' | 'se' | 'de'; facts: RegExp[] }[] = [
  {
    path: '/tos',
    key: 'info.tos.title',
    language: 'en',
    facts: [/cancel 24 hours or more before .* full refund/, /less than 24 hours before .* fee may apply/],
  },
  {
    path: '/tos',
    key: 'info.tos.title',
    language: 'fr',
    facts: [/24 heures ou plus avant .* remboursement intégral/, /moins de 24 heures avant .* frais/],
  },
  { path: '/privacy', key: 'info.privacy.title', language: 'en', facts: [/not intended for children under 13/] },
  { path: '/privacy', key: 'info.privacy.title', language: 'de', facts: [/nicht an Kinder unter 13 Jahren/] },
  {
    path: '/faq',
    key: 'info.faq.title',
    language: 'en',
    facts: [/usual minimum age to rent a vehicle is 18/, /valid driver's licence/, /at least 21/],
  },
  { path: '/faq', key: 'info.faq.title', language: 'es', facts: [/habitual para alquilar un vehículo es de 18 años/] },
  {
    path: '/about',
    key: 'info.about.title',
    language: 'en',
    facts: [
      /24-hour roadside assistance/,
      /No hidden charges/,
      /Unlimited mileage where noted/,
      /Flexible pick-up and drop-off/,
      /Instant booking confirmation/,
      /24\/7 support/,
    ],
  },
  {
    path: '/about',
    key: 'info.about.title',
    language: 'se',
    facts: [/Vägassistans dygnet runt/, /Inga dolda avgifter/],
  },
  { path: '/cookie-policy', key: 'info.cookiePolicy.title', language: 'en', facts: [/Only if you accept/] },
  { path: '/cookie-policy', key: 'info.cookiePolicy.title', language: 'fr', facts: [/Ce n'est que si vous acceptez/] },
];

for (const { path, key, language, facts } of FACTS) {
  test(`${path} in ${language} carries its facts under headings`, async ({ page }) => {
    await page.goto(`${path}?l=${language}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale(language), key));
    const article = page.locator('article');
    await expect(article.getByRole('heading', { level: 2 }).first()).toBeVisible();
    // FAQ answers sit in disclosures: open them all, as a reader would.
    for (const summary of await article.locator('summary').all()) await summary.click();
    for (const fact of facts) await expect(article).toContainText(fact);
    await expect(article).toContainText(CONTACT_EMAIL);
  });
}

test('the FAQ is a keyboard-operable disclosure list', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByText('How old must I be to rent a vehicle?');
  const answer = page.getByText(/usual minimum age to rent a vehicle is 18/);
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
});

test('the contact form checks its fields with the spec messages', async ({ page }) => {
  await page.goto('/contact');
  // The footer's newsletter form has an e-mail field too: look inside the main region.
  const main = page.getByRole('main');
  await main.getByRole('button', { name: text(en, 'info.contact.form.send') }).click();
  const fullName = main.getByLabel(text(en, 'info.contact.form.fullName'));
  await expect(fullName).toBeFocused();
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByText('Please fill in the field: Full name')).toBeVisible();
  await main.getByLabel(text(en, 'info.contact.form.email')).fill('not-an-address');
  await main.getByRole('button', { name: text(en, 'info.contact.form.send') }).click();
  await expect(main.getByText('Invalid email address')).toBeVisible();
});

test('the contact form delivers the message to CONTACT_EMAIL', async ({ page }) => {
  const marker = `contact-${Date.now()}`;
  await page.goto('/contact?l=fr');
  const main = page.getByRole('main');
  await main.getByLabel(text(fr, 'info.contact.form.fullName')).fill('Camille Conductrice');
  await main.getByLabel(text(fr, 'info.contact.form.email')).fill('camille@example.com');
  await main.getByLabel(text(fr, 'info.contact.form.subject')).fill('Siège enfant');
  await main.getByLabel(text(fr, 'info.contact.form.message')).fill(`Puis-je ajouter un siège enfant ? ${marker}`);
  await main.getByRole('button', { name: text(fr, 'info.contact.form.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: text(fr, 'info.contact.sent') })).toBeVisible();
  const mail = await waitForMailMatching(CONTACT_EMAIL, new RegExp(marker));
  expect(mail.subject).toContain('Siège enfant');
  expect(mail.text).toContain('Camille Conductrice');
  // The form is emptied for the next message.
  await expect(main.getByLabel(text(fr, 'info.contact.form.message'))).toHaveValue('');
});

test('newsletter: subscribe in the footer, confirm from the e-mail, unsubscribe from it', async ({ page }) => {
  const email = `reader-${Date.now()}@example.com`;
  await page.goto('/?l=fr');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel(text(fr, 'footer.newsletter.email')).fill(email);
  await footer.getByRole('button', { name: text(fr, 'footer.newsletter.subscribe') }).click();
  await expect(page.getByText(text(fr, 'footer.newsletter.success'))).toBeVisible();
  await expect(footer.getByText(text(fr, 'footer.newsletter.checkInbox'))).toBeVisible();

  // Double opt-in: the e-mail, in the visitor's language, carries the confirm and unsubscribe links.
  const mail = await waitForMailMatching(email, /newsletter\/confirm/);
  expect(mail.subject).toContain('Confirmez');
  await page.goto(newsletterLink(mail, 'confirm'));
  await expect(page.getByText(text(fr, 'newsletter.confirm.done'))).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto(newsletterLink(mail, 'unsubscribe'));
  await page.getByRole('button', { name: text(fr, 'newsletter.unsubscribe.button') }).click();
  await expect(page.getByText(text(fr, 'newsletter.unsubscribe.done'))).toBeVisible();
  // (A spent link answers 404: covered by the server tests, as the browser logs every 404 as a console error.)
});

test('newsletter: a bad address is refused in the form', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel(text(en, 'footer.newsletter.email')).fill('nope');
  await footer.getByRole('button', { name: text(en, 'footer.newsletter.subscribe') }).click();
  await expect(footer.getByText(text(en, 'forms.invalidEmail'))).toBeVisible();
});

/** Every request that leaves our own server. */
/**
 * Requests to anyone but us. The configured map tile server (MAP_TILE_URL; the harness serves it) is the map the home
 * page must show, not tracking, so it is not counted: consent governs analytics.
 */
function recordThirdParty(page: Page, baseURL: string): string[] {
  const tileServer = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT ?? 3126}/tiles/`;
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith(tileServer)) requests.push(url);
  });
  return requests;
}

test('without ANALYTICS_ID there is no banner, no cookie settings and no third-party request', async ({
  page,
  baseURL,
}) => {
  const thirdParty = recordThirdParty(page, baseURL!);
  await page.goto('/about');
  await expect(page.locator('article h2').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: text(en, 'cookies.banner.title') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: text(en, 'footer.cookieSettings') })).toHaveCount(0);
  expect(thirdParty).toEqual([]);
});

test('with an analytics id, analytics loads only after consent, and the choice can be changed', async ({
  page,
  baseURL,
}) => {
  // This deployment's settings plus an analytics id, in the settings index.html carries inline (the app reads them
  // there, not from /api/settings); the analytics script itself is served locally.
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('"analyticsId":null');
      await route.fulfill({
        status: response.status(),
        contentType: 'text/html; charset=utf-8',
        body: html.replace('"analyticsId":null', '"analyticsId":"G-E2ETEST"'),
      });
    },
  );
  const scripts: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  const thirdParty = recordThirdParty(page, baseURL!);

  await page.goto('/');
  const banner = page.getByRole('region', { name: text(en, 'cookies.banner.title') });
  await expect(banner).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(thirdParty).toEqual([]);

  // Declining keeps everything local, also after a reload.
  await banner.getByRole('button', { name: text(en, 'cookies.banner.decline') }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(thirdParty).toEqual([]);

  // 'Cookie settings' in the footer reopens the choice; accepting loads the analytics script with the id.
  await page.getByRole('button', { name: text(en, 'footer.cookieSettings') }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: text(en, 'cookies.banner.accept') }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => scripts).toEqual([expect.stringContaining('gtag/js?id=G-E2ETEST')]);
  expect(await page.evaluate(() => localStorage.getItem('roam.cookieConsent'))).toBe('accepted');
});
