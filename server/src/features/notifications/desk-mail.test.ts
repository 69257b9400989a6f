import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { type CapturedMail, startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// E-mails that tell the desk what it needs, read back from a real SMTP server: the supplier's new-booking notice
// names the driver (name, phone, e-mail), the extras, the payment state and links to the booking in the console;
// the cancellation request links to the request and gives the driver's contact; the driver's confirmation lists the
// extras bought; every link opens in the e-mail's language (`l=`).

describe('the desk’s e-mails', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let driver: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    await t.db.update(users).set({ phone: '+33 6 12 34 56 78' }).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, DEMO_ACCOUNTS.supplier.id));
    // Sold, so that the driver buys them; the cancellation cover sold but not bought makes a cancel a request.
    await t.db
      .update(cars)
      .set({ fullInsurance: 2000, theftProtection: 500, cancellation: 1500 })
      .where(eq(cars.id, DEMO_IDS.cars.clio));
  });
  afterAll(async () => {
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, DEMO_ACCOUNTS.supplier.id));
    await t.close();
    await smtp.close();
  });

  const text = async (mail: CapturedMail | undefined) => (await simpleParser(mail!.raw)).text ?? '';
  const lastTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).at(-1);

  it('tells the supplier who is coming, what they bought and how they pay, linking to the console', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ extras: { fullInsurance: true, theftProtection: true } } as never, 41),
    });
    expect(res.statusCode, res.body).toBe(201);
    const bookingId: string = res.json().bookingId;

    const supplierMail = await text(lastTo(DEMO_ACCOUNTS.supplier.email));
    // French puts a (no-break) space before the colon.
    expect(supplierMail).toMatch(new RegExp(`Conducteur\\s: ${DEMO_ACCOUNTS.driver.fullName}`));
    expect(supplierMail).toMatch(/Téléphone\s: \+33 6 12 34 56 78/);
    expect(supplierMail).toMatch(new RegExp(`E-mail\\s: ${DEMO_ACCOUNTS.driver.email}`));
    expect(supplierMail).toMatch(/Options\s: Protection contre le vol, Assurance tous risques/);
    expect(supplierMail).toContain('Confirmée – paiement à la prise en charge');
    expect(supplierMail).toContain(`/operator/bookings/${bookingId}?l=fr`);

    const driverMail = await text(lastTo(DEMO_ACCOUNTS.driver.email));
    expect(driverMail).toContain('Extras: Theft protection, Full insurance');
    expect(driverMail).toContain(`/booking?b=${bookingId}&l=en`);
    expect(driverMail).not.toContain('+33 6 12 34 56 78');
  });

  it('gives the cancellation request’s link and the driver’s contact', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption: 'full' } as never, 45),
    });
    const bookingId: string = res.json().bookingId;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${bookingId}`,
      headers: driver,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${bookingId}`, headers: driver });
    expect(cancel.json().cancelRequest, cancel.body).toBe(true);
    const request = await text(lastTo(DEMO_ACCOUNTS.supplier.email));
    expect(request).toContain("Le conducteur demande l'annulation");
    expect(request).toMatch(/Téléphone\s: \+33 6 12 34 56 78/);
    expect(request).toMatch(new RegExp(`E-mail\\s: ${DEMO_ACCOUNTS.driver.email}`));
    expect(request).toContain(`/operator/cancellation-requests?l=fr#request-${bookingId}`);
  });

  it('opens an account e-mail’s link in its language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/resend/admin/${encodeURIComponent(DEMO_ACCOUNTS.supplier.email)}/true`,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const mail = await text(lastTo(DEMO_ACCOUNTS.supplier.email));
    const link = new URL(mail.match(/https?:\/\/\S+\/reset-password\?\S+/)![0]);
    expect(link.searchParams.get('l')).toBe('fr');
  });
});
