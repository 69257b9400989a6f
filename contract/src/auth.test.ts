import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, NewPasswordFormSchema, SignUpFormSchema, SignUpSchema } from './auth.schema.ts';
import { AUTH_MESSAGES } from './auth.ts';

/** Each field's first message, as the web's forms show them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

const valid = {
  fullName: 'Noah New',
  email: 'noah@example.com',
  phone: '+33 6 12 34 56 78',
  birthDate: '1990-05-01',
  password: 'secret-1',
  confirmPassword: 'secret-1',
  tosAccepted: true,
};

describe('the sign-up form (spec §5, word for word)', () => {
  it('accepts a valid driver, and gives the sign-up payload without the confirmation', () => {
    const parsed = SignUpFormSchema.parse(valid);
    const { confirmPassword: _, ...payload } = parsed;
    expect(SignUpSchema.safeParse(payload).success).toBe(true);
  });

  it('names each problem with the spec message, all at once', () => {
    const tooYoung = new Date(Date.now() - 17 * 365.25 * 86400_000).toISOString().slice(0, 10);
    const result = SignUpFormSchema.safeParse({
      ...valid,
      email: 'nope',
      phone: 'call me',
      birthDate: tooYoung,
      password: 'short',
      confirmPassword: 'other',
      tosAccepted: false,
    });
    expect(messages(result)).toEqual({
      email: 'Invalid email address',
      phone: 'Invalid phone number',
      birthDate: 'You must be at least 18 years old.',
      password: 'Password must be at least 6 characters long.',
      confirmPassword: "Passwords don't match.",
      tosAccepted: 'Accept the Terms of Use.',
    });
  });

  it('refuses every empty field (the form says which are missing)', () => {
    const empty = { fullName: '', email: '', phone: '', birthDate: '', password: '', confirmPassword: '' };
    expect(Object.keys(messages(SignUpFormSchema.safeParse({ ...empty, tosAccepted: false }))).sort()).toEqual(
      [...Object.keys(empty), 'tosAccepted'].sort(),
    );
  });
});

describe('the new password of an e-mailed link', () => {
  it('asks for 6 characters and the same confirmation', () => {
    expect(NewPasswordFormSchema.safeParse({ password: 'new-pass-1', confirmPassword: 'new-pass-1' }).success).toBe(
      true,
    );
    expect(
      messages(NewPasswordFormSchema.safeParse({ password: 'new-pass-1', confirmPassword: 'new-pass-2' })),
    ).toEqual({ confirmPassword: AUTH_MESSAGES.passwordsDontMatch });
  });
});

describe('the change-password form', () => {
  it('asks the current password only when the account has one', () => {
    const change = { currentPassword: '', newPassword: 'second-pass', confirmPassword: 'second-pass' };
    expect(messages(changePasswordFormSchema(true).safeParse(change))).toHaveProperty('currentPassword');
    expect(changePasswordFormSchema(false).safeParse(change).success).toBe(true);
  });

  it("'Please choose a new password' when the new one is the current one", () => {
    const same = { currentPassword: 'first-pass', newPassword: 'first-pass', confirmPassword: 'first-pass' };
    expect(messages(changePasswordFormSchema(true).safeParse(same))).toEqual({
      newPassword: AUTH_MESSAGES.chooseNewPassword,
    });
  });
});
