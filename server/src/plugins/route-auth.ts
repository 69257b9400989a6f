import { defaultRoleOf, type Permission, roleMay } from '@roam/contract/team';
import type { UserType } from '@roam/contract/users';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { bookingGrantHashOf } from './booking-grant.ts';
import { requireUser } from './session.ts';

/**
 * Who may call an API route, declared by every `/api/*` route as `config: { auth }` (issue #21 finding 10):
 * - `public`: anyone; the handler may still look at `request.sessionUser` (a guest checkout, a payment);
 * - `signedIn`: any signed-in account that is not suspended (ownership of ids is the handler's, after validation);
 * - `operator`: an admin or a supplier (ARCHITECTURE §1 "Operators"); `admin`: an admin;
 * - `bookingHolder`: signed in, or carrying a manage link's grant to a booking (plugins/booking-grant.ts; issue #25
 *   item 1) — the handler checks the grant against the booking's id (booking-access/booking-holder.guard.ts).
 * It is checked in `onRequest`, before the body is read or validated: an anonymous caller gets 401 and a driver on
 * an operator call 403 whatever they send, never the field errors that would teach them the schema.
 */
export type RouteAuth = 'public' | 'signedIn' | 'operator' | 'admin' | 'bookingHolder';

const ROLES: Record<Exclude<RouteAuth, 'public'>, UserType[]> = {
  signedIn: [],
  bookingHolder: [],
  operator: ['admin', 'supplier'],
  admin: ['admin'],
};

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
     * What an `operator` route does, in the contract's role table (contract/src/team.ts): the console's navigation
     * and the role matrix read it. Every supplier account acts as its business's owner until members exist.
     */
    permission?: Permission;
  }
  interface FastifyInstance {
    /** Every API route and its declared auth, in registration order (the security suite walks them). */
    routePolicies: RoutePolicy[];
  }
}

/** The generated API documentation (@fastify/swagger-ui) is public and declares nothing. */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Registered after the session plugin (its onRequest hook needs `request.sessionUser`) and before the routes: a route
 * that declares no `config.auth` stops the server at start-up, so no new route is left unprotected by omission.
 */
export function registerRouteAuth(app: FastifyInstance) {
  const policies: RoutePolicy[] = [];
  app.decorate('routePolicies', policies);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const auth = route.config?.auth;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!auth) throw new Error(`${methods.join(',')} ${route.url} must declare config.auth (plugins/route-auth.ts)`);
    const serverToServer = route.config?.serverToServer === true;
    for (const method of methods)
      if (method !== 'HEAD')
        policies.push({ method, url: route.url, auth, permission: route.config?.permission ?? null, serverToServer });
  });
  // A callback hook: it runs on every request (an async one costs a promise each time).
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.routeOptions.config.auth;
    if (!auth || auth === 'public') return done();
    // A grant without a session: checked against the booking by the handler.
    if (auth === 'bookingHolder' && !request.sessionUser && bookingGrantHashOf(request)) return done();
    try {
      const user = requireUser(request, ...ROLES[auth]);
      const permission = request.routeOptions.config.permission;
      const role = defaultRoleOf(user.type);
      if (permission && !(role && roleMay(role, permission))) throw new AppError('FORBIDDEN', 'Not allowed.');
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
