import { BOOKING_STATUSES } from '@roam/contract/bookings';
import { ROLE_PERMISSIONS } from '@roam/contract/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n';
import { bookingRow } from '#web/test-fixtures';
import { screenTests, screenWidth } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';
import { DESK_ID, deskPage, deskRow, deskTotals, OTHER_ID } from './desk-fixtures';

screenTests();

// The console's screens are lazy chunks that compile on first use.
const FIRST_PAINT = { timeout: 20_000 };

describe('the bookings desk list (docs/architecture.md §5 "The bookings desk")', { timeout: 60_000 }, () => {
  beforeEach(() => screenWidth(1280));

  it('finds a booking by the driver’s phone, on the server, and shows its contact, plate, money and a way in', async () => {
    const { calls } = renderOperator('/operator/bookings', {
      'POST /api/operator-bookings/1/20': ({ body }) =>
        Response.json(
          (body as { search?: string }).search
            ? deskPage([deskRow(bookingRow(DESK_ID))])
            : deskPage([deskRow(bookingRow(DESK_ID)), deskRow(bookingRow(OTHER_ID))]),
        ),
      'POST /api/operator-bookings-totals': ({ body }) =>
        Response.json(deskTotals((body as { search?: string }).search ? 1 : 2)),
    });
    const user = userEvent.setup();
    await screen.findByText('2 bookings', {}, FIRST_PAINT);
    await user.type(screen.getByLabelText("Reference, driver's name, e-mail or phone, or licence plate"), '06 71 23');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 booking');
    const asked = calls.filter(({ route }) => route === 'POST /api/operator-bookings/1/20').at(-1)?.body;
    expect(asked).toMatchObject({ search: '06 71 23', statuses: [], sort: 'createdDesc', language: 'en' });
    const list = screen.getByRole('list', { name: 'Bookings' });
    const [row] = within(list).getAllByRole('listitem');
    expect(within(row!).getByRole('link', { name: 'DESK4FND' }).getAttribute('href')).toBe(
      `/operator/bookings/${DESK_ID}`,
    );
    expect(within(row!).getByRole('link', { name: '+33 6 71 23 45 98' }).getAttribute('href')).toBe('tel:+33671234598');
    expect(row!.textContent).toContain('AB-123-CD');
    // Money in the reader's format, never minor units; the matches' sums beside the count.
    expect(row!.textContent).toContain('120 €');
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Revenue and refunds of these bookings' }).textContent).toBe(
        '1 booking: revenue 120 €, refunded 30 €',
      ),
    );
    expect(calls.filter(({ route }) => route === 'POST /api/operator-bookings-totals').at(-1)?.body).toEqual({
      search: '06 71 23',
      statuses: [],
      paymentStates: [],
    });
    // The server keeps a filter's sums a minute: the line says when they were summed, and Refresh sums them now.
    expect(screen.getByText(/^\(totals as of .*\d\d.*\)$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh the totals' }));
    await waitFor(() =>
      expect(calls.filter(({ route }) => route === 'POST /api/operator-bookings-totals').at(-1)?.body).toEqual({
        search: '06 71 23',
        statuses: [],
        paymentStates: [],
        fresh: true,
      }),
    );
  });

  it('offers every status of the contract as a filter and sends the filters, sort and page to the server', async () => {
    const { calls } = renderOperator('/operator/bookings', {
      'POST /api/operator-bookings/1/20': () => Response.json(deskPage([deskRow(bookingRow(DESK_ID))], true)),
      'POST /api/operator-bookings/2/20': () => Response.json(deskPage([deskRow(bookingRow(OTHER_ID))], true)),
      'POST /api/operator-bookings-totals': () => Response.json(deskTotals(45)),
    });
    const user = userEvent.setup();
    await screen.findByText('45 bookings', {}, FIRST_PAINT);
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    // "Any status" and each of the contract's statuses: a new status appears by itself.
    expect(status.options).toHaveLength(BOOKING_STATUSES.length + 1);
    await user.selectOptions(status, 'cancelled');
    await user.selectOptions(screen.getByLabelText('Payment'), 'refunded');
    await user.selectOptions(screen.getByLabelText('Online check-in'), 'Checked in online');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'pickupAsc');
    await waitFor(() =>
      expect(calls.filter(({ route }) => route.startsWith('POST /api/operator-bookings/')).at(-1)?.body).toMatchObject({
        statuses: ['cancelled'],
        paymentStates: ['refunded'],
        checkedIn: true,
        sort: 'pickupAsc',
      }),
    );
    const totalsAsked = () => calls.filter(({ route }) => route === 'POST /api/operator-bookings-totals').length;
    await waitFor(() => expect(totalsAsked()).toBe(4));
    await user.click(await screen.findByRole('button', { name: /next/i }));
    await waitFor(() => expect(calls.some(({ route }) => route === 'POST /api/operator-bookings/2/20')).toBe(true));
    // The totals are the filter's, asked once: not again for the sort or the next page.
    expect(totalsAsked()).toBe(4);
  });

  it('changes the status of the selected bookings, and offers the bookings export here', async () => {
    const { calls } = renderOperator('/operator/bookings', {
      'POST /api/operator-bookings/1/20': () =>
        Response.json(deskPage([deskRow(bookingRow(DESK_ID)), deskRow(bookingRow(OTHER_ID))])),
      'POST /api/operator-bookings-totals': () => Response.json(deskTotals(2)),
      'POST /api/update-booking-status': () => Response.json({ count: 2 }),
    });
    const user = userEvent.setup();
    await screen.findByText('2 bookings', {}, FIRST_PAINT);
    await user.click(screen.getByRole('checkbox', { name: 'Select every booking of this page' }));
    expect(screen.getByText('2 bookings selected')).toBeTruthy();
    const newStatus = screen.getByLabelText('New status') as HTMLSelectElement;
    // The counter's statuses are set by its own calls, never by hand.
    expect([...newStatus.options].map((option) => option.value)).not.toContain('on_rent');
    await user.selectOptions(newStatus, 'reserved');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Status changed for 2 bookings.')).toBeTruthy();
    expect(calls.find(({ route }) => route === 'POST /api/update-booking-status')?.body).toEqual({
      ids: [DESK_ID, OTHER_ID],
      status: 'reserved',
    });
    expect(screen.getByRole('heading', { name: /export/i })).toBeTruthy();
  });

  it('a counter agent reads the list without choosing rows for a status, nor the export (contract team.ts)', async () => {
    renderOperator('/operator/bookings', {
      'GET /api/my-access': () =>
        Response.json({
          role: 'counter',
          businessId: DESK_ID,
          branchIds: [],
          permissions: [...ROLE_PERMISSIONS.counter],
          twoFactor: { enabled: true, required: false },
        }),
      'POST /api/operator-bookings/1/20': () =>
        Response.json(deskPage([deskRow(bookingRow(DESK_ID)), deskRow(bookingRow(OTHER_ID))])),
      'POST /api/operator-bookings-totals': () =>
        Response.json({ totalCount: 2, totals: [], asOf: '2026-11-20T10:05:00.000Z' }),
    });
    await screen.findByText('2 bookings', {}, FIRST_PAINT);
    expect(within(screen.getByRole('list', { name: 'Bookings' })).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    expect(screen.queryByLabelText('New status')).toBeNull();
    expect(screen.queryByRole('heading', { name: /export/i })).toBeNull();
  });

  it('exports the bookings in French with the ";" a French spreadsheet splits on', async () => {
    await changeLanguage('fr', { save: false });
    renderOperator('/operator/bookings', {
      'POST /api/operator-bookings/1/20': () => Response.json(deskPage([deskRow(bookingRow(DESK_ID))])),
    });
    const link = await screen.findByRole('link', { name: 'Exporter les réservations (CSV)' }, FIRST_PAINT);
    expect(link.getAttribute('href')).toMatch(/separator=semicolon&language=fr$/);
    await changeLanguage('en', { save: false });
  });
});

describe('the bookings desk list on a phone', { timeout: 60_000 }, () => {
  it('asks 10 bookings a page at 360 px', async () => {
    screenWidth(360);
    const { calls } = renderOperator('/operator/bookings', {
      'POST /api/operator-bookings/1/10': () => Response.json(deskPage([deskRow(bookingRow(DESK_ID))])),
      'POST /api/operator-bookings-totals': () => Response.json(deskTotals(1)),
    });
    await screen.findByText('1 booking', {}, FIRST_PAINT);
    expect(calls.some(({ route }) => route === 'POST /api/operator-bookings/1/10')).toBe(true);
  });
});
