import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite=Strict cookies (ARCHITECTURE §4): a state-changing request that carries an
 * `Origin` must come from our own site. Requests without one (server-to-server, webhooks, tests) carry no cookies
 * from a browser on another site, so they pass.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== allowed && origin !== own) throw new AppError('FOREIGN_ORIGIN', 'Cross-site request refused.');
  });
}
