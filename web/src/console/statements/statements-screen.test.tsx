import type { Statement } from '@roam/contract/statements';
import { type Access, ROLE_PERMISSIONS } from '@roam/contract/team';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

// The monthly statement: an accountant reads the month's totals and VAT per rate, changes the month, and downloads
// the CSV in their separator and words and the PDF; a counter agent has no statements.

screenTests();

const FIRST_PAINT = { timeout: 20_000 };
const access = (role: Access['role']): Access => ({
  role,
  businessId: SUPPLIER._id,
  branchIds: [],
  permissions: role ? [...ROLE_PERMISSIONS[role]] : [],
  twoFactor: { enabled: false, required: false },
});
const statement = (month: string): Statement => ({
  month,
  supplierId: SUPPLIER._id,
  rowCount: 0,
  asOf: '2026-11-20T10:05:00.000Z',
  rows: [],
  totals: [
    {
      currency: 'EUR',
      bookings: 3,
      revenue: { rental: 42000, extras: 6000, charges: 1500, changes: 0 },
      invoiced: { net: 37500, vat: 7500, gross: 45000 },
      credited: -4500,
      received: 49500,
      refunded: -4500,
      deposits: { held: 0, captured: 0, released: 0 },
      vatRates: [{ vatRate: 20, net: 37500, vat: 7500, gross: 45000 }],
      priceChange: 2100,
    },
  ],
});

describe('the monthly statement (console)', () => {
  it('an accountant reads the totals and VAT per rate, picks a month and downloads the CSV and the PDF', async () => {
    const asked: string[] = [];
    renderOperator('/operator/statements?month=2026-10', {
      'GET /api/my-access': () => Response.json(access('accountant')),
      'GET /api/statement': ({ url }) => {
        asked.push(url.search);
        return Response.json(statement(url.searchParams.get('month') ?? ''));
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly statement' }, FIRST_PAINT)).toBeTruthy();
    const figure = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await figure('Invoiced (credit notes deducted)')).toBe('450 €');
    expect(await figure('Credit notes')).toBe('-45 €');
    expect(await figure('Rental revenue')).toBe('420 €');
    expect(await figure('Bookings')).toBe('3');
    const vat = screen.getByRole('table', { name: 'VAT per rate' });
    expect(within(vat).getByRole('row', { name: /20 %.*375 €.*75 €.*450 €/ })).toBeTruthy();
    // The totals alone: the rows are the CSV's.
    expect(asked).toEqual(['?month=2026-10&size=0']);
    const csv = screen.getByRole('link', { name: 'Download the accounting export (CSV)' });
    expect(csv.getAttribute('href')).toBe('/api/statement-export?month=2026-10&format=csv&separator=comma&language=en');
    expect(screen.getByRole('link', { name: 'Download the summary (PDF)' }).getAttribute('href')).toBe(
      '/api/statement-export?month=2026-10&format=pdf&language=en',
    );
    // The server keeps the month's totals a minute: the line says when they were summed, and Refresh sums them now.
    expect(screen.getByText(/^Totals as of .*\d\d.*$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh the totals' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?month=2026-10&size=0&fresh=true'));
    // A month field is typed into as one value (jsdom has no month picker).
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-09' } });
    await waitFor(() => expect(asked.at(-1)).toBe('?month=2026-09&size=0'));
    // The accountant's navigation shows the section.
    expect(screen.getByRole('link', { name: 'Statements' })).toBeTruthy();
  });

  it('a counter agent has no statements, and its address is not found', async () => {
    renderOperator('/operator/statements', { 'GET /api/my-access': () => Response.json(access('counter')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' }, FIRST_PAINT)).toBeTruthy();
  });
});
