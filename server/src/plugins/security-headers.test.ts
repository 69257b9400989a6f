import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { createSecurityApp, type SecurityApp } from '#test/security-app.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { inlineHashesOf, inlineHashesOfBuild } from './security-headers.ts';

// The second outside audit, item 11 (and 6: the next stored script must not run): no answer had security headers.
// Every answer now carries a Content-Security-Policy whose scripts are our files, the build's inline scripts by
// their hashes and the configured providers' SDKs; no framing; a strict referrer; the features the app uses.

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const policyOf = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

const SCRIPT = "(function(){document.title='x'})()";
const STYLE = 'body{color:#111}';
const PAGE = `<!doctype html><html><head><style>${STYLE}</style><script id="roam-settings" type="application/json">{}</script><script>${SCRIPT}</script><script type="module" src="/assets/index.js"></script></head><body><div id="root"><span id="roam-shell-name">Roam</span></div></body></html>`;

describe('security headers (second audit, item 11)', () => {
  it('hashes the inline scripts and styles a browser runs, not the data blocks nor the files', () => {
    expect(inlineHashesOf([PAGE])).toEqual({ scripts: [sha(SCRIPT)], styles: [sha(STYLE)] });
  });

  it("also hashes the console's page, built under operator/", () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'roam-web-pages-'));
    try {
      const consoleScript = 'globalThis.consoleOnly = 1';
      writeFileSync(path.join(dist, 'index.html'), PAGE);
      mkdirSync(path.join(dist, 'operator'));
      writeFileSync(
        path.join(dist, 'operator', 'console.html'),
        `<html><head><script>${consoleScript}</script></head></html>`,
      );
      expect(inlineHashesOfBuild(dist).scripts.sort()).toEqual([sha(SCRIPT), sha(consoleScript)].sort());
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  describe('on every answer of the app', () => {
    let t: TestApp;
    let webDist: string;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      t = await createTestApp();
      webDist = mkdtempSync(path.join(tmpdir(), 'roam-web-csp-'));
      writeFileSync(path.join(webDist, 'index.html'), PAGE);
      writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
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

    it('pages, files, API answers and errors alike', async () => {
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/' }),
        app.inject({ method: 'GET', url: '/search?x=1' }),
        app.inject({ method: 'GET', url: '/robots.txt' }),
        app.inject({ method: 'GET', url: '/api/health' }),
        app.inject({ method: 'GET', url: '/api/settings' }),
        app.inject({ method: 'GET', url: '/api/no-such-route' }),
        app.inject({ method: 'GET', url: '/api/booking/not-a-uuid' }),
        app.inject({ method: 'GET', url: '/assets/missing.js' }),
      ]);
      for (const res of answers) {
        expect(res.headers).toMatchObject({
          'referrer-policy': 'strict-origin-when-cross-origin',
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
        });
        expect(String(res.headers['permissions-policy'])).toContain('camera=(self)');
        const policy = policyOf(res.headers['content-security-policy']);
        expect(policy['script-src']).toEqual(["'self'", sha(SCRIPT)]);
        expect(policy['style-src']).toEqual(["'self'", sha(STYLE)]);
        expect(policy['frame-ancestors']).toEqual(["'none'"]);
        expect(policy['base-uri']).toEqual(["'self'"]);
        expect(policy['form-action']).toEqual(["'self'"]);
        expect(policy['object-src']).toEqual(["'none'"]);
        expect(policy['connect-src']).toEqual(["'self'"]);
        // The map's tiles (the deployment's tile server).
        expect(policy['img-src']).toContain('https://tile.openstreetmap.org');
      }
    });

    it("the API documentation's pages keep a policy for their own inline code, framed by nobody", async () => {
      const docs = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(200);
      const policy = String(docs.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(docs.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('with the providers configured', () => {
    let t: SecurityApp;
    beforeAll(async () => {
      t = await createSecurityApp();
    });
    afterAll(() => t.close());

    it("lets only the configured providers' SDKs run, besides our own", async () => {
      const policy = policyOf(
        (await t.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      // The wallet's SDK (PayPal's own hosts), reCAPTCHA's script: nothing else, no inline script, no scheme-wide source.
      expect(policy['script-src']).toEqual([
        "'self'",
        'https://www.paypal.com',
        'https://*.paypal.com',
        'https://*.paypalobjects.com',
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
      ]);
      expect(policy['frame-src']).toContain('https://www.google.com/recaptcha/');
      expect(policy['script-src']?.join(' ')).not.toMatch(/'unsafe-|https:(\s|$)|(^|\s)\*(\s|$)/);
    });
  });
});
