import type { PromoCode } from '@roam/contract/promo-codes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { PARIS } from '#web/test-fixtures';
import { refusal, screenTests } from '#web/test-utils';
import { CLIO_ROW, renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// The promo codes' screen (docs/architecture.md §5 "Promo codes"): the list with uses against limits, a new code and
// an edit sent as the contract's bodies, and the server's refusal shown at its field.

const FIRST_PAINT = { timeout: 20_000 };
const SPRING: PromoCode = {
  _id: '0d6f3c1e-2b4a-4c5d-8e9f-0a1b2c3d4e5f',
  code: 'SPRING-15',
  kind: 'percent',
  value: 15,
  validFrom: '2027-03-01',
  validUntil: '2027-05-31',
  minimumDays: 2,
  placeIds: [],
  ranges: [],
  carIds: [],
  usageLimit: 10,
  perCustomerLimit: 1,
  firstBookingOnly: false,
  active: true,
  supplierId: SUPPLIER._id,
  uses: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
};
/** An amount off, in the base currency's minor units: shown as every amount is (contract money.ts, spec §9). */
const WELCOME: PromoCode = {
  ...SPRING,
  _id: '1e7a4d2f-3c5b-4d6e-8f0a-1b2c3d4e5f60',
  code: 'WELCOME-10',
  kind: 'amount',
  value: 1000,
};
const handlers = {
  'GET /api/promo-codes': () => Response.json([SPRING, WELCOME]),
  'POST /api/cars/1/100': () => Response.json({ results: [CLIO_ROW], totalCount: 1 }),
};

describe('the promo codes screen', { timeout: 60_000 }, () => {
  it('lists the codes with their uses, and creates one scoped to a place and a car', async () => {
    const { calls } = renderOperator('/operator/promo-codes', {
      ...handlers,
      'POST /api/create-promo-code': ({ body }) => Response.json({ ...SPRING, ...(body as object), uses: 0 }),
    });
    const row = (await screen.findByRole('row', { name: /SPRING-15/ }, FIRST_PAINT)) as HTMLElement;
    expect(within(row).getByText('3 of 10')).toBeTruthy();
    expect(within(row).getByText('15%')).toBeTruthy();
    const welcome = screen.getByRole('row', { name: /WELCOME-10/ });
    expect(within(welcome).getByText('10 €')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New promo code' }));
    const form = screen.getByRole('region', { name: 'New promo code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'winter-20');
    await userEvent.click(within(form).getByLabelText('An amount off'));
    await userEvent.type(within(form).getByLabelText('Amount'), '20,50');
    await userEvent.type(within(form).getByLabelText('Uses in total'), '100');
    await userEvent.click(within(form).getByText(/^Pick-up places:/));
    await userEvent.click(within(form).getByLabelText(PARIS.name));
    await userEvent.click(within(form).getByText(/^Cars:/));
    await userEvent.click(within(form).getByLabelText(`${CLIO_ROW.name} (${CLIO_ROW.licensePlate})`));
    await userEvent.click(within(form).getByLabelText("A customer's first booking only"));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The code WINTER-20 is saved.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'POST /api/create-promo-code')?.body).toEqual({
      code: 'WINTER-20',
      kind: 'amount',
      value: 2050,
      validFrom: null,
      validUntil: null,
      minimumDays: 0,
      placeIds: [PARIS._id],
      ranges: [],
      carIds: [CLIO_ROW._id],
      usageLimit: 100,
      perCustomerLimit: null,
      firstBookingOnly: true,
      active: true,
    });
  });

  it('edits a code, shows the schema’s and the server’s refusals at their fields', async () => {
    const { calls } = renderOperator('/operator/promo-codes', {
      ...handlers,
      'PUT /api/update-promo-code': ({ body }) =>
        (body as { code: string }).code === 'TAKEN'
          ? refusal(409, 'CONFLICT', { code: ['A promo code with this code already exists.'] })
          : Response.json({ ...SPRING, ...(body as object) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit SPRING-15' }, FIRST_PAINT));
    const form = screen.getByRole('region', { name: 'Edit the code SPRING-15' });
    const value = within(form).getByLabelText('Percentage');
    await userEvent.clear(value);
    await userEvent.type(value, '120');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A percentage is at most 100.')).toBeTruthy();
    expect(calls.some((call) => call.route === 'PUT /api/update-promo-code')).toBe(false);

    await userEvent.clear(value);
    await userEvent.type(value, '20');
    const code = within(form).getByLabelText('Code');
    await userEvent.clear(code);
    await userEvent.type(code, 'taken');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A promo code with this code already exists.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /api/update-promo-code')?.body).toMatchObject({
      _id: SPRING._id,
      code: 'TAKEN',
      kind: 'percent',
      value: 20,
      validFrom: '2027-03-01',
      minimumDays: 2,
      perCustomerLimit: 1,
    });
  });

  it('says what each scope holds in the reader’s words: all in the gender of its noun, else how many of how many', async () => {
    await changeLanguage('fr', { save: false });
    try {
      renderOperator('/operator/promo-codes?l=fr', handlers);
      await userEvent.click(await screen.findByRole('button', { name: 'Nouveau code promo' }, FIRST_PAINT));
      const form = screen.getByRole('region', { name: 'Nouveau code promo' });
      expect(within(form).getByText('Lieux de prise en charge : Tous')).toBeTruthy();
      expect(within(form).getByText('Gammes de véhicules : Toutes')).toBeTruthy();
      expect(within(form).getByText('Véhicules : Tous')).toBeTruthy();
      await userEvent.click(within(form).getByText(/^Gammes de véhicules :/));
      await userEvent.click(within(form).getByLabelText('SUV'));
      await userEvent.click(within(form).getByLabelText('Autocar'));
      expect(within(form).getByText('Gammes de véhicules : 2 sur 7')).toBeTruthy();
    } finally {
      await changeLanguage('en', { save: false });
    }
  });
});
