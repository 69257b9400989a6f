import type { User } from '@roam/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { DRIVER } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';

screenTests();

const ADMIN: User = { ...DRIVER, _id: '0e4c2a6b-7d1f-4c3e-9a8b-5f6d7e8a9b0c', type: 'admin', fullName: 'Alex Admin' };
const FIRST_PAINT = { timeout: 20_000 };
const FRANCE = {
  _id: '5b1f3c2d-4e6a-4b7c-8d9e-0f1a2b3c4d5e',
  code: 'FR',
  names: { en: 'France', fr: 'France', es: 'Francia', se: 'Frankrike', de: 'Frankreich' },
};
const value = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

afterEach(() => vi.restoreAllMocks());

describe("a location's editor", { timeout: 60_000 }, () => {
  it('fills the other names from the first one typed until each is edited, and sends them', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator(
      '/operator/places/new',
      {
        'GET /api/admin-locations': () => Response.json({ countries: [FRANCE], locations: [] }),
        'POST /api/create-location': () => Response.json({ _id: 'x', names: {} }, { status: 201 }),
      },
      ADMIN,
    );
    const english = await screen.findByRole('textbox', { name: 'English' }, FIRST_PAINT);
    await user.type(english, 'Lyon');
    expect(['French', 'Spanish', 'Swedish', 'German'].map(value)).toEqual(['Lyon', 'Lyon', 'Lyon', 'Lyon']);
    const swedish = screen.getByRole('textbox', { name: 'Swedish' });
    await user.clear(swedish);
    await user.type(swedish, 'Lyon C');
    await user.type(english, 's');
    expect(['English', 'French', 'Spanish', 'Swedish', 'German'].map(value)).toEqual([
      'Lyons',
      'Lyons',
      'Lyons',
      'Lyon C',
      'Lyons',
    ]);
    await user.click(screen.getByRole('button', { name: /Show time zones/ }));
    await user.click(screen.getByRole('option', { name: 'Europe/Paris' }));
    await user.type(screen.getByRole('textbox', { name: 'Latitude (decimal degrees)' }), '45.76');
    await user.type(screen.getByRole('textbox', { name: 'Longitude (decimal degrees)' }), '4.84');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'POST /api/create-location')).toBe(true));
    expect(calls.find((call) => call.route === 'POST /api/create-location')?.body).toMatchObject({
      names: { en: 'Lyons', fr: 'Lyons', es: 'Lyons', se: 'Lyon C', de: 'Lyons' },
      timeZone: 'Europe/Paris',
      latitude: 45.76,
      longitude: 4.84,
    });
  });

  it("lists the time zones by region, the country's first, and finds one by a part of its name", async () => {
    const user = userEvent.setup();
    renderOperator(
      '/operator/places/new',
      { 'GET /api/admin-locations': () => Response.json({ countries: [FRANCE], locations: [] }) },
      ADMIN,
    );
    await user.click(await screen.findByRole('button', { name: /Show time zones/ }, FIRST_PAINT));
    const list = screen.getByRole('listbox');
    const groups = within(list).getAllByRole('group');
    expect(document.getElementById(groups[0]?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('France');
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Europe/Paris']);
    const regions = groups.slice(1).map((group) => within(group).getAllByRole('option')[0]?.textContent?.split('/')[0]);
    expect(regions).toEqual(expect.arrayContaining(['Africa', 'America', 'Asia', 'Europe', 'Pacific']));
    // Each region titled in the reader's language (English here; the other four below).
    const titles = groups.map(
      (group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
    );
    expect(titles).toEqual(expect.arrayContaining(['Americas', 'Europe', 'Pacific Ocean']));
    const europe = groups.find((group) => within(group).queryByRole('option', { name: 'Europe/Berlin' }));
    expect(within(europe!).queryByRole('option', { name: 'Europe/Paris' })).toBeNull();

    const field = screen.getByRole('combobox', { name: 'Time zone' });
    await user.type(field, 'new y');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['America/New_York']);
    await user.click(screen.getByRole('option', { name: 'America/New_York' }));
    expect((field as HTMLInputElement).value).toBe('America/New_York');
  });

  it("titles the regions in the reader's language", async () => {
    await changeLanguage('de', { save: false });
    const user = userEvent.setup();
    renderOperator(
      '/operator/places/new?l=de',
      { 'GET /api/admin-locations': () => Response.json({ countries: [FRANCE], locations: [] }) },
      ADMIN,
    );
    await user.click(await screen.findByRole('button', { name: /Zeitzonen/ }, FIRST_PAINT));
    const titles = within(screen.getByRole('listbox'))
      .getAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(titles).toEqual(expect.arrayContaining(['Amerika', 'Europa', 'Pazifik', 'Indischer Ozean']));
    expect(titles).not.toContain('America');
    await changeLanguage('en', { save: false });
  });

  it('centres the map on the chosen country, then follows the coordinates typed', async () => {
    const user = userEvent.setup();
    const setView = vi.spyOn(L.Map.prototype, 'setView');
    renderOperator(
      '/operator/places/new',
      { 'GET /api/admin-locations': () => Response.json({ countries: [FRANCE], locations: [] }) },
      ADMIN,
    );
    await screen.findByRole('region', { name: 'Map: click to place the location' }, FIRST_PAINT);
    const centre = () => {
      const map = setView.mock.contexts.at(-1) as L.Map;
      const { lat, lng } = map.getCenter();
      return [Math.round(lat * 100) / 100, Math.round(lng * 100) / 100, map.getZoom()];
    };
    await waitFor(() => expect(centre()).toEqual([48.87, 2.33, 5]));
    await user.type(screen.getByRole('textbox', { name: 'Latitude (decimal degrees)' }), '45.76');
    await user.type(screen.getByRole('textbox', { name: 'Longitude (decimal degrees)' }), '4,84');
    await waitFor(() => expect(centre()).toEqual([45.76, 4.84, 11]));
  });
});

describe('a new location without a country', { timeout: 60_000 }, () => {
  it('says a country comes first and leads to creating one', async () => {
    const user = userEvent.setup();
    renderOperator(
      '/operator/places/new',
      { 'GET /api/admin-locations': () => Response.json({ countries: [], locations: [] }) },
      ADMIN,
    );
    expect(await screen.findByText(/create the country first/, {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'English' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'New country' }));
    expect(await screen.findByRole('heading', { name: 'New country' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Country code (2 letters)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New location' })).toBeNull();
    expect(screen.getByText(/create the country first/)).toBeTruthy();
  });
});
