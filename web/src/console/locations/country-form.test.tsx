import type { User } from '@roam/contract/users';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRIVER } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';
import { countryNames } from './country-form';

screenTests();

const ADMIN: User = { ...DRIVER, _id: '0e4c2a6b-7d1f-4c3e-9a8b-5f6d7e8a9b0c', type: 'admin', fullName: 'Alex Admin' };
const FIRST_PAINT = { timeout: 20_000 };

describe('a new country', { timeout: 40_000 }, () => {
  it('reads its names in the five languages from its ISO code, and none from a code no region has', () => {
    expect(countryNames('DE')).toEqual({
      en: 'Germany',
      fr: 'Allemagne',
      es: 'Alemania',
      se: 'Tyskland',
      de: 'Deutschland',
    });
    expect(countryNames('QQ')).toBeNull();
    expect(countryNames('D')).toBeNull();
  });

  it('fills the names from the code typed, keeps a name the admin typed, and sends them', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator(
      '/operator/places',
      {
        'GET /api/admin-locations': () => Response.json({ countries: [], locations: [] }),
        'POST /api/create-country': () => Response.json({}, { status: 201 }),
      },
      ADMIN,
    );
    await user.click(await screen.findByRole('button', { name: 'New country' }, FIRST_PAINT));
    const french = screen.getByRole('textbox', { name: 'French' });
    await user.type(french, 'Royaume du Maroc');
    await user.type(screen.getByRole('textbox', { name: 'Country code (2 letters)' }), 'ma');
    expect((screen.getByRole('textbox', { name: 'English' }) as HTMLInputElement).value).toBe('Morocco');
    expect((screen.getByRole('textbox', { name: 'German' }) as HTMLInputElement).value).toBe('Marokko');
    expect((french as HTMLInputElement).value).toBe('Royaume du Maroc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/saved/i);
    expect(calls.find((call) => call.route === 'POST /api/create-country')?.body).toMatchObject({
      code: 'MA',
      names: { en: 'Morocco', fr: 'Royaume du Maroc', de: 'Marokko', es: 'Marruecos', se: 'Marocko' },
    });
  });
});
