import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors.ts';

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  /** Field path (dot-joined) → messages; present on VALIDATION_FAILED. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
