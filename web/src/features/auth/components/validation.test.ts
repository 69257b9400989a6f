import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadStrings } from '../../../i18n/index';
import { requiredMessage, signUpErrors } from './validation';

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['auth']);
});

const valid = {
  fullName: 'Noah New',
  email: 'noah@example.com',
  phone: '+33 6 12 34 56 78',
  birthDate: '1990-05-01',
  password: 'secret-1',
  confirmPassword: 'secret-1',
  tosAccepted: true,
};

describe('sign-up rules in the browser (spec §5, word for word in English)', () => {
  it('accepts a valid driver', () => {
    expect(signUpErrors(i18next.t, valid)).toEqual({});
  });

  it('names each problem with the spec message', () => {
    const tooYoung = new Date(Date.now() - 20 * 365.25 * 86400_000).toISOString().slice(0, 10);
    expect(
      signUpErrors(i18next.t, {
        ...valid,
        email: 'nope',
        phone: 'call me',
        birthDate: tooYoung,
        password: 'short',
        confirmPassword: 'other',
        tosAccepted: false,
      }),
    ).toEqual({
      email: 'Invalid email address',
      phone: 'Invalid phone number',
      birthDate: 'You must be at least 21 years old.',
      password: 'Password must be at least 6 characters long.',
      confirmPassword: "Passwords don't match.",
      tosAccepted: 'Accept the Terms of Use.',
    });
  });

  it("'Please fill in the field: ' for one, 'Please fill in the fields: ' for several", () => {
    expect(requiredMessage(i18next.t, [])).toBeNull();
    expect(requiredMessage(i18next.t, ['Phone'])).toBe('Please fill in the field: Phone');
    expect(requiredMessage(i18next.t, ['Phone', 'Email'])).toBe('Please fill in the fields: Phone, Email');
  });
});
