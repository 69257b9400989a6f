import { formatMinor } from '@roam/contract/money';
import { calculatePrice } from '@roam/contract/price';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIO, NO_FEES, PARIS } from '#web/test-fixtures';
import { describedBy, screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();
// The screen's lazy chunk (its offer's module graph too) imported once here, as a browser has it by the time a desk
// acts: the first test's first query does not wait for a cold import.
beforeAll(() => import('./walk-in-screen'));

// Walk-in and phone bookings as a supplier meets the screen, against a stand-in server.

const BOOKING_ID = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const searchAnswer = () =>
  Response.json({
    results: [{ ...CLIO, price: { total: 12000, perDay: 4000, rentalDays: 3 }, availability: 'available' }],
    totalCount: 1,
    supplierCounts: [],
  });

/** The car's own extras at the place and its fees by rule: none unless a test gives some. */
const offerAnswers = (extras: object[] = [], quote: object = NO_FEES) => ({
  [`GET /api/car-catalogue-extras/${CLIO._id}`]: () => Response.json(extras),
  [`GET /api/car-rental-fees/${CLIO._id}`]: () => Response.json(quote),
});

// The screen is loaded lazily: its first paint may take a while on a busy machine.
const FIRST_PAINT = { timeout: 20_000 };

async function fillPeriodAndCar() {
  await screen.findByRole('option', { name: PARIS.name }, FIRST_PAINT);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Place' }), PARIS.name);
  await userEvent.type(screen.getByLabelText('Pick-up date'), '2030-06-01');
  await userEvent.type(screen.getByLabelText('Drop-off date'), '2030-06-04');
  const cars = await screen.findByRole('group', { name: 'Car' });
  await userEvent.click(within(cars).getByRole('radio', { name: /^Renault Clio .*from Azur Coast Rentals: 120 €/ }));
}

async function fillCustomer(email = 'walk.in@example.com') {
  const customer = within(screen.getByRole('group', { name: 'Customer' }));
  if (email) await userEvent.type(customer.getByLabelText('E-mail'), email);
  await userEvent.type(customer.getByLabelText('Full name'), 'Wendy Walkin');
  await userEvent.type(customer.getByLabelText('Phone'), '+33 6 00 00 00 00');
  await userEvent.type(customer.getByLabelText('Date of birth'), '1990-01-01');
}

describe('walk-in and phone bookings', () => {
  it("lists the supplier's free cars at their price and books one at the counter for a new customer", async () => {
    const { calls } = renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': searchAnswer,
      ...offerAnswers(),
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

  it('takes a promo code: a refused one said at its field, an applied one its own line before booking', async () => {
    const { calls } = renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': searchAnswer,
      ...offerAnswers(),
      'POST /api/check-promo-code': ({ body }) =>
        (body as { code: string }).code.toUpperCase() === 'DESK-TEN'
          ? Response.json({ code: 'DESK-TEN', kind: 'percent', value: 10 })
          : Response.json(
              {
                code: 'VALIDATION_FAILED',
                message: 'This promo code has expired.',
                fieldErrors: { promoCode: ['This promo code has expired.'] },
              },
              { status: 400 },
            ),
      'POST /api/walk-in': () => Response.json({ code: 'CONFLICT', message: 'Stop here.' }, { status: 409 }),
    });
    await fillPeriodAndCar();
    const field = screen.getByLabelText('Promo code');
    await userEvent.type(field, 'old-code');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code has expired.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(field);
    await userEvent.type(field, 'desk-ten');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // 10 % of the Clio's 120 € for three days, as the server's one price engine takes it.
    expect(await screen.findByText('Promo code DESK-TEN: -12 €')).toBeTruthy();
    expect(screen.getByText('Total: 108 €')).toBeTruthy();
    expect(calls.find((call) => call.route === 'POST /api/check-promo-code')?.body).toMatchObject({
      carId: CLIO._id,
      pickupLocationId: PARIS._id,
    });
    await fillCustomer();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText(/./, { selector: '.form-message' });
    expect(calls.find((call) => call.route === 'POST /api/walk-in')?.body).toMatchObject({ promoCode: 'DESK-TEN' });
  });

  it("adds the key box's fee at an end after hours, each its own line in the total, as the server charges it", async () => {
    // Open 13:00–18:00 every day: the walk-in's 10:00 pick-up and drop-off are taken by the key box only.
    const afternoon = [{ from: '13:00', to: '18:00' }];
    const weekly = { mon: afternoon, tue: afternoon, wed: afternoon, thu: afternoon, fri: afternoon, sat: [], sun: [] };
    const place = { ...PARIS, openingHours: { weekly, closures: [], afterHours: { feeMinor: 2500 } } };
    renderOperator('/operator/bookings/new', {
      'GET /api/locations': () => Response.json([place]),
      'POST /api/search-cars/1/50': searchAnswer,
      ...offerAnswers(),
    });
    await fillPeriodAndCar();
    // Each a line of the price, as the checkout's summary says it.
    const line = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling;
    expect((await line('Key box at pick-up (after hours)'))?.textContent).toBe('25 €');
    expect((await line('Key box at drop-off (after hours)'))?.textContent).toBe('25 €');
    // The Clio's 120 € for three days and the two fees, without the supplier's percentage (the place's own price).
    expect(screen.getByText('Total: 170 €')).toBeTruthy();
  });

  it("shows the server's refusals at their fields, in the checkout's words", async () => {
    renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': searchAnswer,
      ...offerAnswers(),
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

  it("refuses a customer under the car's minimum age at the date of birth, before Book", async () => {
    const { calls } = renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': async () => {
        const answer = await searchAnswer().json();
        return Response.json({ ...answer, results: [{ ...answer.results[0], minimumAge: 25 }] });
      },
      ...offerAnswers(),
    });
    await fillPeriodAndCar();
    const customer = within(screen.getByRole('group', { name: 'Customer' }));
    await userEvent.type(customer.getByLabelText('Full name'), 'Yann Young');
    await userEvent.type(customer.getByLabelText('Phone'), '+33 6 00 00 00 00');
    // 24 on the pick-up day (2030-06-01 at the place), 25 the day after.
    const birth = customer.getByLabelText('Date of birth');
    await userEvent.type(birth, '2005-06-02');
    expect(describedBy(birth)).toBe('The driver must be at least 25 years old at pick-up.');
    expect(birth.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(calls.some((call) => call.route === 'POST /api/walk-in')).toBe(false);
    // 25 on the pick-up day: old enough, the refusal goes.
    await userEvent.clear(birth);
    await userEvent.type(birth, '2005-06-01');
    expect(describedBy(birth)).not.toContain('at least 25');
    expect(birth.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows the plates, prices the extras as the contract does as they are ticked, asks the additional driver, and books without an e-mail', async () => {
    const { calls } = renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': searchAnswer,
      ...offerAnswers(),
      'POST /api/cars/1/100': () =>
        Response.json({ results: [{ _id: CLIO._id, licensePlate: 'AB-123-CD' }], totalCount: 1 }),
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
              extrasTotal: 4200,
              priceChange: 0,
              total: 16200,
              deposit: 50000,
            },
            chargedAmount: 0,
            currency: 'EUR',
            holdExpiresAt: null,
            accountCreated: false,
            linkSent: false,
          },
          { status: 201 },
        ),
    });
    await screen.findByRole('option', { name: PARIS.name });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Place' }), PARIS.name);
    await userEvent.type(screen.getByLabelText('Pick-up date'), '2030-06-01');
    await userEvent.type(screen.getByLabelText('Drop-off date'), '2030-06-04');
    // The car by its plate, as the desk finds it in the car park.
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Renault Clio (AB-123-CD) from Azur Coast Rentals: 120 €' }),
    );
    // The total as the contract's price function gives it, following each extra ticked.
    const total = (extras: object) =>
      `Total: ${formatMinor(
        calculatePrice({
          car: CLIO,
          priceChangeRate: 0,
          pickupAt: new Date('2030-06-01T08:00:00Z'),
          dropoffAt: new Date('2030-06-04T08:00:00Z'),
          timeZone: 'Europe/Paris',
          extras,
        }).total,
        'EUR',
        'en',
      )}`;
    // Priced once the business's offer has answered (its own extras, its fees by rule: none here).
    expect(await screen.findByText(total({}))).toBeTruthy();
    const extras = screen.getByRole('group', { name: 'Extras' });
    await userEvent.click(within(extras).getByRole('checkbox', { name: 'Theft protection' }));
    expect(screen.getByText(total({ theftProtection: true }))).toBeTruthy();
    expect(screen.getByText('Total: 147 €')).toBeTruthy();
    const extra = within(extras).getByRole('checkbox', { name: 'Additional driver' });
    expect(describedBy(extra)).toBe('+ 5 € (daily)');
    await userEvent.click(extra);
    expect(screen.getByText('Total: 162 €')).toBeTruthy();
    const second = screen.getByRole('group', { name: 'Additional driver' });
    await userEvent.type(within(second).getByLabelText('Full name'), 'Sam Second');
    await userEvent.type(within(second).getByLabelText('E-mail'), 'sam@example.com');
    await userEvent.type(within(second).getByLabelText('Phone'), '+33 6 99 88 77 66');
    await userEvent.type(within(second).getByLabelText('Date of birth'), '1990-02-03');
    // The licence as the check-out reads it, kept on the booking.
    await userEvent.type(within(second).getByLabelText('Licence number'), 'FR-123456');
    await userEvent.type(within(second).getByLabelText('Issuing country'), 'FR');
    await userEvent.type(within(second).getByLabelText('Expiry date'), '2040-01-31');
    // Name and phone suffice at the counter: the e-mail is optional, and says so.
    const email = within(screen.getByRole('group', { name: 'Customer' })).getByLabelText('E-mail');
    expect(email.hasAttribute('required')).toBe(false);
    expect(describedBy(email)).toBe('Optional at the counter; a payment link needs it.');
    await fillCustomer('');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    const confirmation = await screen.findByText('Booking K7RD2QXM is made: 162 €.');
    // In view and focused, on a phone too: the desk sees it, a screen reader reads it.
    expect(confirmation.parentElement).toBe(document.activeElement);
    const booked = calls.find((call) => call.route === 'POST /api/walk-in')?.body as { customer: object };
    expect(booked).toMatchObject({
      extras: { theftProtection: true, additionalDriver: true },
      additionalDriver: {
        fullName: 'Sam Second',
        email: 'sam@example.com',
        birthDate: '1990-02-03',
        licence: { licenseNumber: 'FR-123456', licenseCountry: 'FR', licenseExpiresOn: '2040-01-31' },
      },
    });
    expect(booked.customer).toEqual({
      kind: 'new',
      fullName: 'Wendy Walkin',
      phone: '+33 6 00 00 00 00',
      birthDate: '1990-01-01',
      language: 'en',
    });
  });

  it("offers only the place's times, names its hours for one it does not take, and asks an e-mail for a link", async () => {
    const halfHours = ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30', '18:00'];
    const { calls } = renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': searchAnswer,
      ...offerAnswers(),
      'GET /api/opening-times': () =>
        Response.json({
          ownHours: true,
          open: halfHours,
          afterHours: [],
          closure: null,
          hours: '14:00–18:00',
          afterHoursFeeMinor: null,
        }),
    });
    await screen.findByRole('option', { name: PARIS.name });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Place' }), PARIS.name);
    await userEvent.type(screen.getByLabelText('Pick-up date'), '2030-06-01');
    await userEvent.type(screen.getByLabelText('Drop-off date'), '2030-06-04');
    const pickup = screen.getByRole('combobox', { name: 'Pick-up time' });
    // 10:00 was chosen before the place's hours were known: still listed, and refused with the hours of that day.
    const message = 'The place is closed at this time. That day it is open 14:00–18:00.';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(
      within(pickup)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10:00', ...halfHours]);
    await userEvent.selectOptions(pickup, '14:00');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Drop-off time' }), '14:00');
    expect(screen.queryByText(message)).toBeNull();
    await userEvent.click(await screen.findByRole('radio', { name: /^Renault Clio/ }));
    await fillCustomer('');
    await userEvent.click(screen.getByRole('radio', { name: /Payment link by e-mail/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(screen.getByText("A payment link needs the customer's e-mail address.")).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.route === 'POST /api/walk-in')).toBe(false);
  });
  it("shows the business's own extras and the fees by rule before Book, each a line the server charges", async () => {
    const names = (en: string) => ({ en, fr: en, es: en, se: en, de: en });
    const extra = { charge: 'perDay', maxPerRental: null, maxQuantity: 2, mandatory: false, left: null };
    const GPS = { ...extra, _id: '6ea70000-0000-4000-8000-000000000001', names: names('GPS'), price: 500 };
    const SEAT = {
      ...extra,
      _id: '6ea70000-0000-4000-8000-000000000002',
      names: names('Child seat'),
      price: 900,
      left: 0,
    };
    const CLEANING = {
      ...extra,
      _id: '6ea70000-0000-4000-8000-000000000003',
      names: names('Cleaning fee'),
      charge: 'perRental',
      price: 3000,
      maxQuantity: 1,
      mandatory: true,
    };
    const young = { ...NO_FEES, youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: 1500 }] };
    const { calls } = renderOperator('/operator/bookings/new', {
      'POST /api/search-cars/1/50': searchAnswer,
      ...offerAnswers([GPS, SEAT, CLEANING], young),
      'POST /api/walk-in': () => Response.json({ code: 'CONFLICT', message: 'Stop here.' }, { status: 409 }),
    });
    await fillPeriodAndCar();
    const own = await screen.findByRole('group', { name: 'More extras' });
    // The sold-out one cannot be chosen, the mandatory one is fixed at one and in the price at once.
    expect((within(own).getByLabelText('Child seat') as HTMLSelectElement).disabled).toBe(true);
    expect(within(own).getByText(/9 € per day · sold out/)).toBeTruthy();
    expect((within(own).getByLabelText('Cleaning fee') as HTMLSelectElement).disabled).toBe(true);
    await userEvent.selectOptions(within(own).getByLabelText('GPS'), '2');
    const customer = within(screen.getByRole('group', { name: 'Customer' }));
    await userEvent.type(customer.getByLabelText('Full name'), 'Yves Young');
    await userEvent.type(customer.getByLabelText('Phone'), '+33 6 00 00 00 01');
    // 22 on the pick-up day: the young band's fee per day.
    await userEvent.type(customer.getByLabelText('Date of birth'), '2008-03-10');
    const line = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(line('Rental (3 days)')).toBe('120 €');
    expect(line('GPS')).toBe('30 €');
    expect(line('Cleaning fee')).toBe('30 €');
    expect(line('Young driver fee')).toBe('45 €');
    expect(screen.getByText('Total: 225 €')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText(/./, { selector: '.form-message' });
    expect(calls.find((call) => call.route === 'POST /api/walk-in')?.body).toMatchObject({
      catalogueExtras: [
        { extraId: GPS._id, quantity: 2 },
        { extraId: CLEANING._id, quantity: 1 },
      ],
    });
  });
});
