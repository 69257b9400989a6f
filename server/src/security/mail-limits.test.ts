import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The second outside audit, items 12, 14 and 15: calls that e-mail someone, and what their answers tell.

let ip = 1;
const nextIp = () => `198.51.100.${ip++}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('security: what e-mailing calls send and tell (second audit, items 12, 14, 15)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture(0, { delayMs: 100 });
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const outboxTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.to, email));
  const guestCheckout = async (email: string, daysAhead: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { ...checkoutBody({}, daysAhead), driver: guestDriver(email) },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (await t.db.select().from(bookings).where(eq(bookings.id, res.json().bookingId)))[0]!;
  };

  it("item 15: sign-ups with a guest's e-mail from many addresses re-send its activation link a few times only", async () => {
    const email = 'guest-resent@example.com';
    await guestCheckout(email, 60);
    const before = (await outboxTo(email)).length;
    const form = {
      fullName: 'Anyone',
      email,
      phone: '+33 6 12 34 56 78',
      birthDate: '1990-05-06',
      password: 'whatever-2026',
      tosAccepted: true,
    };
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/sign-up', payload: form, remoteAddress: nextIp() });
      // The same answer each time: whether an e-mail went out is not told.
      expect(res.statusCode, res.body).toBe(202);
    }
    expect((await outboxTo(email)).length - before).toBe(3);
  });

  it('item 12: changes to one booking are limited, also through its manage link, and so are their e-mails', async () => {
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ extras: { amendments: true } }, 70),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().bookingId as string;
    const toggle = (on: boolean, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/update-booking/${id}`,
        headers,
        payload: { extras: { amendments: true, fullInsurance: on } },
        remoteAddress: nextIp(),
      });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await toggle(i % 2 === 0, driver)).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes.slice(10)).toEqual([429, 429]);
    // The manage link's holder changes the same booking: the same allowance.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/manage-booking-link',
      payload: { reference: row!.reference, email: DEMO_ACCOUNTS.driver.email },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode).toBe(200);
    await t.app.context.mailer.idle();
    const mail = (await outboxTo(DEMO_ACCOUNTS.driver.email)).find((m) => m.text.includes('manage-booking?t='))!;
    const token = /manage-booking\?t=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/open-manage-link',
      payload: { token },
      remoteAddress: nextIp(),
    });
    const grant = opened.cookies.find((c) => c.value && c.name !== 'roam_guest')!;
    expect((await toggle(true, { cookie: `${grant.name}=${grant.value}` })).statusCode).toBe(429);
    const changeMails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, DEMO_ACCOUNTS.driver.email)));
    expect(changeMails.filter((m) => m.text.includes(row!.reference)).length).toBeLessThanOrEqual(12);
  });

  const RELAY_MS = 2_000;
  it('item 14: manage-booking-link answers a match and a miss in the same time (the e-mail goes after)', async () => {
    // One guest each time: an address may ask only a few links an hour.
    const guests = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => ({
        email: `timing.guest.${i}@example.com`,
        reference: (await guestCheckout(`timing.guest.${i}@example.com`, 80 + 3 * i)).reference,
      })),
    );
    const ask = async (reference: string, email: string) => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/manage-booking-link',
        payload: { reference, email },
        remoteAddress: nextIp(),
      });
      expect(res.json()).toEqual({ sent: true });
      return performance.now() - started;
    };
    // Warm both paths first.
    smtp.slow(RELAY_MS);
    await ask(guests[0]!.reference, guests[0]!.email);
    await ask(guests[0]!.reference, 'someone.else.0@example.com');
    const match: number[] = [];
    const miss: number[] = [];
    for (const [i, guest] of guests.slice(1).entries()) {
      match.push(await ask(guest.reference, guest.email));
      // The same reference with another e-mail: no booking of theirs.
      miss.push(await ask(guest.reference, `someone.else.${i + 1}@example.com`));
    }
    // The SMTP server takes 2 s to accept each of these messages: a match that waited for it would be 2 s slower. The
    // bound is half of that, not a few milliseconds: on a loaded 2-core machine two answers that do the same work
    // differ by up to ~100 ms (a 25 ms bound over a 100 ms relay failed there on code that does not wait).
    expect(Math.abs(median(match) - median(miss)), `match ${match} miss ${miss}`).toBeLessThan(RELAY_MS / 2);
  });
});
