import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

/**
 * Path segments that carry secrets in the spec's own URLs (§7: check-password, check-token, verify-recaptcha), and
 * query parameters that do: `t` is the one-time token of the links we e-mail (activation, password reset,
 * newsletter), logged when their recipient opens them (issue #21 finding 6).
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/api\/check-password\/[^/]+\/)[^/?]+/, '$1[redacted]'],
  [/^(\/api\/check-token\/[^/]+\/[^/]+\/[^/]+\/)[^/?]+/, '$1[redacted]'],
  [/^(\/api\/verify-recaptcha\/)[^/?]+/, '$1[redacted]'],
  // The first admin's set-up link (issue #26), asked about by the set-up screen.
  [/^(\/api\/setup\/)[^/?]+/, '$1[redacted]'],
  // `t` is the token of the e-mailed links' screens (/activate, /reset-password) and of /setup.
  [/([?&](?:token|password|code|t)=)[^&]+/g, '$1[redacted]'],
];

export function redactUrl(url: string): string {
  return SECRET_PATHS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), url);
}

/** pino options: request ids, and no secret (cookie, token, password) in any log line (ARCHITECTURE §4). */
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
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
