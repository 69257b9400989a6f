import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '#web/lib/api-client';
import { describedBy, refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { CardForm } from './card-form';

// The demo gateway's card form (spec §5 card messages) against a stand-in server.

screenTests(['checkout', 'payment']);

const BOOKING = 'b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const next = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

function renderCard() {
  const onPaid = vi.fn();
  const onFailed = vi.fn();
  renderScreen(
    <CardForm
      pay={(card) => api.post(`/api/demo-payment/${BOOKING}`, card)}
      amount="120 €"
      onPaid={onPaid}
      onFailed={onFailed}
    />,
  );
  return { onPaid, onFailed };
}

async function pay(user: ReturnType<typeof userEvent.setup>, card: { number: string; expiry: string; cvc: string }) {
  await user.type(input('Card number'), card.number);
  await user.type(input('Expiry date (MM/YY)'), card.expiry);
  await user.type(input('Card Validation Code (CVC)'), card.cvc);
  await user.type(input('Cardholder name'), 'Robin Guest');
  await user.click(screen.getByRole('button', { name: 'Pay 120 €' }));
}

describe('the card form', () => {
  it('groups the number by four and writes the expiry as MM/YY while typing', async () => {
    serveApi({});
    const user = userEvent.setup();
    renderCard();
    await user.type(input('Card number'), '4242424242424242');
    await user.type(input('Expiry date (MM/YY)'), '1230');
    expect(input('Card number').value).toBe('4242 4242 4242 4242');
    expect(input('Expiry date (MM/YY)').value).toBe('12/30');
  });

  it('says the three spec messages at their fields and focuses the card number, sending nothing', async () => {
    const calls = serveApi({});
    const user = userEvent.setup();
    const { onPaid } = renderCard();
    await pay(user, { number: '4242 4242 4242 4241', expiry: '0120', cvc: '1' });
    await waitFor(() => expect(describedBy(input('Card number'))).toBe('Invalid card number'));
    expect(describedBy(input('Expiry date (MM/YY)'))).toBe('Invalid expiry date');
    expect(describedBy(input('Card Validation Code (CVC)'))).toBe('Invalid Card Validation Code');
    await waitFor(() => expect(document.activeElement).toBe(input('Card number')));
    expect(calls).toEqual([]);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('pays with a valid card', async () => {
    const result = { bookingId: BOOKING, status: 'paid', payment: 'paid' };
    const calls = serveApi({ [`POST /api/demo-payment/${BOOKING}`]: () => Response.json(result) });
    const user = userEvent.setup();
    const { onPaid } = renderCard();
    await pay(user, { number: '4242424242424242', expiry: next.replace('/', ''), cvc: '123' });
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(result));
    expect(calls[0]?.body).toEqual({
      cardNumber: '4242 4242 4242 4242',
      expiry: next,
      cvc: '123',
      cardholder: 'Robin Guest',
    });
  });

  it('hands a declined payment to the checkout, which makes the booking again', async () => {
    serveApi({ [`POST /api/demo-payment/${BOOKING}`]: () => refusal(402, 'PAYMENT_FAILED') });
    const user = userEvent.setup();
    const { onFailed } = renderCard();
    await pay(user, { number: '4000000000000002', expiry: next.replace('/', ''), cvc: '123' });
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('PAYMENT_FAILED'));
  });
});
