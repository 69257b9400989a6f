import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { CLIO_ROW, renderOperator } from '#web/console/test-utils';

screenTests();

const page =
  (results = [CLIO_ROW], totalCount = results.length) =>
  () =>
    Response.json({ results, totalCount });

// The console's screens are lazy chunks that compile on first use: on a loaded machine the first test's wait went
// past the 5 s default (seen twice in session 14), as car-editor-screen.test.tsx found.
const FIRST_PAINT = { timeout: 20_000 };

describe("the operator's cars", () => {
  it('lists each car with its price per day, its bookings to come and the next one, its odometer, linked to its editor', async () => {
    renderOperator('/operator/cars', { 'POST /api/cars/1/15': page() });
    const list = await screen.findByRole('list', { name: 'Cars' }, FIRST_PAINT);
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Renault Clio' }).getAttribute('href')).toBe(
      `/operator/cars/${CLIO_ROW._id}`,
    );
    expect(row.textContent).toContain('AB-123-CD');
    // The customer's price per day (the supplier's percentage included), not the car's own rate.
    expect(within(row).getByText('Price per day').nextElementSibling?.textContent).toBe('44 €');
    expect(within(row).getByText('Bookings to come').nextElementSibling?.textContent).toBe('2');
    expect(within(row).getByText('Next booking').nextElementSibling?.textContent).toMatch(
      /^Dec 3, 2026 to Dec 6, 2026$/,
    );
    // The counter's last odometer reading; no service recorded yet says so.
    expect(within(row).getByText('Odometer').nextElementSibling?.textContent).toBe('48,250 km');
    expect(within(row).getByText('Last service').nextElementSibling?.textContent).toBe('Not recorded');
    expect(screen.getByText('1 car')).toBeTruthy();
  });

  it('asks the server for a name or plate, a range, an availability and a sort, from page 1', async () => {
    const { calls } = renderOperator('/operator/cars?page=2', {
      'POST /api/cars/1/15': page([]),
      'POST /api/cars/2/15': page([CLIO_ROW], 16),
    });
    await screen.findByRole('list', { name: 'Cars' }, FIRST_PAINT);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name or licence plate' }), 'ab-123');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No car matches these filters.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'SUV');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Availability' }), 'Coming Soon');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price, lowest first');
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        route: 'POST /api/cars/1/15',
        body: { keyword: 'ab-123', ranges: ['midi'], availability: ['comingSoon'], sort: 'priceAsc' },
      }),
    );
    expect(calls.some((call) => call.route === 'POST /api/cars/2/15')).toBe(true);
  });

  it('says an empty fleet is empty, and a filter that matched nothing matched nothing', async () => {
    renderOperator('/operator/cars', { 'POST /api/cars/1/15': () => Response.json({ results: [], totalCount: 0 }) });
    expect(
      await screen.findByText('No car in the fleet yet: add one, or import a file of cars.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('No car matches these filters.')).toBeNull();
    cleanup();
    renderOperator('/operator/cars?range=bus', {
      'POST /api/cars/1/15': () => Response.json({ results: [], totalCount: 0 }),
    });
    expect(await screen.findByText('No car matches these filters.', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('says so when the server cannot answer', async () => {
    renderOperator('/operator/cars', {
      'POST /api/cars/1/15': () => Response.json({ code: 'INTERNAL', message: 'x' }, { status: 500 }),
    });
    const message = await screen.findByText('The cars could not be loaded. Please try again.', {}, { timeout: 10_000 });
    expect(message.getAttribute('role')).toBe('alert');
  });
});
