import type { Team } from '@roam/contract/team';
import { type Access, ROLE_PERMISSIONS } from '@roam/contract/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { PARIS } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

// The team screen and the navigation per role (docs/decisions/0010-members-of-a-business.md): the sections a role
// cannot use are not shown, their addresses are not found, and an owner invites, changes, suspends and removes.

screenTests();

const FIRST_PAINT = { timeout: 20_000 };
const access = (role: Access['role']): Access => ({
  role,
  businessId: SUPPLIER._id,
  branchIds: [],
  permissions: role ? [...ROLE_PERMISSIONS[role]] : [],
  twoFactor: { enabled: false, required: false },
});
const AGENT = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
/** A place where the business has no car: not one of its branches. */
const ELSEWHERE = { ...PARIS, _id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', name: 'Lyon Part-Dieu' };
const TEAM: Team = {
  businessId: SUPPLIER._id,
  requireTwoFactor: false,
  places: [PARIS._id],
  members: [
    {
      _id: SUPPLIER._id,
      fullName: SUPPLIER.fullName,
      email: SUPPLIER.email,
      role: 'owner',
      branchIds: [],
      status: 'active',
      founder: true,
      twoFactor: false,
      invitedAt: null,
      joinedAt: '2026-01-01T00:00:00.000Z',
    },
    {
      _id: AGENT,
      fullName: 'Chris Dupont',
      email: 'counter@roam.localhost',
      role: 'counter',
      branchIds: [],
      status: 'active',
      founder: false,
      twoFactor: true,
      invitedAt: '2026-11-01T00:00:00.000Z',
      joinedAt: '2026-11-02T00:00:00.000Z',
    },
  ],
};

const sectionNames = () =>
  within(screen.getByRole('navigation', { name: 'Operator console sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the team (console)', () => {
  it('a counter agent sees the day’s sections only; the team’s address is not found to them', async () => {
    renderOperator('/operator/team', { 'GET /api/my-access': () => Response.json(access('counter')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here!' }, FIRST_PAINT)).toBeTruthy();
    await waitFor(() => expect(sectionNames()).not.toContain('Team'));
    // No fleet edits nor prices, no decisions on a booking; the extras read only (every role's list:
    // app/sections.test.tsx).
    expect(sectionNames()).toEqual(['Dashboard', 'Bookings', 'Scheduler', 'New booking', 'Extras']);
  });

  it('an owner invites, changes a role, suspends and removes; the table shows who and how', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/team', {
      'GET /api/my-access': () => Response.json(access('owner')),
      'GET /api/team': () => Response.json(TEAM),
      'POST /api/invite-member': ({ body }) =>
        Response.json({ ...TEAM.members[1], ...(body as object) }, { status: 201 }),
      [`PUT /api/update-member/${AGENT}`]: ({ body }) => Response.json({ ...TEAM.members[1], ...(body as object) }),
      [`DELETE /api/remove-member/${AGENT}`]: () => Response.json({ ok: true }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' }, FIRST_PAINT)).toBeTruthy();
    expect(sectionNames()).toContain('Team');
    const row = screen.getByRole('row', { name: /Chris Dupont/ });
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Azur Coast Rentals/ }).textContent).toContain('Owner · Business account');

    await user.selectOptions(within(row).getByRole('combobox', { name: 'Role of Chris Dupont' }), 'manager');
    await waitFor(() =>
      expect(calls.find((c) => c.route === `PUT /api/update-member/${AGENT}`)?.body).toEqual({ role: 'manager' }),
    );
    await user.click(within(row).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.route === `PUT /api/update-member/${AGENT}`).map((c) => c.body)).toContainEqual({
        status: 'suspended',
      }),
    );
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove Chris Dupont from the team?' });
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.route === `DELETE /api/remove-member/${AGENT}`)).toBe(true));

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Léa Garnier');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'lea@azur.example');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'accountant');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/invite-member')?.body).toMatchObject({
        fullName: 'Léa Garnier',
        email: 'lea@azur.example',
        role: 'accountant',
        language: 'en',
      }),
    );
  });

  it('an owner working in French invites in French unless they choose another language', async () => {
    await changeLanguage('fr', { save: false });
    try {
      const { calls } = renderOperator('/operator/team?l=fr', {
        'GET /api/my-access': () => Response.json(access('owner')),
        'GET /api/team': () => Response.json(TEAM),
        'POST /api/invite-member': ({ body }) =>
          Response.json({ ...TEAM.members[1], ...(body as object) }, { status: 201 }),
      });
      const user = userEvent.setup();
      const language = await screen.findByRole('combobox', { name: 'Langue de l’e-mail' }, FIRST_PAINT);
      expect((language as HTMLSelectElement).value).toBe('fr');
      await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Léa Garnier');
      await user.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'lea@azur.example');
      await user.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
      await waitFor(() =>
        expect(calls.find((c) => c.route === 'POST /api/invite-member')?.body).toMatchObject({ language: 'fr' }),
      );
    } finally {
      await changeLanguage('en', { save: false });
    }
  });

  it('an owner requires two-step sign-in of the members, and lifts it', async () => {
    const user = userEvent.setup();
    let required = false;
    const { calls } = renderOperator('/operator/team', {
      'GET /api/my-access': () => Response.json(access('owner')),
      'GET /api/team': () => Response.json({ ...TEAM, requireTwoFactor: required }),
      'PUT /api/team-policy': ({ body }) => {
        required = (body as { requireTwoFactor: boolean }).requireTwoFactor;
        return Response.json({ ...TEAM, requireTwoFactor: required });
      },
    });
    const rule = await screen.findByRole('checkbox', { name: 'Require two-step sign-in for members' }, FIRST_PAINT);
    expect((rule as HTMLInputElement).checked).toBe(false);
    await user.click(rule);
    await waitFor(() => expect((rule as HTMLInputElement).checked).toBe(true));
    expect(calls.find((c) => c.route === 'PUT /api/team-policy')?.body).toEqual({
      requireTwoFactor: true,
      businessId: SUPPLIER._id,
    });
    await user.click(rule);
    await waitFor(() => expect(required).toBe(false));
  });

  it('an owner signs a member out everywhere', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/team', {
      'GET /api/my-access': () => Response.json(access('owner')),
      'GET /api/team': () => Response.json(TEAM),
      [`DELETE /api/member-sessions/${AGENT}`]: () => Response.json({ ok: true }),
    });
    const row = await screen.findByRole('row', { name: /Chris Dupont/ }, FIRST_PAINT);
    await user.click(within(row).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Chris Dupont is signed out on every device.')).toBeTruthy();
    expect(calls.some((c) => c.route === `DELETE /api/member-sessions/${AGENT}`)).toBe(true);
  });

  it('an owner limits a member to one of the business’s places; none ticked is every branch', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/team', {
      'GET /api/my-access': () => Response.json(access('owner')),
      'GET /api/team': () => Response.json(TEAM),
      'GET /api/locations': () => Response.json([PARIS, ELSEWHERE]),
      [`PUT /api/update-member/${AGENT}`]: ({ body }) => Response.json({ ...TEAM.members[1], ...(body as object) }),
    });
    const row = await screen.findByRole('row', { name: /Chris Dupont/ }, FIRST_PAINT);
    const picker = within(row).getByText('All branches');
    await user.click(picker);
    await user.click(await within(row).findByRole('checkbox', { name: PARIS.name }));
    // Only the business's own places (where its cars are): the server refuses any other.
    expect(within(row).queryByRole('checkbox', { name: ELSEWHERE.name })).toBeNull();
    await waitFor(() =>
      expect(calls.find((c) => c.route === `PUT /api/update-member/${AGENT}`)?.body).toEqual({
        branchIds: [PARIS._id],
      }),
    );
  });
});
