import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { request, SERVER_MAIN, type ServerProcess, startServer } from '../harness/server-process.ts';
import { expect, locale, test, text } from './fixtures.ts';

// Issue #26: from an empty database to the first admin. Without ADMIN_EMAIL the server logs a one-time set-up link;
// with it, the admin exists at once; a locked-out admin's password is reset from the shell (`npm run admin`).

/** A port of its own per repeat (`--repeat-each` runs repeats side by side on other workers). */
const port = () => Number(process.env.E2E_PORT ?? 3100) + 40 + test.info().repeatEachIndex;
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
  await expect(page.getByText(text(fr, 'setup.created'))).toBeVisible();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('button', { name: 'Ada' })).toBeVisible();

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
