import { CHARGE_KINDS } from '@roam/contract/counter-charges';
import { type InvoiceItem, type InvoiceLine, invoiceLine } from '@roam/contract/invoices';
import { roundHalfUp } from '@roam/contract/money';
import { EXTRAS, PLACE_FEES } from '@roam/contract/price';
import {
  REVENUE_PARTS,
  type RevenuePart,
  revenuePartOf,
  type StatementRow,
  statementTotals,
} from '@roam/contract/statements';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, invoices, payments, refunds } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { REVENUE_PART, type StatementScope } from './statements.repository.ts';
import { monthRowsPage, monthTotals } from './statements.service.ts';

// The statement's sums are the database's (statements.service.ts): here, on both databases (vitest.config.ts runs
// this file on PostgreSQL too), they equal the contract's `statementTotals` over every row of the month, each
// document's rows equal its lines summed per VAT rate as the invoice states them, and the pages are slices of one
// order. The month's ledger is written here: documents at three VAT rates with a promo, charges, a refund's line and
// a booking's percentage, two currencies, a deposit held, partly captured and released, money outside the month.

const MONTH = '2025-02';
const AT = new Date('2025-02-14T12:00:00Z');
const LATER = new Date('2025-03-15T12:00:00Z');
const party = (name: string) => ({ name, address: null, vatNumber: null });

/** A document's expected rows: its lines summed per VAT rate, parts and the percentage's share as the invoice has them. */
function documentRows(kind: 'invoice' | 'credit_note', number: string, lines: InvoiceLine[], rate: number) {
  const sign = kind === 'credit_note' ? -1 : 1;
  const rates = [...new Set(lines.map((line) => line.vatRate))].sort((a, b) => a - b);
  return rates.map((vatRate) => {
    const own = lines.filter((line) => line.vatRate === vatRate);
    const parts: Partial<Record<RevenuePart, number>> = {};
    let priceChange = 0;
    for (const line of own) {
      const part = revenuePartOf(line.item);
      if (part) parts[part] = (parts[part] ?? 0) + sign * line.gross;
      if ((part === 'rental' || part === 'extras') && rate !== 0)
        priceChange += sign * (line.gross - roundHalfUp((line.gross * 100) / (100 + rate)));
    }
    const sum = (pick: (line: InvoiceLine) => number) => sign * own.reduce((total, line) => total + pick(line), 0);
    return {
      number,
      vatRate,
      net: sum((l) => l.net),
      vat: sum((l) => l.vat),
      gross: sum((l) => l.gross),
      parts,
      priceChange,
    };
  });
}

