import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { SESSION_QUERY_KEY, type Session } from '#web/lib/session';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { STORAGE_KEYS } from '#web/lib/storage';
import { DRIVER } from '#web/test-fixtures';
import { describedBy, refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { SignInScreen } from './sign-in-screen';

// Sign-in (spec §2, §4, §8) against a stand-in server.

screenTests(['auth']);

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(input('Email'), email);
  await user.type(input('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('signs in, stays connected when asked, and goes back where the visitor came from', async () => {
    const calls = serveApi({ 'POST /api/sign-in/frontend': () => Response.json(DRIVER) });
    const user = userEvent.setup();
    const { queryClient } = renderScreen(<SignInScreen />, { path: '/sign-in?redirect=%2Fbookings' });
    await user.click(screen.getByLabelText('Stay connected'));
    await signIn(user, ' driver@roam.localhost ', 'Driver-2026!');

    expect(await screen.findByText('at /bookings')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'driver@roam.localhost', password: 'Driver-2026!', stayConnected: true });
    expect(queryClient.getQueryData<Session>(SESSION_QUERY_KEY)?.user?._id).toBe(DRIVER._id);
    expect(window.localStorage.getItem(STORAGE_KEYS.stayConnected)).toBe('true');
  });

  it("says 'Incorrect email or password.' and 'Your account is suspended.' above the form", async () => {
    let answer = refusal(401, 'INCORRECT_CREDENTIALS');
    serveApi({ 'POST /api/sign-in/frontend': () => answer });
    const user = userEvent.setup();
    renderScreen(<SignInScreen />, { path: '/sign-in' });
    await signIn(user, 'driver@roam.localhost', 'wrong');
    expect((await screen.findByText('Incorrect email or password.')).getAttribute('role')).toBe('alert');

    answer = refusal(403, 'ACCOUNT_SUSPENDED');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your account is suspended.')).toBeTruthy();
  });

  it('asks the second step when the server says so; a wrong code and too many are said, a right one signs in', async () => {
    let answer = refusal(401, 'TWO_FACTOR_REQUIRED');
    const calls = serveApi({ 'POST /api/sign-in/frontend': () => answer });
    const user = userEvent.setup();
    renderScreen(<SignInScreen />, { path: '/sign-in?redirect=%2Fbookings' });
    await signIn(user, 'driver@roam.localhost', 'Driver-2026!');
    // The step's code is loaded now, not with the screen; it takes the focus.
    const code = await screen.findByLabelText('Code', { exact: true });
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.queryByLabelText('Password', { exact: true })).toBeNull();

    answer = refusal(401, 'INCORRECT_CODE');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByText(/This code is not right/)).getAttribute('role')).toBe('alert');
    answer = refusal(429, 'RATE_LIMITED');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Too many wrong codes. Wait 15 minutes and try again.')).toBeTruthy();

    answer = Response.json(DRIVER);
    await user.click(screen.getByLabelText('Remember this browser for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('at /bookings')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({
      email: 'driver@roam.localhost',
      password: 'Driver-2026!',
      stayConnected: false,
      code: '123456',
      rememberBrowser: true,
    });
  });

  it('leads a member whose team requires two-step sign-in, and who has none, to set it up', async () => {
    serveApi({
      'POST /api/sign-in/frontend': () => Response.json({ ...DRIVER, type: 'supplier' }),
      'GET /api/two-factor': () => Response.json({ enabled: false, required: true, recoveryCodesLeft: 0 }),
    });
    const user = userEvent.setup();
    renderScreen(<SignInScreen />, { path: '/sign-in?redirect=%2Foperator', route: '/sign-in' });
    await signIn(user, 'counter@roam.localhost', 'Supplier-2026!');
    expect(await screen.findByText('at /settings?enrol=%2Foperator')).toBeTruthy();
  });

  it('asks nothing of the server while a field is empty', async () => {
    const calls = serveApi({});
    const user = userEvent.setup();
    renderScreen(<SignInScreen />, { path: '/sign-in' });
    await user.type(input('Email'), 'driver@roam.localhost');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(describedBy(input('Password'))).toBe('Please fill in the field: Password'));
    expect(calls).toEqual([]);
  });

  describe('the language and the social accounts', () => {
    afterEach(async () => {
      window.localStorage.removeItem(STORAGE_KEYS.language);
      await changeLanguage('en', { save: false });
    });

    it('keeps the language the visitor chose before signing in, whatever the account had', async () => {
      // Chosen in the language menu before signing in (it saves the choice); the account's is German.
      await changeLanguage('en');
      serveApi({
        'POST /api/sign-in/frontend': () => Response.json({ ...DRIVER, language: 'de' }),
        'POST /api/validate-access-token': () => new Response('', { status: 200 }),
        'POST /api/update-language': () => Response.json({}),
      });
      const user = userEvent.setup();
      renderScreen(<SignInScreen />, { path: '/sign-in?redirect=%2Fbookings' });
      await signIn(user, 'driver@roam.localhost', 'Driver-2026!');
      expect(await screen.findByText('at /bookings')).toBeTruthy();
      expect(i18next.language).toBe('en');
    });

    it('follows the account language when the visitor chose none', async () => {
      serveApi({ 'POST /api/sign-in/frontend': () => Response.json({ ...DRIVER, language: 'de' }) });
      const user = userEvent.setup();
      renderScreen(<SignInScreen />, { path: '/sign-in?redirect=%2Fbookings' });
      await signIn(user, 'driver@roam.localhost', 'Driver-2026!');
      expect(await screen.findByText('at /bookings')).toBeTruthy();
      expect(i18next.language).toBe('de');
    });

    it('mentions social accounts only when one is configured', () => {
      renderScreen(<SignInScreen />, { path: '/sign-in' });
      expect(screen.queryByText(/social account/)).toBeNull();
      expect(screen.getByText(/Sign in with your email address and password, and choose/)).toBeTruthy();
      cleanup();
      renderScreen(<SignInScreen />, {
        path: '/sign-in',
        settings: { ...FALLBACK_SETTINGS, social: { ...FALLBACK_SETTINGS.social, google: 'client-id' } },
      });
      expect(screen.getByText(/password or a social account/)).toBeTruthy();
    });
  });
});
