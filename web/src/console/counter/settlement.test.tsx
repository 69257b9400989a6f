import type { CounterBalance } from '@roam/contract/counter.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';
import { BOOKING_ID, counterBooking } from './counter-fixtures';

screenTests();

// The settlement after the return (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"): the
// balance card, money taken at the desk with a key per payment (the balance by default), "Close the rental" offered
// but disabled until the balance is 0, and what was paid beyond the balance shown as to refund.

const PATH = `/operator/bookings/${BOOKING_ID}/return`;
const balance = (values: Partial<CounterBalance>): CounterBalance => ({
  currency: 'EUR',
  total: 12000,
  charges: 8063,
  paid: 12000,
  held: 0,
  due: 8063,
  excess: 0,
  atDesk: 0,
  ...values,
});
const open = counterBooking({ status: 'returned', actions: ['addCharge', 'recordPayment'], balance: balance({}) });
const settled = counterBooking({
  status: 'returned',
  actions: ['addCharge', 'close'],
  balance: balance({ paid: 20063, due: 0 }),
});

describe('the settlement', () => {
  it('takes the balance at the desk once, then closes the rental at 0', async () => {
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () => Response.json(open),
      [`POST /api/counter-payment/${BOOKING_ID}`]: () => Response.json(settled),
      [`POST /api/close-booking/${BOOKING_ID}`]: () => Response.json({ ...settled, status: 'closed', actions: [] }),
    });
    const card = await screen.findByRole('region', { name: 'Balance' });
    expect(within(card).getByText('80.63 €', { selector: '.counter-balance__due dd' })).toBeTruthy();
    const close = within(card).getByRole('button', { name: 'Close the rental' });
    expect(close).toHaveProperty('disabled', true);
    expect(within(card).getByText('The rental can be closed once the balance is 0.')).toBeTruthy();
    expect(within(card).getByLabelText('Amount (EUR)')).toHaveProperty('value', '80.63');

    await userEvent.click(within(card).getByRole('radio', { name: 'Cash' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Record the payment' }));
    expect(await screen.findByText('The payment is recorded.')).toBeTruthy();
    const sent = calls.find((call) => call.route === `POST /api/counter-payment/${BOOKING_ID}`)?.body;
    expect(sent).toMatchObject({ method: 'cash', amount: 8063 });
    expect((sent as { key: string }).key).toMatch(/^[A-Za-z0-9-]{8,64}$/);

    const enabled = within(await screen.findByRole('region', { name: 'Balance' })).getByRole('button', {
      name: 'Close the rental',
    });
    expect(enabled).toHaveProperty('disabled', false);
    await userEvent.click(enabled);
    expect(await screen.findByText('This rental is closed.')).toBeTruthy();
  });

  it('says at the amount when more than the balance is typed', async () => {
    renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () => Response.json(open),
      [`POST /api/counter-payment/${BOOKING_ID}`]: () =>
        Response.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Please fix errors.',
            fieldErrors: { amount: ['The amount is more than the balance due (80.63 €).'] },
          },
          { status: 400 },
        ),
    });
    const card = await screen.findByRole('region', { name: 'Balance' });
    const amount = within(card).getByLabelText('Amount (EUR)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '90');
    await userEvent.click(within(card).getByRole('button', { name: 'Record the payment' }));
    expect(await within(card).findByText('The amount is more than the balance due.')).toBeTruthy();
  });

  it('shows an excess as to refund, keeps the rental open, and refunds it', async () => {
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () =>
        Response.json(
          counterBooking({
            status: 'returned',
            actions: ['refundExcess'],
            balance: balance({ paid: 22063, due: 0, excess: 2000 }),
          }),
        ),
      [`POST /api/counter-refund/${BOOKING_ID}`]: () => Response.json(settled),
    });
    const card = await screen.findByRole('region', { name: 'Balance' });
    expect(within(card).getByText('To refund')).toBeTruthy();
    expect(within(card).getByText('20 €')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Close the rental' })).toHaveProperty('disabled', true);
    await userEvent.click(within(card).getByRole('button', { name: 'Refund the excess' }));
    expect(await screen.findByText('The excess is refunded.')).toBeTruthy();
    expect(calls.some((call) => call.route === `POST /api/counter-refund/${BOOKING_ID}`)).toBe(true);
  });

  it('hands back at the desk what was paid there, with its method and a key', async () => {
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () =>
        Response.json(
          counterBooking({
            status: 'returned',
            actions: ['refundAtDesk'],
            balance: balance({ paid: 21063, due: 0, excess: 1000, atDesk: 1000 }),
          }),
        ),
      [`POST /api/counter-desk-refund/${BOOKING_ID}`]: () => Response.json(settled),
    });
    const card = await screen.findByRole('region', { name: 'Balance' });
    const form = within(card).getByRole('group', { name: 'Hand back at the desk' });
    expect(within(form).getByLabelText('Amount (EUR)')).toHaveProperty('value', '10.00');
    await userEvent.click(within(form).getByRole('radio', { name: 'Card terminal' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Record the refund' }));
    expect(await screen.findByText('The refund at the desk is recorded.')).toBeTruthy();
    const sent = calls.find((call) => call.route === `POST /api/counter-desk-refund/${BOOKING_ID}`)?.body;
    expect(sent).toMatchObject({ method: 'card_terminal', amount: 1000 });
    expect((sent as { key: string }).key).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('e-mails the customer a link to pay the balance online', async () => {
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () =>
        Response.json(counterBooking({ ...open, actions: ['recordPayment', 'sendPaymentLink'] })),
      [`POST /api/send-balance-link/${BOOKING_ID}`]: () => Response.json(open),
    });
    const card = await screen.findByRole('region', { name: 'Balance' });
    await userEvent.click(within(card).getByRole('button', { name: 'E-mail a payment link' }));
    expect(await screen.findByText(/A link to pay the balance online was e-mailed to/)).toBeTruthy();
    expect(calls.some((call) => call.route === `POST /api/send-balance-link/${BOOKING_ID}`)).toBe(true);
  });
});
