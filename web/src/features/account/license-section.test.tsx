import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DRIVER } from '#web/test-fixtures';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { LicenseSection } from './components/license-section';

// The driver's licence in /settings (spec §2): deleting it asks with the app's own dialog.

screenTests(['account']);

const LICENSE = {
  _id: '0c0ffee0-8a6e-4b8e-9d4e-2f0c4d9a7b11',
  contentType: 'application/pdf',
  size: 1234,
  temporary: false,
  createdAt: '2026-05-04T10:00:00.000Z',
};

describe('the licence section', () => {
  it("asks before deleting with an accessible dialog, not the browser's confirm(), and deletes only on yes", async () => {
    const calls = serveApi({
      [`GET /api/user-license/${DRIVER._id}`]: () => Response.json({ license: LICENSE }),
      [`POST /api/delete-license/${DRIVER._id}`]: () => Response.json({}),
    });
    const browserConfirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderScreen(<LicenseSection user={DRIVER} />, { path: '/settings' });
    const remove = await screen.findByRole('button', { name: 'Delete' });

    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: "Delete your driver's licence?" });
    // Focus starts on the button that changes nothing; Escape closes the dialog and gives focus back.
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));

    await user.click(remove);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some(({ route }) => route.startsWith('POST /api/delete-license'))).toBe(false);

    await user.click(remove);
    const confirm = await screen.findByRole('alertdialog');
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).find((button) => confirm.contains(button))!);
    await waitFor(() =>
      expect(calls.filter(({ route }) => route === `POST /api/delete-license/${DRIVER._id}`)).toHaveLength(1),
    );
    expect(browserConfirm).not.toHaveBeenCalled();
  });
});
