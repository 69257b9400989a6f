import type { CancellationRequest } from '@roam/contract/cancellations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLIO, DRIVER, PARIS } from '#web/test-fixtures';
import { describedBy, screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

const PAID: CancellationRequest = {
  _id: '3c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  car: { _id: CLIO._id, name: 'Renault Clio' },
  supplier: { _id: SUPPLIER._id, name: 'Azur Coast Rentals' },
  driver: { _id: DRIVER._id, name: 'Jonas Berg', email: 'driver2@roam.localhost' },
  reference: 'WKA5XHXN',
  pickupLocation: { _id: PARIS._id, name: 'Paris Charles de Gaulle Airport', timeZone: 'Europe/Paris' },
  dropoffLocation: { _id: PARIS._id, name: 'Paris Charles de Gaulle Airport', timeZone: 'Europe/Paris' },
  pickupAt: '2030-03-04T09:00:00.000Z',
  dropoffAt: '2030-03-07T09:00:00.000Z',
  status: 'paid',
  paymentOption: 'full',
  paymentProvider: 'demo',
  price: 13200,
  paid: { amount: 13200, currency: 'EUR' },
  requestedAt: '2030-03-03T12:00:00.000Z',
  refund: { amount: 8800, currency: 'EUR', free: false, fee: 4400 },
};
const LATER: CancellationRequest = {
  ...PAID,
  _id: '4d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
  car: { _id: CLIO._id, name: 'Fiat 500' },
  status: 'pending',
  paymentOption: 'payLater',
  paymentProvider: null,
  paid: { amount: 0, currency: 'EUR' },
  refund: { amount: 0, currency: 'EUR', free: true, fee: 0 },
};

/** The queue as the server keeps it: a decided request leaves it. */
function queue() {
  let open = [PAID, LATER];
  const decided = (id: string) => {
    open = open.filter((request) => request._id !== id);
    return Response.json({ _id: id, status: 'cancelled', cancelRequest: false, refund: null });
  };
  return {
    'POST /api/cancellation-requests/1/10': () => Response.json({ results: open, totalCount: open.length }),
    [`POST /api/approve-cancellation/${PAID._id}`]: () => decided(PAID._id),
    [`POST /api/decline-cancellation/${LATER._id}`]: () => decided(LATER._id),
  };
}

const card = (car: string) => screen.getByRole('heading', { name: car, level: 2 }).closest('li') as HTMLElement;

// The console's screens are lazy chunks that compile on first use: on a loaded 2-core machine that can take over the
// 5 s default (as the car editor's tests wait).
const FIRST_PAINT = { timeout: 20_000 };

describe('the cancellation requests queue', { timeout: 40_000 }, () => {
  it('lists each open request with its booking, car, driver, period, amount paid and the refund approval gives', async () => {
    const { calls } = renderOperator('/operator/cancellation-requests', queue());
    const list = await screen.findByRole('list', { name: 'Cancellation requests' }, FIRST_PAINT);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const paid = card('Renault Clio');
    const fact = (term: string) => within(paid).getByText(term).nextElementSibling?.textContent;
    // The booking by its short reference; its period at the place's clock, with its zone (09:00 UTC is 10:00 there).
    expect(within(paid).getByRole('link', { name: 'WKA5XHXN' }).getAttribute('href')).toBe(
      `/operator/bookings/${PAID._id}`,
    );
    expect(fact('Driver')).toBe('Jonas Berg driver2@roam.localhost');
    expect(fact('Period')).toMatch(
      /^Mon, Mar 4, 2030, 10:00\sAM GMT\+1 to Thu, Mar 7, 2030, 10:00\sAM GMT\+1, Paris Charles de Gaulle Airport$/,
    );
    expect(fact('Paid online')).toBe('132 €');
    expect(fact('On approval')).toBe('Refund of 88 €, after a cancellation fee of 44 € (one rental day).');
    expect(within(card('Fiat 500')).getByText('Nothing: pay at pick-up')).toBeTruthy();
    expect(screen.getByText('2 open requests')).toBeTruthy();
    expect(calls.find((call) => call.route === 'POST /api/cancellation-requests/1/10')?.body).toEqual({
      language: 'en',
    });
  });

  it('approves only once the refund is shown and confirmed; the request then leaves the queue', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/cancellation-requests', queue());
    await screen.findByRole('list', { name: 'Cancellation requests' }, FIRST_PAINT);
    await user.click(within(card('Renault Clio')).getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('alertdialog', {
      name: 'Approve the cancellation of the Renault Clio booked by Jonas Berg?',
    });
    expect(describedBy(dialog)).toBe('Refund of 88 €, after a cancellation fee of 44 € (one rental day).');
    // Dismissed: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.route.startsWith('POST /api/approve-cancellation'))).toBe(false);

    await user.click(within(card('Renault Clio')).getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve the cancellation' }));
    expect(await screen.findByText('The booking is cancelled.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Renault Clio' })).toBeNull());
    expect(screen.getByText('1 open request')).toBeTruthy();
    expect(calls.filter((call) => call.route === `POST /api/approve-cancellation/${PAID._id}`)).toHaveLength(1);
  });

  it('declines with a message to the driver, which it requires', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/cancellation-requests', queue());
    await screen.findByRole('list', { name: 'Cancellation requests' }, FIRST_PAINT);
    await user.click(within(card('Fiat 500')).getByRole('button', { name: 'Decline…' }));
    const message = within(card('Fiat 500')).getByRole('textbox', { name: 'Message to the driver' });
    await user.click(within(card('Fiat 500')).getByRole('button', { name: 'Decline and send' }));
    await waitFor(() => expect(describedBy(message)).toContain('Please fill in the field: Message to the driver'));
    expect(calls.some((call) => call.route.startsWith('POST /api/decline-cancellation'))).toBe(false);
    await user.type(message, 'The car is already on its way to you.');
    await user.click(within(card('Fiat 500')).getByRole('button', { name: 'Decline and send' }));
    expect(await screen.findByText('The request was declined and the driver told.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Fiat 500' })).toBeNull());
    expect(calls.find((call) => call.route === `POST /api/decline-cancellation/${LATER._id}`)?.body).toEqual({
      message: 'The car is already on its way to you.',
    });
  });

  it('moves the focus into the decline form it opens, and back to Decline when it closes (s16 QA)', async () => {
    const user = userEvent.setup();
    renderOperator('/operator/cancellation-requests', queue());
    await screen.findByRole('list', { name: 'Cancellation requests' }, FIRST_PAINT);
    await user.click(within(card('Fiat 500')).getByRole('button', { name: 'Decline…' }));
    const message = within(card('Fiat 500')).getByRole('textbox', { name: 'Message to the driver' });
    await waitFor(() => expect(document.activeElement).toBe(message));
    await user.click(within(card('Fiat 500')).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card('Fiat 500')).getByRole('button', { name: 'Decline…' })),
    );
  });

  it('says so when nothing waits', async () => {
    renderOperator('/operator/cancellation-requests', {
      'POST /api/cancellation-requests/1/10': () => Response.json({ results: [], totalCount: 0 }),
    });
    expect(await screen.findByText('No cancellation request is waiting.', {}, FIRST_PAINT)).toBeTruthy();
  });
});
