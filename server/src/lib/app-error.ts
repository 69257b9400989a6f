import { ERROR_STATUS, type ErrorCode } from '@roam/contract/errors';

/** Services throw this; the error handler maps `code` to its HTTP status (HOUSE-STYLE "Errors, end to end"). */
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
