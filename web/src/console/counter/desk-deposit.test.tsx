import { COUNTER_MESSAGES } from '@roam/contract/counter';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';
import { BOOKING_ID, counterBooking } from './counter-fixtures';

screenTests();

// The security deposit taken at the desk (docs/decisions/0012-deposit-holds.md, "Deposits at the desk"): offered on
// the return screen while the car is on rent and no deposit is held (the server's `recordDeposit`), the booking's
// deposit by default, sent with its method and a key; a refusal in the reader's words.

const PATH = `/operator/bookings/${BOOKING_ID}/return`;
const onRent = counterBooking({ status: 'on_rent', actions: ['return', 'recordDeposit'] });
const held = counterBooking({
  status: 'on_rent',
  actions: ['return'],
  amounts: { ...onRent.amounts, held: 50000 },
});

describe('the deposit at the desk', () => {
  it('records the booking’s deposit taken on the card terminal, once per key, then is no longer offered', async () => {
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () => Response.json(onRent),
      [`POST /api/counter-deposit/${BOOKING_ID}`]: () => Response.json(held),
    });
    const section = await screen.findByRole('region', { name: 'Security deposit at the desk' });
    expect(within(section).getByText(/This booking's deposit is 500\s€, not held yet/)).toBeTruthy();
    expect(within(section).getByLabelText('Amount (EUR)')).toHaveProperty('value', '500.00');
    await userEvent.click(within(section).getByRole('radio', { name: 'Card terminal' }));
    await userEvent.type(within(section).getByLabelText('Terminal slip (optional)'), 'slip 7');
    await userEvent.click(within(section).getByRole('button', { name: 'Record the deposit' }));
    expect(await screen.findByText('The deposit is recorded as held.')).toBeTruthy();
    const sent = calls.find((call) => call.route === `POST /api/counter-deposit/${BOOKING_ID}`)?.body;
    expect(sent).toMatchObject({ method: 'card_terminal', amount: 50000, reference: 'slip 7' });
    expect((sent as { key: string }).key).toMatch(/^[A-Za-z0-9-]{8,50}$/);
    expect(screen.queryByRole('region', { name: 'Security deposit at the desk' })).toBeNull();
  });

  it('says why the server refused it, in the reader’s words', async () => {
    renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () => Response.json(onRent),
      [`POST /api/counter-deposit/${BOOKING_ID}`]: () =>
        Response.json({ code: 'CONFLICT', message: COUNTER_MESSAGES.depositHeld }, { status: 409 }),
    });
    const section = await screen.findByRole('region', { name: 'Security deposit at the desk' });
    await userEvent.click(within(section).getByRole('button', { name: 'Record the deposit' }));
    expect(await within(section).findByText('A deposit is already held for this booking.')).toBeTruthy();
  });
});
