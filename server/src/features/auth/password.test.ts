import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { loggerOptions } from '#server/lib/logger.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { signInAs } from './auth.test-helpers.ts';

const { driver, driver2, admin } = DEMO_ACCOUNTS;

describe('password calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('check-password: 200 for the right one, "Wrong password" otherwise; only self or admin', async () => {
    const cookie = await signInAs(t, driver);
    const check = (userId: string, password: string, headers: Record<string, string> = { cookie }) =>
      t.app.inject({ method: 'GET', url: `/api/check-password/${userId}/${encodeURIComponent(password)}`, headers });
    expect((await check(driver.id, driver.password)).statusCode).toBe(200);
    const wrong = await check(driver.id, 'not-it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Wrong password' });
    expect((await check(driver2.id, driver2.password)).statusCode).toBe(403);
    expect((await check(driver.id, driver.password, {})).statusCode).toBe(401);
  });

  it('has-password: true for e-mail accounts, false for accounts made by social sign-in', async () => {
    const cookie = await signInAs(t, admin);
    const has = (userId: string) =>
      t.app.inject({ method: 'GET', url: `/api/has-password/${userId}`, headers: { cookie } });
    expect((await has(driver.id)).json()).toEqual({ hasPassword: true });
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, driver2.id));
    expect((await has(driver2.id)).json()).toEqual({ hasPassword: false });
  });

  it('change-password: asks the current one, refuses the same one, revokes other sessions', async () => {
    const t2 = await createTestApp();
    try {
      const here = await signInAs(t2, driver);
      const elsewhere = await signInAs(t2, driver);
      const change = (payload: object, cookie = here) =>
        t2.app.inject({ method: 'POST', url: '/api/change-password', headers: { cookie }, payload });
      const wrong = await change({ userId: driver.id, currentPassword: 'nope-nope', newPassword: 'next-pw-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'Wrong password',
        fieldErrors: { currentPassword: ['Wrong password'] },
      });
      const missing = await change({ userId: driver.id, newPassword: 'next-pw-1' });
      expect(missing.statusCode).toBe(400);
      const same = await change({ userId: driver.id, currentPassword: driver.password, newPassword: driver.password });
      expect(same.json()).toMatchObject({ message: 'Please choose a new password' });
      const short = await change({ userId: driver.id, currentPassword: driver.password, newPassword: '12345' });
      expect(short.json().fieldErrors.newPassword).toEqual(['Password must be at least 6 characters long.']);
      expect((await change({ userId: driver2.id, newPassword: 'next-pw-1' })).statusCode).toBe(403);

      const ok = await change({ userId: driver.id, currentPassword: driver.password, newPassword: 'next-pw-1' });
      expect(ok.statusCode).toBe(200);
      const validate = (cookie: string) =>
        t2.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie } });
      expect((await validate(here)).statusCode).toBe(200);
      expect((await validate(elsewhere)).statusCode).toBe(401);
      await signInAs(t2, { email: driver.email, password: 'next-pw-1' });
      const old = await t2.app.inject({
        method: 'POST',
        url: '/api/sign-in/frontend',
        payload: { email: driver.email, password: driver.password },
      });
      expect(old.statusCode).toBe(401);
    } finally {
      await t2.close();
    }
  });

  it('change-password without a current password for an account that has none (social sign-in)', async () => {
    const t2 = await createTestApp();
    try {
      const cookie = await signInAs(t2, driver2);
      await t2.db.update(users).set({ passwordHash: null }).where(eq(users.id, driver2.id));
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { cookie },
        payload: { userId: driver2.id, newPassword: 'first-pw-1' },
      });
      expect(res.statusCode).toBe(200);
      await signInAs(t2, { email: driver2.email, password: 'first-pw-1' });
    } finally {
      await t2.close();
    }
  });
});

describe('the password in check-password never reaches the log', () => {
  it('is redacted from the request log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions('info') as object;
    const app = Fastify({ logger: { ...options, stream } });
    app.get('/api/check-password/:userId/:password', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: `/api/check-password/${driver.id}/Sup3r-Secret-Pw` });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/check-password/');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain('Sup3r-Secret-Pw');
  });
});

describe('reCAPTCHA', () => {
  let provider: Server;
  let verifyUrl: string;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    // A local siteverify: form-encoded secret, response and remoteip in; { success } out.
    provider = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        const success = form.get('secret') === 'test-secret' && form.get('response') === 'good-token';
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }),
        );
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  it('verify-recaptcha and sign-up ask the provider; a bad or missing token is a reCAPTCHA error', async () => {
    const t = await createTestApp({
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_VERIFY_URL: verifyUrl,
    });
    try {
      const good = await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha/good-token/203.0.113.9' });
      expect(good.statusCode).toBe(200);
      expect(seen.at(-1)?.get('remoteip')).toBe('203.0.113.9');
      const bad = await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha/bad-token/203.0.113.9' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('reCAPTCHA error');

      const payload = {
        fullName: 'Rita Robot',
        email: 'rita@example.com',
        phone: '+46 70 123 45 67',
        birthDate: '1990-01-01',
        password: 'secret-1',
        tosAccepted: true,
      };
      const missing = await t.app.inject({ method: 'POST', url: '/api/sign-up', payload });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors.recaptchaToken).toEqual(['reCAPTCHA error']);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/sign-up',
        payload: { ...payload, recaptchaToken: 'bad-token' },
      });
      expect(wrong.statusCode).toBe(400);
      const right = await t.app.inject({
        method: 'POST',
        url: '/api/sign-up',
        payload: { ...payload, recaptchaToken: 'good-token' },
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is off when not configured', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/verify-recaptcha/x/1.2.3.4' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
