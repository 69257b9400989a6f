import type { FeeRules } from '@roam/contract/rental-fees';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PARIS } from '#web/test-fixtures';
import { refusal, screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// The fees' editor (docs/architecture.md §5 "Fees by rule"): the business's young-driver bands, senior band, one-way
// refusal and country pairs, typed in euros and sent in cents as the contract's body; the contract's and the server's
// refusals at their fields.

const FIRST_PAINT = { timeout: 20_000 };
const RULES: FeeRules = {
  youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: 1200 }],
  seniorDriver: null,
  oneWayRefused: false,
  countryPairs: [],
};
const READ = `GET /api/supplier-fee-rules/${SUPPLIER._id}`;

describe('the fees screen', { timeout: 60_000 }, () => {
  it('shows the rules, adds a band, a senior band and a pair of countries, and sends them in cents', async () => {
    const { calls } = renderOperator('/operator/fees', {
      [READ]: () => Response.json(RULES),
      'PUT /api/update-supplier-fee-rules': ({ body }) => {
        const { supplierId: _, ...rules } = body as FeeRules & { supplierId: string };
        return Response.json(rules);
      },
    });
    const from = await screen.findByLabelText('Band 1: from age', undefined, FIRST_PAINT);
    expect((from as HTMLInputElement).value).toBe('21');
    expect((screen.getByLabelText('Band 1: fee per day') as HTMLInputElement).value).toBe('12');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Counter settings' }).getAttribute('href')).toBe(
      '/operator/counter-settings',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Add an age band' }));
    await userEvent.type(screen.getByLabelText('Band 2: from age'), '18');
    await userEvent.type(screen.getByLabelText('Band 2: to age'), '20');
    await userEvent.type(screen.getByLabelText('Band 2: fee per day'), '20,50');
    await userEvent.click(screen.getByLabelText('Charge senior drivers'));
    await userEvent.clear(screen.getByLabelText('Senior drivers from age'));
    await userEvent.type(screen.getByLabelText('Senior drivers from age'), '80');
    await userEvent.type(screen.getByLabelText('Senior driver fee per day'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Add a pair of countries' }));
    const pairs = screen.getByRole('group', { name: 'One-way fees per pair of countries' });
    await userEvent.selectOptions(within(pairs).getByLabelText('Pair 1: from'), 'France');
    await userEvent.selectOptions(within(pairs).getByLabelText('Pair 1: to'), 'France');
    await userEvent.type(within(pairs).getByLabelText('Pair 1: fee'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Save the fees' }));

    expect(await screen.findByText('Fees saved.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /api/update-supplier-fee-rules')?.body).toEqual({
      supplierId: SUPPLIER._id,
      youngDriver: [
        { fromAge: 21, toAge: 24, dailyFee: 1200 },
        { fromAge: 18, toAge: 20, dailyFee: 2050 },
      ],
      seniorDriver: { fromAge: 80, dailyFee: 800 },
      oneWayRefused: false,
      countryPairs: [{ fromCountryId: PARIS.countryId, toCountryId: PARIS.countryId, fee: 4000 }],
    });
  });

  it('refuses overlapping bands at their field before sending, and shows the server’s refusal', async () => {
    const { calls } = renderOperator('/operator/fees', {
      [READ]: () => Response.json(RULES),
      'PUT /api/update-supplier-fee-rules': () =>
        refusal(400, 'VALIDATION_FAILED', { 'youngDriver.0.toAge': ['The first age must not be above the last.'] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an age band' }, FIRST_PAINT));
    await userEvent.type(screen.getByLabelText('Band 2: from age'), '23');
    await userEvent.type(screen.getByLabelText('Band 2: to age'), '30');
    await userEvent.type(screen.getByLabelText('Band 2: fee per day'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save the fees' }));
    expect(await screen.findByText('These age bands overlap.')).toBeTruthy();
    expect(calls.some((call) => call.route === 'PUT /api/update-supplier-fee-rules')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove band 2' }));
    await userEvent.click(screen.getByLabelText('Refuse one-way rentals'));
    expect(screen.queryByRole('group', { name: 'One-way fees per pair of countries' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save the fees' }));
    expect(await screen.findByText('The first age must not be above the last.')).toBeTruthy();
    expect(screen.getByLabelText('Band 1: to age').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.route === 'PUT /api/update-supplier-fee-rules')?.body).toMatchObject({
      oneWayRefused: true,
      youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: 1200 }],
    });
  });
});
