import type { FastifyRequest } from 'fastify';

// Rate limits of the account calls ("Security"). Counters live in the database (plugins/rate-limit.ts), so
// N server processes share one allowance (docs/architecture.md §2 "Scale-out").

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  const params = request.params as { email?: unknown } | undefined;
  const email = body?.email ?? params?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** Per IP and e-mail address: guessing one account's password is slow, and one IP cannot lock out others. */
export const perIpAndEmail = (max: number, timeWindow = '1 minute') => ({
  rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => `${request.ip}|${emailOf(request)}` },
});

/** Per IP only: calls that send e-mail or create accounts. */
export const perIp = (max: number, timeWindow = '1 minute') => ({
  rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => request.ip },
});
