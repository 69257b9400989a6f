import type { ErrorCode } from '@roam/contract/errors';

/** The server's codes (contract `ERROR_STATUS`) plus the two failures that never reach it. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

/** Thrown by every API call that does not succeed; screens pick a translated message by `code`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Field path (dot-joined) → messages, on VALIDATION_FAILED; empty otherwise. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    fieldErrors?: Record<string, string[]>;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON, or as multipart when it is a FormData (avatar and licence uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Checks the answer and gives it its type, e.g. `SomeSchema.parse` from the contract. Without it
   * the answer is trusted as `T`: the server serialises every response through its contract schema
   * (docs/architecture.md §4), and leaving zod out keeps it out of the entry chunk (§7 budget).
   */
  parse?: (data: unknown) => T;
}

/** The one fetch wrapper (docs/house-style.md "one API client"): JSON in and out, session cookie included. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, signal, parse } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    // A cancelled query must stay an AbortError so TanStack Query treats it as a cancellation.
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The server could not be reached.', cause });
  }

  if (!response.ok) throw await toApiError(response);

  // Several spec calls answer with a bare status (spec §7 "status"): an empty body is `undefined`.
  const text = await response.text();
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: 'The answer is not JSON.',
      cause,
    });
  }
  return parse ? parse(data) : (data as T);
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  // Loaded on the first failure only: the schema brings zod, which the entry chunk cannot afford.
  const { ApiErrorSchema } = await import('@roam/contract/errors.schema');
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      status: response.status,
      code: parsed.data.code,
      message: parsed.data.message,
      fieldErrors: parsed.data.fieldErrors,
    });
  }
  return new ApiError({
    status: response.status,
    code: response.status >= 500 ? 'INTERNAL' : 'UNEXPECTED_RESPONSE',
    message: response.statusText || `HTTP ${response.status}`,
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
