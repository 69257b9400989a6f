import type { AuditPage } from '@roam/contract/audit';
import { type Access, ROLE_PERMISSIONS, type Team } from '@roam/contract/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

// The activity screen: the audit trail by person, kind of record and period, paged; an owner's, not a manager's.

screenTests();

const FIRST_PAINT = { timeout: 20_000 };
const access = (role: Access['role']): Access => ({
  role,
  businessId: SUPPLIER._id,
  branchIds: [],
  permissions: role ? [...ROLE_PERMISSIONS[role]] : [],
  twoFactor: { enabled: false, required: false },
});
const MANAGER = '4f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TEAM: Team = {
  businessId: SUPPLIER._id,
  requireTwoFactor: false,
  places: [],
  members: [
    {
      _id: MANAGER,
      fullName: 'Morgan Moreau',
      email: 'manager@roam.localhost',
      role: 'manager',
      branchIds: [],
      status: 'active',
      founder: false,
      twoFactor: false,
      invitedAt: null,
      joinedAt: null,
    },
  ],
};
const entry = (id: number): AuditPage['results'][number] => ({
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  at: '2026-11-20T10:00:00.000Z',
  actor: {
    _id: MANAGER,
    fullName: 'Morgan Moreau',
    type: 'supplier',
    role: 'manager',
    business: { _id: SUPPLIER._id, name: 'Azur Coast Rentals' },
  },
  entity: 'car',
  entityId: '11111111-1111-4111-8111-111111111111',
  action: 'update',
  changes: { dailyPrice: { before: 4000, after: 4500 } },
});

describe('the activity (console)', () => {
  it('an owner reads who changed what, filters by person, record and period, and pages', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/activity', {
      'GET /api/my-access': () => Response.json(access('owner')),
      'GET /api/team': () => Response.json(TEAM),
      'POST /api/activity/1/25': () => Response.json({ totalCount: 30, results: [entry(1)] }),
      'POST /api/activity/2/25': () => Response.json({ totalCount: 30, results: [entry(2)] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' }, FIRST_PAINT)).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Morgan Moreau/ });
    expect(within(row).getByText('Manager, Azur Coast Rentals')).toBeTruthy();
    expect(within(row).getByText('Changed')).toBeTruthy();
    expect(within(row).getByText('Car')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Morgan Moreau');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record' }), 'car');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() =>
      expect(calls.filter((c) => c.route === 'POST /api/activity/1/25').at(-1)?.body).toEqual({
        actorId: MANAGER,
        entity: 'car',
        from: '2026-11-01',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => c.route === 'POST /api/activity/2/25')).toBe(true));
  });

  it('a manager has no activity section, and its address is not found', async () => {
    renderOperator('/operator/activity', { 'GET /api/my-access': () => Response.json(access('manager')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' }, FIRST_PAINT)).toBeTruthy();
  });
});
