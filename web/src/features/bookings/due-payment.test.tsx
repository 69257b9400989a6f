import type { BookingStatus } from '@roam/contract/bookings';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { SESSION_QUERY_KEY } from '#web/lib/session';
import { booking, DRIVER } from '#web/test-fixtures';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { BookingScreen } from './booking-screen';

// What is due, paid online from the booking page, in the words of what it is (docs/decisions/0008-counter-documents-
// stored-as-signed.md, "Settlement"): after the return the rental's balance with its charges at the return, after a
// no-show its fee — not a change's difference; before pick-up, what an operator's change made due.

screenTests(['bookings', 'checkout', 'cars']);

const ID = 'b5c00e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';
const AMENDMENT = '3f1e2d3c-4b5a-4d6c-8e7f-9a0b1c2d3e4f';

async function openDue(status: BookingStatus, paymentOption: 'full' | 'payLater') {
  serveApi({
    [`GET /api/booking/${ID}`]: () =>
      Response.json(
        booking(ID, {
          status,
          paymentOption,
          paymentProvider: 'demo',
          tookMoney: true,
          amounts: {
            currency: 'EUR',
            total: 12000,
            payNow: 12000,
            payAtPickup: 2500,
            securityDeposit: 0,
            securityDepositTaken: 'atPickup',
            securityDepositOn: 'card',
            held: 0,
            due: 2500,
          },
        }),
      ),
    [`GET /api/check-in/${ID}`]: () => Response.json({}, { status: 409 }),
    [`GET /api/booking-documents/${ID}`]: () => Response.json({ results: [] }),
    [`POST /api/pay-amendment/${ID}/${AMENDMENT}`]: () => Response.json({ bookingId: ID, status, payment: 'refund' }),
    [`POST /api/balance-payment/${ID}`]: () =>
      Response.json({
        amendmentId: AMENDMENT,
        amount: { amount: 2500, currency: 'EUR' },
        payment: { provider: 'demo', testMode: true },
      }),
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: DRIVER, unauthorized: false });
  renderScreen(<BookingScreen />, { path: `/booking?b=${ID}`, queryClient });
  await userEvent.click(await screen.findByRole('button', { name: 'Pay 25 € now' }));
}

describe('paying what is due from the booking page', () => {
  it("after the return: the rental's balance, the charges at the return in it", async () => {
    await openDue('returned', 'payLater');
    expect(await screen.findByRole('heading', { name: 'Pay the balance of your rental: 25 €' })).toBeTruthy();
    expect(screen.getByText(/the charges at the return included/)).toBeTruthy();
    expect(screen.queryByText(/or at the counter at pick-up/)).toBeNull();
    // Paid after the desk took the money meanwhile: refunded, and said so as a balance, not as a change.
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry date (MM/YY)'), '12/39');
    await userEvent.type(screen.getByLabelText('Card Validation Code (CVC)'), '123');
    await userEvent.type(screen.getByLabelText('Cardholder name'), 'Camille Martin');
    await userEvent.click(screen.getByRole('button', { name: 'Pay 25 €' }));
    expect(await screen.findByText(/^Your balance was settled meanwhile/)).toHaveProperty('role', 'alert');
  });

  it('after a no-show: its fee', async () => {
    await openDue('no_show', 'payLater');
    expect(await screen.findByRole('heading', { name: 'Pay the balance of your rental: 25 €' })).toBeTruthy();
    expect(screen.getByText(/the no-show fee by the supplier's terms/)).toBeTruthy();
  });

  it("before pick-up: what an operator's change made due", async () => {
    await openDue('paid', 'full');
    expect(await screen.findByRole('heading', { name: 'Pay what is due: 25 €' })).toBeTruthy();
    expect(screen.getByText(/or at the counter at pick-up/)).toBeTruthy();
  });
});
