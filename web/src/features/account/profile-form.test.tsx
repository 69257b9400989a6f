import type { UpdateUser } from '@roam/contract/profile';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY, type Session } from '#web/lib/session';
import { DRIVER } from '#web/test-fixtures';
import { describedBy, refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { ProfileForm } from './components/profile-form';

// The profile form of /settings (spec §2, §3 User, #20).

screenTests(['account']);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const render = () => renderScreen(<ProfileForm user={{ ...DRIVER, location: 'Paris' }} />, { path: '/settings' });

describe('the profile form', () => {
  it("shows the user's profile; the e-mail address is shown, read-only, with why", () => {
    serveApi({});
    render();
    expect(input('Full name').value).toBe('Camille Martin');
    expect(input('Location').value).toBe('Paris');
    expect(input('Date of birth').value).toBe('1990-01-01');
    const email = input('Email');
    expect(email.value).toBe('driver@roam.localhost');
    expect(email.readOnly).toBe(true);
    expect(describedBy(email)).toBe('Your email address cannot be changed.');
  });

  it('saves the profile (an emptied field as none), puts the answer in the session and says so', async () => {
    const saved = { ...DRIVER, fullName: 'Camille Martin-Durand', location: null };
    const calls = serveApi({ 'POST /api/update-user': () => Response.json(saved) });
    const user = userEvent.setup();
    const { queryClient } = render();
    await user.clear(input('Full name'));
    await user.type(input('Full name'), 'Camille Martin-Durand');
    await user.clear(input('Location'));
    await user.clear(input('Date of birth'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('settings updated successfully')).toBeTruthy();
    expect(calls.find(({ route }) => route === 'POST /api/update-user')?.body as UpdateUser).toEqual({
      _id: DRIVER._id,
      fullName: 'Camille Martin-Durand',
      phone: '+33 6 11 22 33 44',
      location: null,
      bio: null,
      birthDate: null,
    });
    expect(queryClient.getQueryData<Session>(SESSION_QUERY_KEY)?.user?.fullName).toBe('Camille Martin-Durand');
  });

  it('checks the phone, the age and the name before sending, with the spec messages at the fields', async () => {
    const calls = serveApi({});
    const user = userEvent.setup();
    render();
    await user.clear(input('Full name'));
    await user.clear(input('Phone'));
    await user.type(input('Phone'), 'call me');
    await user.clear(input('Date of birth'));
    await user.type(input('Date of birth'), `${new Date().getUTCFullYear() - 17}-12-31`);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(input('Phone'))).toBe('Invalid phone number'));
    expect(describedBy(input('Date of birth'))).toBe('You must be at least 18 years old.');
    expect(describedBy(input('Full name'))).toBe('Please fill in the field: Full name');
    expect(screen.getByText('Please fix errors.').getAttribute('role')).toBe('alert');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of a field at that field", async () => {
    serveApi({
      'POST /api/update-user': () => refusal(400, 'VALIDATION_FAILED', { phone: ['Invalid phone number'] }),
    });
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(input('Phone'))).toBe('Invalid phone number'));
  });
});
