import type { BookingRow, BookingsQuery } from '@roam/contract/bookings';
import type { User } from '@roam/contract/users';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { SESSION_QUERY_KEY } from '#web/lib/session';
import { BOOKING_YEAR, bookingRow, DRIVER } from '#web/test-fixtures';
import { refusal, renderScreen, screenTests, screenWidth, serveApi } from '#web/test-utils';
import { BookingsScreen } from './bookings-screen';

// The bookings list (spec §2 /bookings) as a driver and a supplier use it, against a stand-in server.

screenTests(['bookings']);

const FIRST = bookingRow('b1000000-0000-4000-8000-000000000001');
/** Paid in full online, in Swedish kronor: its amounts are the booking's own. */
const SECOND = bookingRow('b2000000-0000-4000-8000-000000000002', {
  reference: 'SEK2PAID',
  status: 'paid',
  paymentOption: 'full',
  price: 30000,
  amounts: {
    currency: 'SEK',
    total: 345_000,
    payNow: 345_000,
    payAtPickup: 0,
    securityDeposit: 575_000,
    securityDepositTaken: 'atPickup',
    securityDepositOn: 'card',
    held: 0,
    due: 0,
  },
});
const CANCELLED = bookingRow('b3000000-0000-4000-8000-000000000003', { status: 'cancelled' });
const OTHER_CANCELLED = bookingRow('b4000000-0000-4000-8000-000000000004', { status: 'cancelled' });
/** An unpaid online booking whose hold lasts ten more minutes. */
const UNPAID = bookingRow('b5000000-0000-4000-8000-000000000005', {
  status: 'void',
  paymentOption: 'full',
  holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
});

function renderBookings(user: User = DRIVER) {
  screenWidth(1280);
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { user, unauthorized: false });
  return renderScreen(<BookingsScreen />, { path: '/bookings', queryClient });
}

const list = (results: BookingRow[]) => () => Response.json({ results, totalCount: results.length });
const queries = (calls: { route: string; body: unknown }[]) =>
  calls.filter(({ route }) => route.startsWith('POST /api/bookings/')).map(({ body }) => body as BookingsQuery);

