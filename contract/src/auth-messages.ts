// The spec's English words for the account rules and refusals (§5, §8). Their own module, without zod: screens that
// only compare or translate them (the sign-up and checkout forms) import them with their first paint, and auth.ts's
// schemas must stay in the chunk the forms load when first used (issue #20, ARCHITECTURE §7).

export const AUTH_MESSAGES = {
  incorrectCredentials: 'Incorrect email or password.',
  suspended: 'Your account is suspended.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDontMatch: "Passwords don't match.",
  tooYoung: 'You must be at least 21 years old.',
  acceptTos: 'Accept the Terms of Use.',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Invalid phone number',
  emailTaken: 'This email address is already registered.',
  fixErrors: 'Please fix errors.',
  recaptchaError: 'reCAPTCHA error',
  signUpError: 'An error occurred during sign up.',
  linkExpired: 'Your account activation link expired.',
  emailNotRegistered: 'Email address not registered',
  wrongPassword: 'Wrong password',
  chooseNewPassword: 'Please choose a new password',
  passwordUpdateError: 'An error occurred while updating password.',
} as const;

/** Spec §5 minimum age, for a rule whose age is another (a car's minimum age at checkout): the same words. */
export const tooYoungMessage = (age: number) => `You must be at least ${age} years old.`;
