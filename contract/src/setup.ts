import type { z } from 'zod';
import type {
  FirstAdminSchema,
  SetupChecklistSchema,
  SetupStatusSchema,
  TestEmailResultSchema,
} from './setup.schema.ts';

// From an empty database to the first admin: the set-up link the server logs opens a screen that creates the first
// admin (the same password rule for an admin made from ADMIN_PASSWORD, server config.ts); then the admin's checklist
// says what a business still has to do before its first booking. The schemas are in setup.schema.ts.

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const SETUP_MESSAGES = {
  passwordTooShort: `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`,
  linkExpired: 'This set-up link has expired or has been used.',
  alreadyDone: 'This site already has an administrator.',
  emailIsSupplier: 'This address belongs to a supplier account. Choose another address for the administrator.',
} as const;

/** `GET /api/setup/{token}`: open (the form may be used), expired (or used), done (an admin exists). */
export const SETUP_STATUSES = ['open', 'expired', 'done'] as const;

export type SetupStatus = z.infer<typeof SetupStatusSchema>;
export type FirstAdmin = z.infer<typeof FirstAdminSchema>;
export type SetupChecklist = z.infer<typeof SetupChecklistSchema>;
export type TestEmailResult = z.infer<typeof TestEmailResultSchema>;
export type SetupStep = Exclude<keyof SetupChecklist, 'ready'>;
