import { expect, test } from './fixtures.ts';

// The second outside audit, items 6 and 11: every answer carries a strict Content-Security-Policy, and the whole suite
// runs under it — fixtures.ts fails a test on any violation. These check the policy itself and that the check bites.

test('the app is served with its security headers: our scripts only, never framed', async ({ page }) => {
  const answer = await page.goto('/');
  const headers = answer!.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;| )/);
  expect(policy).not.toContain("'unsafe-inline'");
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['permissions-policy']).toContain('camera=(self)');
  // The build's own inline scripts ran under it: the home screen is there.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

const inject = () => {
  const script = document.createElement('script');
  script.textContent = 'window.injected = true';
  document.head.append(script);
};

// Both of fixtures.ts's checks left out: this test watches the refusal itself.
test.describe('a script the build did not write', () => {
  test.use({
    consoleErrors: async ({ page: _page }, use) => use([]),
    cspViolations: async ({ page: _page }, use) => use([]),
  });

  test('is refused by the browser', async ({ page }) => {
    await page.goto('/');
    const seen = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective)),
        ),
    );
    await page.evaluate(inject);
    expect(await seen).toBe('script-src-elem');
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});

// Only the violation check of fixtures.ts (the console's report of the refusal is expected): nothing else in this test
// can fail, so its expected failure is that check's — the suite's check bites.
test.describe("the suite's violation check", () => {
  test.use({ consoleErrors: async ({ page: _page }, use) => use([]) });

  test.fail('fails a test in which a violation happens', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(inject);
    await page.waitForTimeout(200);
  });
});
