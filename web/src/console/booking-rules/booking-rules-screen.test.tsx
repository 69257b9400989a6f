import type { RunTimeSettingsState } from '@roam/contract/booking-rules';
import type { SiteSettingsState } from '@roam/contract/site-settings';
import type { User } from '@roam/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRIVER } from '#web/test-fixtures';
import { describedBy, screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

const ADMIN: User = { ...DRIVER, _id: '0e4c2a6b-7d1f-4c3e-9a8b-5f6d7e8a9b0c', type: 'admin', fullName: 'Alex Admin' };
const DEFAULTS = {
  minPickupLeadHours: 1,
  minRentalHours: 1,
  earliestPickupHour: 7,
  latestPickupHour: 22,
  earliestDropoffHour: 7,
  latestDropoffHour: 22,
  holdMinutes: 30,
  maxRentalDays: 90,
};
const STATE: RunTimeSettingsState = {
  values: { ...DEFAULTS, minRentalHours: 24 },
  defaults: DEFAULTS,
  overridden: ['minRentalHours'],
  updatedAt: '2026-11-20T09:30:00.000Z',
  updatedBy: 'Alex Admin',
};
// The console's screens are lazy chunks that compile on first use (as the profile's tests wait).
const FIRST_PAINT = { timeout: 20_000 };

describe('the booking rules', { timeout: 40_000 }, () => {
  it('sends only the rules the admin changed, and null for one set back to its configured default', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator(
      '/operator/settings',
      {
        'GET /api/booking-rules': () => Response.json(STATE),
        'PUT /api/update-booking-rules': () => Response.json(STATE),
      },
      ADMIN,
    );
    const lead = await screen.findByRole('textbox', { name: 'Minimum notice before pick-up (hours)' }, FIRST_PAINT);
    const length = screen.getByRole('textbox', { name: 'Minimum rental (hours)' });
    expect((length as HTMLInputElement).value).toBe('24');
    expect(describedBy(length)).toBe('From 1 to 720. Configured default: 1.');
    expect(screen.getByText(/Last changed on .* by Alex Admin\./)).toBeTruthy();
    await user.clear(lead);
    await user.type(lead, '48');
    await user.clear(length);
    await user.type(length, '1');
    await user.click(screen.getByRole('button', { name: 'Save the rules' }));
    expect(await screen.findByText('The booking rules are saved. They apply now.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /api/update-booking-rules')?.body).toEqual({
      minPickupLeadHours: 48,
      minRentalHours: null,
    });
  });

  it('shows a value out of range at its field and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator(
      '/operator/settings',
      { 'GET /api/booking-rules': () => Response.json(STATE) },
      ADMIN,
    );
    const hold = await screen.findByRole(
      'textbox',
      { name: 'Hold the car while awaiting payment (minutes)' },
      FIRST_PAINT,
    );
    await user.clear(hold);
    await user.type(hold, '2');
    await user.click(screen.getByRole('button', { name: 'Save the rules' }));
    await waitFor(() => expect(hold.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((call) => call.route === 'PUT /api/update-booking-rules')).toBe(false);
  });

  it('reads a decimal comma and names the format; refuses an earliest hour after the latest, naming both', async () => {
    const user = userEvent.setup();
    const message = 'The earliest hour (22:00) must not be later than the latest hour (6:00).';
    const { calls } = renderOperator(
      '/operator/settings',
      {
        'GET /api/booking-rules': () => Response.json(STATE),
        'PUT /api/update-booking-rules': () =>
          Response.json(
            {
              code: 'VALIDATION_FAILED',
              message: 'Please fix errors.',
              fieldErrors: { earliestPickupHour: [message], latestPickupHour: [message] },
            },
            { status: 400 },
          ),
      },
      ADMIN,
    );
    const hold = await screen.findByRole(
      'textbox',
      { name: 'Hold the car while awaiting payment (minutes)' },
      FIRST_PAINT,
    );
    await user.clear(hold);
    await user.type(hold, '45,5');
    await user.click(screen.getByRole('button', { name: 'Save the rules' }));
    await waitFor(() => expect(describedBy(hold)).toContain('Please enter a whole number from 5 to 1440.'));
    expect(calls.some((call) => call.route === 'PUT /api/update-booking-rules')).toBe(false);

    await user.clear(hold);
    await user.type(hold, '45,0');
    const earliest = screen.getByRole('textbox', { name: /Earliest pick-up/ });
    const latest = screen.getByRole('textbox', { name: /Latest pick-up/ });
    await user.clear(earliest);
    await user.type(earliest, '22');
    await user.clear(latest);
    await user.type(latest, '6');
    await user.click(screen.getByRole('button', { name: 'Save the rules' }));
    const named = 'The earliest hour (22:00) must not be later than the latest hour (06:00).';
    await waitFor(() => expect(describedBy(earliest)).toContain(named));
    expect(describedBy(latest)).toContain(named);
    expect(calls.find((call) => call.route === 'PUT /api/update-booking-rules')?.body).toEqual({
      earliestPickupHour: 22,
      latestPickupHour: 6,
      holdMinutes: 45,
    });
  });

  it('changes the site’s name and default language: only what changed, null for one set back', async () => {
    const user = userEvent.setup();
    const site: SiteSettingsState = {
      values: { websiteName: 'Azur Desk', contactEmail: 'info@roam.localhost', defaultLanguage: 'en' },
      defaults: { websiteName: 'Roam', contactEmail: 'info@roam.localhost', defaultLanguage: 'en' },
      overridden: ['websiteName'],
      languages: ['en', 'fr', 'de'],
      updatedAt: null,
      updatedBy: null,
    };
    const { calls } = renderOperator(
      '/operator/settings',
      {
        'GET /api/booking-rules': () => Response.json(STATE),
        'GET /api/site-settings': () => Response.json(site),
        'PUT /api/update-site-settings': () => Response.json(site),
      },
      ADMIN,
    );
    const name = await screen.findByRole('textbox', { name: 'Site name' }, FIRST_PAINT);
    expect((name as HTMLInputElement).value).toBe('Azur Desk');
    expect(describedBy(name)).toBe('Configured default: Roam.');
    const language = screen.getByRole('combobox', { name: 'Default language' });
    // Only the languages the site offers.
    expect([...(language as HTMLSelectElement).options].map((option) => option.value)).toEqual(['en', 'fr', 'de']);
    await user.clear(name);
    await user.type(name, 'Roam');
    await user.selectOptions(language, 'fr');
    await user.click(screen.getByRole('button', { name: 'Save the site settings' }));
    expect(await screen.findByText('The site settings are saved. They apply now.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /api/update-site-settings')?.body).toEqual({
      websiteName: null,
      defaultLanguage: 'fr',
    });
  });

  it('is not there for a supplier', async () => {
    renderOperator('/operator/settings', {}, SUPPLIER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' }, FIRST_PAINT)).toBeTruthy();
  });
});
