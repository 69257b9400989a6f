import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { HomeScreen } from './home-screen';

// While no car can be booked (settings `bookable`), the home page says "coming soon" instead of a
// search form that finds nothing; once one can, the form is back. (The search's: features/search/coming-soon.test.)

screenTests(['home', 'search']);

const closed = { ...FALLBACK_SETTINGS, bookable: false };

describe('coming soon', () => {
  it('is what the home page shows while no car can be booked: no search form, no map', async () => {
    serveApi({});
    renderScreen(<HomeScreen />, { settings: closed });
    expect(await screen.findByRole('heading', { level: 2, name: 'Coming soon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Questions? Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Find a vehicle' })).toBeNull();
  });

  it('gives way to the search form once a car can be booked', async () => {
    serveApi({});
    // The map and the sections below the fold wait to be scrolled to (jsdom has no IntersectionObserver).
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderScreen(<HomeScreen />, { settings: { ...FALLBACK_SETTINGS, bookable: true } });
    // The form's place (its skeleton until its code and the places are in) is back.
    expect((await screen.findAllByText('Pick-up location')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Coming soon' })).toBeNull();
  });
});
