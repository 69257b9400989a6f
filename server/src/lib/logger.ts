import type { FastifyLoggerOptions } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';

/**
 * Path segments that carry secrets in the spec's own URLs (§7: check-password, check-token, verify-recaptcha), and
 * query parameters that do: `t` is the one-time token of the links we e-mail (activation, password reset,
 * newsletter), logged when their recipient opens them.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/api\/check-password\/[^/]+\/)[^/?]+/, '$1[redacted]'],
  [/^(\/api\/check-token\/[^/]+\/[^/]+\/[^/]+\/)[^/?]+/, '$1[redacted]'],
  [/^(\/api\/verify-recaptcha\/)[^/?]+/, '$1[redacted]'],
  // The first admin's set-up link, asked about by the set-up screen.
  [/^(\/api\/setup\/)[^/?]+/, '$1[redacted]'],
  // `t` is the token of the e-mailed links' screens (/activate, /reset-password) and of /setup.
  [/([?&](?:token|password|code|t)=)[^&]+/g, '$1[redacted]'],
];

export function redactUrl(url: string): string {
  return SECRET_PATHS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), url);
}

/** A database error's fields that say what went wrong without saying about whom (no `detail`, no parameters). */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/** A quoted value in a database message (`invalid input syntax for type uuid: "camille@…"`), cut out. */
const quotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

type LoggedError = Error & Record<string, unknown>;

/** PostgreSQL's own error (pg, PGlite): a five-character SQLSTATE code and the fields it comes with. */
const isDatabaseError = (error: LoggedError) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && ('detail' in error || 'severity' in error);

/** The stack's frames without its message, which may span lines (`Failed query: …\nparams: …`). */
const framesOf = (error: Error) =>
  error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n') ?? '';

/**
 * How an error is logged (docs/architecture.md §4 "Secrets never appear in logs"): a failed query's SQL keeps its
 * placeholders but loses its parameters — the names, e-mail addresses and phone numbers a request carried — and the
 * database's own error keeps its code and where it happened, not its `detail` (`Key (email)=(…) already exists`)
 * nor the values its message quotes. Every other error is pino's usual account of it, its causes told the same way.
 */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const failed = error as LoggedError;
  const cause = failed.cause instanceof Error ? { cause: serializeError(failed.cause) } : {};
  const query = typeof failed.query === 'string' ? { query: failed.query } : {};
  if (query.query !== undefined || isDatabaseError(failed)) {
    const fields = DATABASE_ERROR_FIELDS.filter((key) => failed[key] !== undefined).map((key) => [key, failed[key]]);
    return {
      type: failed.name,
      message: isDatabaseError(failed) ? quotedValues(failed.message) : `Failed query: ${query.query}`,
      ...query,
      ...Object.fromEntries(fields),
      stack: framesOf(failed),
      ...cause,
    };
  }
  const { cause: _cause, ...plain } = stdSerializers.err(error) as unknown as Record<string, unknown>;
  return { ...plain, type: failed.name, message: failed.message, stack: failed.stack ?? '', ...cause };
}

/** pino options: request ids, and no secret (cookie, token, password) in any log line (docs/architecture.md §4). */
export function loggerOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        // Plugins log request headers under their own keys (@fastify/multipart: `busboyOptions` at trace level).
        '*.headers.cookie',
        '*.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.accessToken',
        '*.idToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
