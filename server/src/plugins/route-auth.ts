import { isPlatformRole, type Permission, roleMay } from '@roam/contract/team';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { bookingGrantHashOf } from './booking-grant.ts';
import { requireUser } from './session.ts';
import type { SessionUser } from './session-user.ts';

/**
 * Who may call an API route, declared by every `/api/*` route as `config: { auth }`:
 * - `public`: anyone; the handler may still look at `request.sessionUser` (a guest checkout, a payment);
 * - `signedIn`: any signed-in account that is not suspended (ownership of ids is the handler's, after validation);
 * - `operator`: a member of a business or of the platform whose role grants the route's `permission` (contract
 *   team.ts; docs/decisions/0010-members-of-a-business.md); `admin`: a member of the platform whose role grants it
 *   (`platform` unless the route says otherwise);
 * - `bookingHolder`: signed in, or carrying a manage link's grant to a booking (plugins/booking-grant.ts)
 *   — the handler checks the grant against the booking's id (booking-access/booking-holder.guard.ts).
 * It is checked in `onRequest`, before the body is read or validated: an anonymous caller gets 401 and a driver on
 * an operator call 403 whatever they send, never the field errors that would teach them the schema. Which business
 * an id belongs to stays the handler's (the business id of `request.sessionUser`).
 */
export type RouteAuth = 'public' | 'signedIn' | 'operator' | 'admin' | 'bookingHolder';

/** A route's declared policy: who may call it, and whether a browser may not (plugins/origin-check.ts). */
export type RoutePolicy = {
  method: string;
  url: string;
  auth: RouteAuth;
  permission: Permission | null;
  serverToServer: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/route-auth.ts); every `/api/*` route must say. */
    auth?: RouteAuth;
    /**
     * What an `operator` or `admin` route does, in the contract's role table (contract/src/team.ts): route auth
     * refuses a role without it, the console's navigation and the role matrix read it. Every `operator` route must say.
     */
    permission?: Permission;
    /**
     * Open to a person whose team asks a second factor they have not enrolled yet: the calls that enrol it, and the
     * session's own (sign-out, who am I). Every other call answers TWO_FACTOR_ENROLMENT_REQUIRED to them.
     */
    beforeTwoFactor?: boolean;
  }
  interface FastifyInstance {
    /** Every API route and its declared auth, in registration order (the security suite walks them). */
    routePolicies: RoutePolicy[];
  }
}

/** The generated API documentation (@fastify/swagger-ui) is public and declares nothing. */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The permission an `admin` route needs when it names none. */
const permissionOf = (auth: RouteAuth, declared: Permission | undefined): Permission | null =>
  declared ?? (auth === 'admin' ? 'platform' : null);

/** The caller may make this call: their role, their team's second factor, the route's permission. */
function check(request: FastifyRequest, auth: Exclude<RouteAuth, 'public'>): SessionUser {
  const user = requireUser(request);
  const config = request.routeOptions.config;
  if (user.twoFactorRequired && !user.twoFactorEnabled && !config.beforeTwoFactor)
    throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', 'Set up two-step sign-in first.');
  if (auth !== 'operator' && auth !== 'admin') return user;
  if (user.role === null || (auth === 'admin' && !isPlatformRole(user.role)))
    throw new AppError('FORBIDDEN', 'Not allowed.');
  const permission = permissionOf(auth, config.permission);
  if (permission && !roleMay(user.role, permission)) throw new AppError('FORBIDDEN', 'Not allowed.');
  return user;
}

/**
 * Registered after the session plugin (its onRequest hook needs `request.sessionUser`) and before the routes: a route
 * that declares no `config.auth` — or an operator route no `config.permission` — stops the server at start-up, so no
 * new route is left unprotected by omission.
 */
export function registerRouteAuth(app: FastifyInstance) {
  const policies: RoutePolicy[] = [];
  app.decorate('routePolicies', policies);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const auth = route.config?.auth;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!auth) throw new Error(`${methods.join(',')} ${route.url} must declare config.auth (plugins/route-auth.ts)`);
    if (auth === 'operator' && !route.config?.permission)
      throw new Error(`${methods.join(',')} ${route.url} must declare config.permission (plugins/route-auth.ts)`);
    const serverToServer = route.config?.serverToServer === true;
    const permission = permissionOf(auth, route.config?.permission);
    for (const method of methods)
      if (method !== 'HEAD') policies.push({ method, url: route.url, auth, permission, serverToServer });
  });
  // A callback hook: it runs on every request (an async one costs a promise each time).
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.routeOptions.config.auth;
    if (!auth || auth === 'public') return done();
    // A grant without a session: checked against the booking by the handler.
    if (auth === 'bookingHolder' && !request.sessionUser && bookingGrantHashOf(request)) return done();
    try {
      check(request, auth);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
