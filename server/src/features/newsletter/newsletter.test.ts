import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '#server/db/schema.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { NEWSLETTER_RATE_LIMIT } from './newsletter.routes.ts';

describe('newsletter double opt-in', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://roam.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let ip = 1;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.2.0.${ip++}` });
  const subscriber = async (email: string) =>
    (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
  /** The newest message to `to`, and the token of its link to `/newsletter/<screen>`. */
  const lastMailTo = (to: string) => {
    const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
    if (!mail) throw new Error(`no mail to ${to}`);
    const text = smtp.textOf(mail);
    const token = (screen: string) =>
      text.match(new RegExp(`https://roam\\.test/newsletter/${screen}\\?t=([\\w-]+)`))?.[1];
    return { text, token };
  };

  it('subscribes only after the link in the e-mail, written in the visitor language', async () => {
    const response = await post('/api/newsletter/subscribe', { email: 'Nina@Example.com', language: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await subscriber('nina@example.com'))?.confirmedAt).toBeNull();

    const mail = lastMailTo('nina@example.com');
    expect(mail.text).toContain('Bonjour');
    const token = mail.token('confirm');
    expect(token).toBeTruthy();
    expect(mail.token('unsubscribe')).toBe(token);
    // Only the hash is stored.
    expect((await subscriber('nina@example.com'))?.tokenHash).not.toContain(token!);

    expect((await post('/api/newsletter/confirm', { token })).statusCode).toBe(200);
    const confirmed = await subscriber('nina@example.com');
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
    expect(confirmed?.language).toBe('fr');
    // Following the link twice changes nothing.
    expect((await post('/api/newsletter/confirm', { token })).statusCode).toBe(200);
  });

  it('answers a known address exactly like a new one, and the e-mail carries a working unsubscribe link', async () => {
    const known = await post('/api/newsletter/subscribe', { email: 'nina@example.com', language: 'en' });
    const unknown = await post('/api/newsletter/subscribe', { email: 'new@example.com', language: 'en' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect((await subscriber('nina@example.com'))?.confirmedAt).toBeInstanceOf(Date);

    const mail = lastMailTo('nina@example.com');
    expect(mail.text).toContain('already receives');
    const token = mail.token('unsubscribe');
    expect((await post('/api/newsletter/unsubscribe', { token })).statusCode).toBe(200);
    expect(await subscriber('nina@example.com')).toBeUndefined();
    expect((await post('/api/newsletter/unsubscribe', { token })).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses unknown tokens and bad addresses', async () => {
    const unknownToken = await post('/api/newsletter/confirm', { token: 'x'.repeat(43) });
    expect(unknownToken.statusCode).toBe(404);
    const bad = await post('/api/newsletter/subscribe', { email: 'nope', language: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.email).toEqual(['Invalid email address']);
    const badLanguage = await post('/api/newsletter/subscribe', { email: 'a@example.com', language: 'xx' });
    expect(badLanguage.statusCode).toBe(400);
  });

  it('is rate-limited per visitor address', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { email: 'flood@example.com', language: 'en' },
        remoteAddress: '10.3.0.1',
      });
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
