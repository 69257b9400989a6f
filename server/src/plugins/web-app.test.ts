import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { users } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const CONSOLE_SCRIPT = 'console-AbCd1234.js';

describe('the web app shell', () => {
  let t: TestApp;
  let webDist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // A deployment name that tries to close the inline script: it must stay data.
    t = await createTestApp({ WEBSITE_NAME: 'Roam </script><script>alert(1)</script>' });
    webDist = mkdtempSync(path.join(tmpdir(), 'roam-web-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Roam</title>\n  </head>\n  <body><div id="root"><a href="/"><span id="roam-shell-name">Roam</span></a></div></body>\n</html>\n',
    );
    // The console's build (web/vite.console.config.ts): its page and a hashed file with its pre-compressed copy.
    mkdirSync(path.join(webDist, 'operator/assets'), { recursive: true });
    writeFileSync(
      path.join(webDist, 'operator/console.html'),
      `<!doctype html>\n<html lang="en">\n  <head>\n    <title>Roam</title>\n    <script type="module" src="/operator/assets/${CONSOLE_SCRIPT}"></script>\n  </head>\n  <body><div id="root"><span id="roam-shell-name">Roam</span></div></body>\n</html>\n`,
    );
    const script = 'export const console = true;\n'.repeat(100);
    writeFileSync(path.join(webDist, 'operator/assets', CONSOLE_SCRIPT), script);
    writeFileSync(path.join(webDist, 'operator/assets', `${CONSOLE_SCRIPT}.gz`), gzipSync(script));
    app = await buildApp({
      config: t.config,
      database: { db: t.db, kind: 'pglite', close: async () => {} },
      logger: false,
      webDist,
    });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('index.html carries the settings of GET /api/settings inline, on every client route, unable to break out', async () => {
    const settings = (await app.inject({ method: 'GET', url: '/api/settings' })).json();
    for (const url of ['/', '/search?pickupLocationId=x', '/checkout']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      const inline = /<script id="roam-settings" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1];
      expect(inline).toBeDefined();
      expect(inline).not.toContain('<');
      expect(JSON.parse(inline ?? '')).toEqual(settings);
      expect(page.body).not.toContain('<script>alert(1)');
    }
  });

  it("index.html's header shell carries the deployment's name, as text", async () => {
    const page = await app.inject({ method: 'GET', url: '/bookings' });
    expect(page.body).toContain(
      '<span id="roam-shell-name">Roam &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</span>',
    );
  });

  describe("the console's page", () => {
    const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
    const isConsole = (body: string) => body.includes(`/operator/assets/${CONSOLE_SCRIPT}`);

    it.each(['supplier', 'admin'] as const)(
      'is what every /operator address gets for a %s, settings inline, never from a shared cache',
      async (who) => {
        const session = await signIn(t.db, DEMO_IDS.users[who]);
        for (const url of ['/operator', '/operator/', '/operator/cars?page=2', '/operator/cars/123/history']) {
          const answer = await page(url, session);
          expect(answer.statusCode, url).toBe(200);
          expect(isConsole(answer.body), url).toBe(true);
          expect(answer.body).toContain('<script id="roam-settings" type="application/json">');
          expect(answer.body).toContain('<span id="roam-shell-name">Roam &#60;/script&#62;');
          expect(answer.headers['cache-control']).toBe('private, no-cache');
          expect(answer.headers.vary).toMatch(/cookie/i);
        }
      },
    );

    it('is index.html, whose app shows not-found, for a visitor, a driver, a suspended operator and a lapsed session', async () => {
      await t.db.update(users).set({ blacklisted: true }).where(eq(users.id, DEMO_IDS.users.driver2));
      const suspended = await signIn(t.db, DEMO_IDS.users.driver2);
      await t.db.update(users).set({ type: 'supplier' }).where(eq(users.id, DEMO_IDS.users.driver2));
      for (const headers of [
        {},
        await signIn(t.db, DEMO_IDS.users.driver),
        suspended,
        { cookie: 'roam_session=no-such-session' },
      ]) {
        const answer = await page('/operator/cars', headers);
        expect(answer.statusCode).toBe(200);
        expect(isConsole(answer.body)).toBe(false);
        expect(answer.body).toContain('<div id="root">');
        expect(answer.headers['cache-control']).toBe('private, no-cache');
      }
      // Not a console address: the customer app's, whoever asks.
      const admin = await signIn(t.db, DEMO_IDS.users.admin);
      expect(isConsole((await page('/operators', admin)).body)).toBe(false);
    });

    it('is never served as a file; its hashed files are, long-cached and pre-compressed', async () => {
      const admin = await signIn(t.db, DEMO_IDS.users.admin);
      const file = await page('/operator/console.html', admin);
      expect(file.statusCode).toBe(404);
      expect(file.body).not.toContain(CONSOLE_SCRIPT);
      const script = await page(`/operator/assets/${CONSOLE_SCRIPT}`, { 'accept-encoding': 'gzip' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(script.headers['content-encoding']).toBe('gzip');
      const missing = await page('/operator/assets/console-Missing1.js', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
