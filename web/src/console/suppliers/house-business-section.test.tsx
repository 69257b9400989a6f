import type { HouseBusiness } from '@roam/contract/supplier-profile';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import operatorAdmin from '#web/i18n/locales/en/operatorAdmin.json';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { HouseBusinessSection } from './house-business-section';

// The suppliers screen's own-business section (docs/decisions/0013-the-owner-runs-their-own-business.md): one
// button makes it; then it says where its e-mails go and opens its profile.

screenTests(['common']);
beforeAll(() => {
  i18next.addResourceBundle('en', 'translation', { operatorAdmin }, true, true);
});

const HOUSE: HouseBusiness = {
  _id: '3f0c9a9e-5b1a-4d2e-9c3b-7a1d2e3f4a5b',
  fullName: 'Lake Rentals',
  email: 'ada@lake.example',
};

describe('the house business section', () => {
  it('creates the business once, then says where its e-mails go and links to its profile', async () => {
    let business: HouseBusiness | null = null;
    const calls = serveApi({
      'GET /api/house-business': () => Response.json({ business }),
      'POST /api/create-house-business': () => {
        business = HOUSE;
        return Response.json(HOUSE, { status: 201 });
      },
    });
    const user = userEvent.setup();
    renderScreen(<HouseBusinessSection />, { path: '/operator/suppliers' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Rent out cars yourself' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create my business' }));
    expect(await screen.findByText('Lake Rentals is ready: add its cars.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your own business' })).toBeTruthy();
    expect(screen.getByText('Lake Rentals is run from this account; its e-mails go to ada@lake.example.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open its profile' }).getAttribute('href')).toBe(
      `/operator/profile?supplier=${HOUSE._id}`,
    );
    expect(screen.queryByRole('button', { name: 'Create my business' })).toBeNull();
    expect(calls.filter((call) => call.route === 'POST /api/create-house-business')).toHaveLength(1);
  });
});
