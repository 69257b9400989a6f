import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, outbox, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { MAX_INPUT_PIXELS } from '#server/lib/upload-validation.ts';
import { bombPng, multipart, PDF } from '#test/multipart.ts';
import { createSecurityApp, GOOD_RECAPTCHA, type SecurityApp } from '#test/security-app.ts';

// The security suite: a whole account flow (sign-up, activation, sign-in, password check, reset), the rate
// limits not covered elsewhere, hostile uploads — and, over all of it, no secret in any response or log line.

const PASSWORD = 'Flow-pass-2026!';
const NEW_PASSWORD = 'Flow-reset-2026!';

describe('security: flows, rate limits, uploads, no secrets', () => {
  let t: SecurityApp;
  beforeAll(async () => {
    t = await createSecurityApp();
  });
  afterAll(() => t.close());

  const linkIn = async (to: string) => {
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, to))
      .orderBy(outbox.createdAt)
      .limit(1)
      .offset((await t.db.select({ n: count() }).from(outbox).where(eq(outbox.to, to)))[0]!.n - 1);
    const url = new URL(/https?:\/\/\S+\?u=\S+/.exec(mail!.text)![0]);
    return { userId: url.searchParams.get('u')!, email: url.searchParams.get('e')!, token: url.searchParams.get('t')! };
  };

  it('sign-up, activation, sign-in, password check and reset answer no secret', async () => {
    const email = 'flow@example.com';
    const signUp = await t.inject({
      method: 'POST',
      url: '/api/sign-up',
      payload: {
        fullName: 'Flo Flow',
        email,
        phone: '+33 6 12 34 56 78',
        birthDate: '1990-05-06',
        password: PASSWORD,
        tosAccepted: true,
        recaptchaToken: GOOD_RECAPTCHA,
      },
    });
    expect(signUp.statusCode).toBe(200);
    const activation = await linkIn(email);
    const check = await t.inject({
      method: 'GET',
      url: `/api/check-token/frontend/${activation.userId}/${encodeURIComponent(email)}/${activation.token}`,
    });
    expect(check.statusCode).toBe(200);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/activate',
          payload: { userId: activation.userId, token: activation.token },
        })
      ).statusCode,
    ).toBe(200);
    const signIn = await t.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email, password: PASSWORD, stayConnected: true },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = `roam_session=${signIn.cookies.find((c) => c.name === 'roam_session')!.value}`;
    const me = await t.inject({ method: 'GET', url: `/api/user/${activation.userId}`, headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/check-password/${activation.userId}/${encodeURIComponent(PASSWORD)}`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'POST', url: `/api/resend/frontend/${encodeURIComponent(email)}/true` })).statusCode,
    ).toBe(200);
    const reset = await linkIn(email);
    const done = await t.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: reset.userId, token: reset.token, password: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email, password: PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/sign-out', headers: { cookie } })).statusCode).toBe(200);
  });

  // Limits already proven elsewhere: sign-in (auth/session.test.ts), forgot-password = resend reset=true
  // (auth/account.test.ts), contact (contact/contact.test.ts), newsletter (newsletter/newsletter.test.ts), and
  // shared between servers (plugins/rate-limit.test.ts). These are the ones left.
  it.each([
    {
      call: 'POST /api/sign-up (20 a minute per IP)',
      max: 20,
      request: () => ({
        method: 'POST' as const,
        url: '/api/sign-up',
        remoteAddress: '198.51.100.20',
        payload: {
          fullName: 'Dup Licate',
          email: DEMO_ACCOUNTS.driver.email,
          phone: '+33 6 12 34 56 78',
          birthDate: '1990-05-06',
          password: PASSWORD,
          tosAccepted: true,
          recaptchaToken: GOOD_RECAPTCHA,
        },
      }),
    },
    {
      call: 'POST /api/resend/{appType}/{email}/false (5 a minute per IP)',
      max: 5,
      request: () => ({
        method: 'POST' as const,
        url: `/api/resend/frontend/${DEMO_ACCOUNTS.unverified.email}/false`,
        remoteAddress: '198.51.100.21',
      }),
    },
    {
      call: 'POST /api/resend-link (5 a minute per IP)',
      max: 5,
      request: async () => ({
        method: 'POST' as const,
        url: '/api/resend-link',
        remoteAddress: '198.51.100.22',
        headers: await t.as('unverified'),
      }),
    },
  ])('$call answers 429 {code, message} past its limit', async ({ max, request }) => {
    for (let i = 0; i < max; i++) expect((await t.inject(await request())).statusCode).not.toBe(429);
    const limited = await t.inject(await request());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, please try again later.' });
  });

  it('refuses hostile uploads with a clear 4xx, stores nothing, and keeps serving', async () => {
    const { id } = DEMO_ACCOUNTS.driver2;
    const headers = await t.as('driver2');
    const filesBefore = (await t.db.select({ n: count() }).from(files))[0]!.n;
    const userBefore = await t.db.query.users.findFirst({ where: eq(users.id, id) });
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
    const cases = [
      { url: `/api/update-avatar/${id}`, field: 'image', name: 'me.jpg', bytes: Buffer.from('just text'), status: 415 },
      { url: `/api/update-avatar/${id}`, field: 'image', name: 'me.png', bytes: PDF, status: 415 },
      { url: `/api/update-avatar/${id}`, field: 'image', name: 'bomb.png', bytes: await bombPng(), status: 413 },
      { url: `/api/update-license/${id}`, field: 'file', name: 'licence.jpg', bytes: Buffer.from('text'), status: 415 },
      { url: `/api/update-license/${id}`, field: 'file', name: 'licence.pdf', bytes: big, status: 413 },
      { url: `/api/update-license/${id}`, field: 'file', name: 'bomb.png', bytes: await bombPng(), status: 413 },
      { url: '/api/create-license', field: 'file', name: 'bomb.png', bytes: await bombPng(), status: 413 },
      { url: '/api/create-license', field: 'file', name: 'x.jpg', bytes: Buffer.from('%PDF-1.4 no'), status: 415 },
    ];
    for (const c of cases) {
      const body = multipart(c.field, c.name, 'image/jpeg', c.bytes);
      const res = await t.inject({
        method: 'POST',
        url: c.url,
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
      expect(res.statusCode, `${c.url} ${c.name}`).toBe(c.status);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await t.db.select({ n: count() }).from(files))[0]!.n).toBe(filesBefore);
    expect(await t.db.query.users.findFirst({ where: eq(users.id, id) })).toEqual(userBefore);
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // sharp decodes nothing bigger than this (upload-validation.ts sets limitInputPixels on every decode).
    expect(MAX_INPUT_PIXELS).toBeLessThan(20000 * 20000);
  });

  it('leaks no password hash, session token, one-time token, password or secret in any response or log line', async () => {
    expect(t.logLines.some((line) => line.includes('/api/check-password/'))).toBe(true);
    expect(
      await t.leaks([
        ['the new password', PASSWORD],
        ['the reset password', NEW_PASSWORD],
      ]),
    ).toEqual([]);
  });
});
