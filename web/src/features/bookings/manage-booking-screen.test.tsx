import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { ManageBookingScreen } from './manage-booking-screen';

// "Manage booking" without an account, against a stand-in server.

screenTests(['manage']);

const ID = 'b5c00e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';
const TOKEN = 'T'.repeat(43);

describe('the manage booking screen', () => {
  it('asks for the reference and the e-mail, and says the same whatever the answer', async () => {
    const calls = serveApi({ 'POST /api/manage-booking-link': () => Response.json({ sent: true }) });
    const user = userEvent.setup();
    renderScreen(<ManageBookingScreen />, { path: '/manage-booking' });
    await user.type(await screen.findByRole('textbox', { name: /Booking reference/ }), 'abcd-2345');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'gwen@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    const sent = await screen.findByText(
      'If a booking matches this reference and e-mail address, a link to manage it is on its way to that address. It works once, within 30 minutes.',
    );
    expect(sent.getAttribute('role')).toBe('status');
    // The form is gone: the focus is on what replaced it (s16 QA: it fell to the page).
    await waitFor(() => expect(document.activeElement?.contains(sent)).toBe(true));
    expect(calls.find(({ route }) => route === 'POST /api/manage-booking-link')?.body).toEqual({
      reference: 'abcd-2345',
      email: 'gwen@example.com',
    });
  });

  it('opens the e-mailed link once and goes to the booking', async () => {
    const calls = serveApi({ 'POST /api/open-manage-link': () => Response.json({ bookingId: ID }) });
    renderScreen(<ManageBookingScreen />, { path: `/manage-booking?t=${TOKEN}` });
    expect(await screen.findByText(`at /booking?b=${ID}`)).toBeTruthy();
    expect(calls.filter(({ route }) => route === 'POST /api/open-manage-link')).toEqual([
      { route: 'POST /api/open-manage-link', body: { token: TOKEN } },
    ]);
  });

  it('says when the link expired or was used, and offers a new one', async () => {
    serveApi({ 'POST /api/open-manage-link': () => refusal(410, 'TOKEN_EXPIRED') });
    renderScreen(<ManageBookingScreen />, { path: `/manage-booking?t=${TOKEN}` });
    const expired = await screen.findByText('This link has expired or was already used. Ask for a new one below.');
    expect(expired.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Send me a link' })).toBeTruthy();
  });
});
