import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { invoicePayment } from '#server/features/invoices/invoice-issue.service.ts';
import { recordCharge } from '#server/features/ledger/ledger.service.ts';
import type { SecurityApp } from '#test/security-app.ts';
import { BOOKING, type Row } from './ownership-matrix.ts';

// A booking's invoices in the ownership matrix (docs/decisions/0011-invoices.md): exactly whoever may read the
// booking — its driver, its supplier, the admin; another driver or supplier 404. The PDF's row pays the fixture's
// booking through the ledger first, which issues its invoice.

/** `app`: the suite's app, once it is up. */
export function invoiceRows(app: () => SecurityApp): Row[] {
  const invoiced = async (bookingId: string) => {
    const t = app();
    const payment = await recordCharge(t.app.context, t.db, {
      booking: { id: bookingId, supplierId: DEMO_IDS.suppliers.azurCoast, currency: 'EUR' },
      purpose: 'rental',
      provider: 'demo',
      reference: `demo_${bookingId}`,
      amount: 10000,
      key: `booking-${bookingId}`,
    });
    return (await invoicePayment(t.app.context, t.db, payment))!.id;
  };
  return [
    {
      call: 'GET /api/booking-invoices/{id}',
      expected: BOOKING,
      request: (f) => ({ method: 'GET', url: `/api/booking-invoices/${f.bookingId}` }),
    },
    {
      call: 'GET /api/booking-invoice/{id}/{invoiceId}',
      expected: BOOKING,
      request: async (f) => ({
        method: 'GET',
        url: `/api/booking-invoice/${f.bookingId}/${await invoiced(f.bookingId)}`,
      }),
    },
    {
      call: 'POST /api/booking-invoice-buyer/{id}',
      expected: BOOKING,
      request: (f) => ({
        method: 'POST',
        url: `/api/booking-invoice-buyer/${f.bookingId}`,
        payload: { buyer: { name: 'Lumen Consulting SARL', vatNumber: 'FR12345678901' } },
      }),
    },
  ];
}
