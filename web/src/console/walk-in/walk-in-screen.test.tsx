import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLIO, PARIS } from '#web/test-fixtures';
import { describedBy, screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// Walk-in and phone bookings as a supplier meets the screen, against a stand-in server.

const BOOKING_ID = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const searchAnswer = () =>
  Response.json({
    results: [{ ...CLIO, price: { total: 12000, perDay: 4000, rentalDays: 3 }, availability: 'available' }],
    totalCount: 1,
    supplierCounts: [],
  });

async function fillPeriodAndCar() {
  await screen.findByRole('option', { name: PARIS.name });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Place' }), PARIS.name);
  await userEvent.type(screen.getByLabelText('Pick-up date'), '2030-06-01');
  await userEvent.type(screen.getByLabelText('Drop-off date'), '2030-06-04');
  const cars = await screen.findByRole('group', { name: 'Car' });
  await userEvent.click(within(cars).getByRole('radio', { name: /Renault Clio from Azur Coast Rentals: 120 €/ }));
}

async function fillCustomer() {
  await userEvent.type(screen.getByLabelText('E-mail'), 'walk.in@example.com');
  await userEvent.type(screen.getByLabelText('Full name'), 'Wendy Walkin');
  await userEvent.type(screen.getByLabelText('Phone'), '+33 6 00 00 00 00');
  await userEvent.type(screen.getByLabelText('Date of birth'), '1990-01-01');
}

describe('walk-in and phone bookings', () => {
  it("lists the supplier's free cars at their price and books one at the counter for a new customer", async () => {
    const { calls } = renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': searchAnswer,
      'POST /api/walk-in': () =>
        Response.json(
          {
            bookingId: BOOKING_ID,
            reference: 'K7RD2QXM',
            status: 'pending',
            price: {
              rentalHours: 72,
              rentalDays: 3,
              rental: 12000,
              extras: {},
              extrasTotal: 0,
              priceChange: 0,
              total: 12000,
              deposit: 50000,
            },
            chargedAmount: 0,
            currency: 'EUR',
            holdExpiresAt: null,
            accountCreated: true,
            linkSent: false,
          },
          { status: 201 },
        ),
    });
    await fillPeriodAndCar();
    const search = calls.find((call) => call.route === 'POST /api/search-cars/1/50');
    expect(search?.body).toMatchObject({ pickupLocationId: PARIS._id, suppliers: [SUPPLIER._id] });
    // The extras the car sells (cancellation is included: nothing to choose).
    const extras = screen.getByRole('group', { name: 'Extras' });
    expect(within(extras).queryByRole('checkbox', { name: 'Cancellation' })).toBeNull();
    const theft = within(extras).getByRole('checkbox', { name: 'Theft protection' });
    // Each with its price, so the desk can say it before booking.
    expect(describedBy(theft)).toBe('+ 9 € (daily)');
    await userEvent.click(theft);
    await fillCustomer();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Booking K7RD2QXM is made: 120 €.')).toBeTruthy();
    expect(screen.getByText('The customer pays at the counter at pick-up.')).toBeTruthy();
    const booked = calls.find((call) => call.route === 'POST /api/walk-in');
    expect(booked?.body).toMatchObject({
      carId: CLIO._id,
      pickupLocationId: PARIS._id,
      payment: 'counter',
      extras: { theftProtection: true },
      customer: { kind: 'new', email: 'walk.in@example.com', fullName: 'Wendy Walkin', birthDate: '1990-01-01' },
    });
    expect(screen.getByRole('link', { name: 'Open the booking' }).getAttribute('href')).toBe(
      `/operator/bookings/${BOOKING_ID}`,
    );
  });

  it("shows the server's refusals at their fields, in the checkout's words", async () => {
    renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': searchAnswer,
      'POST /api/walk-in': () =>
        Response.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Please fix errors.',
            fieldErrors: { 'customer.birthDate': ['You must be at least 21 years old.'] },
          },
          { status: 400 },
        ),
    });
    // Nothing chosen: said at the fields, nothing sent.
    await userEvent.click(await screen.findByRole('button', { name: 'Book' }));
    expect(screen.getByText('Choose a place.')).toBeTruthy();
    await fillPeriodAndCar();
    await fillCustomer();
    await userEvent.click(screen.getByRole('radio', { name: /Payment link by e-mail/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    const birth = screen.getByLabelText('Date of birth');
    expect(await screen.findByText('You must be at least 21 years old.')).toBeTruthy();
    expect(birth.getAttribute('aria-invalid')).toBe('true');
  });
});
