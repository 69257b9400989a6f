import type { SignUp } from '@roam/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY, type Session } from '#web/lib/session';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { DRIVER } from '#web/test-fixtures';
import { describedBy, isInvalid, refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { SignUpScreen } from './sign-up-screen';

// Registration (spec §2, §5) as a new driver meets it, against a stand-in server.

screenTests(['auth']);

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(input(label), value);
}

const NOAH = {
  'Full name': 'Noah New',
  Email: 'noah@example.com',
  Phone: '+33 6 12 34 56 78',
  'Birth date': '1994-06-15',
  Password: 'first-pass',
  'Confirm password': 'first-pass',
};

describe('sign-up', () => {
  it('names the missing fields, and marks them and the terms', async () => {
    const calls = serveApi({});
    const user = userEvent.setup();
    renderScreen(<SignUpScreen />, { path: '/sign-up' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByText(/^Please fill in the fields: /)).textContent).toBe(
      'Please fill in the fields: Full name, Email, Phone, Birth date, Password, Confirm password',
    );
    expect(describedBy(screen.getByLabelText('I accept the Terms of Use'))).toBe('Accept the Terms of Use.');
    expect(isInvalid(input('Full name'))).toBe(true);
    expect(calls).toEqual([]);
  });

  it('signs the new driver up, in the interface language, and starts the session', async () => {
    const calls = serveApi({
      'POST /api/validate-email': () => Response.json({ ok: true }),
      'POST /api/sign-up': () => Response.json({ ...DRIVER, fullName: 'Noah New', verified: false }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderScreen(<SignUpScreen />, { path: '/sign-up' });
    await fill(user, NOAH);
    await user.click(screen.getByLabelText('I accept the Terms of Use'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('at /')).toBeTruthy();
    expect(calls.find(({ route }) => route === 'POST /api/sign-up')?.body as SignUp).toEqual({
      fullName: 'Noah New',
      email: 'noah@example.com',
      phone: '+33 6 12 34 56 78',
      birthDate: '1994-06-15',
      password: 'first-pass',
      tosAccepted: true,
      language: 'en',
    });
    expect(queryClient.getQueryData<Session>(SESSION_QUERY_KEY)?.user?.fullName).toBe('Noah New');
    expect(screen.getByText('Welcome! Check your email to activate your account.')).toBeTruthy();
  });

  it("with a guest checkout's e-mail, says where the completing link went and signs nobody in", async () => {
    const calls = serveApi({
      'POST /api/validate-email': () => Response.json({ ok: true }),
      'POST /api/sign-up': () => Response.json({ pendingActivation: true }, { status: 202 }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderScreen(<SignUpScreen />, { path: '/sign-up' });
    await fill(user, NOAH);
    await user.click(screen.getByLabelText('I accept the Terms of Use'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const sent = await screen.findByText(
      'We sent a link to noah@example.com. Open it to choose your password and finish your account: the bookings made with this address will be in it.',
    );
    expect(sent.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
    expect(queryClient.getQueryData<Session>(SESSION_QUERY_KEY)?.user).toBeFalsy();
    // The e-mail check asked as the sign-up form: a guest's account is free to complete there.
    expect(calls.find(({ route }) => route === 'POST /api/validate-email')?.body).toEqual({
      email: 'noah@example.com',
      signUp: true,
    });
  });

  it('says on leaving the e-mail field that the address is already registered', async () => {
    serveApi({
      'POST /api/validate-email': () =>
        refusal(409, 'EMAIL_TAKEN', { email: ['This email address is already registered.'] }),
    });
    const user = userEvent.setup();
    renderScreen(<SignUpScreen />, { path: '/sign-up' });
    await user.type(input('Email'), 'driver@roam.localhost');
    await user.tab();
    await waitFor(() => expect(describedBy(input('Email'))).toBe('This email address is already registered.'));
  });

  it('says a malformed address on leaving the field, without asking the server', async () => {
    const calls = serveApi({});
    const user = userEvent.setup();
    renderScreen(<SignUpScreen />, { path: '/sign-up' });
    await user.type(input('Email'), 'not-an-address');
    await user.tab();
    await waitFor(() => expect(describedBy(input('Email'))).toBe('Invalid email address'));
    expect(calls).toEqual([]);
  });

  it("shows the server's reCAPTCHA refusal, and 'Too many attempts' when rate-limited", async () => {
    let answer = refusal(400, 'VALIDATION_FAILED', { recaptchaToken: ['reCAPTCHA error'] });
    serveApi({ 'POST /api/validate-email': () => Response.json({ ok: true }), 'POST /api/sign-up': () => answer });
    const user = userEvent.setup();
    renderScreen(<SignUpScreen />, { path: '/sign-up', settings: { ...FALLBACK_SETTINGS, recaptchaSiteKey: null } });
    await fill(user, NOAH);
    await user.click(screen.getByLabelText('I accept the Terms of Use'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('reCAPTCHA error')).toBeTruthy();

    answer = refusal(429, 'RATE_LIMITED');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeTruthy();
  });
});
