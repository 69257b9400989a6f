import { type Access, type OperatorRole, ROLE_PERMISSIONS } from '@roam/contract/team';
import type { AdminUser } from '@roam/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import operatorAdmin from '#web/i18n/locales/en/operatorAdmin.json';
import { DRIVER } from '#web/test-fixtures';
import { refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { accessQueryOptions } from '#web/console/team/api/team';
import { UserScreen } from './user-screen';

// The admin's view of one account — suspend through the profile call (after a question naming the
// bookings it still has), delete refused while booked.

screenTests(['common']);
beforeAll(() => {
  // The console's strings load with its screens (console/app/router.tsx); here the screen alone is rendered.
  i18next.addResourceBundle('en', 'translation', { operatorAdmin }, true, true);
});

const account = (overrides: Partial<AdminUser['user']> = {}): AdminUser => ({
  user: { ...DRIVER, createdAt: '2026-01-02T10:00:00.000Z', ...overrides },
  bookingCount: 1,
  upcomingCount: 1,
  twoFactor: false,
  member: false,
  bookings: [
    {
      _id: '7b0d5f8e-1111-4222-8333-444455556666',
      status: 'reserved',
      carName: 'Renault Clio',
      counterpart: 'Azur Coast Rentals',
      pickupAt: '2027-05-01T08:00:00.000Z',
      dropoffAt: '2027-05-04T08:00:00.000Z',
      price: 12000,
    },
  ],
});

/** The screen as a platform role sees it (`my-access` already answered). */
const render = (role: OperatorRole = 'admin') => {
  const queryClient = createQueryClient();
  const access: Access = {
    role,
    businessId: null,
    branchIds: [],
    permissions: [...ROLE_PERMISSIONS[role]],
    twoFactor: { enabled: true, required: false },
  };
  queryClient.setQueryData(accessQueryOptions.queryKey, access);
  return renderScreen(<UserScreen />, {
    path: `/operator/users/${DRIVER._id}`,
    route: '/operator/users/:id',
    queryClient,
  });
};

describe('the admin’s user screen', () => {
  it('shows the account and its bookings; suspends it through update-user and says it was signed out', async () => {
    let current = account();
    const calls = serveApi({
      [`GET /api/admin-user/${DRIVER._id}`]: () => Response.json(current),
      'POST /api/update-user': ({ body }) => {
        current = account({ blacklisted: (body as { blacklisted: boolean }).blacklisted });
        return Response.json(current.user);
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Camille Martin' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Renault Clio' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Reserved' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    // It asks first, saying what the account still has booked; dismissed, nothing is sent.
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Suspend the account of Camille Martin?');
    expect(question.textContent).toContain('It has 1 current or upcoming booking, which stays as booked.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.route === 'POST /api/update-user')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    await screen.findByRole('alertdialog');
    await user.click(screen.getAllByRole('button', { name: 'Suspend' }).at(-1)!);
    expect(await screen.findByText('Account suspended: it has been signed out.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'POST /api/update-user')?.body).toEqual({
      _id: DRIVER._id,
      blacklisted: true,
    });
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.getByText('This account is suspended: it cannot sign in.')).toBeTruthy();
  });

  it('asks before deleting, and says why the server refused', async () => {
    serveApi({
      [`GET /api/admin-user/${DRIVER._id}`]: () => Response.json(account()),
      [`DELETE /api/delete-user/${DRIVER._id}`]: () => refusal(409, 'CONFLICT'),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete the account of Camille Martin?');
    await user.click(screen.getAllByRole('button', { name: 'Delete account' }).at(-1)!);
    expect(await screen.findByText('This account has a current or future booking and cannot be deleted.')).toBeTruthy();
  });

  it('for an invited supplier: resends the invitation, and links to its business profile and its cars', async () => {
    const calls = serveApi({
      [`GET /api/admin-user/${DRIVER._id}`]: () =>
        Response.json(account({ type: 'supplier', verified: false, fullName: 'Fjord Cars' })),
      [`POST /api/resend-supplier-invitation/${DRIVER._id}`]: () => Response.json({ ok: true }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation' }));
    expect(
      await screen.findByText(`A new invitation was sent to ${DRIVER.email}; the earlier link no longer works.`),
    ).toBeTruthy();
    expect(calls.some((call) => call.route === `POST /api/resend-supplier-invitation/${DRIVER._id}`)).toBe(true);
    expect(screen.getByRole('link', { name: 'Business profile and percentage' }).getAttribute('href')).toBe(
      `/operator/profile?supplier=${DRIVER._id}`,
    );
    expect(screen.getByRole('link', { name: 'Cars of this supplier' }).getAttribute('href')).toBe(
      `/operator/cars?supplier=${DRIVER._id}`,
    );
  });

  it("resets someone's two-step sign-in after a question; they are signed out and enrol again", async () => {
    // A member of a business (a counter agent): their account has no business profile nor fleet of its own.
    let current = { ...account({ type: 'supplier', fullName: 'Chris Dupont' }), twoFactor: true, member: true };
    const calls = serveApi({
      [`GET /api/admin-user/${DRIVER._id}`]: () => Response.json(current),
      [`POST /api/reset-two-factor/${DRIVER._id}`]: () => {
        current = { ...current, twoFactor: false };
        return Response.json({ ok: true });
      },
    });
    const user = userEvent.setup();
    render();
    const status = await screen.findByText('Two-step sign-in');
    expect(status.nextElementSibling?.textContent).toBe('On');
    expect(screen.queryByRole('link', { name: 'Business profile and percentage' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reset two-step sign-in' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Reset the two-step sign-in of Chris Dupont?');
    expect(question.textContent).toContain('sets two-step sign-in up again');
    await user.click(screen.getAllByRole('button', { name: 'Reset two-step sign-in' }).at(-1)!);
    expect(await screen.findByText('Two-step sign-in reset: the account has been signed out.')).toBeTruthy();
    expect(calls.some((call) => call.route === `POST /api/reset-two-factor/${DRIVER._id}`)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset two-step sign-in' })).toBeNull());
    expect(screen.getByText('Two-step sign-in').nextElementSibling?.textContent).toBe('Off');
  });

  it('a support agent reads the account without its actions (they are the admin’s)', async () => {
    serveApi({
      [`GET /api/admin-user/${DRIVER._id}`]: () =>
        Response.json({ ...account({ type: 'supplier', verified: false }), twoFactor: true }),
    });
    render('support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Camille Martin' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Renault Clio' })).toBeTruthy();
    for (const name of [
      'Suspend',
      'Mark as verified',
      'Delete account',
      'Reset two-step sign-in',
      'Resend the invitation',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cars of this supplier' })).toBeNull();
  });
});
