import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PARIS } from '#web/test-fixtures';
import { describedBy, refusal, screenTests } from '#web/test-utils';
import { OPERATOR_CLIO, renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

const profile = () =>
  Response.json({
    ...SUPPLIER,
    email: SUPPLIER.email,
    contactEmail: null,
    phone: null,
    logo: null,
    payLater: true,
    licenseRequired: false,
    priceChangeRate: 10,
    carCount: 1,
  });

// The console's screens are lazy chunks that compile on first use: beside the server suites on a loaded 2-core CI
// machine that took over the 5 s default (as not-found.test.tsx waits for the console's menu).
const FIRST_PAINT = { timeout: 20_000 };

/** The new-car form with what a car's card needs filled in: Paris, 40 € a day. */
async function fillNewCar() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Name' }, FIRST_PAINT), 'Peugeot 208');
  await user.type(screen.getByRole('textbox', { name: 'Licence plate' }), 'gh 456 ij');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Car');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Fuel' }), 'Diesel');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Gearbox' }), 'Manual');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Fuel policy' }), 'Full to full');
  await user.type(screen.getByRole('textbox', { name: 'Seats' }), '5');
  await user.type(screen.getByRole('textbox', { name: 'Doors' }), '5');
  await user.type(screen.getByRole('textbox', { name: 'Security deposit' }), '300');
  await user.click(await screen.findByRole('checkbox', { name: /Paris Charles de Gaulle Airport/ }));
  await user.type(screen.getByRole('textbox', { name: 'Daily price' }), '40');
  await user.type(screen.getByRole('textbox', { name: 'Weekly price' }), '250');
  return user;
}

