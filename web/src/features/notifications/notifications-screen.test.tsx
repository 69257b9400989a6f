import type { Notification } from '@roam/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { SESSION_QUERY_KEY } from '#web/lib/session';
import { DRIVER } from '#web/test-fixtures';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { NotificationsScreen } from './notifications-screen';

// The notifications list (spec §2): its deletes ask with the app's own dialog.

screenTests(['notifications']);

const notification = (id: string, kind: string): Notification => ({
  _id: id,
  kind,
  params: {},
  bookingId: null,
  isRead: false,
  createdAt: '2026-05-04T10:00:00.000Z',
});
const FIRST = notification('a1000000-0000-4000-8000-000000000001', 'bookingConfirmed');
const SECOND = notification('a2000000-0000-4000-8000-000000000002', 'bookingPaid');

function renderNotifications(results: Notification[] = [FIRST, SECOND]) {
  const calls = serveApi({
    [`GET /api/Notifications/${DRIVER._id}/1/30`]: () => Response.json({ results, totalCount: results.length }),
    [`POST /api/delete-Notifications/${DRIVER._id}`]: () => Response.json({ count: 1 }),
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: DRIVER, unauthorized: false });
  renderScreen(<NotificationsScreen />, { path: '/notifications', queryClient });
  return () => calls.filter(({ route }) => route.startsWith('POST /api/delete-Notifications')).map(({ body }) => body);
}

/** The button named `name` inside the open dialog. */
const inDialog = async (name: string) => within(await screen.findByRole('alertdialog')).getByRole('button', { name });

describe('the notifications list', () => {
  it("asks with an accessible dialog before each delete, never the browser's confirm()", async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    const deletes = renderNotifications();
    const toolbar = await screen.findByRole('toolbar');

    // Delete all, dismissed: nothing deleted.
    await user.click(within(toolbar).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete all your notifications?' })).toBeTruthy();
    await user.click(await inDialog('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toEqual([]);

    // The selection, confirmed.
    await user.click(screen.getByRole('checkbox', { name: 'Select: Your booking has been confirmed.' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete the selected notifications (1)?' })).toBeTruthy();
    await user.click(await inDialog('Delete'));
    await waitFor(() => expect(deletes()).toEqual([{ ids: [FIRST._id] }]));

    // One row's own Delete, confirmed.
    const row = screen.getByText('Your booking has been paid.').closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await inDialog('Delete'));
    await waitFor(() => expect(deletes()).toEqual([{ ids: [FIRST._id] }, { ids: [SECOND._id] }]));
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it("opens a business's notice at the desk, a driver's on the booking's page", async () => {
    const booking = 'b1000000-0000-4000-8000-000000000001';
    renderNotifications([
      { ...notification('a3000000-0000-4000-8000-000000000003', 'bookingNew'), bookingId: booking },
      { ...notification('a4000000-0000-4000-8000-000000000004', 'cancelRequested'), bookingId: booking },
      { ...FIRST, bookingId: booking },
    ]);
    const views = await screen.findAllByRole('link', { name: 'View' });
    // The business's new booking says so (the server records it as `bookingNew`), not "a new notification".
    expect(screen.getByText('You have a new booking.')).toBeTruthy();
    expect(views.map((link) => link.getAttribute('href'))).toEqual([
      `/operator/bookings/${booking}`,
      `/operator/cancellation-requests#request-${booking}`,
      `/booking?b=${booking}`,
    ]);
  });

  // The operator's decision on a cancellation request, in the driver's words (they read "other" before).
  it("says what the operator decided on the driver's cancellation request, with the refund or the message", async () => {
    const decided = (id: string, kind: string, params: Notification['params']) => ({
      ...notification(id, kind),
      params,
    });
    renderNotifications([
      decided(FIRST._id, 'cancelApproved', {
        car: 'Renault Clio',
        status: 'cancelled',
        refundAmount: 8800,
        refundCurrency: 'EUR',
      }),
      decided(SECOND._id, 'cancelApproved', { car: 'Fiat 500', status: 'cancelled' }),
      decided('a3000000-0000-4000-8000-000000000003', 'cancelDeclined', {
        car: 'Fiat 500',
        message: 'The car is already on its way to you.',
      }),
    ]);
    expect(
      await screen.findByText('Your booking of the Renault Clio is cancelled, as you asked. 88 € will be refunded.'),
    ).toBeTruthy();
    expect(screen.getByText('Your booking of the Fiat 500 is cancelled, as you asked.')).toBeTruthy();
    expect(
      screen.getByText(
        'Your request to cancel the booking of the Fiat 500 was declined: The car is already on its way to you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('You have a new notification.')).toBeNull();
  });

  // A dearer change paid for that could not be made, and why (it read "other" before).
  it('says a paid change was not made, why, and what is refunded', async () => {
    const notMade = (id: string, reason: string) => ({
      ...notification(id, 'changeNotMade'),
      params: { car: 'Renault Clio', reason, refundAmount: 3900, refundCurrency: 'EUR' },
    });
    renderNotifications([notMade(FIRST._id, 'taken'), notMade(SECOND._id, 'changed')]);
    expect(
      await screen.findByText(
        'Your booking of the Renault Clio is not changed: the car is no longer free for those days. 39 € will be refunded.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Your booking of the Renault Clio is not changed: it was changed or cancelled meanwhile. 39 € will be refunded.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('You have a new notification.')).toBeNull();
  });
});
