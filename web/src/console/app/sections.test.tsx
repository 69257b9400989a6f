import { type Access, type OperatorRole, ROLE_PERMISSIONS } from '@roam/contract/team';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

// The console's navigation per role (docs/decisions/0010-members-of-a-business.md): each role sees the sections its
// permissions let it use — the contract's table the server's route auth reads — and a section's address it does not
// see is not found to it.

screenTests();

const FIRST_PAINT = { timeout: 20_000 };
const platform = (role: OperatorRole) => role === 'admin' || role === 'support';
const access = (role: OperatorRole): Access => ({
  role,
  businessId: platform(role) ? null : SUPPLIER._id,
  branchIds: [],
  permissions: [...ROLE_PERMISSIONS[role]],
  twoFactor: { enabled: true, required: false },
});

const DAY = ['Dashboard', 'Bookings'];
const EXPECTED: Record<OperatorRole, string[]> = {
  owner: [
    ...DAY,
    'Cars',
    'Scheduler',
    'New booking',
    'Cancellation requests',
    'Supplier profile',
    'Counter settings',
    'Extras',
    'Promo codes',
    'Driver and one-way fees',
    'Team',
    'Activity',
    'Statements',
  ],
  manager: [...DAY, 'Cars', 'Scheduler', 'New booking', 'Cancellation requests', 'Extras'],
  // No fleet edits nor prices (Cars), no decisions on a booking (Cancellation requests), no money; the extras read.
  counter: [...DAY, 'Scheduler', 'New booking', 'Extras'],
  // Money read-only: the monthly statement.
  accountant: [...DAY, 'Scheduler', 'Extras', 'Statements'],
  admin: [
    ...DAY,
    'Cars',
    'Scheduler',
    'New booking',
    'Cancellation requests',
    'Supplier profile',
    'Counter settings',
    'Extras',
    'Promo codes',
    'Driver and one-way fees',
    'Team',
    'Activity',
    'Statements',
    'Set-up',
    'Users',
    'Suppliers',
    'Places',
    'Settings',
    'Reconciliation',
  ],
  support: ['Bookings', 'Scheduler', 'Cancellation requests', 'Extras', 'Users'],
};

const sectionNames = () =>
  within(screen.getByRole('navigation', { name: 'Operator console sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console’s sections per role', () => {
  it.each(Object.entries(EXPECTED) as [OperatorRole, string[]][])('%s sees %j', async (role, expected) => {
    const user = { ...SUPPLIER, type: platform(role) ? ('admin' as const) : ('supplier' as const) };
    renderOperator('/operator/nothing-here', { 'GET /api/my-access': () => Response.json(access(role)) }, user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' }, FIRST_PAINT)).toBeTruthy();
    await waitFor(() => expect(sectionNames()).toEqual(expected));
  });

  it.each([
    ['counter', '/operator/cars'],
    ['counter', '/operator/cancellation-requests'],
    ['accountant', '/operator/bookings/new'],
    ['support', '/operator/settings'],
    ['support', '/operator/dashboard'],
    ['manager', '/operator/promo-codes'],
    ['manager', '/operator/fees'],
  ] as [OperatorRole, string][])('a section a %s does not see is not found at its address (%s)', async (role, path) => {
    const user = { ...SUPPLIER, type: platform(role) ? ('admin' as const) : ('supplier' as const) };
    renderOperator(path, { 'GET /api/my-access': () => Response.json(access(role)) }, user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' }, FIRST_PAINT)).toBeTruthy();
  });
});
