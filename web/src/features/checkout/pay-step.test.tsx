import type { BookingSummary } from '@roam/contract/bookings';
import type { PaymentOutcome, PendingPayment } from '@roam/contract/checkout';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { bookingRow, NO_FEES_ANSWER } from '#web/test-fixtures';
import { refusal, renderScreen, screenTests, serveApi, stubWalletScript } from '#web/test-utils';
import { CheckoutScreen } from './checkout-screen';
import { CheckoutSessionScreen } from './checkout-session-screen';

// The payment step and the result page, against a stand-in server: the amount is
// the booking's own, in its own currency; a reload finds the step again; one outcome has one message.

screenTests(['checkout', 'bookings', 'cars']);
afterEach(() => {
  delete window.paypal;
});

const ID = 'b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';
const {
  driver: _driver,
  price: _price,
  cancelRequest: _c,
  holdExpiresAt: _h,
  amendable: _a,
  createdAt: _d,
  ...row
} = bookingRow(ID);
/** A booking made in Swedish kronor, paid in full online, not paid yet. */
const SUMMARY: BookingSummary = {
  ...row,
  reference: 'K7QX4M2P',
  status: 'void',
  paymentOption: 'full',
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
};
const PENDING: PendingPayment = {
  bookingId: ID,
  summary: SUMMARY,
  holdExpiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
  payment: { provider: 'demo', testMode: true },
  walletEnabled: false,
};
const GOOD = { number: '4242424242424242', expiry: `12${(new Date().getUTCFullYear() + 2) % 100}`, cvc: '123' };

const renderPayStep = (search = `?carId=clio&option=full&booking=${ID}`) =>
  renderScreen(<CheckoutScreen />, { path: `/checkout${search}`, route: '/checkout' });

async function payByCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), GOOD.expiry);
  await user.type(screen.getByLabelText('Card Validation Code (CVC)'), GOOD.cvc);
  await user.type(screen.getByLabelText('Cardholder name'), 'Robin Guest');
  await user.click(screen.getByRole('button', { name: 'Pay 3,450 kr' }));
}

