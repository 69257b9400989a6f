import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAccess, bookings, outbox } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { BOOKING_GRANT_COOKIE } from '#server/plugins/booking-grant.ts';
import { hashToken } from '#server/plugins/session.ts';
import { checkoutBody, guestDriver, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A guest manages their booking without an account. The reference and the e-mail ask for a link
// (never telling whether a booking exists), e-mailed to the booking's address; it works once and for a while, and
// opens that one booking to the browser — read, documents, cancel by the terms — and nothing else.

let ip = 1;
/** Each test's own caller address, so the per-IP limits count only what a test means them to. */
const nextIp = () => `198.51.100.${ip++}`;

describe('manage a booking without an account', () => {
  let t: TestApp;
  const inject = (options: InjectOptions) => t.app.inject(options);
  const askLink = (payload: object, remoteAddress = nextIp()) =>
    inject({ method: 'POST', url: '/api/manage-booking-link', payload, remoteAddress });
  const open = (token: string, remoteAddress = nextIp()) =>
    inject({ method: 'POST', url: '/api/open-manage-link', payload: { token }, remoteAddress });
  /** The outbox's messages to `email`, once what the last calls write after their answer is written. */
  const mailsTo = async (email: string) => {
    await t.app.context.mailer.idle();
    return t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
  };
  const linkIn = (text: string) => /\/manage-booking\?t=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  /** A guest's pay-later booking (an account is made for them, unactivated); its id and reference. */
  async function guestBooking(email: string, daysAhead: number, extras = {}) {
    const res = await inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody({ driver: guestDriver(email), extras } as never, daysAhead),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().bookingId));
    return { id: row!.id, reference: row!.reference };
  }

  /** Asks for the link and opens it: the browser's cookie header. */
  async function granted(email: string, reference: string) {
    expect((await askLink({ reference, email })).json()).toEqual({ sent: true });
    const token = linkIn((await mailsTo(email))[0]!.text)!;
    const opened = await open(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = opened.cookies.find((c) => c.name === BOOKING_GRANT_COOKIE)!;
    return { cookie: `${cookie.name}=${cookie.value}`, opened };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a match e-mails a one-time link; opening it lets this browser read, download and cancel that booking', async () => {
    const email = 'gwen.manage@example.com';
    const { id, reference } = await guestBooking(email, 30);
    // As people type it: lower case, a dash in the middle, the e-mail in capitals.
    const asked = await askLink({
      reference: `${reference.slice(0, 4).toLowerCase()}-${reference.slice(4)}`,
      email: email.toUpperCase(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ sent: true });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(`Manage your booking ${reference}`);
    const token = linkIn(mail!.text)!;
    expect(token, mail!.text).toBeDefined();
    // In the e-mail's language (s16 QA: opened in another browser, the booking read in English).
    expect(mail!.text).toContain(`/manage-booking?t=${token}&l=en`);
    // Stored hashed, for 30 minutes.
    const [link] = await t.db
      .select()
      .from(bookingAccess)
      .where(eq(bookingAccess.tokenHash, hashToken(token)));
    expect(link).toMatchObject({ bookingId: id, kind: 'link', usedAt: null });
    expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(link!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const opened = await open(token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ bookingId: id });
    const grant = opened.cookies.find((c) => c.name === BOOKING_GRANT_COOKIE);
    expect(grant).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(grant?.expires).toBeUndefined();
    const headers = { cookie: `${grant!.name}=${grant!.value}` };

    const booking = await inject({ method: 'GET', url: `/api/booking/${id}`, headers });
    expect(booking.statusCode, booking.body).toBe(200);
    expect(booking.json()).toMatchObject({ _id: id, reference, driver: { name: 'Gwen Guest' } });
    for (const url of [`/api/booking-receipt/${id}`, `/api/booking-calendar/${id}`])
      expect((await inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: `/api/cancellation-quote/${id}`, headers })).json()).toMatchObject({
      decision: 'now',
    });
    const cancelled = await inject({ method: 'POST', url: `/api/cancel-booking/${id}`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  });

  it('the link lets this browser change the booking: quoted, then re-priced, not another one', async () => {
    const email = 'gwen.change@example.com';
    const { id, reference } = await guestBooking(email, 90, { amendments: true });
    const other = await guestBooking('gwen.change.other@example.com', 100, { amendments: true });
    const { cookie } = await granted(email, reference);
    const headers = { cookie };
    const longer = period(90, 4);
    const quote = await inject({ method: 'POST', url: `/api/amendment-quote/${id}`, headers, payload: longer });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ settlement: 'counter' });
    const changed = await inject({ method: 'POST', url: `/api/update-booking/${id}`, headers, payload: longer });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      dropoffAt: longer.dropoffAt,
      amounts: { total: quote.json().after.amount },
    });
    const foreign = await inject({ method: 'POST', url: `/api/update-booking/${other.id}`, headers, payload: longer });
    expect(foreign.statusCode).toBe(401);
  });

  it('never tells whether a reference exists: no match, a wrong e-mail and nonsense get the same answer and no e-mail', async () => {
    const email = 'gwen.nomatch@example.com';
    const { reference } = await guestBooking(email, 34);
    const before = await t.db.$count(outbox);
    const answers = [
      await askLink({ reference: 'ZZZZ2222', email }),
      await askLink({ reference, email: 'someone.else@example.com' }),
      await askLink({ reference, email: DEMO_ACCOUNTS.driver.email }),
      await askLink({ reference: 'not a reference', email }),
    ];
    expect(answers.map((res) => [res.statusCode, res.body])).toEqual(
      Array.from({ length: 4 }, () => [200, JSON.stringify({ sent: true })]),
    );
    expect(await t.db.$count(outbox)).toBe(before);
    // Bad input is a clear 400, not a 500.
    const bad = await askLink({ reference: '', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['email', 'reference']);
  });

  it('a link works once and for 30 minutes; the grant for a few hours, and for its booking only', async () => {
    const email = 'gwen.once@example.com';
    const { id, reference } = await guestBooking(email, 38);
    const other = await guestBooking('gwen.other@example.com', 42);
    const { cookie, opened } = await granted(email, reference);
    const token = linkIn((await mailsTo(email))[0]!.text)!;
    expect(opened.json().bookingId).toBe(id);
    // Used: refused the second time in another browser.
    const again = await open(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('TOKEN_EXPIRED');
    // Opened again in the browser it granted, it still shows the booking: the grant is the browser's. No new grant.
    const sameBrowser = await inject({
      method: 'POST',
      url: '/api/open-manage-link',
      payload: { token },
      headers: { cookie },
      remoteAddress: nextIp(),
    });
    expect(sameBrowser.statusCode, sameBrowser.body).toBe(200);
    expect(sameBrowser.json()).toEqual({ bookingId: id });
    expect(sameBrowser.cookies.find((c) => c.name === BOOKING_GRANT_COOKIE)).toBeUndefined();
    // A grant to another booking does not reopen this link.
    const otherGrant = await granted('gwen.other@example.com', other.reference);
    const crossed = await inject({
      method: 'POST',
      url: '/api/open-manage-link',
      payload: { token },
      headers: { cookie: otherGrant.cookie },
      remoteAddress: nextIp(),
    });
    expect(crossed.statusCode).toBe(410);
    // Expired before use.
    await askLink({ reference, email });
    const late = linkIn((await mailsTo(email))[0]!.text)!;
    await t.db
      .update(bookingAccess)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingAccess.tokenHash, hashToken(late)));
    expect((await open(late)).statusCode).toBe(410);
    expect((await open('A'.repeat(43))).statusCode).toBe(410);
    expect((await open('short')).statusCode).toBe(400);

    // The grant opens its booking and nothing else: not another booking, not the list.
    const headers = { cookie };
    expect((await inject({ method: 'GET', url: `/api/booking/${id}`, headers })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: `/api/booking/${other.id}`, headers })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: `/api/cancel-booking/${other.id}`, headers })).statusCode).toBe(401);
    expect(
      (await inject({ method: 'POST', url: '/api/bookings/1/10', headers, payload: { language: 'en' } })).statusCode,
    ).toBe(401);
    // Its own booking it may change where the terms allow — this one's do not — another one never.
    expect((await inject({ method: 'POST', url: `/api/update-booking/${id}`, headers, payload: {} })).statusCode).toBe(
      409,
    );
    const foreign = { method: 'POST', url: `/api/update-booking/${other.id}`, headers, payload: {} } as const;
    expect((await inject(foreign)).statusCode).toBe(401);
    // A signed-in driver who is not its driver, carrying the grant, acts as that booking's driver there only.
    const driver2 = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    const both = { cookie: `${cookie}; ${driver2.cookie}` };
    expect((await inject({ method: 'GET', url: `/api/booking/${id}`, headers: both })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: `/api/booking/${other.id}`, headers: both })).statusCode).toBe(404);
    // Expired grant: gone.
    await t.db
      .update(bookingAccess)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(bookingAccess.bookingId, id), eq(bookingAccess.kind, 'grant')));
    expect((await inject({ method: 'GET', url: `/api/booking/${id}`, headers })).statusCode).toBe(401);
  });

  it('is rate limited per e-mail address across callers, and per caller address', async () => {
    const email = 'gwen.limit@example.com';
    const { reference } = await guestBooking(email, 46);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await askLink({ reference, email })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await mailsTo(email)).filter((mail) => mail.subject.startsWith('Manage'))).toHaveLength(5);

    const caller = nextIp();
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i++)
      fromOne.push((await askLink({ reference: 'ZZZZ2222', email: `probe${i}@example.com` }, caller)).statusCode);
    expect(fromOne.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(fromOne[10]).toBe(429);
  });

  it('a guest who activates the account their booking made finds the booking in /bookings', async () => {
    const email = 'gwen.later@example.com';
    const { id } = await guestBooking(email, 50);
    const [mail] = (await mailsTo(email)).filter((m) => m.text.includes('/activate?'));
    const link = new URL(/https?:\/\/\S+\/activate\?\S+/.exec(mail!.text)![0]);
    const activated = await inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.searchParams.get('u'), token: link.searchParams.get('t'), password: 'Guest-2026!' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const signedIn = await inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email, password: 'Guest-2026!' },
      remoteAddress: nextIp(),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await inject({
      method: 'POST',
      url: '/api/bookings/1/10',
      headers: { cookie: session },
      payload: { language: 'en' },
    });
    expect(list.json().results.map((row: { _id: string }) => row._id)).toContain(id);
  });
});
