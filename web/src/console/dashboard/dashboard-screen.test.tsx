import type { Dashboard } from '@roam/contract/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARIS } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { CLIO_ROW, renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// The dashboard as a supplier and the admin meet it, against a stand-in server.

const BOOKING_ID = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const PARIS_PLACE = { _id: PARIS._id, name: PARIS.name, timeZone: 'Europe/Paris' };
const answer = (): Dashboard => ({
  today: {
    places: [{ location: PARIS_PLACE, date: '2026-12-03', pickups: 1, dropoffs: 0 }],
    movements: [
      {
        bookingId: BOOKING_ID,
        reference: 'K7RD2QXM',
        kind: 'pickup',
        at: '2026-12-03T09:00:00.000Z',
        location: PARIS_PLACE,
        carName: 'Renault Clio',
        driverName: 'Dana Driver',
        status: 'paid',
        checkedInAt: null,
        overdue: false,
      },
    ],
    overdue: [],
  },
  openCancellationRequests: 2,
  unpaidHolds: 1,
  lapsingDeposits: [
    {
      bookingId: 'b-lapse',
      reference: 'K7M3P9QX',
      status: 'on_rent',
      amount: 30000,
      currency: 'EUR',
      expiresAt: '2026-06-03T17:45:00.000Z',
    },
  ],
  period: {
    from: '2026-12-01T00:00:00.000Z',
    to: '2027-01-01T00:00:00.000Z',
    baseCurrency: 'EUR',
    asOf: '2026-12-03T08:15:00.000Z',
    revenue: [
      { status: 'paid', currency: 'EUR', bookings: 2, amount: 30000, baseAmount: 30000, refunded: 0, baseRefunded: 0 },
      { status: 'paid', currency: 'USD', bookings: 1, amount: 11000, baseAmount: 10000, refunded: 0, baseRefunded: 0 },
      // A cancellation that kept a day's price: 90 € of revenue, 210 € refunded.
      {
        status: 'cancelled',
        currency: 'EUR',
        bookings: 1,
        amount: 9000,
        baseAmount: 9000,
        refunded: 21000,
        baseRefunded: 21000,
      },
    ],
    utilisation: {
      bySupplier: [{ supplier: CLIO_ROW.supplier, cars: 2, availableDays: 62, bookedDays: 15.5 }],
      byRange: [{ range: 'mini', cars: 2, availableDays: 62, bookedDays: 15.5 }],
      byPlace: [{ location: { _id: PARIS._id, name: PARIS.name }, cars: 2, availableDays: 62, bookedDays: 15.5 }],
    },
  },
});

describe('the dashboard', () => {
  it("shows today's pick-ups per place, the queues, the period's revenue in the base currency and utilisation", async () => {
    renderOperator('/operator/dashboard?first=2026-12-01&last=2026-12-31', {
      'GET /api/dashboard': () => Response.json(answer()),
    });
    const today = await screen.findByRole('table', { name: 'Pick-ups and drop-offs today by place' });
    const paris = within(today).getByRole('row', { name: /Paris Charles de Gaulle Airport/ });
    expect(
      within(paris)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '0']);
    // The console's own view of the booking, not the customer's page.
    expect(screen.getByRole('link', { name: 'K7RD2QXM' }).getAttribute('href')).toBe(
      `/operator/bookings/${BOOKING_ID}`,
    );
    expect(screen.getByText(/10:00/)).toBeTruthy();
    // A deposit held on a card that lapses before the return: its booking's counter screen, the amount and when.
    expect(screen.getByRole('link', { name: 'K7M3P9QX' }).getAttribute('href')).toBe(
      '/operator/bookings/b-lapse/return',
    );
    expect(screen.getByText(/a deposit of 300 € held on the card lapses on/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'open cancellation requests' }).getAttribute('href')).toBe(
      '/operator/cancellation-requests',
    );
    const revenue = screen.getByRole('table', { name: 'Revenue' });
    // On a phone each table scrolls inside its own region, which the keyboard reaches.
    const scroller = screen.getByRole('group', { name: 'Revenue' });
    expect(scroller.contains(revenue)).toBe(true);
    expect(scroller.tabIndex).toBe(0);
    const usd = within(revenue).getByRole('row', { name: /USD/ });
    expect(
      within(usd)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['USD', '1', '$110', '100 €', '$0']);
    // The cancelled booking counts the fee it kept; its refund shows as a refund.
    const cancelled = within(revenue).getByRole('row', { name: /Cancelled/ });
    expect(
      within(cancelled)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['EUR', '1', '90 €', '90 €', '210 €']);
    const total = within(revenue).getByRole('row', { name: /Revenue in total/ });
    expect(total.textContent).toContain('490 €');
    expect(total.textContent).toContain('210 €');
    const ranges = screen.getByRole('table', { name: 'By range' });
    expect(within(ranges).getByRole('row', { name: /^Car/ }).textContent).toContain('25%');
    // A supplier: no supplier to choose, no table by supplier.
    expect(screen.queryByRole('combobox', { name: 'Supplier' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'By supplier' })).toBeNull();
  });

  it("asks for the period's days, the last one included", async () => {
    const asked: string[] = [];
    renderOperator('/operator/dashboard?first=2026-12-01&last=2026-12-31', {
      'GET /api/dashboard': ({ url }) => {
        asked.push(url.search);
        return Response.json(answer());
      },
    });
    await screen.findByRole('table', { name: 'Revenue' });
    // The first look at a period computes its figures (fresh), never a snapshot kept from before.
    expect(new URLSearchParams(asked[0])).toEqual(
      new URLSearchParams({ from: '2026-12-01', to: '2027-01-01', language: 'en', fresh: 'true' }),
    );
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-07' } });
    await waitFor(() => expect(new URLSearchParams(asked.at(-1)).get('to')).toBe('2026-12-08'));
  });

  it('says when the period figures were computed, and refreshes them on demand', async () => {
    const asked: string[] = [];
    const computedAt = ['2026-12-03T08:15:00.000Z', '2026-12-03T08:47:00.000Z'];
    renderOperator('/operator/dashboard?first=2026-12-01&last=2026-12-31', {
      'GET /api/dashboard': ({ url }) => {
        asked.push(url.search);
        const body = answer();
        // Fresh figures are computed when asked: the first view's, then the refresh's.
        const asOf = computedAt[Math.min(asked.length, computedAt.length) - 1] ?? body.period.asOf;
        return Response.json({ ...body, period: { ...body.period, asOf } });
      },
    });
    const time = (iso: string) =>
      new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
    expect(await screen.findByText(`Revenue and utilisation as of ${time('2026-12-03T08:15:00.000Z')}`)).toBeTruthy();
    expect(new URLSearchParams(asked[0]).get('fresh')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(`Revenue and utilisation as of ${time('2026-12-03T08:47:00.000Z')}`)).toBeTruthy();
    expect(new URLSearchParams(asked.at(-1)).get('fresh')).toBe('true');
  });

  it('lets the admin choose a supplier, and charts utilisation by supplier', async () => {
    renderOperator(
      '/operator/dashboard',
      {
        'GET /api/dashboard': () => Response.json(answer()),
        'GET /api/all-suppliers': () => Response.json([]),
      },
      { ...SUPPLIER, type: 'admin' },
    );
    expect(await screen.findByRole('table', { name: 'By supplier' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Supplier' })).toBeTruthy();
  });
});