describe('the payment step', () => {
  it("shows the booking's own amount and currency, whatever the display currency, with its summary", async () => {
    serveApi({ [`GET /api/booking-payment/${ID}`]: () => Response.json(PENDING) });
    // The customer switched to yen on the payment step: the charge stays what the booking fixed (the report).
    window.localStorage.setItem('roam.currency', 'JPY');
    renderPayStep();
    expect(await screen.findByRole('heading', { name: 'Amount due now: 3,450 kr' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay 3,450 kr' })).toBeTruthy();
    const amounts = screen.getByTestId('booking-amounts');
    expect(within(amounts).getByText('To pay online').nextElementSibling?.textContent).toBe('3,450 kr');
    expect(screen.getByText('K7QX4M2P')).toBeTruthy();
    expect(screen.getAllByText('Terminal 2, 95700 Roissy')).toHaveLength(2);
    expect(screen.queryByText(/¥/)).toBeNull();
  });

  it('is found again after a reload, for the same booking, while its hold lasts', async () => {
    const calls = serveApi({ [`GET /api/booking-payment/${ID}`]: () => Response.json(PENDING) });
    renderPayStep();
    await screen.findByRole('heading', { name: 'Amount due now: 3,450 kr' });
    expect(calls.filter(({ route }) => route === 'POST /api/checkout')).toEqual([]);
  });

  it('goes back to the form, its choices kept, when the hold has lapsed', async () => {
    serveApi({ [`GET /api/booking-payment/${ID}`]: () => refusal(409, 'CAR_UNAVAILABLE') });
    const { router } = renderPayStep();
    await waitFor(() => expect(router.state.location.search).toBe('?carId=clio&option=full'));
    expect(router.state.location.state).toEqual({ holdLapsed: true });
  });

  it('a declined card goes back to the form with the message there, not in a toast that outlives it', async () => {
    serveApi({
      ...NO_FEES_ANSWER,
      [`GET /api/booking-payment/${ID}`]: () => Response.json(PENDING),
      [`POST /api/demo-payment/${ID}`]: () => refusal(402, 'PAYMENT_FAILED'),
    });
    const user = userEvent.setup();
    const { router } = renderPayStep();
    await payByCard(user, '4000000000000002');
    await waitFor(() => expect(router.state.location.state).toEqual({ paymentFailed: true }));
    expect(router.state.location.search).toBe('?carId=clio&option=full');
    expect(document.querySelector('.toast')).toBeNull();
  });

  it('a paid card leads to the result page', async () => {
    serveApi({
      [`GET /api/booking-payment/${ID}`]: () => Response.json(PENDING),
      [`POST /api/demo-payment/${ID}`]: () => Response.json({ bookingId: ID, status: 'paid', payment: 'paid' }),
    });
    const user = userEvent.setup();
    renderPayStep();
    await payByCard(user, GOOD.number);
    expect(await screen.findByText(`at /checkout-session/${ID}`)).toBeTruthy();
  });

  it("says nothing more once the wallet's payment went through, whatever the wallet's script reports after", async () => {
    const wallet = stubWalletScript<{
      onApprove: (data: { orderID: string }) => Promise<void>;
      onError: (error: unknown) => void;
    }>();
    serveApi({
      [`GET /api/booking-payment/${ID}`]: () => Response.json({ ...PENDING, payment: null, walletEnabled: true }),
      [`POST /api/check-paypal-order/${ID}/ORDER-1`]: () =>
        Response.json({ bookingId: ID, status: 'paid', payment: 'paid' }),
    });
    renderScreen(<CheckoutScreen />, {
      path: `/checkout?booking=${ID}`,
      route: '/checkout',
      settings: {
        ...FALLBACK_SETTINGS,
        payment: { ...FALLBACK_SETTINGS.payment, card: null, wallet: true, paypalClientId: 'client' },
      },
    });
    await waitFor(() => expect(wallet.options()).toBeDefined());
    await wallet.options()!.onApprove({ orderID: 'ORDER-1' });
    // The provider's script reports an error as its buttons leave the page.
    wallet.options()!.onError(new Error('Detected container element removed from DOM'));
    expect(await screen.findByText(`at /checkout-session/${ID}`)).toBeTruthy();
    expect(screen.queryByText('Payment failed.')).toBeNull();
    wallet.restore();
  });
});

const outcome = (payment: PaymentOutcome['payment'], status: BookingSummary['status']): PaymentOutcome => ({
  bookingId: ID,
  status,
  payment,
  summary: { ...SUMMARY, status },
});

describe('the result page', () => {
  const renderResult = () =>
    renderScreen(<CheckoutSessionScreen />, { path: `/checkout-session/${ID}`, route: '/checkout-session/:sessionId' });

  it('one outcome, one message: the payment received, no failure said beside it', async () => {
    serveApi({ [`GET /api/checkout-session/${ID}`]: () => Response.json(outcome('paid', 'paid')) });
    renderResult();
    expect(await screen.findByRole('heading', { name: 'Congratulations!' })).toBeTruthy();
    expect(screen.getByText('Your payment was received and your booking is confirmed.')).toBeTruthy();
    expect(screen.queryByText('Payment failed.')).toBeNull();
  });

  it("carries the booking's confirmation: reference, places, amounts in its currency, the pick-up checklist", async () => {
    serveApi({ [`GET /api/checkout-session/${ID}`]: () => Response.json(outcome('paid', 'paid')) });
    renderResult();
    const summary = (await screen.findByText('K7QX4M2P')).closest('section') as HTMLElement;
    expect(within(summary).getByText('Confirmed – paid')).toBeTruthy();
    expect(within(summary).getAllByText('Terminal 2, 95700 Roissy')).toHaveLength(2);
    expect(within(summary).getByText('Paid online').nextElementSibling?.textContent).toBe('3,450 kr');
    expect(within(summary).getByText('Security deposit, held at pick-up').nextElementSibling?.textContent).toBe(
      '5,750 kr',
    );
    expect(within(summary).getByText("Bring a passport or ID and a driver's licence.")).toBeTruthy();
  });

  it('says a payment that is not completed is not, with a way to pay it', async () => {
    serveApi({ [`GET /api/checkout-session/${ID}`]: () => Response.json(outcome('open', 'void')) });
    renderResult();
    expect(await screen.findByText(/The payment of this booking is not completed/)).toBeTruthy();
    expect(screen.queryByText('Congratulations!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(`/checkout?booking=${ID}`);
  });

  it('says a failed payment failed, and nothing else', async () => {
    serveApi({ [`GET /api/checkout-session/${ID}`]: () => Response.json(outcome('failed', 'void')) });
    renderResult();
    expect(await screen.findByText('Payment failed.')).toBeTruthy();
    expect(screen.queryByText('Congratulations!')).toBeNull();
  });
});
