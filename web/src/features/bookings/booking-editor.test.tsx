import type { UpdateBookingBody } from '@roam/contract/bookings';
import { formatMinor } from '@roam/contract/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { BOOKING_YEAR, booking, CLIO } from '#web/test-fixtures';
import { describedBy, refusal, renderScreen, screenTests, serveApi, stubWalletScript } from '#web/test-utils';
import { BookingEditor } from './components/booking-editor';

// The booking editor (spec §2 /booking?b=…&edit=1) as a driver and an operator meet it.

screenTests(['bookings', 'checkout', 'cars']);

const year = BOOKING_YEAR;
const BOOKING = booking('b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11');

function renderEditor({ booking = BOOKING, operator = false } = {}) {
  const onDone = vi.fn();
  renderScreen(<BookingEditor booking={booking} operator={operator} onDone={onDone} />, { path: '/booking' });
  return onDone;
}

const car = () => Response.json(CLIO);
const eur = (amount: number) => formatMinor(amount, 'EUR', 'en');
const quote = (settlement: string, before: number, after: number) => {
  const money = (amount: number) => ({ amount, currency: 'EUR' });
  return {
    before: money(before),
    after: money(after),
    difference: money(after - before),
    settlement,
    amount: money(Math.abs(after - before)),
  };
};
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the booking editor', () => {
  it("shows each end's date and time on its place's clock", () => {
    serveApi({ [`GET /api/car/${CLIO._id}`]: car });
    renderEditor();
    expect(input('Pick-up date').value).toBe(`${year}-06-01`);
    expect(input('Pick-up time').value).toBe('10:00');
    expect(input('Drop-off date').value).toBe(`${year}-06-04`);
  });

  it("refuses a drop-off before the pick-up with 'Invalid drop-off time' at the drop-off date, and sends nothing", async () => {
    const calls = serveApi({ [`GET /api/car/${CLIO._id}`]: car });
    const user = userEvent.setup();
    renderEditor();
    await user.clear(input('Drop-off date'));
    await user.type(input('Drop-off date'), `${year}-05-30`);
    await user.click(screen.getByRole('button', { name: 'Check the price' }));
    await waitFor(() => expect(describedBy(input('Drop-off date'))).toBe('Invalid drop-off time'));
    expect(calls.some(({ route }) => /update-booking|amendment-quote/.test(route))).toBe(false);
  });

  it('prices the change first, then saves the quoted period and extras as instants, then closes', async () => {
    const calls = serveApi({
      [`GET /api/car/${CLIO._id}`]: car,
      [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('counter', 12000, 15900)),
      [`POST /api/update-booking/${BOOKING._id}`]: () => Response.json(BOOKING),
    });
    const user = userEvent.setup();
    const onDone = renderEditor();
    await user.clear(input('Drop-off date'));
    await user.type(input('Drop-off date'), `${year}-06-05`);
    await user.click(await screen.findByRole('switch', { name: 'Theft protection' }));
    await user.click(screen.getByRole('button', { name: 'Check the price' }));
    const summary = await screen.findByRole('region', { name: 'The price of this change' });
    expect(summary.textContent).toContain(eur(15900));
    expect(summary.textContent).toContain(`You pay ${eur(3900)} more at pick-up.`);
    expect(calls.some(({ route }) => route.startsWith('POST /api/update-booking'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const quoted = calls.find(({ route }) => route.startsWith('POST /api/amendment-quote'))?.body;
    const body = calls.find(({ route }) => route.startsWith('POST /api/update-booking'))?.body as UpdateBookingBody;
    expect(body).toEqual({
      pickupAt: `${year}-06-01T08:00:00.000Z`,
      dropoffAt: `${year}-06-05T08:00:00.000Z`,
      extras: { ...BOOKING.extras, theftProtection: true },
    });
    expect(quoted).toEqual(body);
    expect(await screen.findByText('Booking updated.')).toBeTruthy();
  });

  it('is used by keyboard alone (s15): Tab to a date, type it, Enter for the price, Space to confirm', async () => {
    const calls = serveApi({
      [`GET /api/car/${CLIO._id}`]: car,
      [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('refund', 12000, 9000)),
      [`POST /api/update-booking/${BOOKING._id}`]: () => Response.json(BOOKING),
    });
    const user = userEvent.setup();
    const onDone = renderEditor();
    /** Tabs forward until `target` has the focus (it must be reachable, within a form's worth of stops). */
    const tabTo = async (target: HTMLElement) => {
      for (let stop = 0; stop < 20 && document.activeElement !== target; stop++) await user.tab();
      expect(document.activeElement).toBe(target);
    };
    await tabTo(input('Drop-off date'));
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.keyboard(`${year}-06-03`);
    expect(input('Drop-off date').value).toBe(`${year}-06-03`);
    await tabTo(screen.getByRole('button', { name: 'Check the price' }));
    await user.keyboard('{Enter}');
    const summary = await screen.findByRole('region', { name: 'The price of this change' });
    expect(summary.textContent).toContain(eur(3000));
    // The focus stays on the form's button, now the confirmation: Space confirms the quoted change.
    const confirm = screen.getByRole('button', { name: 'Confirm the change' });
    expect(document.activeElement).toBe(confirm);
    await user.keyboard(' ');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = calls.find(({ route }) => route.startsWith('POST /api/update-booking'))?.body as UpdateBookingBody;
    expect(body).toMatchObject({ dropoffAt: `${year}-06-03T08:00:00.000Z` });
  });

  it('says a cheaper change is refunded and a dearer one charged; an edit prices it again', async () => {
    let answer = quote('refund', 15900, 12000);
    serveApi({
      [`GET /api/car/${CLIO._id}`]: car,
      [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(answer),
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Check the price' }));
    expect(await screen.findByText(`${eur(3900)} will be refunded`, { exact: false })).toBeTruthy();
    answer = quote('charge', 12000, 15900);
    await user.clear(input('Drop-off date'));
    await user.type(input('Drop-off date'), `${year}-06-05`);
    expect(screen.queryByRole('region', { name: 'The price of this change' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check the price' }));
    expect(await screen.findByText(`This change costs ${eur(3900)} more.`, { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Pay ${eur(3900)} and change` })).toBeTruthy();
  });

  describe('a dearer change of a booking paid online', () => {
    const AMENDMENT = '2e14385b-390b-41fa-b404-482cef5b873b';
    const payment = (provider: 'demo' | 'stripe' | null) => ({
      amendmentId: AMENDMENT,
      amount: { amount: 3900, currency: 'EUR' },
      payment:
        provider === 'demo'
          ? { provider, testMode: true }
          : provider === 'stripe'
            ? { provider, sessionId: 'cs_test_1', url: 'https://pay.example/cs_test_1' }
            : null,
    });
    const next = `12${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

    /** Quotes a day longer, then confirms it with the quote's "Pay … and change". */
    async function confirmDearer(user: ReturnType<typeof userEvent.setup>) {
      await user.clear(input('Drop-off date'));
      await user.type(input('Drop-off date'), `${year}-06-05`);
      await user.click(screen.getByRole('button', { name: 'Check the price' }));
      await user.click(await screen.findByRole('button', { name: `Pay ${eur(3900)} and change` }));
      return screen.findByRole('region', { name: `Pay the difference: ${eur(3900)}` });
    }
    async function payByCard(user: ReturnType<typeof userEvent.setup>) {
      await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
      await user.type(input('Expiry date (MM/YY)'), next);
      await user.type(input('Card Validation Code (CVC)'), '123');
      await user.type(input('Cardholder name'), 'Robin Guest');
      await user.click(screen.getByRole('button', { name: `Pay ${eur(3900)}` }));
    }

    it('confirming opens the payment of the difference under the form; the demo card pays it and the change is made', async () => {
      const calls = serveApi({
        [`GET /api/car/${CLIO._id}`]: car,
        [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('charge', 12000, 15900)),
        [`POST /api/amendment-payment/${BOOKING._id}`]: () => Response.json(payment('demo')),
        [`POST /api/pay-amendment/${BOOKING._id}/${AMENDMENT}`]: () =>
          Response.json({ bookingId: BOOKING._id, status: 'paid', payment: 'paid' }),
      });
      const user = userEvent.setup();
      const onDone = renderEditor();
      const paying = await confirmDearer(user);
      // The focus moves to what replaced the form's button; the booking stays as it is until paid.
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Pay the difference/ })),
      );
      expect(paying.textContent).toContain('Your booking stays as it is until the difference is paid.');
      expect(calls.some(({ route }) => route.startsWith('POST /api/update-booking'))).toBe(false);
      await payByCard(user);
      await waitFor(() => expect(onDone).toHaveBeenCalled());
      expect(await screen.findByText('Your booking is changed.')).toBeTruthy();
      const quoted = calls.find(({ route }) => route.startsWith('POST /api/amendment-quote'))?.body;
      expect(calls.find(({ route }) => route.startsWith('POST /api/amendment-payment'))?.body).toEqual(quoted);
      expect(calls.find(({ route }) => route.startsWith('POST /api/pay-amendment'))?.body).toMatchObject({
        cardNumber: '4242 4242 4242 4242',
      });
    });

    it('says when the car was taken meanwhile: the change is not made and the difference is refunded', async () => {
      serveApi({
        [`GET /api/car/${CLIO._id}`]: car,
        [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('charge', 12000, 15900)),
        [`POST /api/amendment-payment/${BOOKING._id}`]: () => Response.json(payment('demo')),
        [`POST /api/pay-amendment/${BOOKING._id}/${AMENDMENT}`]: () =>
          Response.json({ bookingId: BOOKING._id, status: 'paid', payment: 'refund' }),
      });
      const user = userEvent.setup();
      const onDone = renderEditor();
      await confirmDearer(user);
      await payByCard(user);
      // The payment goes away; the form says why, and its button, which prices the change again, has the focus.
      expect(
        await screen.findByText(
          'The change could not be made (the car is no longer free for those days, or the booking changed meanwhile)',
          { exact: false },
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('region', { name: /Pay the difference/ })).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check the price' })));
      expect(onDone).not.toHaveBeenCalled();
    });

    it('a declined card says so and may be tried again; an edit of the form drops the payment and prices again', async () => {
      serveApi({
        [`GET /api/car/${CLIO._id}`]: car,
        [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('charge', 12000, 15900)),
        [`POST /api/amendment-payment/${BOOKING._id}`]: () => Response.json(payment('demo')),
        [`POST /api/pay-amendment/${BOOKING._id}/${AMENDMENT}`]: () => refusal(402, 'PAYMENT_FAILED'),
      });
      const user = userEvent.setup();
      renderEditor();
      const paying = await confirmDearer(user);
      await payByCard(user);
      expect((await within(paying).findByRole('alert')).textContent).toBe('Payment failed.');
      expect(screen.getByRole('button', { name: `Pay ${eur(3900)}` })).toBeTruthy();
      await user.clear(input('Pick-up time'));
      await user.type(input('Pick-up time'), '11:00');
      expect(screen.queryByRole('region', { name: /Pay the difference/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Check the price' })).toBeTruthy();
    });

    it('paid after its window closed: says so, and the change is priced again', async () => {
      serveApi({
        [`GET /api/car/${CLIO._id}`]: car,
        [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('charge', 12000, 15900)),
        [`POST /api/amendment-payment/${BOOKING._id}`]: () => Response.json(payment('demo')),
        [`POST /api/pay-amendment/${BOOKING._id}/${AMENDMENT}`]: () => refusal(409, 'CONFLICT'),
      });
      const user = userEvent.setup();
      const onDone = renderEditor();
      await confirmDearer(user);
      await payByCard(user);
      expect(await screen.findByText('The time to pay this change has run out. Check the price again.')).toBeTruthy();
      expect(screen.queryByRole('region', { name: /Pay the difference/ })).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check the price' })));
      expect(onDone).not.toHaveBeenCalled();
    });

    it("by the wallet after its window closed: the server's refusal of the order reaches the form, not 'Payment failed.'", async () => {
      const wallet = stubWalletScript<{ createOrder: () => Promise<string>; onError: (error: unknown) => void }>();
      serveApi({
        [`GET /api/car/${CLIO._id}`]: car,
        [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('charge', 12000, 15900)),
        [`POST /api/amendment-payment/${BOOKING._id}`]: () => Response.json(payment(null)),
        [`POST /api/amendment-paypal-order/${BOOKING._id}/${AMENDMENT}`]: () => refusal(409, 'CONFLICT'),
      });
      const user = userEvent.setup();
      renderScreen(<BookingEditor booking={BOOKING} operator={false} onDone={vi.fn()} />, {
        path: '/booking',
        settings: {
          ...FALLBACK_SETTINGS,
          payment: { ...FALLBACK_SETTINGS.payment, card: null, wallet: true, paypalClientId: 'client' },
        },
      });
      await confirmDearer(user);
      await waitFor(() => expect(wallet.options()).toBeDefined());
      // The payer clicks the wallet's button: its script asks for the order, and reports the refusal as an error.
      const error = await wallet
        .options()!
        .createOrder()
        .catch((refused: unknown) => refused);
      wallet.options()!.onError(error);
      expect(await screen.findByText('The time to pay this change has run out. Check the price again.')).toBeTruthy();
      expect(screen.queryByText('Payment failed.')).toBeNull();
      wallet.restore();
    });

    it("a booking paid through the card provider: a link to the provider's page for the difference", async () => {
      serveApi({
        [`GET /api/car/${CLIO._id}`]: car,
        [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('charge', 12000, 15900)),
        [`POST /api/amendment-payment/${BOOKING._id}`]: () => Response.json(payment('stripe')),
      });
      const user = userEvent.setup();
      renderEditor();
      const paying = await confirmDearer(user);
      expect(within(paying).getByRole('link', { name: 'Pay by card' }).getAttribute('href')).toBe(
        'https://pay.example/cs_test_1',
      );
      expect(within(paying).queryByLabelText('Card number')).toBeNull();
    });
  });

  it("prices the extras in the booking's own currency at its rate, not the display currency (s16 QA)", async () => {
    serveApi({ [`GET /api/car/${CLIO._id}`]: car });
    renderEditor({ booking: { ...BOOKING, rate: 11, amounts: { ...BOOKING.amounts, currency: 'SEK' } } });
    const theft = await screen.findByRole('switch', { name: 'Theft protection' });
    const price = document.getElementById(theft.getAttribute('aria-describedby')!)!.textContent!;
    expect(price).toContain('kr');
    expect(price).not.toContain('€');
  });

  it('changes the drop-off place among the car’s places, priced with it', async () => {
    const orly = { _id: 'a7c1e2d3-0b4f-4c6a-9e8d-7f6a5b4c3d21', name: 'Paris Orly Airport', timeZone: 'Europe/Paris' };
    const calls = serveApi({
      [`GET /api/car/${CLIO._id}`]: () => Response.json({ ...CLIO, locations: [...CLIO.locations, orly] }),
      [`POST /api/amendment-quote/${BOOKING._id}`]: () => Response.json(quote('none', 12000, 12000)),
    });
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('option', { name: orly.name });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Drop-off location' }), orly.name);
    await user.click(screen.getByRole('button', { name: 'Check the price' }));
    expect(await screen.findByText('The price does not change.')).toBeTruthy();
    const quoted = calls.find(({ route }) => route.startsWith('POST /api/amendment-quote'))?.body as UpdateBookingBody;
    expect(quoted.dropoffLocationId).toBe(orly._id);
  });

  it("shows the server's date message at the pick-up date", async () => {
    serveApi({
      [`GET /api/car/${CLIO._id}`]: car,
      [`POST /api/amendment-quote/${BOOKING._id}`]: () =>
        refusal(400, 'VALIDATION_FAILED', { pickupAt: ['Pick-up time must be at least a few hours in the future'] }),
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Check the price' }));
    await waitFor(() =>
      expect(describedBy(input('Pick-up date'))).toBe('Pick-up time must be at least a few hours in the future'),
    );
    await waitFor(() => expect(document.activeElement).toBe(input('Pick-up date')));
  });

  it('says when the car is not available for the new dates', async () => {
    serveApi({
      [`GET /api/car/${CLIO._id}`]: car,
      [`POST /api/amendment-quote/${BOOKING._id}`]: () => refusal(409, 'CAR_UNAVAILABLE'),
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Check the price' }));
    expect(await screen.findByText('The car is not available for these dates.')).toBeTruthy();
  });

  it('lets an operator change the status, and sends only what changed of it', async () => {
    const calls = serveApi({
      [`GET /api/car/${CLIO._id}`]: car,
      [`POST /api/update-booking/${BOOKING._id}`]: () => Response.json(BOOKING),
    });
    const user = userEvent.setup();
    const onDone = renderEditor({ operator: true, booking: { ...BOOKING, amendable: false } });
    await user.selectOptions(screen.getByLabelText('Status'), 'reserved');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = calls.find(({ route }) => route.startsWith('POST /api/update-booking'))?.body as UpdateBookingBody;
    expect(body).toMatchObject({ status: 'reserved', pickupAt: BOOKING.pickupAt, dropoffAt: BOOKING.dropoffAt });
  });
});
