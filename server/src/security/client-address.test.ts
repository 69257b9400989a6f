import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES_PER_IP } from '#server/features/auth/session.routes.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The limits per address count the visitor's address. X-Forwarded-For is believed only
// from the proxies in front (TRUST_PROXY: by default those on the machine or the private network): the address is the
// last one a trusted proxy saw, never an entry the visitor wrote. (Trusting every hop, as with COUNTRY_HEADER before,
// let anyone start each request from an address of their choosing.)

const failedSignIn = (t: TestApp, from: string, forwardedFor: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sign-in/frontend',
    remoteAddress: from,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `sprayed-${n}@example.com`, password: 'Summer2026!' },
  });

/** The status of each failed sign-in from `from` with the forwarded addresses `forwarded(i)`. */
async function spray(t: TestApp, from: string, forwarded: (i: number) => string) {
  const codes: number[] = [];
  for (let i = 0; i <= SIGN_IN_FAILURES_PER_IP.max; i++)
    codes.push((await failedSignIn(t, from, forwarded(i), i)).statusCode);
  return codes;
}
const spent = [...Array(SIGN_IN_FAILURES_PER_IP.max).fill(401), 429];

describe('security: a visitor cannot choose the address the limits count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ COUNTRY_HEADER: 'cf-ipcountry' });
  });
  afterAll(() => t.close());

  it('behind a proxy of the private network, a forged first X-Forwarded-For entry resets nothing', async () => {
    // The proxy (10.0.0.1, the socket) appended the address it saw; the visitor wrote a new one before it each time.
    expect(await spray(t, '10.0.0.1', (i) => `192.0.2.${i + 1}, 203.0.113.77`)).toEqual(spent);
  }, 60_000);

  it('connecting directly, X-Forwarded-For is not believed at all', async () => {
    expect(await spray(t, '203.0.113.5', (i) => `192.0.2.${i + 1}`)).toEqual(spent);
  }, 60_000);

  it('TRUST_PROXY names the proxies (a CDN range): the address their last one saw', async () => {
    const cdn = await createTestApp({ TRUST_PROXY: '198.51.100.0/24' });
    try {
      expect(await spray(cdn, '198.51.100.3', (i) => `192.0.2.${i + 1}, 203.0.113.88`)).toEqual(spent);
      // Another visitor behind the same proxy is not slowed.
      expect((await failedSignIn(cdn, '198.51.100.3', '203.0.113.89', 99)).statusCode).toBe(401);
    } finally {
      await cdn.close();
    }
  }, 60_000);
});
