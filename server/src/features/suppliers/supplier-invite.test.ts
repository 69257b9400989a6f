import { AUTH_MESSAGES } from '@roam/contract/auth';
import type { SupplierProfile } from '@roam/contract/supplier-profile';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The admin creates a supplier account; the supplier is e-mailed (real SMTP) a one-time link to
// choose a password, in their language, and signs in with it.

describe('admin: supplier invitation', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.test>' });
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const create = (payload: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: '/api/create-supplier', headers, payload });

  it('creates the account and e-mails a one-time link that sets the password and signs in', async () => {
    const res = await create({
      fullName: 'Alpine Vans',
      email: 'desk@alpine-vans.example',
      language: 'fr',
      phone: '+33 4 50 00 00 00',
      priceChangeRate: 5,
      payLater: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const profile = res.json() as SupplierProfile;
    expect(profile).toMatchObject({ fullName: 'Alpine Vans', priceChangeRate: 5, payLater: false, carCount: 0 });
    const [row] = await t.db.select().from(users).where(eq(users.id, profile._id));
    expect(row).toMatchObject({ type: 'supplier', passwordHash: null, verified: false, language: 'fr' });
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['desk@alpine-vans.example']);
    const text = smtp.textOf(mail);
    expect(text).toContain('Choisir mon mot de passe');
    const link = new URL(text.match(/https?:\/\/\S+\/activate\?\S+/)![0]);
    const [userId, token] = [link.searchParams.get('u')!, link.searchParams.get('t')!];
    expect(userId).toBe(profile._id);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/check-token/frontend/${userId}/${encodeURIComponent(link.searchParams.get('e')!)}/${token}`,
    });
    expect(check.json()).toMatchObject({ needsPassword: true });
    const noPassword = await t.app.inject({ method: 'POST', url: '/api/activate', payload: { userId, token } });
    expect(noPassword.json().fieldErrors).toEqual({ password: [AUTH_MESSAGES.passwordTooShort] });
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId, token, password: 'Alpine-2026!' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email: 'desk@alpine-vans.example', password: 'Alpine-2026!' },
    });
    expect(signedIn.json()).toMatchObject({ type: 'supplier', verified: true });
    // Once only.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId, token, password: 'Other-2026!' },
    });
    expect(again.statusCode).toBe(410);
    const [trail] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, profile._id));
    expect(trail).toMatchObject({ entity: 'supplier', action: 'create', actorId: DEMO_ACCOUNTS.admin.id });
  });

  it("invites in the admin's own language when none is chosen, naming the site, its link opening in it", async () => {
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, DEMO_ACCOUNTS.admin.id));
    try {
      const sent = smtp.received.length;
      const res = await create({ fullName: 'Harz Mobil', email: 'desk@harz-mobil.example' });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.db.select().from(users).where(eq(users.id, res.json()._id));
      expect(row?.language).toBe('de');
      await expect.poll(() => smtp.received.length).toBe(sent + 1);
      const text = smtp.textOf(smtp.received.at(-1)!);
      expect(text).toContain('Ein Administrator von Roam hat ein Vermieterkonto');
      expect(text).not.toMatch(/\{+site\}+/);
      const link = new URL(text.match(/https?:\/\/\S+\/activate\?\S+/)![0]);
      expect(link.searchParams.get('l')).toBe('de');
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, DEMO_ACCOUNTS.admin.id));
    }
  });

  it('refuses a registered address, bad fields, and anyone but the admin, sending nothing', async () => {
    const before = smtp.received.length;
    const taken = await create({ fullName: 'Copy', email: DEMO_ACCOUNTS.driver.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ email: [AUTH_MESSAGES.emailTaken] });
    const bad = await create({ fullName: '', email: 'nope', priceChangeRate: 1000 });
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['email', 'fullName', 'priceChangeRate']);
    const body = { fullName: 'Sneaky', email: 'sneaky@example.com' };
    expect((await create(body, {})).statusCode).toBe(401);
    expect((await create(body, await signIn(t.db, DEMO_ACCOUNTS.supplier.id))).statusCode).toBe(403);
    expect((await create(body, await signIn(t.db, DEMO_ACCOUNTS.driver.id))).statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, 'sneaky@example.com'))).toEqual([]);
    expect(smtp.received.length).toBe(before);
  });

  it('resends the invitation to a supplier without a password: the new link works, the old one no longer does', async () => {
    const created = (await create({ fullName: 'Fjord Cars', email: 'desk@fjord-cars.example', language: 'se' })).json();
    await expect.poll(() => smtp.received.filter((m) => m.to.includes('desk@fjord-cars.example')).length).toBe(1);
    const linkOf = (index: number) => {
      const mail = smtp.received.filter((m) => m.to.includes('desk@fjord-cars.example'))[index]!;
      return new URL(smtp.textOf(mail).match(/https?:\/\/\S+\/activate\?\S+/)![0]);
    };
    const first = linkOf(0);
    const resend = (headers: Record<string, string> = admin, id = created._id as string) =>
      t.app.inject({ method: 'POST', url: `/api/resend-supplier-invitation/${id}`, headers });

    expect((await resend({})).statusCode).toBe(401);
    expect((await resend(await signIn(t.db, created._id))).statusCode).toBe(403);
    const sent = await resend();
    expect(sent.statusCode, sent.body).toBe(200);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes('desk@fjord-cars.example')).length).toBe(2);
    const second = linkOf(1);
    const activate = (link: URL) =>
      t.app.inject({
        method: 'POST',
        url: '/api/activate',
        payload: { userId: link.searchParams.get('u'), token: link.searchParams.get('t'), password: 'Fjord-2026!' },
      });
    expect((await activate(first)).statusCode).toBe(410);
    expect((await activate(second)).statusCode).toBe(200);
    // Once the password is set there is nothing to resend; an unknown account is not found.
    expect((await resend()).statusCode).toBe(409);
    expect((await resend(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  // The second outside audit, item 13: anyone could void a pending invitation with the public resend (anonymous
  // `POST /api/resend/frontend/<invited e-mail>/false` → 200, and the admin's link died).
  it("the public resend never touches a pending invitation: the admin's link still works", async () => {
    const email = 'desk@lagoon-cars.example';
    expect((await create({ fullName: 'Lagoon Cars', email, language: 'en' })).statusCode).toBe(201);
    const mails = () => smtp.received.filter((m) => m.to.includes(email));
    await expect.poll(() => mails().length).toBe(1);
    const link = new URL(smtp.textOf(mails()[0]!).match(/https?:\/\/\S+\/activate\?\S+/)![0]);
    const resend = await t.app.inject({ method: 'POST', url: `/api/resend/frontend/${email}/false` });
    expect(resend.statusCode, resend.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mails()).toHaveLength(1);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.searchParams.get('u'), token: link.searchParams.get('t'), password: 'Lagoon-2026!' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
  });
});
