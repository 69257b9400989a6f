import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, screenTests } from '#web/test-utils';
import { BookingDocuments } from './components/booking-documents';

// The booking page offers its receipt and its calendar file as downloads.

screenTests(['bookings']);

describe('booking documents', () => {
  it('links the receipt and the calendar file of this booking, as downloads', async () => {
    const id = 'b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';
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
    renderScreen(<BookingDocuments bookingId="b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11" cancelled />);
    expect(await screen.findByRole('link', { name: 'Download receipt' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });
});
