// The set-up screen's words (issue #26), in a module without zod: the web's form-message map loads them with the
// forms' strings, and the set-up schema (setup.ts) only when the form is first used.

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const SETUP_MESSAGES = {
  passwordTooShort: `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`,
  linkExpired: 'This set-up link has expired or has been used.',
  alreadyDone: 'This site already has an administrator.',
  emailIsSupplier: 'This address belongs to a supplier account. Choose another address for the administrator.',
} as const;
