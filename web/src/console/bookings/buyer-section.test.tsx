import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookingRow } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';
import { DESK_ID, deskBooking } from './desk-fixtures';

screenTests();

// The buyer on the booking's invoices at the desk (docs/decisions/0011-invoices.md): the driver until a business
// customer is named; its company name, address and VAT number sent as the contract's body; the driver again on
// request.

const FIRST_PAINT = { timeout: 20_000 };
const ACME = { name: 'Acme SAS', address: '1 rue de la Paix\n75002 Paris', vatNumber: 'FR40303265045' };

describe('the buyer on the invoices', () => {
  it('names a business customer, then makes the invoices out to the driver again', async () => {
    let buyer: typeof ACME | null = null;
    const { calls } = renderOperator(`/operator/bookings/${DESK_ID}`, {
      [`GET /api/operator-booking/${DESK_ID}`]: () =>
        Response.json(deskBooking(bookingRow(DESK_ID), { invoiceBuyer: buyer })),
      [`GET /api/booking-audit/${DESK_ID}/1/20`]: () =>
        Response.json({ totalCount: 0, baseCurrency: 'EUR', names: {}, results: [] }),
      [`POST /api/booking-invoice-buyer/${DESK_ID}`]: (request: { body: unknown }) => {
        buyer = (request.body as { buyer: typeof ACME | null }).buyer;
        return Response.json({ buyer });
      },
    });
    const section = await screen.findByRole('region', { name: 'Buyer on the invoices' }, FIRST_PAINT);
    expect(within(section).getByText(/^the driver, /)).toBeTruthy();

    // The company name is needed.
    await userEvent.click(within(section).getByRole('button', { name: 'Save the buyer' }));
    expect(await within(section).findByText('Please fill in the company name.')).toBeTruthy();

    await userEvent.type(within(section).getByLabelText('Company name'), ACME.name);
    await userEvent.type(within(section).getByLabelText('Address'), '1 rue de la Paix{Enter}75002 Paris');
    await userEvent.type(within(section).getByLabelText('VAT number'), ACME.vatNumber);
    await userEvent.click(within(section).getByRole('button', { name: 'Save the buyer' }));
    expect(await screen.findByText('The buyer is saved for the next invoices.')).toBeTruthy();
    const sent = calls.filter((call) => call.route === `POST /api/booking-invoice-buyer/${DESK_ID}`);
    expect(sent.map((call) => call.body)).toEqual([{ buyer: ACME }]);
    expect(await within(section).findByText('Acme SAS · FR40303265045')).toBeTruthy();

    await userEvent.click(within(section).getByRole('button', { name: 'Make them out to the driver' }));
    expect(await screen.findByText('The next invoices are made out to the driver.')).toBeTruthy();
    expect(calls.filter((call) => call.route === `POST /api/booking-invoice-buyer/${DESK_ID}`).at(-1)?.body).toEqual({
      buyer: null,
    });
  });
});
