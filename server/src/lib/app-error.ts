import { ERROR_STATUS, type ErrorCode } from '@roam/contract/errors';

/** Services throw this; the error handler maps `code` to its HTTP status (docs/house-style.md "Errors, end to end"). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;

  constructor(code: ErrorCode, message?: string, fieldErrors?: Record<string, string[]>) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    if (fieldErrors) this.fieldErrors = fieldErrors;
  }
}

/** The message of every field-level refusal; the fields carry what is wrong (spec §5 messages). */
export const VALIDATION_MESSAGE = 'Please fix errors.';

/** 400 VALIDATION_FAILED with errors shown on their fields (zod failures get the same shape: error-handler.ts). */
export const validationFailed = (fieldErrors: Record<string, string[]>) =>
  new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, fieldErrors);
