import { readdirSync, readFileSync } from 'node:fs';
import { type APIRequest, test as base, expect, type Page, type TestInfo } from '@playwright/test';

type Locale = Record<string, unknown>;
const localesDir = new URL('../../web/src/i18n/locales/', import.meta.url);
const sharedLocalesDir = new URL('../../contract/locales/', import.meta.url);
/**
 * The web app's own strings in one language (its locale files, one per area: `locales/<language>/<area>.json`, read
 * as `{ area: strings }`): tests look for the strings a user would see, in the language under test.
 */
export function locale(language: 'en' | 'fr' | 'es' | 'se' | 'de'): Locale {
  const dir = new URL(`${language}/`, localesDir);
  const areas: Locale = Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(file, dir), 'utf8'))]),
  );
  // The status words and summary labels the build merges into the `bookings` area (web/vite.config.ts).
  const shared = JSON.parse(readFileSync(new URL(`${language}/booking-words.json`, sharedLocalesDir), 'utf8'));
  return { ...areas, bookings: { ...(areas.bookings as Locale), ...shared } };
}
export function text(messages: Locale, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Locale | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`no string at ${key}`);
  return value;
}

/** A string whose `{{placeholders}}` may be anything (an amount, a date): a pattern of the whole of it. */
export function textPattern(messages: Locale, key: string): RegExp {
  const parts = text(messages, key)
    .split(/\{\{\w+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

const APP = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

/**
 * Each test is a visitor of its own, with an address of its own, as a proxy in front would report it
 * (X-Forwarded-For, believed from the loopback by the e2e server): the per-address limits (checkouts,
 * unpaid bookings, sign-in failures, e-mails) of one test never meet another's, however the tests are spread over
 * workers or repeated.
 */
function visitorAddress(testInfo: TestInfo = base.info()): string {
  const key = `${testInfo.testId}|${testInfo.repeatEachIndex}|${testInfo.retry}`;
  const hash = [...key].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

/**
 * The headers of a test's API calls outside the page (set-up requests): the `Origin` our own page sends (a
 * state-changing call without it is refused) and the test's visitor address.
 */
export const ownPage = () => ({ origin: APP, 'x-forwarded-for': visitorAddress() });

/**
 * The page's own API calls carry the test's visitor address. Only those: a header added to every request would make
 * the browser preflight its cross-origin calls (the wallet provider's), which no real page meets.
 */
const visitor = base.extend<{ visitorAddress: string; cspViolations: string[]; failureReport: undefined }>({
  /**
   * A failed test prints what its page showed and the API answers it refused (status, call, the start of the body):
   * the CI's log is all a reader of a failure there gets (traces stay on the CI machine).
   */
  failureReport: [
    async ({ context }, use, testInfo) => {
      const refused: string[] = [];
      context.on('response', (response) => {
        if (response.status() >= 400 && response.url().includes('/api/'))
          response
            .text()
            .then((body) =>
              refused.push(
                `${response.status()} ${response.request().method()} ${response.url()} ${body.slice(0, 300)}`,
              ),
            )
            .catch(() => refused.push(`${response.status()} ${response.request().method()} ${response.url()}`));
      });
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      const pages = await Promise.all(
        context.pages().map(async (page) => {
          const shown = await page
            .locator('body')
            .innerText({ timeout: 2_000 })
            .catch(() => '(unreadable)');
          return `page ${page.url()}:\n${shown.slice(0, 1_500)}`;
        }),
      );
      console.log(['--- what the test saw ---', ...pages, '--- refused API calls ---', ...refused].join('\n'));
    },
    { auto: true },
  ],
  /**
   * Every page of every test runs under the server's Content-Security-Policy (server/src/plugins/security-headers.ts;
   * second outside audit, item 11): a violation — a script, style, image, frame or connection the policy refused —
   * fails the test, whether or not it also reached the console, in any page or frame of the test's context.
   */
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__roamCspViolation', (source, text: string) => {
        violations.push(`${source.frame.url()}: ${text}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __roamCspViolation?: (text: string) => void }).__roamCspViolation;
          report?.(
            `${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  visitorAddress: [
    async ({ context }, use, testInfo) => {
      const address = visitorAddress(testInfo);
      await context.route(`${APP}/api/**`, (route) =>
        route.fallback({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
      );
      await use(address);
    },
    { auto: true },
  ],
});

/** Every page fails its test on a console error or an uncaught exception. */
export const test = visitor.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
/**
 * The same check for specs whose screens meet refused requests on purpose (a 401 session check, a 4xx form answer,
 * a 402 card): the browser logs those as failed resources, which the screens handle; script errors still fail.
 */
export const testAllowingFailedRequests = visitor.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

/** An API context signed in as `account`, with our page's headers; and the account's id. */
export async function apiAs(request: APIRequest, account: { email: string; password: string }) {
  const context = await request.newContext({ baseURL: APP, extraHTTPHeaders: ownPage() });
  const signedIn = await context.post('/api/sign-in/frontend', { data: { ...account, stayConnected: false } });
  expect(signedIn.ok()).toBe(true);
  return { context, id: ((await signedIn.json()) as { _id: string })._id };
}

/**
 * Signs in from the page itself, as the sign-in screen would: the browser stores the session cookie, then the app's
 * stored user (web/src/lib/storage.ts STORAGE_KEYS.user). The page must already be on the app's origin.
 */
export async function signInFromPage(page: Page, credentials: { email: string; password: string }) {
  return page.evaluate(async (account) => {
    const res = await fetch('/api/sign-in/frontend', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...account, stayConnected: false }),
    });
    if (!res.ok) throw new Error(`sign-in ${res.status}`);
    const body = await res.json();
    window.localStorage.setItem('roam.user', JSON.stringify(body));
    return body as { _id: string };
  }, credentials);
}

/**
 * A rental of `days` days from 09:00 UTC (10:00 or 11:00 in Paris: within the opening hours), `offsetDays` from today.
 * Each repeat of a test (`--repeat-each`) takes the same days a year later per repeat, so that a test never meets the
 * bookings its own earlier run made. A past period (offsetDays < 0) books nothing and is not moved.
 */
export function rentalPeriod(offsetDays: number, days = 3): { pickupAt: string; dropoffAt: string } {
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + offsetDays + (offsetDays >= 0 ? base.info().repeatEachIndex * 365 : 0));
  start.setUTCHours(9, 0, 0, 0);
  const end = new Date(start.getTime() + days * 24 * 3600 * 1000);
  return { pickupAt: start.toISOString(), dropoffAt: end.toISOString() };
}

/**
 * Records every layout shift of the pages `page` opens from now on (Chromium's PerformanceObserver 'layout-shift',
 * what Lighthouse's CLS adds up), each as "value at time: the moved elements' classes"; read them with layoutShifts.
 */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node?: Node | null }[];
      })[]) {
        const moved = entry.sources.map((source) => (source.node as Element | null)?.className || '?');
        shifts.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);

/** Chooses a file as a person does: the field's button opens the browser's file chooser (web ui/file-field.tsx). */
export async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** Chooses a fleet CSV in the console's import screen, through its file field's button. */
export function chooseCsv(page: Page, messages: Locale, buffer: Buffer) {
  const button = `${text(messages, 'operatorImport.file.label')} ${text(messages, 'operatorImport.file.choose')}`;
  return chooseFile(page, button, { name: 'fleet.csv', mimeType: 'text/csv', buffer });
}

export { expect };
