import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { RESEND_LIMIT, VALIDATE_EMAIL_LIMIT } from '#server/features/auth/account.routes.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Which e-mails have accounts can be read — `resend` answers 404 'Email address not registered'
// for an unknown address (spec §5, the forgot-password screen's message) and `validate-email` 409 for a taken one
// (spec §7). Both answers stay: the spec shows them, and hiding one while the other tells the same would cost the
// customer and protect nobody. What changes is the price of asking: each call is limited per IP whatever the
// address, so one IP can no longer run through a list of addresses (resend was limited per IP *and* address).

describe('security: reading which e-mails have accounts is slow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const resend = (email: string, from: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/resend/frontend/${encodeURIComponent(email)}/true`,
      remoteAddress: from,
    });

  it(`resend: ${RESEND_LIMIT.max} a minute per IP across addresses, then 429; the spec's answers otherwise`, async () => {
    const prober = '198.51.100.100';
    const known = await resend(DEMO_ACCOUNTS.driver.email, prober);
    expect(known.statusCode).toBe(200);
    const unknown = await resend('nobody-0@example.com', prober);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Email address not registered' });
    const codes: number[] = [];
    for (let i = 1; i <= 5; i++) codes.push((await resend(`nobody-${i}@example.com`, prober)).statusCode);
    expect(codes).toEqual([...Array(RESEND_LIMIT.max - 2).fill(404), ...Array(7 - RESEND_LIMIT.max).fill(429)]);
    // Another IP is not slowed by it.
    expect((await resend('nobody-9@example.com', '198.51.100.101')).statusCode).toBe(404);
  });

  it(`validate-email: ${VALIDATE_EMAIL_LIMIT.max} a minute per IP across addresses, then 429`, async () => {
    const prober = '198.51.100.110';
    const check = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/validate-email', remoteAddress: prober, payload: { email } });
    expect((await check(DEMO_ACCOUNTS.driver2.email)).statusCode).toBe(409);
    for (let i = 1; i < VALIDATE_EMAIL_LIMIT.max; i++)
      expect((await check(`free-${i}@example.com`)).statusCode).toBe(200);
    const limited = await check('free-last@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
