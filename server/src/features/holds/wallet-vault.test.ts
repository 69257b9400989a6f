import { formatMinor } from '@roam/contract/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, gatewayEvents, invoices, payments, savedCards } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { GOOD_CARD, walletApp } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { checkOutBody, insertCar, parisAt, resetClock, setClock } from '../counter/counter.test-helpers.ts';
import { chargeOffSession } from './saved-card.service.ts';

// Charges after the rental through the wallet's vault (docs/decisions/0014-charges-after-the-rental.md), against the
// local PayPal server: with the payer's consent at checkout the order asks PayPal to keep their PayPal
// (`payment_source.paypal.attributes.vault`, ON_SUCCESS, MERCHANT) and the vault id its capture answers is saved; the
// balance at the close and a fine after it are charged without the payer (an order naming `vault_id`, the merchant
// initiating it) under their own PayPal-Request-Id; refused, the payer gets the payment link, as a card's would.

const DAY = 24 * 3600_000;
const eur = (minor: number) => formatMinor(minor, 'EUR', 'en');

describe('charges after the rental through the wallet’s vault', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let supplier: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await walletApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    supplier = await signIn(app.t.db, DEMO_IDS.users.supplier);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const call = (url: string, payload: object = {}, headers = supplier) =>
    app.t.app.inject({ method: 'POST', url, headers, payload });
  const ledger = (bookingId: string) => app.t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const driverMails = (since: number) => smtp.parsedTo('driver@roam.localhost', since);
  /** The orders the wallet was asked to make without the payer under `key`, and what they were asked. */
  const vaultCalls = (key: string) =>
    app.fake.requests.filter((r) => r.path === '/v2/checkout/orders' && r.headers['paypal-request-id'] === key);

  /** A car of its own (`deposit`, none by default), booked in full by the wallet `daysAhead` days on, `saveCard` as the payer chose. */
  async function paidByWallet(daysAhead: number, saveCard: boolean, deposit = 0) {
    const carId = await insertCar(app.t, { deposit });
    const body = checkoutBody({ carId, paymentOption: 'full', saveCard } as never, daysAhead);
    const res = await call('/api/checkout', body, app.driver);
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, chargedAmount } = res.json();
    const order = await call(
      '/api/create-paypal-order/',
      { bookingId, amount: chargedAmount / 100, currency: 'EUR', name: 'Renault Clio', description: 'Rental' },
      app.driver,
    );
    const { orderId } = order.json();
    app.fake.orders.get(orderId)!.status = 'APPROVED';
    const paid = await call(`/api/check-paypal-order/${bookingId}/${orderId}`, {}, app.driver);
    expect(paid.json()).toMatchObject({ status: 'paid', payment: 'paid' });
    return { bookingId: bookingId as string, orderId: orderId as string };
  }

  /** Checked out, returned two days later with a toll of `toll`, and closed. */
  async function closedWithToll(bookingId: string, daysAhead: number, toll: number) {
    setClock(app.t, new Date(parisAt(daysAhead).getTime() - 3600_000));
    expect((await call(`/api/check-out/${bookingId}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    setClock(app.t, new Date(parisAt(daysAhead).getTime() + 2 * DAY));
    const back = await call(`/api/return/${bookingId}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
    expect(back.statusCode, back.body).toBe(200);
    const charge = await call(`/api/add-charge/${bookingId}`, { kind: 'toll', amount: toll, note: 'A6' });
    expect(charge.statusCode, charge.body).toBe(200);
    const closed = await call(`/api/close-booking/${bookingId}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
  }

  it('keeps the payer’s PayPal in the vault at capture and charges the close’s balance and a later fine through it', async () => {
    const { bookingId, orderId } = await paidByWallet(40, true);
    // The order asked PayPal to keep the payer's PayPal once paid, for this merchant's later charges.
    const asked = JSON.parse(
      app.fake.requests.find((r) => r.path === '/v2/checkout/orders' && r.body.includes(bookingId))!.body,
    );
    expect(asked.payment_source.paypal.attributes.vault).toMatchObject({
      store_in_vault: 'ON_SUCCESS',
      usage_type: 'MERCHANT',
    });
    const vault = [...app.fake.vaults.values()].find((v) => v.orderId === orderId)!;
    const [saved] = await app.t.db.select().from(savedCards).where(eq(savedCards.bookingId, bookingId));
    expect(saved).toMatchObject({ provider: 'paypal', paymentMethod: vault.id, customer: vault.customer });
    expect(saved!.consentedAt).not.toBeNull();

    const sent = smtp.received.length;
    await closedWithToll(bookingId, 40, 3500);
    const key = `offsession-close-${bookingId}`;
    const charged = (await ledger(bookingId)).find((row) => row.idempotencyKey === key)!;
    expect(charged).toMatchObject({
      kind: 'charge',
      provider: 'paypal',
      purpose: 'return_charges',
      amount: 3500,
      status: 'succeeded',
    });
    // One order naming the vault, initiated by the merchant, under the charge's key; captured at once.
    const [request] = vaultCalls(key);
    expect(JSON.parse(request!.body).payment_source.paypal).toMatchObject({
      vault_id: vault.id,
      stored_credential: { payment_initiator: 'MERCHANT' },
    });
    const order = app.fake.orders.get(charged.providerReference!)!;
    expect(order.purchase_units[0]!.payments!.captures).toMatchObject([
      { status: 'COMPLETED', amount: { value: '35.00' } },
    ]);
    expect(await app.t.db.select().from(invoices).where(eq(invoices.paymentId, charged.id))).toMatchObject([
      { gross: 3500 },
    ]);
    // Its confirmation is the wallet's answer, kept with it (the reconciliation matches it).
    const confirmed = await app.t.db.select().from(gatewayEvents).where(eq(gatewayEvents.objectId, order.id));
    expect(confirmed).toMatchObject([{ gateway: 'paypal', movement: 'payment', amount: 3500, bookingId }]);
    const receipt = (await driverMails(sent)).find((mail) => /saved PayPal/.test(mail.subject ?? ''));
    expect(receipt?.text).toContain(eur(3500));
    expect((await driverMails(sent)).some((mail) => /balance/i.test(mail.subject ?? ''))).toBe(false);

    // A fine after the close: charged through the vault at once, under its own key.
    const fine = await call(`/api/add-charge/${bookingId}`, { kind: 'fine', amount: 4500, note: 'Speeding' });
    expect(fine.statusCode, fine.body).toBe(200);
    const later = (await ledger(bookingId)).filter((row) => row.idempotencyKey.startsWith('offsession-charge-'));
    expect(later.map((row) => [row.provider, row.amount, row.status])).toEqual([['paypal', 4500, 'succeeded']]);
    resetClock(app.t);
  });

  it('a charge asked again under its key (a restart after PayPal answered) is taken once', async () => {
    const { bookingId } = await paidByWallet(50, true);
    await closedWithToll(bookingId, 50, 2000);
    resetClock(app.t);
    const key = `offsession-close-${bookingId}`;
    const first = (await ledger(bookingId)).find((row) => row.idempotencyKey === key)!;
    // As if the server stopped after PayPal took the money, before it wrote so: the decision is found pending.
    await app.t.db.update(payments).set({ status: 'pending' }).where(eq(payments.id, first.id));
    const [booking] = await app.t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const again = await chargeOffSession(app.t.app.context, { booking: booking!, key }, async () => {
      throw new Error('a decision left pending is asked again, not decided again');
    });
    expect(again).toMatchObject({ outcome: 'charged', payment: { id: first.id, status: 'succeeded' } });
    // PayPal answered the second request with the first order: one order, one capture, one row.
    expect(vaultCalls(key)).toHaveLength(2);
    const ordersOfBooking = [...app.fake.orders.values()].filter(
      (order) => order.payment_source?.paypal?.vault_id && order.purchase_units[0]!.custom_id === bookingId,
    );
    expect(ordersOfBooking).toHaveLength(1);
    expect((await ledger(bookingId)).filter((row) => row.idempotencyKey === key)).toMatchObject([
      { providerReference: first.providerReference, status: 'succeeded', amount: 2000 },
    ]);
  });

  it('a vault charge PayPal refuses records nothing and sends the payment link, as a card’s refusal does', async () => {
    const { bookingId } = await paidByWallet(60, true);
    await closedWithToll(bookingId, 60, 1000);
    const before = await ledger(bookingId);
    const sent = smtp.received.length;
    app.fake.control.vaultError = 'INSTRUMENT_DECLINED';
    try {
      const fine = await call(`/api/add-charge/${bookingId}`, { kind: 'fine', amount: 2500, note: 'Parking' });
      expect(fine.statusCode, fine.body).toBe(200);
      expect(fine.json().actions).toContain('sendPaymentLink');
    } finally {
      app.fake.control.vaultError = null;
      resetClock(app.t);
    }
    expect(await ledger(bookingId)).toHaveLength(before.length);
    const mails = await driverMails(sent);
    const link = mails.find((mail) => /balance/i.test(mail.subject ?? ''));
    expect(link?.text).toMatch(/\/manage-booking\?t=[A-Za-z0-9_-]{43}/);
    expect(link?.text).toContain(eur(2500));
    expect(mails.some((mail) => /saved PayPal/.test(mail.subject ?? ''))).toBe(false);
  });

  it('holds the car’s deposit beside a payment in full on the vaulted PayPal; the close captures the toll from it', async () => {
    const { bookingId, orderId } = await paidByWallet(55, false, 30000);
    // No consent to charges, but a deposit to hold: the PayPal is kept, as a card is, and the deposit authorised on it.
    const vault = [...app.fake.vaults.values()].find((v) => v.orderId === orderId)!;
    const [saved] = await app.t.db.select().from(savedCards).where(eq(savedCards.bookingId, bookingId));
    expect(saved).toMatchObject({ provider: 'paypal', paymentMethod: vault.id, consentedAt: null });
    const [asked, ...again] = vaultCalls(`deposit-${bookingId}`);
    expect(JSON.parse(asked!.body)).toMatchObject({
      intent: 'AUTHORIZE',
      purchase_units: [{ amount: { value: '300.00', currency_code: 'EUR' } }],
      payment_source: { paypal: { vault_id: vault.id, stored_credential: { payment_initiator: 'MERCHANT' } } },
    });
    expect(again).toEqual([]);
    const hold = (await ledger(bookingId)).find((row) => row.kind === 'authorization')!;
    expect(hold).toMatchObject({ purpose: 'deposit', provider: 'paypal', amount: 30000, status: 'succeeded' });
    expect(app.fake.authorizations.get(hold.providerReference!)).toMatchObject({ status: 'CREATED' });
    // A replayed check holds nothing twice; the booking says the deposit is held, not taken at pick-up.
    const replay = await call(`/api/check-paypal-order/${bookingId}/${orderId}`, {}, app.driver);
    expect(replay.json()).toMatchObject({ status: 'paid' });
    expect((await ledger(bookingId)).filter((row) => row.kind === 'authorization')).toHaveLength(1);
    const page = await app.t.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: app.driver });
    expect(page.json().amounts).toMatchObject({ held: 30000, securityDepositTaken: 'now' });

    await closedWithToll(bookingId, 55, 4200);
    const taken = [...app.fake.authCaptures.values()].filter((c) => c.authorizationId === hold.providerReference);
    expect(taken).toMatchObject([{ amount: { value: '42.00', currency_code: 'EUR' }, final_capture: true }]);
    expect(app.fake.authorizations.get(hold.providerReference!)!.status).toBe('CAPTURED');
  });

  /** The driver's mails since `sent` whose subject matches `subject`, their text and their PDFs' text. */
  async function mailed(sent: number, subject: RegExp) {
    const mail = (await driverMails(sent)).find((m) => subject.test(m.subject ?? ''));
    expect(mail, `a mail "${subject}"`).toBeDefined();
    const files = mail!.attachments.filter((file) => file.contentType === 'application/pdf');
    const pdfs = await Promise.all(files.map((file) => pdfText(file.content)));
    // A PDF's lines wrap where the page ends: its words read as one text.
    return { text: mail!.text ?? '', pdfs: pdfs.join(' ').replace(/\s+/g, ' ') };
  }

  it('names what holds the deposit: the payer’s PayPal, or the card — booking, confirmation, agreement, close', async () => {
    const held = (on: string) => new RegExp(`held on your ${on}`, 'g');
    const heldAnywhere = /held on your (card|PayPal account)/g;
    // Paid in full by the wallet: the deposit is held on the payer's PayPal.
    let sent = smtp.received.length;
    const { bookingId } = await paidByWallet(75, false, 30000);
    const page = await app.t.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: app.driver });
    expect(page.json().amounts).toMatchObject({
      held: 30000,
      securityDepositTaken: 'now',
      securityDepositOn: 'paypal',
    });
    const confirmed = await mailed(sent, /is confirmed/);
    expect(confirmed.text).toContain('Security deposit, held on your PayPal account, not charged');
    expect(confirmed.text.match(heldAnywhere)).toEqual(['held on your PayPal account']);
    sent = smtp.received.length;
    await closedWithToll(bookingId, 75, 1500);
    resetClock(app.t);
    const agreement = await mailed(sent, /has started/);
    expect(agreement.pdfs).toContain(`${eur(30000)} held on your PayPal account, not charged`);
    expect(agreement.pdfs).not.toMatch(held('card'));
    const closed = await mailed(sent, /closed|receipt/i);
    expect(closed.text).toContain(`Deposit held on your PayPal account: ${eur(1500)} taken`);

    // Paid in full by the (demo) card: the card.
    const carId = await insertCar(app.t, { deposit: 30000 });
    const booked = await call('/api/checkout', checkoutBody({ carId, paymentOption: 'full' } as never, 80), app.driver);
    expect(booked.statusCode, booked.body).toBe(201);
    const cardBooking = booked.json().bookingId as string;
    sent = smtp.received.length;
    const paid = await call(`/api/demo-payment/${cardBooking}`, GOOD_CARD, app.driver);
    expect(paid.statusCode, paid.body).toBe(200);
    const byCard = await mailed(sent, /is confirmed/);
    expect(byCard.text.match(heldAnywhere)).toEqual(['held on your card']);
    sent = smtp.received.length;
    setClock(app.t, new Date(parisAt(80).getTime() - 3600_000));
    expect((await call(`/api/check-out/${cardBooking}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    resetClock(app.t);
    const cardAgreement = await mailed(sent, /has started/);
    expect(cardAgreement.pdfs).toContain(`${eur(30000)} held on your card, not charged`);
    expect(cardAgreement.pdfs).not.toMatch(held('PayPal account'));
  });

  it('a PayPal app not allowed to keep payment methods still takes the payment; the deposit is left to the desk', async () => {
    app.fake.control.vaultDisabled = true;
    try {
      const { bookingId, orderId } = await paidByWallet(65, true, 30000);
      const asked = app.fake.requests.filter((r) => r.path === '/v2/checkout/orders' && r.body.includes(bookingId));
      // Refused with the vault (403 NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE), asked again without it, under its own id.
      expect(
        asked.map((r) => [JSON.parse(r.body).payment_source !== undefined, r.headers['paypal-request-id']]),
      ).toEqual([
        [true, `order-${bookingId}-vault`],
        [false, `order-${bookingId}`],
      ]);
      expect(app.fake.orders.get(orderId)!.status).toBe('COMPLETED');
      expect((await ledger(bookingId)).map((row) => [row.kind, row.purpose])).toEqual([['charge', 'rental']]);
      const page = await app.t.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: app.driver });
      expect(page.json().amounts).toMatchObject({ held: 0, securityDepositTaken: 'atPickup' });
    } finally {
      app.fake.control.vaultDisabled = false;
    }
  });

  it('without the payer’s consent nothing is kept in the vault', async () => {
    const { bookingId, orderId } = await paidByWallet(70, false);
    const asked = app.fake.requests.find((r) => r.path === '/v2/checkout/orders' && r.body.includes(bookingId))!;
    expect(JSON.parse(asked.body).payment_source).toBeUndefined();
    expect(app.fake.orders.get(orderId)!.payment_source).toBeUndefined();
    expect([...app.fake.vaults.values()].some((vault) => vault.orderId === orderId)).toBe(false);
    expect(await app.t.db.select().from(savedCards).where(eq(savedCards.bookingId, bookingId))).toEqual([]);
  });
});
