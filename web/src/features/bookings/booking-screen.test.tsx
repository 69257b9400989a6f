import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { SESSION_QUERY_KEY } from '#web/lib/session';
import { BOOKING_YEAR, booking, CLIO, DRIVER, PARIS } from '#web/test-fixtures';
import { refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { BookingScreen } from './booking-screen';

// One booking (spec §2 /booking?b=…) as its driver sees it, against a stand-in server.

screenTests(['bookings', 'checkout', 'cars', 'locations', 'checkIn']);

const ID = 'b5c00e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';

async function renderBooking(
  shown: ReturnType<typeof booking>,
  signedIn = true,
  { search = '', handlers = {} }: { search?: string; handlers?: Parameters<typeof serveApi>[0] } = {},
) {
  const calls = serveApi({
    [`GET /api/booking/${ID}`]: () => Response.json(shown),
    [`GET /api/car/${CLIO._id}`]: () => Response.json(CLIO),
    ...handlers,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: signedIn ? DRIVER : null, unauthorized: false });
  renderScreen(<BookingScreen />, { path: `/booking?b=${ID}${search}`, queryClient });
  await screen.findByText(shown.car.name, { selector: 'dd' });
  return calls;
}

const terms = () => screen.getAllByRole('term').map((term) => term.textContent);

describe('the booking screen', () => {
  it("shows its locations' hours on its two days, and the key box for a time outside them", async () => {
    const day = [{ from: '08:00', to: '18:00' }];
    const openingHours = {
      weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
      // The drop-off day (4 June, 10:00 Paris time) is closed: only the key box takes the car back.
      closures: [{ date: `${BOOKING_YEAR}-06-04`, name: 'Inventory' }],
      afterHours: { feeMinor: 2500 },
    };
    await renderBooking(booking(ID), true, {
      handlers: { 'GET /api/locations': () => Response.json([{ ...PARIS, openingHours }]) },
    });
    const region = await screen.findByRole('region', { name: 'Opening hours on your days' });
    const row = (name: RegExp) => within(region).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(row(/^Pick-up location, June 1, \d{4}$/)).toBe('08:00–18:00');
    expect(row(/^Drop-off location, June 4, \d{4}$/)).toBe('Closed: Inventory');
    // Only the drop-off is outside the hours.
    expect(within(region).getByText('Your drop-off at 10:00 is outside these hours: use the key box.')).toBeTruthy();
    expect(within(region).queryByText(/Your pick-up/)).toBeNull();
  });

  it('shows no hours for locations that keep the site-wide ones', async () => {
    const calls = await renderBooking(booking(ID), true, {
      handlers: { 'GET /api/locations': () => Response.json([PARIS]) },
    });
    await waitFor(() => expect(calls.some((call) => call.route === 'GET /api/locations')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Opening hours on your days' })).toBeNull();
  });

  it("names the vehicle by its own type: a Vespa's booking says Scooter, not Car", async () => {
    await renderBooking(
      booking(ID, { car: { _id: CLIO._id, name: 'Vespa Elettrica', image: null, range: 'scooter' } }),
    );
    expect(screen.getByText('Vespa Elettrica', { selector: 'dd' }).previousElementSibling?.textContent).toBe('Scooter');
    expect(terms()).not.toContain('Car');
  });

  it("writes the additional driver's birth date through the locale", async () => {
    const additionalDriverDetails = {
      fullName: 'Alex Roux',
      email: 'alex@example.com',
      phone: '+33 6 98 76 54 32',
      birthDate: '1988-11-03',
    };
    await renderBooking(booking(ID, { additionalDriverDetails }));
    const row = screen.getByText('Additional driver', { selector: 'dt' }).nextElementSibling;
    expect(row?.textContent).toBe('Alex Roux · alex@example.com · +33 6 98 76 54 32 · November 3, 1988');
  });

  it('opens to a guest whose manage link granted it: read, change and cancel, no account actions', async () => {
    await renderBooking(booking(ID, { status: 'pending', amendable: true }), false);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to bookings' })).toBeNull();
    expect(screen.getByText('You are managing this booking without signing in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download receipt' })).toBeTruthy();
  });

  it("lets a guest's grant pay a booking awaiting payment: the operator's payment link", async () => {
    const holdExpiresAt = new Date(Date.now() + 3600_000).toISOString();
    await renderBooking(booking(ID, { status: 'void', holdExpiresAt }), false);
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(`/checkout?booking=${ID}`);
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
  });

  it("says what came of a change's difference paid on the card provider's page, and reads the booking again", async () => {
    const shown = booking(ID, { amendable: true });
    const outcome = (payment: string) => () =>
      Response.json({ bookingId: ID, status: 'paid', payment, summary: shown });
    const calls = await renderBooking(shown, false, {
      search: '&session=cs_test_1',
      handlers: { 'GET /api/checkout-session/cs_test_1': outcome('paid') },
    });
    expect((await screen.findByText('Your booking is changed.')).getAttribute('role')).toBe('status');
    const routes = calls.map(({ route }) => route);
    const checked = routes.indexOf('GET /api/checkout-session/cs_test_1');
    await waitFor(() => expect(routes.lastIndexOf(`GET /api/booking/${ID}`)).toBeGreaterThan(checked));
  });

  it("says the booking is unchanged when the difference was not paid on the provider's page", async () => {
    const shown = booking(ID, { amendable: true });
    await renderBooking(shown, false, {
      search: '&session=cs_test_2',
      handlers: {
        'GET /api/checkout-session/cs_test_2': () =>
          Response.json({ bookingId: ID, status: 'paid', payment: 'open', summary: shown }),
      },
    });
    expect(await screen.findByText('The difference was not paid, so your booking is unchanged.')).toBeTruthy();
  });

  it('shows a cancelled booking without the pick-up checklist (s16 QA): nothing is picked up', async () => {
    await renderBooking(booking(ID, { status: 'cancelled' }));
    expect(screen.queryByRole('heading', { name: 'Pick-up checklist' })).toBeNull();
  });

  it('shows the pick-up checklist of a booking still to be picked up', async () => {
    await renderBooking(booking(ID));
    expect(screen.getByRole('heading', { name: 'Pick-up checklist' })).toBeTruthy();
  });

  it('names the balance after the return (the charges in it) instead of "to pay at pick-up", and drops the checklist', async () => {
    await renderBooking(booking(ID, { status: 'returned' }), true, {
      handlers: {
        [`GET /api/check-in/${ID}`]: () => new Response(null, { status: 404 }),
        [`GET /api/booking-documents/${ID}`]: () => Response.json({ results: [] }),
      },
    });
    const amounts = screen.getByTestId('booking-amounts');
    expect(within(amounts).getByText('Balance of your rental, the charges at the return included')).toBeTruthy();
    expect(within(amounts).queryByText('To pay at pick-up')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pick-up checklist' })).toBeNull();
  });

  it('says the security deposit was settled once the rental is closed, not that it is held', async () => {
    await renderBooking(booking(ID, { status: 'closed' }), true, {
      handlers: {
        [`GET /api/check-in/${ID}`]: () => new Response(null, { status: 404 }),
        [`GET /api/booking-documents/${ID}`]: () => Response.json({ results: [] }),
      },
    });
    const amounts = screen.getByTestId('booking-amounts');
    expect(within(amounts).getByText('Security deposit, settled at the close (see the final receipt)')).toBeTruthy();
    expect(within(amounts).queryByText('Security deposit, held at pick-up')).toBeNull();
  });

  it('names what holds the deposit paid in full online: the payer’s PayPal, or the card', async () => {
    const paid = (securityDepositOn: 'card' | 'paypal') =>
      booking(ID, {
        status: 'paid',
        paymentOption: 'full',
        amounts: {
          ...booking(ID).amounts,
          payNow: 12000,
          payAtPickup: 0,
          due: 0,
          held: 50000,
          securityDepositTaken: 'now',
          securityDepositOn,
        },
      });
    const held = (where: string) => `Security deposit, held on your ${where}, not charged (released after the return)`;
    await renderBooking(paid('paypal'));
    const amounts = screen.getByTestId('booking-amounts');
    expect(within(amounts).getByText(held('PayPal account'))).toBeTruthy();
    expect(within(amounts).queryByText(held('card'))).toBeNull();
    cleanup();
    await renderBooking(paid('card'));
    expect(within(screen.getByTestId('booking-amounts')).getByText(held('card'))).toBeTruthy();
  });

  it('says "to pay at pick-up" before the pick-up', async () => {
    await renderBooking(booking(ID));
    expect(within(screen.getByTestId('booking-amounts')).getByText('To pay at pick-up')).toBeTruthy();
  });

  it('moves the focus into the editor it opens, and back to Edit when it closes (s16 QA: it fell to the page)', async () => {
    await renderBooking(booking(ID, { amendable: true }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Change the booking' })),
    );
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));
  });

  it("moves the focus to the page's main region once a cancellation is done (s16 QA: it fell to the page)", async () => {
    const shown = booking(ID, { status: 'paid' });
    serveApi({
      [`GET /api/booking/${ID}`]: () => Response.json(shown),
      [`GET /api/car/${CLIO._id}`]: () => Response.json(CLIO),
      [`GET /api/cancellation-quote/${ID}`]: () =>
        Response.json({
          decision: 'cancel',
          paid: { amount: 0, currency: 'EUR' },
          refund: { amount: 0, currency: 'EUR' },
          fee: 0,
          paymentProvider: null,
        }),
      [`POST /api/cancel-booking/${ID}`]: () => Response.json({ ...shown, status: 'cancelled' }),
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { user: DRIVER, unauthorized: false });
    renderScreen(
      <main id="main" tabIndex={-1}>
        <BookingScreen />
      </main>,
      { path: `/booking?b=${ID}`, queryClient },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });

  // The second outside audit, item 1: a booking an operator made in the driver's name at the desk can be refused by its
  // driver (here from the e-mail's manage link, as a guest) while they have not confirmed it by paying.
  it('offers to refuse a desk booking made in their name, and refuses it when confirmed', async () => {
    const shown = booking(ID, { bookedAtDesk: true, status: 'pending' });
    const calls = await renderBooking(shown, false, {
      handlers: {
        [`POST /api/refuse-booking/${ID}`]: () =>
          Response.json({ ...shown, status: 'cancelled', refusedAt: new Date().toISOString() }),
      },
    });
    expect(screen.getByText(/made this booking in your name at their desk/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Not my booking' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the booking' }));
    await waitFor(() => expect(calls.map((call) => call.route)).toContain(`POST /api/refuse-booking/${ID}`));
    expect(await screen.findByText('at /')).toBeTruthy();
  });

  it('offers no refusal once the desk booking is paid, nor for a booking the driver made', async () => {
    await renderBooking(booking(ID, { bookedAtDesk: true, status: 'paid', paidAt: new Date().toISOString() }));
    expect(screen.queryByRole('button', { name: 'Not my booking' })).toBeNull();
  });

  it('sends a visitor without the grant to sign in', async () => {
    serveApi({ [`GET /api/booking/${ID}`]: () => refusal(401, 'UNAUTHENTICATED') });
    const queryClient = createQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { user: null, unauthorized: false });
    renderScreen(<BookingScreen />, { path: `/booking?b=${ID}`, queryClient });
    expect(await screen.findByText(`at /sign-in?redirect=${encodeURIComponent(`/booking?b=${ID}`)}`)).toBeTruthy();
  });
});
