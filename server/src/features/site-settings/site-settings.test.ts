import { SettingsSchema } from '@roam/contract/settings.schema';
import { SiteSettingsStateSchema } from '@roam/contract/site-settings.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The site's name, contact e-mail and default language, changed in the console (docs/architecture.md §3 "Site
// settings"): the environment gives the defaults, the admin's change holds from the next call on — the next e-mail,
// the settings every page reads — in this server process and another on the same database, without a restart.

describe('site settings', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;
  let admin: { cookie: string };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      WEBSITE_NAME: 'Env Rentals',
      CONTACT_EMAIL: 'env-desk@roam.test',
      DEFAULT_LANGUAGE: 'en',
      LANGUAGES: 'en,fr,de',
    });
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const update = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/update-site-settings', headers: admin, payload });
  const contact = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/send-email',
      payload: { fullName: 'Ada Driver', email: 'ada@example.com', subject: 'Child seat', message: 'A seat, please.' },
    });

  it('starts from the environment, then a change holds for the next e-mail and every process, audited', async () => {
    const state = SiteSettingsStateSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/site-settings', headers: admin })).json(),
    );
    expect(state).toMatchObject({
      values: { websiteName: 'Env Rentals', contactEmail: 'env-desk@roam.test', defaultLanguage: 'en' },
      overridden: [],
      languages: ['en', 'fr', 'de'],
      updatedAt: null,
    });

    const res = await update({
      websiteName: '  Azur Desk  ',
      contactEmail: 'Hello@Azur.example',
      defaultLanguage: 'fr',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(SiteSettingsStateSchema.parse(res.json())).toMatchObject({
      values: { websiteName: 'Azur Desk', contactEmail: 'hello@azur.example', defaultLanguage: 'fr' },
      defaults: { websiteName: 'Env Rentals', contactEmail: 'env-desk@roam.test', defaultLanguage: 'en' },
      updatedBy: DEMO_ACCOUNTS.admin.fullName,
    });

    // The next e-mail: the contact form's message goes to the new address, under the new name, from the new name.
    expect((await contact()).statusCode).toBe(200);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['hello@azur.example']);
    expect(mail.raw).toMatch(/^Subject: \[Azur Desk\] Child seat/m);
    expect(mail.raw).toMatch(/^From: Azur Desk <no-reply@roam\.localhost>/m);
    // The admin's test e-mail names the site too.
    const test = await t.app.inject({ method: 'POST', url: '/api/setup-test-email', headers: admin });
    expect(test.statusCode, test.body).toBe(200);
    expect(smtp.textOf(smtp.received.at(-1)!)).toContain('Azur Desk');

    // Another server process on the same database reads them at once: the settings every page carries.
    const other = await t.sibling();
    const settings = SettingsSchema.parse((await other.inject({ method: 'GET', url: '/api/settings' })).json());
    expect(settings).toMatchObject({
      websiteName: 'Azur Desk',
      contactEmail: 'hello@azur.example',
      defaultLanguage: 'fr',
    });
    const checklist = (await other.inject({ method: 'GET', url: '/api/setup-status', headers: admin })).json();
    expect(checklist.site).toEqual({ done: true, websiteName: 'Azur Desk', contactEmail: 'hello@azur.example' });
    expect(checklist.languages.defaultLanguage).toBe('fr');

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.action, 'update')));
    expect(audit?.changes).toEqual({
      websiteName: { before: 'Env Rentals', after: 'Azur Desk' },
      contactEmail: { before: 'env-desk@roam.test', after: 'hello@azur.example' },
      defaultLanguage: { before: 'en', after: 'fr' },
    });
  });

  it('null, or the environment’s own value, follows the environment again', async () => {
    const res = await update({ websiteName: null, contactEmail: 'env-desk@roam.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(SiteSettingsStateSchema.parse(res.json())).toMatchObject({
      values: { websiteName: 'Env Rentals', contactEmail: 'env-desk@roam.test', defaultLanguage: 'fr' },
      overridden: ['defaultLanguage'],
    });
    expect((await t.db.select().from(siteSettings)).map((row) => row.key)).toEqual(['defaultLanguage']);
    expect((await contact()).statusCode).toBe(200);
    expect(smtp.received.at(-1)!.raw).toMatch(/^Subject: \[Env Rentals\] Child seat/m);
  });

  it('refuses a language the site does not offer, an empty name, a bad address — and keeps what was set', async () => {
    const language = await update({ defaultLanguage: 'es' });
    expect(language.statusCode).toBe(400);
    expect(language.json().fieldErrors.defaultLanguage).toEqual([
      'The default language must be one of the languages the site offers.',
    ]);
    for (const payload of [{ websiteName: '   ' }, { contactEmail: 'not-an-address' }, { colour: 'red' }]) {
      const res = await update(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
    const settings = SettingsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/settings' })).json());
    expect(settings).toMatchObject({ websiteName: 'Env Rentals', defaultLanguage: 'fr' });
  });

  it('a supplier, a driver and a visitor can neither read nor change them', async () => {
    const supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    for (const [headers, status] of [
      [supplier, 403],
      [driver, 403],
      [{}, 401],
    ] as const) {
      const read = await t.app.inject({ method: 'GET', url: '/api/site-settings', headers });
      expect(read.statusCode).toBe(status);
      const write = await t.app.inject({
        method: 'PUT',
        url: '/api/update-site-settings',
        headers,
        payload: { websiteName: 'Hijacked' },
      });
      expect(write.statusCode).toBe(status);
    }
  });
});