/** The app's own confirmation dialog, answered with the button named `answer`. */
async function answerDialog(user: ReturnType<typeof userEvent.setup>, title: string, answer: string) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: answer }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('the bookings list', () => {
  it("lists the driver's bookings with their reference, price per day, status and cost in their own currency", async () => {
    serveApi({ 'POST /api/bookings/1/20': list([FIRST, SECOND]) });
    // Whatever the display currency is now, a booking shows the amounts it was made with.
    window.localStorage.setItem('roam.currency', 'JPY');
    renderBookings();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const second = rows[2] as HTMLElement;
    expect(within(second).getByText('SEK2PAID')).toBeTruthy();
    expect(within(second).getByText('Confirmed – paid')).toBeTruthy();
    expect(within(second).getByText('3,450 kr')).toBeTruthy();
    expect(within(second).getByText('1,150 kr/day')).toBeTruthy();
    expect(within(second).getByText('Paid online: 3,450 kr')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Confirmed – pay at pick-up')).toBeTruthy();
    expect(screen.queryByText(/¥/)).toBeNull();
  });

  it('offers only what the server allows: no Delete on a paid booking, Delete on a cancelled one', async () => {
    serveApi({ 'POST /api/bookings/1/20': list([SECOND, CANCELLED]) });
    const user = userEvent.setup();
    renderBookings();
    const [, paid, cancelled] = await screen.findAllByRole('row');
    expect(within(paid as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(
      within(paid as HTMLElement).getByRole('button', { name: 'Cancel the booking of Renault Clio' }),
    ).toBeTruthy();
    expect(within(cancelled as HTMLElement).getByRole('button', { name: /Delete the booking/ })).toBeTruthy();
    expect(within(cancelled as HTMLElement).queryByRole('button', { name: /Cancel the booking/ })).toBeNull();
    // A selection with the paid booking in it cannot be deleted, as the server would refuse it all.
    await user.click(screen.getByRole('checkbox', { name: 'Select all bookings on this page' }));
    expect((screen.getByRole('button', { name: 'Delete selection' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an unpaid attempt as what it is while its hold lasts: pay now, or release the car', async () => {
    const calls = serveApi({
      'POST /api/bookings/1/20': list([UNPAID]),
      [`POST /api/release-booking/${UNPAID._id}`]: () => Response.json({ count: 1 }),
    });
    const user = userEvent.setup();
    renderBookings();
    const [, row] = await screen.findAllByRole('row');
    const unpaid = row as HTMLElement;
    expect(within(unpaid).getByText('Payment not completed')).toBeTruthy();
    expect(within(unpaid).getByText(/^Held until /)).toBeTruthy();
    expect(within(unpaid).queryByText(/Paid online/)).toBeNull();
    expect(
      within(unpaid).getByRole('link', { name: 'Pay now for the booking of Renault Clio' }).getAttribute('href'),
    ).toBe(`/checkout?booking=${UNPAID._id}`);
    for (const name of [/Edit the booking/, /Cancel the booking/, /Delete the booking/]) {
      expect(within(unpaid).queryByRole('button', { name })).toBeNull();
      expect(within(unpaid).queryByRole('link', { name })).toBeNull();
    }
    await user.click(within(unpaid).getByRole('button', { name: 'Release the car held for Renault Clio' }));
    await answerDialog(
      user,
      'Release the car held for Renault Clio? This unpaid booking is then dropped.',
      'Release the car',
    );
    expect(await screen.findByText('The car is released.')).toBeTruthy();
    expect(calls.some(({ route }) => route === `POST /api/release-booking/${UNPAID._id}`)).toBe(true);
  });

  it('asks the server again with the statuses and pick-up days chosen', async () => {
    const calls = serveApi({ 'POST /api/bookings/1/20': list([FIRST]) });
    const user = userEvent.setup();
    renderBookings();
    await screen.findAllByRole('row');
    const filters = screen.getByRole('form', { name: 'Filter bookings' });
    await user.click(within(filters).getByRole('checkbox', { name: 'Confirmed – paid' }));
    await user.type(within(filters).getByLabelText('Pick-up from'), `${BOOKING_YEAR}-05-01`);
    await waitFor(() => expect(queries(calls).at(-1)?.from).toBeDefined());
    expect(queries(calls).at(-1)).toMatchObject({ statuses: ['paid'], language: 'en' });
  });

  it("requests a booking's cancellation once the driver confirms it in the app's dialog, not the browser's", async () => {
    const calls = serveApi({
      'POST /api/bookings/1/20': list([FIRST]),
      // Not free by the terms: a request, with what approval gives back.
      [`GET /api/cancellation-quote/${FIRST._id}`]: () =>
        Response.json({
          decision: 'request',
          paid: { amount: 12000, currency: 'EUR' },
          refund: { amount: 8000, currency: 'EUR' },
          fee: 4000,
          paymentProvider: 'demo',
        }),
      [`POST /api/cancel-booking/${FIRST._id}`]: () => Response.json({ ...FIRST, cancelRequest: true }),
    });
    const browserConfirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderBookings();
    await user.click(await screen.findByRole('button', { name: 'Cancel the booking of Renault Clio' }));
    await answerDialog(user, 'Cancel the booking of Renault Clio?', 'Go back');
    expect(calls.some(({ route }) => route.startsWith('POST /api/cancel-booking'))).toBe(false);
    // The focus is back on the button that asked.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Cancel the booking of Renault Clio'),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel the booking of Renault Clio' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the booking of Renault Clio?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/receives your request and decides/).textContent).toBe(
      `Your terms do not make this cancellation free now: ${FIRST.supplier.name} receives your request and decides. If they accept, 80 € is refunded and 40 € (one rental day) is kept.`,
    );
    await answerDialog(user, 'Cancel the booking of Renault Clio?', 'Send the request');
    expect(await screen.findByText('Cancel request submitted')).toBeTruthy();
    expect(calls.some(({ route }) => route === `POST /api/cancel-booking/${FIRST._id}`)).toBe(true);
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('says before confirming that a free cancellation is decided at once, and how much comes back', async () => {
    const calls = serveApi({
      'POST /api/bookings/1/20': list([SECOND]),
      [`GET /api/cancellation-quote/${SECOND._id}`]: () =>
        Response.json({
          decision: 'now',
          paid: { amount: 345_000, currency: 'SEK' },
          refund: { amount: 345_000, currency: 'SEK' },
          fee: 0,
          paymentProvider: 'stripe',
        }),
      [`POST /api/cancel-booking/${SECOND._id}`]: () => Response.json({ ...SECOND, status: 'cancelled' }),
    });
    const user = userEvent.setup();
    renderBookings();
    await user.click(await screen.findByRole('button', { name: 'Cancel the booking of Renault Clio' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the booking of Renault Clio?' });
    expect(within(dialog).getByText(/free/).textContent).toMatch(
      /^Your terms make this cancellation free: the booking is cancelled at once and 3,450 kr is refunded to the card or account you paid with, usually within 5 to 10 days\.$/,
    );
    await answerDialog(user, 'Cancel the booking of Renault Clio?', 'Cancel the booking');
    expect(await screen.findByText('Booking cancelled.')).toBeTruthy();
    expect(calls.some(({ route }) => route === `POST /api/cancel-booking/${SECOND._id}`)).toBe(true);
  });

  it('deletes the selected bookings, and nothing when the confirmation is declined', async () => {
    const calls = serveApi({
      'POST /api/bookings/1/20': list([CANCELLED, OTHER_CANCELLED]),
      'POST /api/delete-bookings': () => Response.json({ count: 2 }),
    });
    const user = userEvent.setup();
    renderBookings();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all bookings on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete selection' }));
    await answerDialog(user, 'Delete 2 bookings? This cannot be undone.', 'Go back');
    expect(calls.some(({ route }) => route === 'POST /api/delete-bookings')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete selection' }));
    await answerDialog(user, 'Delete 2 bookings? This cannot be undone.', 'Delete');
    expect(await screen.findByText('2 bookings deleted.')).toBeTruthy();
    expect(calls.find(({ route }) => route === 'POST /api/delete-bookings')?.body).toEqual({
      ids: [CANCELLED._id, OTHER_CANCELLED._id],
    });
  });
  it('leaves the bulk status change to the console’s bookings desk: neither a supplier nor a driver gets it here', async () => {
    serveApi({ 'POST /api/bookings/1/20': list([FIRST]) });
    renderBookings({ ...DRIVER, type: 'supplier' });
    await screen.findByRole('checkbox', { name: /Select the booking of Renault Clio/ });
    expect(screen.queryByLabelText('New status')).toBeNull();
    cleanup();

    serveApi({ 'POST /api/bookings/1/20': list([FIRST]) });
    renderBookings();
    await screen.findAllByRole('row');
    expect(screen.queryByLabelText('New status')).toBeNull();
  });

  it("says 'You are not allowed to do this.' when the server refuses an action", async () => {
    serveApi({
      'POST /api/bookings/1/20': list([CANCELLED]),
      'POST /api/delete-bookings': () => refusal(403, 'FORBIDDEN'),
    });
    const user = userEvent.setup();
    renderBookings();
    await user.click(await screen.findByRole('button', { name: 'Delete the booking of Renault Clio' }));
    await answerDialog(user, 'Delete this booking? This cannot be undone.', 'Delete');
    expect(await screen.findByText('You are not allowed to do this.')).toBeTruthy();
  });
});
