import type { Reconciliation } from '@roam/contract/reconciliation';
import { type Access, ROLE_PERMISSIONS } from '@roam/contract/team';
import type { User } from '@roam/contract/users';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRIVER } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

// The reconciliation: the admin reads a day's totals against the gateway's, the mismatches linked to their booking,
// and changes the gateway; a supplier's owner has no such section.

screenTests();

const FIRST_PAINT = { timeout: 20_000 };
const ADMIN: User = { ...DRIVER, _id: '0e4c2a6b-7d1f-4c3e-9a8b-5f6d7e8a9b0c', type: 'admin', fullName: 'Alex Admin' };
const access = (role: Access['role'], businessId: string | null): Access => ({
  role,
  businessId,
  branchIds: [],
  permissions: role ? [...ROLE_PERMISSIONS[role]] : [],
  twoFactor: { enabled: false, required: false },
});
const BOOKING = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const REPORT: Reconciliation = {
  from: '2026-11-20',
  to: '2026-11-26',
  graceMinutes: 60,
  days: [
    {
      day: '2026-11-24',
      gateway: 'stripe',
      currency: 'EUR',
      recorded: { count: 3, amount: 45000 },
      refunded: { count: 1, amount: 5000 },
      confirmed: { count: 3, amount: 44900 },
      confirmedRefunds: { count: 0, amount: 0 },
      matched: { count: 2, amount: 30000 },
      pending: 0,
      mismatches: 2,
    },
  ],
  mismatches: {
    items: [
      {
        kind: 'amountDiffers',
        gateway: 'stripe',
        day: '2026-11-24',
        reference: 'cs_test_a1',
        bookingId: BOOKING,
        bookingReference: 'K7M2Q9XA',
        recordedAmount: 15000,
        confirmedAmount: 14900,
        currency: 'EUR',
        confirmedCurrency: 'EUR',
        at: '2026-11-24T10:00:00.000Z',
      },
      {
        kind: 'refundUnconfirmed',
        gateway: 'stripe',
        day: '2026-11-24',
        reference: 're_test_b2',
        bookingId: BOOKING,
        bookingReference: 'K7M2Q9XA',
        recordedAmount: 5000,
        confirmedAmount: null,
        currency: 'EUR',
        confirmedCurrency: null,
        at: '2026-11-24T11:00:00.000Z',
      },
    ],
    total: 2,
    page: 1,
    size: 25,
  },
};

describe('the reconciliation (console)', () => {
  it('the admin reads the days against the gateway and each mismatch, linked to its booking', async () => {
    const asked: URLSearchParams[] = [];
    renderOperator(
      '/operator/reconciliation?from=2026-11-20&to=2026-11-26',
      {
        'GET /api/my-access': () => Response.json(access('admin', null)),
        'GET /api/reconciliation': ({ url }) => {
          asked.push(url.searchParams);
          return Response.json(REPORT);
        },
      },
      ADMIN,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconciliation' }, FIRST_PAINT)).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Per day' }, FIRST_PAINT);
    // Recorded 3 for 450, confirmed 3 for 449; the day's two mismatches last.
    const row = within(region).getByRole('row', { name: /^2026-11-24/ });
    expect(row.textContent).toMatch(/Card provider EUR.*3 · 450.*3 · 449.*2$/);
    const list = screen.getByRole('region', { name: 'Mismatches' });
    expect(within(list).getByText('Amounts differ')).toBeTruthy();
    expect(within(list).getByText('Refund never confirmed')).toBeTruthy();
    const links = within(list).getAllByRole('link', { name: 'K7M2Q9XA' });
    expect(links[0]?.getAttribute('href')).toBe(`/operator/bookings/${BOOKING}`);
    expect(screen.getByText('2 mismatches.')).toBeTruthy();
    expect(asked[0]?.get('from')).toBe('2026-11-20');
    fireEvent.change(screen.getByLabelText('Gateway'), { target: { value: 'paypal' } });
    await waitFor(() => expect(asked.at(-1)?.get('gateway')).toBe('paypal'));
    expect(screen.getByRole('link', { name: 'Reconciliation' })).toBeTruthy();
  });

  it("a business's owner has no reconciliation, and its address is not found", async () => {
    renderOperator('/operator/reconciliation', {
      'GET /api/my-access': () => Response.json(access('owner', SUPPLIER._id)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' }, FIRST_PAINT)).toBeTruthy();
  });
});
