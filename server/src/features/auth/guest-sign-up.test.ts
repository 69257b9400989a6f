import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { cookieFrom, lastMailTo, lastMailWithLink, linkParams } from './auth.test-helpers.ts';

// A guest who later signs up with the same e-mail finds their bookings in /bookings. The sign-up
// completes the guest checkout's account only through the activation link e-mailed to the address, where the password
// is chosen: nobody is signed in by the sign-up, nothing of the form is kept (a stranger who knows the address cannot
// plant a password the owner would then activate), and a full account's answer is unchanged.

let ip = 1;
const nextIp = () => `203.0.113.${ip++}`;

describe('sign-up with the e-mail of a guest checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const form = (email: string, extra: Record<string, unknown> = {}) => ({
    fullName: 'Greta Gast',
    email,
    phone: '+49 151 2345 6789',
    birthDate: '1990-06-01',
    password: 'greta-secret-1',
    language: 'de',
    tosAccepted: true,
    ...extra,
  });
  const signUp = (payload: object, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/sign-up', payload, remoteAddress });
  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email, password },
      remoteAddress: nextIp(),
    });
  const activate = (link: { userId: string; token: string }, password?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token, ...(password ? { password } : {}) },
      remoteAddress: nextIp(),
    });

  /** A guest checkout with this e-mail: the booking's id and the checkout's own activation link. */
  async function guestBooking(email: string, daysAhead: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody({ driver: guestDriver(email) } as never, daysAhead),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = linkParams((await lastMailWithLink(t, email, 'activate'))!.text, 'activate');
    return { bookingId: res.json().bookingId as string, link };
  }

  const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;

  it("e-mails the guest's activation link; the password chosen there opens the account with its bookings", async () => {
    const email = 'gwen-completes@example.com';
    const { bookingId } = await guestBooking(email, 40);
    const before = await userByEmail(email);

    const res = await signUp(form(email));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ pendingActivation: true });
    // Nobody is signed in, and nothing of the account changed: not the name, not the language, no password.
    expect(res.cookies).toEqual([]);
    const waiting = await userByEmail(email);
    expect(waiting).toMatchObject({ fullName: 'Gwen Guest', language: before.language, verified: false });
    expect(waiting.passwordHash).toBeNull();
    expect((await signIn(email, 'greta-secret-1')).statusCode).not.toBe(200);

    // The link goes to the address in the account's own language (not the form's), and asks for a password.
    const mail = (await lastMailTo(t, email))!;
    expect(mail.subject).toBe('Activate your Roam account');
    const link = linkParams(mail.text, 'activate');
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/check-token/frontend/${link.userId}/${encodeURIComponent(link.email)}/${link.token}`,
    });
    expect(check.json()).toEqual({ purpose: 'activate', needsPassword: true });
    expect((await activate(link)).statusCode).toBe(400);

    const activated = await activate(link, 'greta-secret-1');
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ _id: before.id, verified: true });
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/1/10',
      headers: { cookie: cookieFrom(activated) },
      payload: { language: 'en' },
    });
    expect(list.json().results.map((row: { _id: string }) => row._id)).toContain(bookingId);
    expect((await signIn(email, 'greta-secret-1')).statusCode).toBe(200);
    // Used once.
    expect((await activate(link, 'greta-secret-2')).statusCode).toBe(410);
  });

  it("a stranger's sign-up neither signs in nor plants a password: the owner chooses it from the e-mailed link", async () => {
    const email = 'gwen-targeted@example.com';
    await guestBooking(email, 44);
    expect((await signUp(form(email, { fullName: 'Mallory', password: 'mallory-pw-1' }))).statusCode).toBe(202);
    expect((await signIn(email, 'mallory-pw-1')).statusCode).not.toBe(200);

    // The owner opens the link the stranger's sign-up sent to their mailbox: it sets the owner's password, never
    // the one typed in the stranger's form.
    const sent = linkParams((await lastMailTo(t, email))!.text, 'activate');
    expect((await activate(sent)).statusCode).toBe(400);
    expect((await activate(sent, 'gwen-own-pw-1')).statusCode).toBe(200);
    expect((await signIn(email, 'mallory-pw-1')).statusCode).not.toBe(200);
    expect((await signIn(email, 'gwen-own-pw-1')).statusCode).toBe(200);
    expect((await userByEmail(email)).fullName).toBe('Gwen Guest');
    // Completed: the address is a full account now.
    expect((await signUp(form(email))).statusCode).toBe(409);
  });

  it("a full account's e-mail answers 'already registered' as before, and validate-email tells the sign-up form", async () => {
    for (const account of [DEMO_ACCOUNTS.driver, DEMO_ACCOUNTS.unverified, DEMO_ACCOUNTS.supplier]) {
      const res = await signUp(form(account.email));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'EMAIL_TAKEN',
        message: 'This email address is already registered.',
        fieldErrors: { email: ['This email address is already registered.'] },
      });
    }
    const email = 'gwen-validates@example.com';
    await guestBooking(email, 48);
    const validate = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/validate-email', payload, remoteAddress: nextIp() });
    expect((await validate({ email, signUp: true })).statusCode).toBe(200);
    // Checkout still finds it taken (a second guest checkout with it is refused, spec §7).
    expect((await validate({ email })).statusCode).toBe(409);
    expect((await validate({ email: DEMO_ACCOUNTS.driver.email, signUp: true })).statusCode).toBe(409);
  });

  it('is limited as every sign-up: 20 a minute per IP, then 429', async () => {
    const email = 'gwen-limited@example.com';
    await guestBooking(email, 52);
    const prober = '198.51.100.77';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await signUp(form(email), prober)).statusCode);
    expect(codes).toEqual([...Array(20).fill(202), 429]);
    // Still nothing changed on the account.
    expect((await userByEmail(email)).passwordHash).toBeNull();
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(eq(bookings.driverId, (await userByEmail(email)).id)),
    ).toHaveLength(1);
  });
});
