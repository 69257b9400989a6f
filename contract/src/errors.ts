import type { z } from 'zod';
import type { ApiErrorSchema } from './errors.schema.ts';

/** Every error code the API can answer with, and its HTTP status (docs/architecture.md §4). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  RECAPTCHA_FAILED: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  INCORRECT_CREDENTIALS: 401,
  /** The password was right; the account signs in with a second factor too. */
  TWO_FACTOR_REQUIRED: 401,
  /** A wrong or already used TOTP or recovery code. */
  INCORRECT_CODE: 401,
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  /** The person's team asks a second factor they have not enrolled yet: only enrolment is open to them. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  FOREIGN_ORIGIN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CAR_UNAVAILABLE: 409,
  /** Check-out of a car another booking still has on rent (docs/architecture.md §5 "After the booking"). */
  CAR_STILL_ON_RENT: 409,
  CONFLICT: 409,
  TOKEN_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error answer's body: `{ code, message, fieldErrors? }`. */
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
