import type { ImportReport } from '@roam/contract/fleet-import';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';

screenTests();

// The operator chooses a CSV, maps its columns, reads the report, then imports all or nothing.

const HEADERS = ['Plate', 'name', 'dailyPrice'];
const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  headers: HEADERS,
  mapping: { name: 'name', dailyPrice: 'dailyPrice' },
  rows: [
    { line: 2, name: 'Fiat 500', licensePlate: 'IMP-1', action: 'create', errors: {} },
    {
      line: 3,
      name: 'Clio',
      licensePlate: 'IMP-2',
      action: 'update',
      errors: { dailyPrice: ['Please enter a price greater than 0.'] },
    },
  ],
  valid: false,
  imported: false,
  encoding: 'utf-8',
  ...overrides,
});
const fixed = report({
  mapping: { name: 'name', dailyPrice: 'dailyPrice', licensePlate: 'Plate' },
  rows: report().rows.map((row) => ({ ...row, errors: {} })),
  valid: true,
});
const csv = () =>
  new File(['Plate,name,dailyPrice\nIMP-1,Fiat 500,45\nIMP-2,Clio,0\n'], 'cars.csv', { type: 'text/csv' });

// The console's screens are lazy chunks that compile on first use: on a loaded machine the first test's wait went
// past the 5 s default (seen in session 14), as car-editor-screen.test.tsx found.
const FIRST_PAINT = { timeout: 20_000 };

describe('fleet import screen', () => {
  it('shows the report by line with its errors, maps a column, then imports all the rows', async () => {
    const user = userEvent.setup();
    let previews = 0;
    const { calls } = renderOperator('/operator/cars/import', {
      'POST /api/import-cars/preview': () => Response.json(previews++ === 0 ? report() : fixed),
      'POST /api/import-cars': () => Response.json({ ...fixed, imported: true }),
    });
    await user.upload(await screen.findByLabelText('CSV file', { selector: 'input' }, FIRST_PAINT), csv());

    const table = await screen.findByRole('table', { name: '3. Check the rows' });
    const bad = within(table).getByRole('row', { name: /^3 IMP-2 Clio Update/ });
    // The field by the editor's label, not its code.
    await waitFor(() => expect(bad.textContent).toContain('Daily price: Please enter a price greater than 0.'));
    expect(within(table).getByRole('row', { name: /^2 IMP-1 Fiat 500 Add Ready/ })).toBeTruthy();
    expect(screen.getByText('2 rows: 1 to add, 1 to update, 1 with errors.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 2 cars' }).hasAttribute('disabled')).toBe(true);
    // Prefilled from the headers named as a column; the others are not imported until chosen.
    expect((screen.getByRole('combobox', { name: 'Daily price' }) as HTMLSelectElement).value).toBe('dailyPrice');
    expect((screen.getByRole('combobox', { name: 'Licence plate' }) as HTMLSelectElement).value).toBe('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Licence plate' }), 'Plate');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Import 2 cars' }).hasAttribute('disabled')).toBe(false),
    );
    const sent = calls.filter((call) => call.route === 'POST /api/import-cars/preview').at(-1)?.body as FormData;
    expect(JSON.parse(String(sent.get('mapping')))).toEqual({
      name: 'name',
      dailyPrice: 'dailyPrice',
      licensePlate: 'Plate',
    });

    await user.click(screen.getByRole('button', { name: 'Import 2 cars' }));
    expect(await screen.findByText('Import done: 1 cars added, 1 updated.')).toBeTruthy();
    const imported = calls.find((call) => call.route === 'POST /api/import-cars')?.body as FormData;
    expect((imported.get('file') as File).name).toBe('cars.csv');
    // The server matches headers to the labels of the reader's language first.
    expect(imported.get('language')).toBe('en');
    expect(screen.getByRole('link', { name: 'Export cars (CSV)' }).getAttribute('href')).toBe('/api/export-cars');
  });

  describe('in French', () => {
    afterAll(() => changeLanguage('en', { save: false }));

    it('lists the allowed values in French, names a refused one, and exports with ";" in French', async () => {
      await changeLanguage('fr', { save: false });
      const user = userEvent.setup();
      renderOperator('/operator/cars/import', {
        'POST /api/import-cars/preview': () =>
          Response.json(
            report({
              rows: [
                {
                  line: 2,
                  name: 'Clio',
                  licensePlate: 'IMP-1',
                  action: 'create',
                  errors: { range: ['Please use one of the allowed values.'], aircon: ['Please enter yes or no.'] },
                },
              ],
            }),
          ),
      });
      await user.upload(await screen.findByLabelText('Fichier CSV', { selector: 'input' }, FIRST_PAINT), csv());
      const table = await screen.findByRole('table', { name: '3. Vérifiez les lignes' });
      await waitFor(() =>
        expect(within(table).getByRole('row', { name: /^2 IMP-1/ }).textContent).toContain(
          'Type de véhicule: Veuillez utiliser l’une de ces valeurs : Voiture, SUV, Utilitaire, Scooter, Autocar, Camion, Camping-car.',
        ),
      );
      expect(table.textContent).toContain('Climatisation: Veuillez saisir oui ou non.');
      const range = screen.getByRole('combobox', { name: 'Type de véhicule' });
      expect(range.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(range.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
        'Voiture, SUV, Utilitaire',
      );
      // A French spreadsheet splits on ';': the cars' export says so (the bookings' is on the bookings desk).
      expect((screen.getByRole('combobox', { name: 'Séparateur' }) as HTMLSelectElement).value).toBe('semicolon');
      expect(screen.getByRole('link', { name: 'Exporter les voitures (CSV)' }).getAttribute('href')).toBe(
        '/api/export-cars?separator=semicolon',
      );
      await user.selectOptions(screen.getByRole('combobox', { name: 'Séparateur' }), 'comma');
      expect(screen.getByRole('link', { name: 'Exporter les voitures (CSV)' }).getAttribute('href')).toBe(
        '/api/export-cars',
      );
    });
  });

  it("says when the file cannot be read, in the reader's words", async () => {
    const user = userEvent.setup();
    renderOperator('/operator/cars/import', {
      'POST /api/import-cars/preview': () =>
        Response.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Please fix errors.',
            fieldErrors: { file: ['The file has no car rows.'] },
          },
          { status: 400 },
        ),
    });
    await user.upload(await screen.findByLabelText('CSV file', { selector: 'input' }, FIRST_PAINT), csv());
    expect(await screen.findByText(/This file could not be read/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is linked from the cars list next to "Add a car"', async () => {
    renderOperator('/operator/cars', { 'POST /api/cars/1/15': () => Response.json({ results: [], totalCount: 0 }) });
    expect((await screen.findByRole('link', { name: 'Import cars' })).getAttribute('href')).toBe(
      '/operator/cars/import',
    );
  });
});
