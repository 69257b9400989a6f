import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { BookingDocuments } from './components/booking-documents';

// The booking page offers its receipt, its calendar file and its invoices and credit notes as downloads.

screenTests(['bookings']);

describe('booking documents', () => {
  it('links the receipt and the calendar file of this booking, as downloads', async () => {
    const id = 'b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';
    serveApi({ [`GET /api/booking-invoices/${id}`]: () => Response.json([]) });
    renderScreen(<BookingDocuments bookingId={id} cancelled={false} />);
    const list = await screen.findByRole('list', { name: 'Documents' });
    const receipt = screen.getByRole('link', { name: 'Download receipt' });
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(list.contains(receipt) && list.contains(calendar)).toBe(true);
    expect(receipt.getAttribute('href')).toBe(`/api/booking-receipt/${id}`);
    expect(calendar.getAttribute('href')).toBe(`/api/booking-calendar/${id}`);
    expect(receipt.hasAttribute('download') && calendar.hasAttribute('download')).toBe(true);
  });

  it('offers no calendar file for a cancelled booking (s16 QA): there is no visit to add', async () => {
    serveApi({});
    renderScreen(<BookingDocuments bookingId="b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11" cancelled />);
    expect(await screen.findByRole('link', { name: 'Download receipt' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });

  it('links each invoice and credit note the booking has, by its number', async () => {
    const id = 'b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';
    const doc = (kind: string, number: string, docId: string) => ({
      id: docId,
      kind,
      number,
      issuedAt: '2026-11-28T10:00:00.000Z',
      invoiceNumber: kind === 'credit_note' ? 'INV-2026-0007' : null,
      net: 10000,
      vat: 2000,
      gross: 12000,
      currency: 'EUR',
    });
    serveApi({
      [`GET /api/booking-invoices/${id}`]: () =>
        Response.json([
          doc('invoice', 'INV-2026-0007', '1a2b3c4d-0000-4000-8000-000000000001'),
          doc('credit_note', 'CN-2026-0002', '1a2b3c4d-0000-4000-8000-000000000002'),
        ]),
    });
    renderScreen(<BookingDocuments bookingId={id} cancelled />);
    const invoice = await screen.findByRole('link', { name: 'Invoice INV-2026-0007' });
    const credit = screen.getByRole('link', { name: 'Credit note CN-2026-0002' });
    expect(invoice.getAttribute('href')).toBe(`/api/booking-invoice/${id}/1a2b3c4d-0000-4000-8000-000000000001`);
    expect(credit.getAttribute('href')).toBe(`/api/booking-invoice/${id}/1a2b3c4d-0000-4000-8000-000000000002`);
    expect(invoice.hasAttribute('download')).toBe(true);
  });
});
