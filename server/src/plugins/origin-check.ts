import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Called by another server, never by a browser (the card provider's signed webhook): exempt from the Origin
     * rule below, so it must authenticate its caller itself.
     */
    serverToServer?: boolean;
  }
}

/**
 * CSRF defence in depth beside SameSite=Strict cookies and JSON-only bodies (docs/architecture.md §4).
 * A state-changing `/api/*` call must show it comes from our own site: an `Origin` that is ours, or — with no
 * `Origin` — `Sec-Fetch-Site: same-origin`. Browsers send one of them on every such call, so whatever has neither
 * (a forged form, a script elsewhere, a client that hides where it comes from) is refused before anything runs.
 * Server-to-server routes opt out with `config: { serverToServer: true }`. API clients outside a browser send
 * `Origin: PUBLIC_URL`.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  const refused = () => new AppError('FOREIGN_ORIGIN', 'Cross-site request refused.');
  // A callback hook (it runs on every request): an async one costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (request.routeOptions.config.serverToServer) return done();
    const origin = request.headers.origin;
    if (origin === undefined) return done(request.headers['sec-fetch-site'] === 'same-origin' ? undefined : refused());
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    done(origin === allowed || origin === own ? undefined : refused());
  });
}
