import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

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
});
