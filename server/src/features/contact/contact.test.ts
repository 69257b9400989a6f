import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { CONTACT_RATE_LIMIT } from './contact.routes.ts';

const message = {
  fullName: 'Ada Driver',
  email: 'ada@example.com',
  subject: 'Child seat',
  message: 'Can I add a child seat to my booking?',
};

describe('POST /api/send-email', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, CONTACT_EMAIL: 'desk@roam.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/send-email', payload, remoteAddress: ip });

  it('delivers the message to CONTACT_EMAIL with the sender as Reply-To', async () => {
    const response = await send(message);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['desk@roam.test']);
    expect(mail.raw).toMatch(/^Reply-To: ada@example\.com/m);
    expect(smtp.textOf(mail)).toContain('Can I add a child seat to my booking?');
    expect(smtp.textOf(mail)).toContain('Ada Driver');
  });

  it('ignores any recipient the request tries to choose', async () => {
    const before = smtp.received.length;
    const response = await send(
      { ...message, to: 'victim@example.com', contactEmail: 'victim@example.com' },
      '10.0.0.2',
    );
    expect(response.statusCode).toBe(200);
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.to).toEqual(['desk@roam.test']);
  });

  it('answers the spec messages for a bad address and empty fields, and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await send({ fullName: ' ', email: 'not-an-email', subject: '', message: '' }, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors.email).toEqual(['Invalid email address']);
    expect(body.fieldErrors.fullName).toEqual(['Please fill in the field: Full name']);
    expect(body.fieldErrors.subject).toEqual(['Please fill in the field: Subject']);
    expect(body.fieldErrors.message).toEqual(['Please fill in the field: Message']);
    expect(smtp.received.length).toBe(before);
  });

  it('is rate-limited per visitor address', async () => {
    const ip = '10.0.0.9';
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await send(message, ip)).statusCode).toBe(200);
    const limited = await send(message, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await send(message, '10.0.0.10')).statusCode).toBe(200);
  });
});

describe('POST /api/send-email with reCAPTCHA', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;
  let verifier: http.Server;
  const checks: URLSearchParams[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // A local server speaking the siteverify protocol: form-encoded in, `{ success }` out.
    verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        const params = new URLSearchParams(body);
        checks.push(params);
        const ok = params.get('secret') === 'server-secret' && params.get('response') === 'good-token';
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as AddressInfo).port;
    t = await createTestApp({
      SMTP_URL: smtp.url,
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'server-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await new Promise((resolve) => verifier.close(resolve));
  });

  const send = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/send-email', payload, remoteAddress: '10.1.0.1' });

  it('refuses a message without a token or with a refused token', async () => {
    for (const payload of [message, { ...message, recaptchaToken: 'bad-token' }]) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'RECAPTCHA_FAILED', message: 'reCAPTCHA error' });
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('delivers with a token the verifier accepts, passing the visitor address', async () => {
    const response = await send({ ...message, recaptchaToken: 'good-token' });
    expect(response.statusCode).toBe(200);
    expect(checks.at(-1)?.get('remoteip')).toBe('10.1.0.1');
    expect(smtp.received).toHaveLength(1);
  });
});
