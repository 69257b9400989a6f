import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { SessionsSection } from './sessions-section';

// Where one is signed in: each session's device, address and last use; another one ended.

screenTests(['account']);

const session = (id: string, current: boolean, browser: string | null, os: string | null) => ({
  _id: id,
  current,
  browser,
  os,
  ip: '10.0.0.7',
  place: 'private',
  persistent: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-28T10:00:00.000Z',
});
const HERE = '00000000-0000-4000-8000-000000000001';
const PHONE = '00000000-0000-4000-8000-000000000002';

describe('sessions', () => {
  it('lists the sessions by device and ends another one', async () => {
    let sessions = [session(HERE, true, 'Firefox', 'Linux'), session(PHONE, false, 'Safari', 'iOS')];
    const calls = serveApi({
      'GET /api/sessions': () => Response.json(sessions),
      [`DELETE /api/sessions/${PHONE}`]: () => {
        sessions = sessions.filter((one) => one._id !== PHONE);
        return Response.json({ ok: true });
      },
    });
    const user = userEvent.setup();
    renderScreen(<SessionsSection />);
    expect(await screen.findByText('Firefox on Linux')).toBeTruthy();
    expect(screen.getByText('Safari on iOS')).toBeTruthy();
    // Each button's name holds the words it shows (label in name, WCAG 2.5.3; axe's label-content-name-mismatch).
    for (const button of screen.getAllByRole('button', { name: /session|sign out/i })) {
      const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
      expect(name.toLowerCase()).toContain((button.textContent ?? '').toLowerCase());
    }
    expect(screen.getByRole('button', { name: 'Sign out here' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'End the session on Safari on iOS' }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(calls.some((call) => call.route === `DELETE /api/sessions/${PHONE}`)).toBe(true);
  });
});
