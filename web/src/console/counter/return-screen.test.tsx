import type { Charge, ReturnQuote } from '@roam/contract/counter.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';
import { BOOKING_ID, counterBooking } from './counter-fixtures';

screenTests();

// The return at the lot (docs/architecture.md §5 "After the booking"): the readings, the charges as the server quotes
// them with each computation printed, the return confirmed with the quote's total; then waiving and adding charges.

const PATH = `/operator/bookings/${BOOKING_ID}/return`;
const onRent = counterBooking({
  status: 'on_rent',
  actions: ['return'],
  checkOut: {
    _id: 'c0ffee00-0000-4000-8000-000000000001',
    kind: 'check_out',
    at: '2030-06-01T10:05:00.000Z',
    by: null,
    location: { _id: '9a2b9a1e-5a1d-4a63-9a7e-0c9d7d4b2a11', name: 'Paris Charles de Gaulle Airport' },
    odometer: 10000,
    fuel: { kind: 'eighths', eighths: 8 },
    checklist: [],
    notes: '',
    licence: null,
    additionalDrivers: [],
    cleaning: false,
  },
});
const fuel = {
  kind: 'fuel' as const,
  currency: 'EUR',
  amount: 5063,
  lines: [
    { key: 'fuelAtCheckOut' as const, value: 8, unit: 'eighths' as const },
    { key: 'fuelAtReturn' as const, value: 5, unit: 'eighths' as const },
    { key: 'missingEighths' as const, value: 3, unit: 'eighths' as const },
    { key: 'tankLitres' as const, value: 50, unit: 'litres' as const },
    { key: 'missingLitres' as const, value: 18.8, unit: 'litres' as const },
    { key: 'pricePerLitre' as const, value: 190, unit: 'money' as const },
    { key: 'fuelCost' as const, value: 3563, unit: 'money' as const },
    { key: 'refuellingFee' as const, value: 1500, unit: 'money' as const },
  ],
};
const late = {
  kind: 'late' as const,
  currency: 'EUR',
  amount: 3000,
  lines: [
    { key: 'minutesLate' as const, value: 70, unit: 'minutes' as const },
    { key: 'graceMinutes' as const, value: 59, unit: 'minutes' as const },
    { key: 'lateDays' as const, value: 0, unit: 'days' as const },
    { key: 'dayPrice' as const, value: 4000, unit: 'money' as const },
    { key: 'lateHours' as const, value: 2, unit: 'hours' as const },
    { key: 'pricePerHour' as const, value: 1500, unit: 'money' as const },
    { key: 'hoursCost' as const, value: 3000, unit: 'money' as const },
  ],
};
const quote: ReturnQuote = {
  currency: 'EUR',
  lines: [fuel, late].map((computation) => ({
    kind: computation.kind,
    amount: computation.amount,
    computation,
    vatRate: 20,
  })),
  total: 8063,
  balance: null,
};
const stored = (computation: typeof fuel | typeof late, id: string): Charge => ({
  _id: id,
  kind: computation.kind,
  amount: computation.amount,
  computation,
  vatRate: 20,
  currency: 'EUR',
  note: '',
  createdAt: '2030-06-04T11:20:00.000Z',
  createdBy: null,
  waived: null,
});
const FUEL_CHARGE = 'c4a26e00-0000-4000-8000-000000000001';
const returned = counterBooking({
  status: 'returned',
  actions: ['addCharge'],
  checkOut: onRent.checkOut,
  charges: [stored(fuel, FUEL_CHARGE), stored(late, 'c4a26e00-0000-4000-8000-000000000002')],
});

