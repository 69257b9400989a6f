import type { CatalogueExtra } from '@roam/contract/catalogue-extras';
import { ROLE_PERMISSIONS } from '@roam/contract/team';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PARIS } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { CLIO_ROW, renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// The business's own extras (docs/architecture.md §5 "Catalogue extras"): the list with prices and stock, a new
// extra sent as the contract's body, the schema's refusal at its field, and a read-only list for a role without
// prices.write.

const FIRST_PAINT = { timeout: 20_000 };
const names = { en: 'GPS', fr: 'GPS', es: 'GPS', se: 'GPS', de: 'Navi' };
const GPS: CatalogueExtra = {
  _id: '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
  supplierId: SUPPLIER._id,
  names,
  charge: 'perDay',
  price: 500,
  maxPerRental: 2500,
  maxQuantity: 1,
  mandatory: false,
  carIds: [],
  ranges: [],
  stock: [{ locationId: PARIS._id, quantity: 3 }],
};
const handlers = {
  'GET /api/catalogue-extras': () => Response.json([GPS]),
  'POST /api/cars/1/100': () => Response.json({ results: [CLIO_ROW], totalCount: 1 }),
};

describe('the extras screen', { timeout: 60_000 }, () => {
  it('lists the extras and creates a child seat with its names, a stock at a place and a range', async () => {
    const { calls } = renderOperator('/operator/extras', {
      ...handlers,
      'POST /api/create-catalogue-extra': ({ body }) =>
        Response.json({ ...GPS, ...(body as object), _id: 'b0c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e' }, { status: 201 }),
    });
    const row = (await screen.findByRole('row', { name: /GPS/ }, FIRST_PAINT)) as HTMLElement;
    expect(within(row).getByText('5 € per day, at most 25 €')).toBeTruthy();
    expect(await within(row).findByText(`${PARIS.name}: 3`)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New extra' }));
    const form = screen.getByRole('region', { name: 'New extra' });
    const seat = { en: 'Child seat', fr: 'Siège enfant', es: 'Silla infantil', se: 'Barnstol', de: 'Kindersitz' };
    await userEvent.type(within(form).getByLabelText('English'), seat.en);
    await userEvent.type(within(form).getByLabelText('French'), seat.fr);
    await userEvent.type(within(form).getByLabelText('Spanish'), seat.es);
    await userEvent.type(within(form).getByLabelText('Swedish'), seat.se);
    await userEvent.type(within(form).getByLabelText('German'), seat.de);
    await userEvent.click(within(form).getByLabelText('Per rental'));
    await userEvent.type(within(form).getByLabelText('Price'), '12');
    const most = within(form).getByLabelText('Most a booking may take');
    await userEvent.clear(most);
    await userEvent.type(most, '2');
    await userEvent.click(within(form).getByText(/^Car ranges:/));
    await userEvent.click(within(form).getByLabelText('SUV'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a place' }));
    await userEvent.selectOptions(within(form).getByLabelText('Place 1'), PARIS._id);
    const stock = within(form).getByLabelText('How many at place 1');
    await userEvent.clear(stock);
    await userEvent.type(stock, '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The extra Child seat is saved.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'POST /api/create-catalogue-extra')?.body).toEqual({
      names: seat,
      charge: 'perRental',
      price: 1200,
      maxPerRental: null,
      maxQuantity: 2,
      mandatory: false,
      carIds: [],
      ranges: ['midi'],
      stock: [{ locationId: PARIS._id, quantity: 1 }],
    });
  });

  it('refuses a maximum per rental below the price per day at its field, then saves the edit', async () => {
    const { calls } = renderOperator('/operator/extras', {
      ...handlers,
      [`PUT /api/update-catalogue-extra/${GPS._id}`]: ({ body }) => Response.json({ ...GPS, ...(body as object) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit GPS' }, FIRST_PAINT));
    const form = screen.getByRole('region', { name: 'Edit the extra GPS' });
    const max = within(form).getByLabelText('Most per rental');
    await userEvent.clear(max);
    await userEvent.type(max, '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The maximum per rental must be more than the price per day.')).toBeTruthy();
    await userEvent.clear(max);
    await userEvent.type(max, '30');
    await userEvent.click(within(form).getByLabelText('Mandatory: added to every booking of the cars that offer it'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The extra GPS is saved.')).toBeTruthy();
    expect(calls.find((call) => call.route === `PUT /api/update-catalogue-extra/${GPS._id}`)?.body).toMatchObject({
      maxPerRental: 3000,
      mandatory: true,
      stock: [{ locationId: PARIS._id, quantity: 3 }],
    });
  });

  it('is read-only to a counter agent: no new extra, no edit', async () => {
    renderOperator('/operator/extras', {
      ...handlers,
      'GET /api/my-access': () =>
        Response.json({
          role: 'counter',
          businessId: SUPPLIER._id,
          branchIds: [],
          permissions: [...ROLE_PERMISSIONS.counter],
          twoFactor: { enabled: true, required: false },
        }),
    });
    expect(await screen.findByRole('row', { name: /GPS/ }, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByText('You can read this list; your role does not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New extra' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit GPS' })).toBeNull();
  });
});
