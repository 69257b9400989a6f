import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActivateScreen } from '#web/features/auth/activate-screen';
import { SetupScreen } from '#web/features/setup/setup-screen';
import { DRIVER } from '#web/test-fixtures';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';

// A new business owner who creates the first admin, or a supplier who activates the invitation, lands in the
// console (its home: the set-up checklist while the business is not ready), not on the customer home page; a
// driver who activates still lands at home. The console is another page: it is loaded (location.assign).

screenTests(['auth', 'setup']);

const TOKEN = 'a'.repeat(32);
const ADMIN = { ...DRIVER, type: 'admin' as const, email: 'owner@roam.localhost' };
const SUPPLIER = { ...DRIVER, type: 'supplier' as const, email: 'desk@roam.localhost' };
const LINK = `/activate?u=${DRIVER._id}&e=desk%40roam.localhost&t=${TOKEN}`;

function loadsOfPages() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('landing after an account form signs the person in', () => {
  it('takes the first admin to the console', async () => {
    const assign = loadsOfPages();
    serveApi({
      [`GET /api/setup/${TOKEN}`]: () => Response.json({ status: 'open' }),
      'POST /api/setup': () => Response.json(ADMIN),
    });
    const user = userEvent.setup();
    renderScreen(<SetupScreen />, { path: `/setup?t=${TOKEN}` });
    await user.type(await screen.findByLabelText('Full name', { exact: true }), 'Ada Owner');
    await user.type(screen.getByLabelText('Email', { exact: true }), ADMIN.email);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Owner-2026-secret!');
    await user.type(screen.getByLabelText('Confirm password', { exact: true }), 'Owner-2026-secret!');
    await user.click(screen.getByRole('button', { name: 'Create the administrator' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/operator'));
    expect(screen.queryByText('at /')).toBeNull();
  });

  it.each([
    ['a supplier', SUPPLIER, true],
    ['a driver', DRIVER, false],
  ])('lands %s who activates where they work', async (_who, account, toConsole) => {
    const assign = loadsOfPages();
    serveApi({
      [`GET /api/check-token/frontend/${DRIVER._id}/desk%40roam.localhost/${TOKEN}`]: () =>
        Response.json({ needsPassword: false }),
      'POST /api/activate': () => Response.json(account),
    });
    const user = userEvent.setup();
    renderScreen(<ActivateScreen />, { path: LINK });
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    if (toConsole) {
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/operator'));
    } else {
      expect(await screen.findByText('at /')).toBeTruthy();
      expect(assign).not.toHaveBeenCalled();
    }
  });
});
