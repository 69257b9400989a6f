import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, PRODUCTION, type TestApp } from '#test/test-app.ts';

// Without SMTP, activation and reset links were written to the log — fine for `npm start` on a
// laptop, but with NODE_ENV=production a link is a live credential, and log lines travel (aggregators, support
// tickets). In production the outbox alone holds it; in every environment a link's token is cut from the request
// log line written when its recipient opens it.

/** Every one-time token the outbox holds (activation, reset, newsletter links: `?t=` or `&t=`). */
async function tokensIn(t: TestApp) {
  const tokens: string[] = [];
  for (const mail of await t.db.select({ text: outbox.text }).from(outbox)) {
    for (const match of mail.text.matchAll(/[?&]t=([A-Za-z0-9_%-]{16,})/g)) tokens.push(decodeURIComponent(match[1]!));
  }
  return tokens;
}

/** Sign-up, a reset link, a newsletter subscription and a guest checkout; then each link opened. */
async function mintLinks(t: TestApp) {
  const email = `logged-${Date.now()}@example.com`;
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/sign-up',
    payload: {
      fullName: 'Lou Logs',
      email,
      phone: '+33 6 12 34 56 78',
      birthDate: '1990-05-06',
      password: 'Logs-pass-2026!',
      tosAccepted: true,
    },
  });
  expect(signUp.statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: `/api/resend/frontend/${email}/true` })).statusCode).toBe(200);
  const newsletter = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: `news-${email}`, language: 'en' },
  });
  expect(newsletter.statusCode).toBe(200);
  const guest = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { ...checkoutBody({}, 140), driver: guestDriver(`guest-${email}`) },
  });
  expect(guest.statusCode).toBe(201);
  const links: string[] = [];
  for (const mail of await t.db.select({ text: outbox.text }).from(outbox)) {
    for (const match of mail.text.matchAll(/https?:\/\/\S+[?&]t=\S+/g)) links.push(match[0]);
  }
  // The recipient opens each link: the page request is logged like any other.
  for (const link of links) await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
  return links;
}

describe('security: a one-time link never reaches a log line in production', () => {
  const lines: string[] = [];
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    // Production refuses to start without SMTP: the links go by e-mail, through the outbox.
    smtp = await startSmtpCapture();
    t = await createTestApp(
      { ...PRODUCTION, SMTP_URL: smtp.url, LOG_LEVEL: 'trace' },
      { logStream: { write: (line: string) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('the links are in the outbox and e-mails only; opening them logs no token', async () => {
    const links = await mintLinks(t);
    expect(links.length).toBeGreaterThanOrEqual(4);
    const tokens = await tokensIn(t);
    expect(tokens.length).toBe(links.length);
    expect(lines.some((line) => line.includes('/activate?'))).toBe(true);
    const leaked = lines.filter((line) => tokens.some((token) => line.includes(token)));
    expect(leaked).toEqual([]);
  });
});

describe('outside production, without SMTP, the link is in the log for whoever runs `npm start`', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => lines.push(line) } });
  });
  afterAll(() => t.close());

  it('logs the activation link of a sign-up, and still cuts the token from request lines', async () => {
    await mintLinks(t);
    const tokens = await tokensIn(t);
    const linkLines = lines.filter((line) => line.includes('link (no SMTP_URL)'));
    expect(linkLines.length).toBeGreaterThanOrEqual(2);
    const requestLines = lines.filter((line) => line.includes('"req"'));
    expect(requestLines.filter((line) => tokens.some((token) => line.includes(token)))).toEqual([]);
  });
});
