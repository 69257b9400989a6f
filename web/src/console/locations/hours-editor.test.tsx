import type { EditableLocation, Places } from '@roam/contract/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRIVER } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';

screenTests();

// The admin gives a location its own hours with the keyboard: a second range on Monday, the country's public
// holidays, the key box with its fee; the save sends them as the contract's opening hours.

const ADMIN = { ...DRIVER, type: 'admin' as const, fullName: 'Alex Admin' };
const FR = '0b5a2f8e-6d0c-4d55-8a3e-7c1f0e9b6a22';
const LYON: EditableLocation = {
  _id: '7c1f0e9b-6a22-4d55-8a3e-0b5a2f8e6d0c',
  countryId: FR,
  parentId: null,
  names: { en: 'Lyon', fr: 'Lyon', es: 'Lyon', se: 'Lyon', de: 'Lyon' },
  kind: 'city',
  address: null,
  latitude: 45.76,
  longitude: 4.84,
  timeZone: 'Europe/Paris',
  openingHours: null,
  carCount: 0,
};
const PLACES: Places = {
  countries: [{ _id: FR, code: 'FR', names: LYON.names, locationCount: 1 }],
  locations: [LYON],
};

describe('the location editor’s opening hours', () => {
  it('sets weekly ranges, adds the public holidays and the key box, and saves them', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator(
      `/operator/places/${LYON._id}`,
      {
        'GET /api/admin-locations': () => Response.json(PLACES),
        'GET /api/public-holidays': () => Response.json([{ date: '2027-07-14', name: 'Fête nationale' }]),
        'PUT /api/update-location': ({ body }) => Response.json({ ...LYON, ...(body as object) }),
      },
      ADMIN,
    );
    await user.click(await screen.findByLabelText('This location has its own opening hours', {}, { timeout: 10_000 }));
    const monday = screen.getByRole('group', { name: 'Monday' });
    await user.click(within(monday).getByRole('button', { name: 'Add hours' }));
    await user.click(screen.getByRole('button', { name: 'Add the public holidays (FR)' }));
    expect(await screen.findByDisplayValue('Fête nationale')).toBeTruthy();
    await user.click(screen.getByLabelText('Key box outside the opening hours'));
    const fee = screen.getByLabelText('Key box fee (EUR; 0: free)');
    await user.clear(fee);
    await user.type(fee, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /api/update-location')).toBe(true));
    const saved = calls.find((call) => call.route === 'PUT /api/update-location')?.body as EditableLocation;
    expect(saved.openingHours).toEqual({
      weekly: {
        mon: [
          { from: '08:00', to: '18:00' },
          { from: '19:00', to: '23:30' },
        ],
        tue: [{ from: '08:00', to: '18:00' }],
        wed: [{ from: '08:00', to: '18:00' }],
        thu: [{ from: '08:00', to: '18:00' }],
        fri: [{ from: '08:00', to: '18:00' }],
        sat: [],
        sun: [],
      },
      closures: [{ date: '2027-07-14', name: 'Fête nationale' }],
      afterHours: { feeMinor: 2500 },
    });
  });
});
