import type { Statement } from '@roam/contract/statements';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, locations, payments } from '#server/db/schema.ts';
import { mulberry32 } from '#server/db/seed/random.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { GOOD_CARD } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody, period } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The monthly statement and its accounting export (docs/decisions/0011-invoices.md, "Statements"), through HTTP on
// the real database: random bookings paid in full, some shortened (a partial refund and its credit note), some
// cancelled (a whole one); the statement's totals are the sums of its CSV's rows, the CSV is in the reader's
// separator and words with a BOM, the PDF in the reader's language, and a supplier reads only its own month.

type Who = { cookie: string };
const month = () => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
    .formatToParts(new Date())
    .filter((part) => part.type !== 'literal');
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
};
/** A French CSV amount ("-12,50") as minor units of euros. */
const minor = (cell: string) => (cell === '' ? 0 : Math.round(Number(cell.replace(',', '.')) * 100));

describe('statements and the accounting export', () => {
  let t: TestApp;
  let driver: Who;
  let supplier: Who;
  let accountant: Who;
  let counter: Who;
  let admin: Who;
  const ours = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    accountant = await signIn(t.db, DEMO_ACCOUNTS.accountant.id);
    counter = await signIn(t.db, DEMO_ACCOUNTS.counter.id);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    // Six bookings of random length and extras, paid by the demo card; a random one in two shortened by a day
    // (a partial refund), one in three cancelled (all of it).
    const random = mulberry32(1937);
    const fates = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const daysAhead = 40 + i * 7;
      const days = 2 + Math.floor(random() * 4);
      const extras = { theftProtection: random() < 0.5 };
      const body = {
        ...checkoutBody({ paymentOption: 'full', extras } as never, daysAhead),
        ...period(daysAhead, days),
      };
      const res = await post(driver, '/api/checkout', body);
      expect(res.statusCode, res.body).toBe(201);
      const { bookingId, chargedAmount } = res.json() as { bookingId: string; chargedAmount: number };
      expect((await post(driver, `/api/demo-payment/${bookingId}`, GOOD_CARD)).json().status).toBe('paid');
      let kept = chargedAmount;
      const fate = random();
      if (fate < 0.5) {
        const shorter = await post(supplier, `/api/update-booking/${bookingId}`, period(daysAhead, days - 1));
        expect(shorter.statusCode, shorter.body).toBe(200);
        // What it kept: paid online less the refund of the day taken off — a partial refund.
        kept = shorter.json().amounts.payNow;
        expect(kept).toBeGreaterThan(0);
        expect(kept).toBeLessThan(chargedAmount);
        fates.add('shortened');
      } else if (fate < 0.8) {
        expect((await post(supplier, `/api/cancel-booking/${bookingId}`)).statusCode).toBe(200);
        kept = 0;
        fates.add('cancelled');
      }
      ours.set(bookingId, kept);
    }
    expect(fates).toEqual(new Set(['shortened', 'cancelled']));
  });
  afterAll(() => t.close());

  const get = (who: Who, url: string) => t.app.inject({ method: 'GET', url, headers: who });
  const post = (who: Who, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who, ...(payload ? { payload } : {}) });

  /**
   * The business's deposits held on the card in the month (docs/decisions/0012-deposit-holds.md) — the demo's holds —
   * read from the ledger's rows and dated at their pick-up place's clock here, apart from the statement's query.
   */
  async function depositsOfMonth() {
    const monthAt = (at: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(at).slice(0, 7);
    const rows = await t.db
      .select({ payment: payments, timeZone: locations.timeZone })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(locations, eq(locations.id, bookings.pickupLocationId))
      .where(
        and(eq(payments.supplierId, DEMO_ACCOUNTS.supplier.id), inArray(payments.status, ['succeeded', 'released'])),
      );
    const inMonth = rows.filter(
      ({ payment, timeZone }) => monthAt(payment.settledAt ?? payment.createdAt, timeZone) === month(),
    );
    const holds = rows.filter(({ payment }) => payment.kind === 'authorization' && payment.purpose === 'deposit');
    const held = inMonth.filter((row) => holds.includes(row));
    return {
      held: held.reduce((total, { payment }) => total + payment.amount, 0),
      captured: inMonth
        .filter(
          ({ payment }) => payment.kind === 'capture' && holds.some((hold) => hold.payment.id === payment.parentId),
        )
        .reduce((total, { payment }) => total + payment.amount, 0),
      released: held.reduce((total, { payment }) => total + payment.releasedAmount, 0),
    };
  }

  it("the statement's totals are the sums of its CSV's rows; the CSV is French, `;`-separated, with a BOM", async () => {
    const res = await get(accountant, `/api/statement?month=${month()}`);
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json() as Statement;
    const csv = await get(
      accountant,
      `/api/statement-export?month=${month()}&format=csv&separator=semicolon&language=fr`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [head, ...rows] = parse(csv.body.slice(1), { delimiter: ';' }) as string[][];
    expect(head).toEqual([
      'Nature',
      'Numéro',
      'Date d’opération',
      'Tiers',
      'HT',
      'Taux de TVA',
      'TVA',
      'TTC',
      'Devise',
      'Moyen de paiement',
      'Référence du prestataire',
      'Réservation',
    ]);
    expect(rows).toHaveLength(statement.rowCount);
    // The answer carries one page of them, in the CSV's order; the screen asks for none.
    expect(statement.rows.length).toBe(Math.min(statement.rowCount, 100));
    const pageOf = async (page: number, size: number) =>
      (await get(accountant, `/api/statement?month=${month()}&page=${page}&size=${size}`)).json() as Statement;
    const [first, second, none] = await Promise.all([pageOf(1, 2), pageOf(2, 2), pageOf(1, 0)]);
    expect(statement.rowCount).toBeGreaterThan(4);
    expect([...first.rows, ...second.rows].map((row) => row.number)).toEqual(rows.slice(0, 4).map((row) => row[1]));
    expect(none).toEqual({ ...statement, rows: [] });
    expect((await get(accountant, `/api/statement?month=${month()}&size=501`)).statusCode).toBe(400);
    const [eur, ...others] = statement.totals;
    expect(others).toEqual([]);
    const sum = (types: string[], column: number) =>
      rows.filter((row) => types.includes(row[0]!)).reduce((total, row) => total + minor(row[column]!), 0);
    const documents = ['Facture', 'Avoir'];
    expect(eur!.invoiced).toEqual({ net: sum(documents, 4), vat: sum(documents, 6), gross: sum(documents, 7) });
    expect(eur!.credited).toBe(sum(['Avoir'], 7));
    expect(eur!.received).toBe(sum(['Paiement'], 7));
    expect(eur!.refunded).toBe(sum(['Remboursement'], 7));
    expect(eur!.credited).toBeLessThan(0);
    // VAT per rate: the documents' rows of that rate.
    for (const rate of eur!.vatRates) {
      const ofRate = rows.filter(
        (row) => documents.includes(row[0]!) && Number(row[5]!.replace(',', '.')) === rate.vatRate,
      );
      expect(rate.gross).toBe(ofRate.reduce((total, row) => total + minor(row[7]!), 0));
      expect(rate.vat).toBe(ofRate.reduce((total, row) => total + minor(row[6]!), 0));
    }
    const parts = eur!.revenue;
    expect(parts.rental + parts.extras + parts.charges + parts.changes + eur!.credited).toBeLessThanOrEqual(
      eur!.invoiced.gross,
    );
    expect(eur!.deposits).toEqual(await depositsOfMonth());
    // Each of our bookings: what its documents' rows add up to is what it kept (paid − refunded).
    for (const [bookingId, kept] of ours) {
      const own = rows.filter((row) => row[11] === bookingId && documents.includes(row[0]!));
      expect(
        own.reduce((total, row) => total + minor(row[7]!), 0),
        bookingId,
      ).toBe(kept);
      const money = rows.filter((row) => row[11] === bookingId && ['Paiement', 'Remboursement'].includes(row[0]!));
      expect(
        money.reduce((total, row) => total + minor(row[7]!), 0),
        bookingId,
      ).toBe(kept);
    }
    expect(rows.some((row) => row[0] === 'Paiement' && row[9] === 'demo')).toBe(true);
  });

  it('the PDF summary is in the reader’s language', async () => {
    const res = await get(supplier, `/api/statement-export?month=${month()}&format=pdf&language=de`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Abrechnung ${month()}`);
    expect(text).toContain('MwSt. je Satz');
  });

  it('a supplier reads its own month only; the counter agent none; the admin any supplier or all', async () => {
    const url = `/api/statement?month=${month()}`;
    expect((await get(supplier, `${url}&supplierId=${DEMO_IDS.suppliers.kestrel}`)).statusCode).toBe(403);
    expect((await get(counter, url)).statusCode).toBe(403);
    const own = (await get(supplier, url)).json() as Statement;
    const named = await get(admin, `${url}&supplierId=${DEMO_IDS.suppliers.azurCoast}`);
    expect(named.json()).toEqual(own);
    const all = (await get(admin, url)).json() as Statement;
    expect(all.supplierId).toBeNull();
    expect(all.rowCount).toBeGreaterThanOrEqual(own.rowCount);
    const bad = await get(admin, '/api/statement?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String) });
  });
});