describe('the return screen', () => {
  it('prints each charge the server quotes with its computation, and confirms the return with the quote’s total', async () => {
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () => Response.json(onRent),
      'GET /api/locations': () =>
        Response.json([
          {
            _id: '9a2b9a1e-5a1d-4a63-9a7e-0c9d7d4b2a11',
            name: 'Paris Charles de Gaulle Airport',
            countryName: 'France',
            timeZone: 'Europe/Paris',
          },
        ]),
      [`POST /api/return-quote/${BOOKING_ID}`]: () => Response.json(quote),
      [`POST /api/return/${BOOKING_ID}`]: () => Response.json(returned),
    });
    expect(await screen.findByText('At check-out: 10000 km')).toBeTruthy();
    expect(screen.getByText('At check-out: 8/8')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Odometer'), '10850');
    await userEvent.click(screen.getByRole('radio', { name: '5/8' }));
    await userEvent.clear(screen.getByLabelText('Return date'));
    await userEvent.type(screen.getByLabelText('Return date'), '2030-06-04');
    await userEvent.clear(screen.getByLabelText('Return time'));
    await userEvent.type(screen.getByLabelText('Return time'), '13:10');
    await userEvent.click(screen.getByRole('button', { name: 'Work out the charges' }));

    const charges = await screen.findByRole('region', { name: 'Charges' });
    expect(within(charges).getByText('3/8 × 50 L × 1.90 € + 15 € refuelling fee = 50.63 €')).toBeTruthy();
    expect(within(charges).getByText('70 min late, 59 min free: 2 hr started × 15 € = 30 €')).toBeTruthy();
    expect(within(charges).getByText('Charges in total: 80.63 €')).toBeTruthy();
    const readings = calls.find((call) => call.route === `POST /api/return-quote/${BOOKING_ID}`)?.body;
    // 13:10 in Paris in June is 11:10 UTC.
    expect(readings).toMatchObject({
      odometer: 10850,
      fuel: { kind: 'eighths', eighths: 5 },
      returnedAt: '2030-06-04T11:10:00.000Z',
      damages: [],
      cleaning: false,
    });

    // A reading changed after the quote: the quote is gone until worked out again.
    await userEvent.click(screen.getByRole('checkbox', { name: 'The car needs cleaning' }));
    expect(screen.queryByRole('button', { name: 'Confirm the return' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Work out the charges again' })).toBeTruthy();
    // Back to the readings quoted: their quote stands.
    await userEvent.click(screen.getByRole('checkbox', { name: 'The car needs cleaning' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the return' }));
    expect(await screen.findByText('The Renault Clio is back.')).toBeTruthy();
    expect(calls.find((call) => call.route === `POST /api/return/${BOOKING_ID}`)?.body).toMatchObject({
      odometer: 10850,
      returnedAt: '2030-06-04T11:10:00.000Z',
      expectedTotal: 8063,
    });
  });

  it('waives a charge with a reason, and adds a toll found later', async () => {
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: () => Response.json(returned),
      [`POST /api/waive-charge/${FUEL_CHARGE}`]: () =>
        Response.json({
          ...returned,
          charges: returned.charges.map((charge) =>
            charge._id === FUEL_CHARGE
              ? {
                  ...charge,
                  waived: {
                    at: '2030-06-04T12:00:00.000Z',
                    by: { _id: returned.supplier._id, name: 'Azur Coast Rentals' },
                    reason: 'Loyal customer',
                  },
                }
              : charge,
          ),
        }),
      [`POST /api/add-charge/${BOOKING_ID}`]: () => Response.json(returned),
    });
    expect(await screen.findByText('Charges not waived: 80.63 €')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Waive this charge (Fuel)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Waive it' }));
    expect(screen.getByText('Say why, in a few words.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Why this charge (Fuel) is waived'), 'Loyal customer');
    await userEvent.click(screen.getByRole('button', { name: 'Waive it' }));
    expect(await screen.findByText(/Waived on .* by Azur Coast Rentals: Loyal customer/)).toBeTruthy();
    expect(screen.getByText('Charges not waived: 30 €')).toBeTruthy();
    expect(calls.find((call) => call.route === `POST /api/waive-charge/${FUEL_CHARGE}`)?.body).toEqual({
      reason: 'Loyal customer',
    });

    const later = screen.getByRole('group', { name: 'Add a charge' });
    await userEvent.selectOptions(within(later).getByLabelText('Kind'), 'Toll');
    await userEvent.type(within(later).getByLabelText('Amount (EUR)'), '12,40');
    await userEvent.type(within(later).getByLabelText('Note (the customer sees it)'), 'A7 toll, Lyon');
    await userEvent.click(within(later).getByRole('button', { name: 'Add the charge' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === `POST /api/add-charge/${BOOKING_ID}`)?.body).toEqual({
        kind: 'toll',
        amount: 1240,
        note: 'A7 toll, Lyon',
      }),
    );
  });
});
