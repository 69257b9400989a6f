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
  // A callback hook (it runs on every request): an async one costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    if (!origin || SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== allowed && origin !== own)
      return done(new AppError('FOREIGN_ORIGIN', 'Cross-site request refused.'));
    done();
  });
}
