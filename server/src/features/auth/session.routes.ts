import { OkSchema, SignInSchema, UpdateLanguageSchema } from '@roam/contract/auth.schema';
import { IdParamsSchema, UserSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secondStep } from '#server/features/team/two-factor.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { failureBudget } from '#server/plugins/rate-limit.ts';
import { createSession, destroySession, requireSelfOrAdmin, requireUser } from '#server/plugins/session.ts';
import { perIpAndEmail } from './auth.rate-limits.ts';
import { getUser, setLanguage, signIn, toUser } from './auth.service.ts';

const errors = errorReplies(400, 401, 403, 404);

/**
 * Failed sign-ins per IP, whatever the e-mail: 20 in 15 minutes. People who mistype their
 * password fail a few times, and a household or an office behind one address rarely reaches 20 in a quarter hour;
 * someone trying one common password on many accounts (spraying) is held to 80 guesses an hour per address instead
 * of as many as the server answers. Successes spend nothing. Beside it, sign-in stays limited to 20 a minute per IP
 * and e-mail — keyed by the IP too, so a stranger failing on someone's e-mail elsewhere never locks them out.
 */
export const SIGN_IN_FAILURES_PER_IP = { max: 20, windowMs: 15 * 60_000 };

/** Sign-in, sign-out, the session check and the user fetch (spec §4 session load, §7). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const { db } = ctx;
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:');
  const signInFailures = failureBudget(db, 'sign-in failures per IP', SIGN_IN_FAILURES_PER_IP);

  app.post(
    '/api/sign-in/frontend',
    {
      config: { auth: 'public', ...perIpAndEmail(20) },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with e-mail and password (and the second factor of an account that has one); sets the session cookie',
        body: SignInSchema,
        response: { 200: UserSchema, ...errors, ...errorReplies(429) },
      },
    },
    async (request, reply) => {
      const { email, password, stayConnected, code, rememberBrowser } = request.body;
      await signInFailures.assertLeft(request.ip);
      const user = await signIn(ctx, email, password).catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'INCORRECT_CREDENTIALS') await signInFailures.spend(request.ip);
        throw error;
      });
      // An account with a second factor gives its code too (or its browser was remembered).
      await secondStep(ctx, request, reply, user.id, { code, rememberBrowser: rememberBrowser ?? false });
      await createSession(db, request, reply, user.id, stayConnected, secureCookie);
      return toUser(user);
    },
  );

  app.post(
    '/api/sign-out',
    {
      config: { auth: 'public', beforeTwoFactor: true },
      schema: { tags: ['auth'], summary: 'Ends the current session', response: { 200: OkSchema } },
    },
    async (request, reply) => {
      await destroySession(db, request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/validate-access-token',
    {
      config: { auth: 'signedIn', beforeTwoFactor: true },
      schema: {
        tags: ['auth'],
        summary: '200 while the session is valid; 401 without one, 403 when the account is suspended',
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user/:id',
    {
      config: { auth: 'signedIn', beforeTwoFactor: true },
      schema: {
        tags: ['auth'],
        summary: 'A user: oneself, or anyone for the platform (an admin, a support agent)',
        params: IdParamsSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.id, 'users.read');
      return toUser(await getUser(ctx, request.params.id));
    },
  );

  app.post(
    '/api/update-language',
    {
      config: { auth: 'signedIn', beforeTwoFactor: true },
      schema: {
        tags: ['auth'],
        summary: "Sets a user's language (e-mails go out in it)",
        body: UpdateLanguageSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.body.id);
      await setLanguage(ctx, request.body.id, request.body.language);
      return { ok: true as const };
    },
  );
};