describe('the car editor', { timeout: 40_000 }, () => {
  it('creates a car with a weekly price and an extra, the customer prices shown live, then opens it', async () => {
    const { calls, router } = renderOperator('/operator/cars/new', {
      [`GET /api/supplier/${SUPPLIER._id}`]: profile,
      'POST /api/create-car': () => Response.json(OPERATOR_CLIO),
      [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
    });
    const user = await fillNewCar();
    const theft = screen.getByRole('group', { name: 'Theft protection' });
    await user.click(within(theft).getByRole('radio', { name: 'At a price' }));
    await user.type(within(theft).getByRole('textbox', { name: 'Price of Theft protection' }), '9');
    // The supplier's 10 % included, per rental day (docs/architecture.md §5).
    expect(describedBy(within(theft).getByRole('textbox'))).toBe('Drivers see: + 9.90 € (daily)');
    // The preview: 7 days at the weekly price, 250 € + 10 %.
    await user.clear(screen.getByLabelText('Pick-up date'));
    await user.type(screen.getByLabelText('Pick-up date'), '2030-03-04');
    await user.clear(screen.getByLabelText('Drop-off date'));
    await user.type(screen.getByLabelText('Drop-off date'), '2030-03-11');
    expect(screen.getByText('Price for 7 days').parentElement?.textContent).toContain('275 €');

    await user.click(screen.getByRole('button', { name: 'Create the car' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/operator/cars/${OPERATOR_CLIO._id}`));
    // Focus on the saved car's heading, where a screen reader reads what was saved.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    expect(document.activeElement?.textContent).toBe(OPERATOR_CLIO.name);
    const sent = calls.find((call) => call.route === 'POST /api/create-car')?.body;
    expect(sent).toMatchObject({
      name: 'Peugeot 208',
      licensePlate: 'gh 456 ij',
      range: 'mini',
      locationIds: [PARIS._id],
      dailyPrice: 4000,
      weeklyPrice: 25000,
      deposit: 30000,
      theftProtection: 900,
      cancellation: -1,
      mileage: -1,
    });
  });

  it('refuses overlapping date-based periods with a clear message at the later one, and sends nothing', async () => {
    const { calls } = renderOperator('/operator/cars/new', { [`GET /api/supplier/${SUPPLIER._id}`]: profile });
    const user = await fillNewCar();
    await user.click(screen.getByRole('checkbox', { name: 'Use date-based prices' }));
    for (const [number, start, end] of [
      [1, '2030-07-01', '2030-07-31'],
      [2, '2030-07-20', '2030-08-10'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: 'Add a period' }));
      await user.type(screen.getByLabelText(`Period ${number}: first day`), start);
      await user.type(screen.getByLabelText(`Period ${number}: last day`), end);
      await user.type(screen.getByRole('textbox', { name: `Period ${number}: daily price` }), '60');
    }
    await user.click(screen.getByRole('button', { name: 'Create the car' }));
    const second = screen.getByLabelText('Period 2: first day');
    await waitFor(() =>
      expect(describedBy(second)).toBe('This period overlaps the period Jul 1, 2030 – Jul 31, 2030.'),
    );
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Period 1: first day').getAttribute('aria-invalid')).toBeNull();
    expect(calls.some((call) => call.route === 'POST /api/create-car')).toBe(false);
  });

  it('edits a car: its values read back, the change sent with its id, a server refusal shown at its field', async () => {
    const { calls } = renderOperator(`/operator/cars/${OPERATOR_CLIO._id}`, {
      [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
      'PUT /api/update-car': ({ body }) =>
        (body as { licensePlate: string }).licensePlate === 'TAKEN'
          ? refusal(400, 'VALIDATION_FAILED', {
              licensePlate: ['This licence plate is already used by another of your cars.'],
            })
          : Response.json(OPERATOR_CLIO),
    });
    const user = userEvent.setup();
    const daily = await screen.findByRole('textbox', { name: 'Daily price' }, FIRST_PAINT);
    expect((daily as HTMLInputElement).value).toBe('40');
    await user.clear(daily);
    await user.type(daily, '45,5');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /api/update-car')).toBe(true));
    expect(calls.find((call) => call.route === 'PUT /api/update-car')?.body).toMatchObject({
      _id: OPERATOR_CLIO._id,
      dailyPrice: 4550,
      licensePlate: 'AB-123-CD',
    });
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));

    const plate = screen.getByRole('textbox', { name: 'Licence plate' });
    await user.clear(plate);
    await user.type(plate, 'TAKEN');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() =>
      expect(describedBy(plate)).toContain('This licence plate is already used by another of your cars.'),
    );
  });

  it('takes a minimum driver age of 18 and refuses 17 at its field, naming 18', async () => {
    const { calls } = renderOperator(`/operator/cars/${OPERATOR_CLIO._id}`, {
      [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
      'PUT /api/update-car': () => Response.json({ ...OPERATOR_CLIO, minimumAge: 18 }),
    });
    const user = userEvent.setup();
    const age = await screen.findByRole('textbox', { name: 'Minimum driver age' }, FIRST_PAINT);
    expect((age as HTMLInputElement).value).toBe('21');
    expect(describedBy(age)).toContain('From 18 to 99 (21 for a new car).');
    await user.clear(age);
    await user.type(age, '17');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(describedBy(age)).toContain('The minimum driver age must be at least 18.'));
    expect(calls.some((call) => call.route === 'PUT /api/update-car')).toBe(false);
    await user.clear(age);
    await user.type(age, '18');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /api/update-car')).toBe(true));
    expect(calls.find((call) => call.route === 'PUT /api/update-car')?.body).toMatchObject({
      _id: OPERATOR_CLIO._id,
      minimumAge: 18,
    });
  });

  it('deletes only after a confirmation, and says why when a booking holds the car', async () => {
    renderOperator(`/operator/cars/${OPERATOR_CLIO._id}`, {
      [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
      [`DELETE /api/delete-car/${OPERATOR_CLIO._id}`]: () =>
        Response.json(
          { code: 'CONFLICT', message: 'This car has a current or future booking and cannot be deleted.' },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the car…' }, FIRST_PAINT));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Renault Clio?' }, FIRST_PAINT);
    // The safe choice has the focus.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The dialog closes; the refusal is read out in the delete section, where the focus went back.
    const section = screen.getByRole('region', { name: 'Delete the car' });
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'This car has a current or future booking and cannot be deleted.',
    );
  });
});
