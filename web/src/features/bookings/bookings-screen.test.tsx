import type { BookingRow, BookingsQuery } from '@roam/contract/bookings';
import type { User } from '@roam/contract/users';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { BOOKING_YEAR, bookingRow, DRIVER } from '../../test-fixtures';
import { refusal, renderScreen, screenTests, screenWidth, serveApi } from '../../test-utils';
import { BookingsScreen } from './bookings-screen';

// The bookings list (spec §2 /bookings) as a driver and a supplier use it, against a stand-in server.

screenTests(['bookings']);

const FIRST = bookingRow('b1000000-0000-4000-8000-000000000001');
const SECOND = bookingRow('b2000000-0000-4000-8000-000000000002', { status: 'paid', price: 30000 });

function renderBookings(user: User = DRIVER) {
  screenWidth(1280);
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { user, unauthorized: false });
  return renderScreen(<BookingsScreen />, { path: '/bookings', queryClient });
}

const list = (results: BookingRow[]) => () => Response.json({ results, totalCount: results.length });
const queries = (calls: { route: string; body: unknown }[]) =>
  calls.filter(({ route }) => route.startsWith('POST /api/bookings/')).map(({ body }) => body as BookingsQuery);

describe('the bookings list', () => {
  it("lists the driver's bookings with their price per day, status and cost", async () => {
    serveApi({ 'POST /api/bookings/1/20': list([FIRST, SECOND]) });
    renderBookings();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const second = rows[2] as HTMLElement;
    expect(within(second).getByText('Paid')).toBeTruthy();
    expect(within(second).getByText('300 €')).toBeTruthy();
    expect(within(second).getByText('100 €/day')).toBeTruthy();
  });

  it('asks the server again with the statuses and pick-up days chosen', async () => {
    const calls = serveApi({ 'POST /api/bookings/1/20': list([FIRST]) });
    const user = userEvent.setup();
    renderBookings();
    await screen.findAllByRole('row');
    const filters = screen.getByRole('form', { name: 'Filter bookings' });
    await user.click(within(filters).getByRole('checkbox', { name: 'Paid' }));
    await user.type(within(filters).getByLabelText('Pick-up from'), `${BOOKING_YEAR}-05-01`);
    await waitFor(() => expect(queries(calls).at(-1)?.from).toBeDefined());
    expect(queries(calls).at(-1)).toMatchObject({ statuses: ['paid'], language: 'en' });
  });

  it("requests a booking's cancellation once the driver confirms it", async () => {
    const calls = serveApi({
      'POST /api/bookings/1/20': list([FIRST]),
      [`POST /api/cancel-booking/${FIRST._id}`]: () => Response.json({ ...FIRST, cancelRequest: true }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderBookings();
    await user.click(await screen.findByRole('button', { name: 'Cancel the booking of Renault Clio' }));
    expect(confirm).toHaveBeenCalledWith('Cancel the booking of Renault Clio?');
    expect(await screen.findByText('Cancel request submitted')).toBeTruthy();
    expect(calls.some(({ route }) => route === `POST /api/cancel-booking/${FIRST._id}`)).toBe(true);
  });

  it('deletes the selected bookings, and nothing when the confirmation is declined', async () => {
    const calls = serveApi({
      'POST /api/bookings/1/20': list([FIRST, SECOND]),
      'POST /api/delete-bookings': () => Response.json({ count: 2 }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderBookings();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all bookings on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete selection' }));
    expect(calls.some(({ route }) => route === 'POST /api/delete-bookings')).toBe(false);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete selection' }));
    expect(await screen.findByText('2 bookings deleted.')).toBeTruthy();
    expect(calls.find(({ route }) => route === 'POST /api/delete-bookings')?.body).toEqual({
      ids: [FIRST._id, SECOND._id],
    });
  });

  it('gives a supplier the new status of the selection; a driver has no such control', async () => {
    const calls = serveApi({
      'POST /api/bookings/1/20': list([FIRST]),
      'POST /api/update-booking-status': () => Response.json({ count: 1 }),
    });
    const user = userEvent.setup();
    renderBookings({ ...DRIVER, type: 'supplier' });
    await user.click(await screen.findByRole('checkbox', { name: /Select the booking of Renault Clio/ }));
    await user.selectOptions(screen.getByLabelText('New status'), 'reserved');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Status updated for 1 booking.')).toBeTruthy();
    expect(calls.find(({ route }) => route === 'POST /api/update-booking-status')?.body).toEqual({
      ids: [FIRST._id],
      status: 'reserved',
    });
    cleanup();

    serveApi({ 'POST /api/bookings/1/20': list([FIRST]) });
    renderBookings();
    await screen.findAllByRole('row');
    expect(screen.queryByLabelText('New status')).toBeNull();
  });

  it("says 'You are not allowed to do this.' when the server refuses an action", async () => {
    serveApi({
      'POST /api/bookings/1/20': list([FIRST]),
      'POST /api/delete-bookings': () => refusal(403, 'FORBIDDEN'),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderBookings();
    await user.click(await screen.findByRole('button', { name: 'Delete the booking of Renault Clio' }));
    expect(await screen.findByText('You are not allowed to do this.')).toBeTruthy();
  });
});
