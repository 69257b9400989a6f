import type { ChangePassword } from '@roam/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { SESSION_QUERY_KEY } from '#web/lib/session';
import { DRIVER } from '#web/test-fixtures';
import { describedBy, refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { ChangePasswordScreen } from './change-password-screen';

// Change password (spec §2, §5, §8) as a driver meets it, against a stand-in server.

screenTests(['auth', 'account']);

const hasPassword = (answer: boolean) => ({
  [`GET /api/has-password/${DRIVER._id}`]: () => Response.json({ hasPassword: answer }),
});

function renderScreenSignedIn() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: DRIVER, unauthorized: false });
  return renderScreen(<ChangePasswordScreen />, { path: '/change-password', queryClient });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(input(label));
    await user.type(input(label), value);
  }
}

describe('change password', () => {
  it("says 'Wrong password' at the current password when the server does not know it", async () => {
    const calls = serveApi({
      ...hasPassword(true),
      [`GET /api/check-password/${DRIVER._id}/wrong-pass`]: () =>
        refusal(400, 'BAD_REQUEST', { password: ['Wrong password'] }),
    });
    const user = userEvent.setup();
    renderScreenSignedIn();
    await fill(user, {
      'Current password': 'wrong-pass',
      'New password': 'second-pass',
      'Confirm password': 'second-pass',
    });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(describedBy(input('Current password'))).toBe('Wrong password'));
    expect(calls.some(({ route }) => route === 'POST /api/change-password')).toBe(false);
  });

  it('checks the rules first: 6 characters, the same confirmation, a password that is new', async () => {
    const calls = serveApi(hasPassword(true));
    const user = userEvent.setup();
    renderScreenSignedIn();
    await fill(user, { 'Current password': 'first-pass', 'New password': 'short', 'Confirm password': 'shirt' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(describedBy(input('New password'))).toBe('Password must be at least 6 characters long.'),
    );
    expect(describedBy(input('Confirm password'))).toBe("Passwords don't match.");

    await fill(user, { 'New password': 'first-pass', 'Confirm password': 'first-pass' });
    await waitFor(() => expect(describedBy(input('New password'))).toBe('Please choose a new password'));
    expect(calls.some(({ route }) => route.startsWith('GET /api/check-password'))).toBe(false);
  });

  it('changes it, says so and empties the fields', async () => {
    const calls = serveApi({
      ...hasPassword(true),
      [`GET /api/check-password/${DRIVER._id}/first-pass`]: () => Response.json({ ok: true }),
      'POST /api/change-password': () => Response.json({ ok: true }),
    });
    const user = userEvent.setup();
    renderScreenSignedIn();
    await fill(user, {
      'Current password': 'first-pass',
      'New password': 'second-pass',
      'Confirm password': 'second-pass',
    });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(calls.find(({ route }) => route === 'POST /api/change-password')?.body as ChangePassword).toEqual({
      userId: DRIVER._id,
      currentPassword: 'first-pass',
      newPassword: 'second-pass',
    });
    expect(input('New password').value).toBe('');
  });

  it('does not ask a password an account made by social sign-in does not have', async () => {
    const calls = serveApi({ ...hasPassword(false), 'POST /api/change-password': () => Response.json({ ok: true }) });
    const user = userEvent.setup();
    renderScreenSignedIn();
    expect(
      await screen.findByText(
        'Your account uses social sign-in and has no password yet. Choose one to also sign in with your email address.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await fill(user, { 'New password': 'second-pass', 'Confirm password': 'second-pass' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password changed successfully');
    expect(calls.find(({ route }) => route === 'POST /api/change-password')?.body).toEqual({
      userId: DRIVER._id,
      newPassword: 'second-pass',
    });
  });

  it('sends a visitor to sign in and back', async () => {
    serveApi({});
    const queryClient = createQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { user: null, unauthorized: false });
    renderScreen(<ChangePasswordScreen />, { path: '/change-password', queryClient });
    expect(await screen.findByText('at /sign-in?from=/change-password')).toBeTruthy();
  });
});
