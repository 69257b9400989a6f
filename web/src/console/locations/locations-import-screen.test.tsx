import type { LocationsImportReport as PlacesImportReport } from '@roam/contract/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRIVER } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';

screenTests();

// The admin imports countries and places by CSV as cars are imported — report, then all or nothing.

const ADMIN = { ...DRIVER, type: 'admin' as const, fullName: 'Alex Admin' };
const report = (valid: boolean, imported = false): PlacesImportReport => ({
  headers: ['countryCode', 'nameEn', 'timeZone'],
  mapping: { countryCode: 'countryCode', nameEn: 'nameEn', timeZone: 'timeZone' },
  rows: [
    { line: 2, name: 'Athens Airport', countryCode: 'GR', action: 'create', errors: {} },
    {
      line: 3,
      name: 'Paris',
      countryCode: 'FR',
      action: 'update',
      errors: valid ? {} : { nameEn: ['This place is already on row 2 of the file.'] },
    },
  ],
  valid,
  imported,
  encoding: 'utf-8',
});
const csv = () => new File(['countryCode,nameEn\nGR,Athens Airport\nFR,Paris\n'], 'places.csv', { type: 'text/csv' });

describe('places import screen', () => {
  it('reports each row with its country and errors, then imports every row once the file is right', async () => {
    const user = userEvent.setup();
    let previews = 0;
    const { calls } = renderOperator(
      '/operator/places/import',
      {
        'POST /api/import-locations/preview': () => Response.json(report(previews++ > 0)),
        'POST /api/import-locations': () => Response.json(report(true, true)),
      },
      ADMIN,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Import places' })).toBeTruthy();
    const input = screen.getByLabelText('CSV file', { selector: 'input' });
    await user.upload(input, csv());
    const table = await screen.findByRole('table', { name: '3. Check the rows' });
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /^3 FR Paris Update/ }).textContent).toContain(
        'nameEn: This place is already on line 2 of the file.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Import 2 places' }).hasAttribute('disabled')).toBe(true);

    await user.upload(input, csv());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Import 2 places' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Import 2 places' }));
    expect(await screen.findByText('Import done: 1 places added, 1 updated.')).toBeTruthy();
    expect(calls.filter((call) => call.route === 'POST /api/import-locations')).toHaveLength(1);
  });
});
