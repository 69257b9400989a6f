import type { ApiErrorBody } from '@roam/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, VALIDATION_MESSAGE } from '#server/lib/app-error.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';

// docs/architecture.md §4: every error is `{ code, message }` with the right status; validation adds `fieldErrors`;
// nothing internal (stack, SQL, serialisation details) ever reaches the client.

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/**
 * Text PostgreSQL cannot store (a NUL byte in text or JSON): the contract's text schemas refuse it first
 * (contract/src/text.ts); a field that escaped them is still the caller's bad input, not a server error. Logged as a
 * warning naming the route, so that the field gets its schema (the fuzz suite fails on this line).
 */
export const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
/** A number too large for its column (an amount past MAX_STORED_AMOUNT that a check missed): bad input too. */
const OUT_OF_RANGE = '22003';
export const UNSTORABLE_TEXT_LOG = 'text the contract let through could not be stored';

function fieldErrorsOf(issues: ValidationIssue[], context: string | undefined) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const fromPath = issue.params?.issue?.path?.map(String).join('.');
    const key = fromPath || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || context || '_';
    const list = fieldErrors[key] ?? [];
    list.push(issue.message ?? 'Invalid value');
    fieldErrors[key] = list;
  }
  return fieldErrors;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ApiErrorBody;
    let status: number;
    if (error instanceof AppError) {
      status = error.status;
      body = {
        code: error.code,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        code: 'VALIDATION_FAILED',
        message: VALIDATION_MESSAGE,
        fieldErrors: fieldErrorsOf(error.validation as ValidationIssue[], error.validationContext),
      };
    } else if (UNSTORABLE_TEXT.has(pgErrorCode(error) ?? '')) {
      request.log.warn({ route: request.routeOptions.url }, UNSTORABLE_TEXT_LOG);
      status = 400;
      body = { code: 'VALIDATION_FAILED', message: VALIDATION_MESSAGE };
    } else if (pgErrorCode(error) === OUT_OF_RANGE) {
      request.log.warn({ route: request.routeOptions.url }, 'a number the contract let through did not fit its column');
      status = 400;
      body = { code: 'VALIDATION_FAILED', message: VALIDATION_MESSAGE };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      status = 500;
      body = { code: 'INTERNAL', message: 'An unhandled error occurred.' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { code: 'RATE_LIMITED', message: 'Too many requests, please try again later.' };
    } else if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      status = 413;
      body = { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' };
    } else if (error.statusCode === 415) {
      status = 415;
      body = { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type.' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, empty body, bad content length…
      status = error.statusCode;
      body = { code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message: 'The request could not be understood.' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { code: 'INTERNAL', message: 'An unhandled error occurred.' };
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: 'ROUTE_NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
