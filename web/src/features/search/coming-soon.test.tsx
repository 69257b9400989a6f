import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { SearchScreen } from './search-screen';

// While no car can be booked (settings `bookable`), the search says "coming soon".

screenTests(['search', 'cars']);

const closed = { ...FALLBACK_SETTINGS, bookable: false };
const QUERY = '?pickupLocationId=6f1f0d4e-0000-4000-8000-000000000001&pickupAt=2030-01-01T10:00:00.000Z';

describe('coming soon', () => {
  it('is what the search shows, even from a search link, and it asks the server nothing', async () => {
    const calls = serveApi({});
    renderScreen(<SearchScreen />, { path: `/search${QUERY}`, route: '/search', settings: closed });
    expect(await screen.findByRole('heading', { level: 1, name: 'Available vehicles' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeTruthy();
    expect(calls.filter((call) => call.route.startsWith('POST /api/cars'))).toEqual([]);
  });
});