describe("the statement's sums in SQL", () => {
  let t: TestApp;
  const scopes: Record<'supplier' | 'all', StatementScope> = {
    supplier: { month: MONTH, supplierId: DEMO_IDS.suppliers.azurCoast, branchIds: [] },
    all: { month: MONTH, supplierId: null, branchIds: [] },
  };
  const expected: ReturnType<typeof documentRows> = [];

  beforeAll(async () => {
    t = await createTestApp();
    const [a, b] = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.supplierId, DEMO_IDS.suppliers.azurCoast))
      .limit(2);
    // Another supplier's booking: the admin's every supplier's month has it, the supplier's not.
    const [car] = await t.db
      .select({ id: cars.id, supplierId: cars.supplierId })
      .from(cars)
      .where(ne(cars.supplierId, DEMO_IDS.suppliers.azurCoast))
      .limit(1);
    const [other] = await t.db
      .insert(bookings)
      .values(
        bookingRow(period(300, 2), {
          carId: car!.id,
          supplierId: car!.supplierId,
          status: 'cancelled',
          blocksCar: false,
        }),
      )
      .returning({ id: bookings.id, supplierId: bookings.supplierId });
    // Booking a's terms add 12.5 % to the car's own prices.
    await t.db.execute(
      sql`update bookings set terms = jsonb_set(coalesce(terms, '{}'::jsonb), '{priceChangeRate}', '12.5') where id = ${a!.id}`,
    );
    const document = (
      booking: string,
      supplierId: string,
      kind: 'invoice' | 'credit_note',
      sequence: number,
      lines: InvoiceLine[],
      currency = 'EUR',
      invoiceId: string | null = null,
    ) => {
      const total = (pick: (line: InvoiceLine) => number) => lines.reduce((sum, line) => sum + pick(line), 0);
      const number = `${kind === 'invoice' ? 'INV' : 'CN'}-2025-${String(sequence).padStart(4, '0')}`;
      return {
        kind,
        supplierId,
        bookingId: booking,
        key: `statement-sql-${kind}-${supplierId}-${sequence}`,
        invoiceId,
        year: 2025,
        sequence: 9000 + sequence,
        number,
        issuedAt: AT,
        timeZone: 'Europe/Paris',
        currency,
        language: 'en' as const,
        seller: party('Seller'),
        buyer: party(`Buyer ${sequence}`),
        lines,
        net: total((l) => l.net),
        vat: total((l) => l.vat),
        gross: total((l) => l.gross),
      };
    };
    const first = [
      invoiceLine('rental', 12_345, 20, 3),
      invoiceLine('theftProtection', 999, 20),
      invoiceLine('promo', -500, 20),
      invoiceLine('charge.fuel', 3_001, 5.5),
      invoiceLine('later_charges', 777, 0),
      invoiceLine('amendment', 1_234, 20),
    ];
    const [invoice] = await t.db
      .insert(invoices)
      .values(document(a!.id, DEMO_IDS.suppliers.azurCoast, 'invoice', 1, first))
      .returning({ id: invoices.id });
    const credit = [invoiceLine('rental', 2_000, 20), invoiceLine('refund', 101, 5.5)];
    const second = [invoiceLine('rental', 4_000, 25), invoiceLine('afterHoursPickup', 1_500, 25)];
    await t.db
      .insert(invoices)
      .values([
        document(a!.id, DEMO_IDS.suppliers.azurCoast, 'credit_note', 1, credit, 'EUR', invoice!.id),
        document(b!.id, DEMO_IDS.suppliers.azurCoast, 'invoice', 2, second, 'SEK'),
        document(other!.id, other!.supplierId, 'invoice', 3, [invoiceLine('rental', 9_900, 20)]),
      ]);
    expected.push(
      ...documentRows('invoice', 'INV-2025-0001', first, 12.5),
      ...documentRows('credit_note', 'CN-2025-0001', credit, 12.5),
      ...documentRows('invoice', 'INV-2025-0002', second, 0),
    );
    let key = 0;
    const next = () => {
      key += 1;
      return key;
    };
    const money = (booking: string, supplierId: string, fields: Partial<typeof payments.$inferInsert>) => ({
      bookingId: booking,
      supplierId,
      kind: 'charge' as const,
      purpose: 'rental' as const,
      provider: 'demo' as const,
      idempotencyKey: `statement-sql-${next()}`,
      amount: 13_000,
      currency: 'EUR',
      status: 'succeeded' as const,
      settledAt: AT,
      ...fields,
    });
    const azur = DEMO_IDS.suppliers.azurCoast;
    const [hold] = await t.db
      .insert(payments)
      .values(
        money(a!.id, azur, {
          kind: 'authorization',
          purpose: 'deposit',
          amount: 30_000,
          status: 'released',
          releasedAmount: 25_000,
        }),
      )
      .returning({ id: payments.id });
    await t.db
      .insert(payments)
      .values([
        money(a!.id, azur, {}),
        money(a!.id, azur, { kind: 'capture', purpose: 'deposit', parentId: hold!.id, amount: 5_000 }),
        money(a!.id, azur, { kind: 'counter', provider: 'counter', method: 'cash', amount: 700 }),
        money(a!.id, azur, { status: 'failed', amount: 999 }),
        money(a!.id, azur, { amount: 4_444, settledAt: LATER }),
        money(b!.id, azur, { amount: 5_500, currency: 'SEK' }),
        money(other!.id, other!.supplierId, { amount: 9_900 }),
      ]);
    const refund = (amount: number, status: 'succeeded' | 'pending', refundedAt = AT) => ({
      bookingId: a!.id,
      key: `statement-sql-refund-${next()}`,
      provider: 'demo' as const,
      amount,
      currency: 'EUR',
      status,
      refundedAt,
    });
    await t.db
      .insert(refunds)
      .values([refund(2_101, 'succeeded'), refund(50, 'pending'), refund(60, 'succeeded', LATER)]);
  });
  afterAll(() => t.close());

  it("classes every invoice line's item in the part of revenue the contract does", async () => {
    const items: InvoiceItem[] = [
      'rental',
      ...EXTRAS,
      ...PLACE_FEES,
      'promo',
      ...CHARGE_KINDS.map((kind) => `charge.${kind}` as const),
      'amendment',
      'return_charges',
      'later_charges',
      'no_show',
      'refund',
    ];
    for (const item of items) {
      const result = await t.db.execute(sql`select ${REVENUE_PART(sql`${item}::text`)} as part`);
      expect((result as unknown as { rows: { part: string | null }[] }).rows[0]!.part, item).toBe(revenuePartOf(item));
    }
  });

  for (const name of ['supplier', 'all'] as const) {
    it(`the ${name === 'all' ? "admin's every supplier's" : "supplier's"} totals are the sums of every row of the month`, async () => {
      const scope = scopes[name];
      const rows = await monthRowsPage(t.db, scope, 0, 10_000);
      const { totals, rowCount } = await monthTotals(t.db, scope);
      expect(rowCount).toBe(rows.length);
      const deposits = new Map(totals.map((own) => [own.currency, own.deposits]));
      expect(totals).toEqual(statementTotals(rows, (currency) => deposits.get(currency)!));
      // The deposit: held, a part captured, the rest released — of this month only.
      expect(deposits.get('EUR')).toEqual({ held: 30_000, captured: 5_000, released: 25_000 });
      expect(totals.map((own) => own.currency)).toEqual(['EUR', 'SEK']);
      // Each document's rows are its lines per VAT rate; money outside the month, failed or pending is no row.
      const documents = rows.filter((row) => row.type === 'invoice' || row.type === 'credit_note');
      const shape = ({
        number,
        vatRate,
        net,
        vat,
        gross,
        parts,
        priceChange,
      }: StatementRow | (typeof expected)[number]) => ({ number, vatRate, net, vat, gross, parts, priceChange });
      expect(
        documents
          .filter((row) => row.number.startsWith('INV-2025-000') || row.number.startsWith('CN-2025-000'))
          .map(shape),
      ).toEqual(expect.arrayContaining(expected.map(shape)));
      const others = documents.filter((row) => row.number === 'INV-2025-0003');
      expect(others).toHaveLength(name === 'all' ? 1 : 0);
      const gross = (type: StatementRow['type']) =>
        rows
          .filter((row) => row.type === type && row.currency === 'EUR')
          .map((row) => row.gross)
          .sort((x, y) => x - y);
      expect(gross('payment')).toEqual(name === 'all' ? [700, 5_000, 9_900, 13_000] : [700, 5_000, 13_000]);
      expect(gross('refund')).toEqual([-2_101]);
      // The pages are slices of the one order.
      const [page1, page2] = await Promise.all([monthRowsPage(t.db, scope, 0, 3), monthRowsPage(t.db, scope, 3, 3)]);
      expect([...page1, ...page2]).toEqual(rows.slice(0, 6));
      for (const part of REVENUE_PARTS) expect(totals[0]!.revenue[part]).not.toBe(0);
    });
  }

  it('the screen reads the same totals through HTTP, with no row', async () => {
    const supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/statement?month=${MONTH}&size=0`, headers: supplier });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      month: MONTH,
      supplierId: DEMO_IDS.suppliers.azurCoast,
      ...(await monthTotals(t.db, scopes.supplier)),
      // When they were summed: the totals are kept a minute (statement-totals-cache.test.ts).
      asOf: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      rows: [],
    });
  });
});
