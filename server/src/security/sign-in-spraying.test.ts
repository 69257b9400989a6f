import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { SIGN_IN_FAILURES_PER_IP } from '#server/features/auth/session.routes.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Sign-in counted attempts per IP and e-mail only, so one IP could try a common password on
// 60 different accounts without a 429 (password spraying). Now failures are also counted per IP across e-mails; the
// per-e-mail count stays keyed by IP too, so a stranger elsewhere cannot lock a real user out.

const { driver, driver2 } = DEMO_ACCOUNTS;

describe('security: password spraying is slowed, and nobody locks a real user out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      remoteAddress: from,
      payload: { email, password, stayConnected: false },
    });

  it(`one IP trying one password on many accounts gets 429 after ${SIGN_IN_FAILURES_PER_IP.max} failures`, async () => {
    const sprayer = '198.51.100.200';
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await signIn(`user-${i}@example.com`, 'Summer2026!', sprayer)).statusCode);
    expect(codes.slice(0, SIGN_IN_FAILURES_PER_IP.max)).toEqual(Array(SIGN_IN_FAILURES_PER_IP.max).fill(401));
    expect(new Set(codes.slice(SIGN_IN_FAILURES_PER_IP.max))).toEqual(new Set([429]));
    // Spent: from that IP even a right password waits (the sprayer cannot go on testing), and says so clearly.
    const right = await signIn(driver.email, driver.password, sprayer);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, please try again later.' });
    // Everyone else signs in as usual.
    expect((await signIn(driver.email, driver.password, '198.51.100.201')).statusCode).toBe(200);
  }, 180_000);

  it("a stranger failing on a real user's e-mail does not lock that user out, and successes spend nothing", async () => {
    const stranger = '198.51.100.210';
    let last = 0;
    for (let i = 0; i < 25; i++) last = (await signIn(driver2.email, `wrong-${i}`, stranger)).statusCode;
    expect(last).toBe(429);
    expect((await signIn(driver2.email, driver2.password, '198.51.100.211')).statusCode).toBe(200);
    // A shared address where people sign in successfully is never slowed by it.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_IP.max + 5; i++) {
      const account = i % 2 ? driver : driver2;
      expect((await signIn(account.email, account.password, '198.51.100.212')).statusCode).toBe(200);
    }
  }, 180_000);
});
