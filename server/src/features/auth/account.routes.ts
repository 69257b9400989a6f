import {
  ActivateSchema,
  CheckTokenParamsSchema,
  CheckTokenResultSchema,
  OkSchema,
  ResendParamsSchema,
  SignUpPendingSchema,
  SignUpSchema,
  ValidateEmailSchema,
  VerifyRecaptchaParamsSchema,
} from '@roam/contract/auth.schema';
import { UserIdParamsSchema, UserSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertNoSecondFactor } from '#server/features/team/two-factor.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { createSession, requireSelfOrAdmin, requireUser } from '#server/plugins/session.ts';
import {
  activate,
  checkRecaptchaToken,
  checkToken,
  isEmailFree,
  removeTokens,
  resend,
  resendLink,
  signUp,
} from './account.service.ts';
import { perIp } from './auth.rate-limits.ts';
import { toUser } from './auth.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409, 410, 429, 503);

// Which e-mails have accounts. The spec's answers stay — resend's 'Email address not
// registered' on the forgot-password screen (§5), validate-email's 409 for a taken address (§7): a customer who typed
// another address learns it at once, and as validate-email must tell, hiding it from resend would protect nobody.
// What is limited is how fast anyone can ask: per IP whatever the address (resend used to count per IP *and*
// address, so one IP could walk a list), at the strict e-mail rate for the call that sends one.

/** `resend/…`: 5 a minute per IP across addresses (it sends an e-mail; one customer asks once or twice). */
export const RESEND_LIMIT = perIp(5).rateLimit;
/** `validate-email`: 10 a minute per IP (the sign-up and checkout forms ask when the field loses focus). */
export const VALIDATE_EMAIL_LIMIT = perIp(10).rateLimit;

/** Sign-up, e-mail checks, activation and reset links (spec §7). Every e-mail-sending call is rate limited. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const { db } = ctx;
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:');

  app.post(
    '/api/sign-up',
    {
      config: { auth: 'public', ...perIp(20) },
      schema: {
        tags: ['auth'],
        summary:
          'Creates a driver account, e-mails its activation link and signs it in; with the e-mail of a guest ' +
          "checkout's account, e-mails a link that completes that account (202, nobody signed in)",
        body: SignUpSchema,
        response: { 200: UserSchema, 202: SignUpPendingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await signUp(ctx, request.body, request.ip);
      if (result.kind === 'pendingActivation') return reply.code(202).send({ pendingActivation: true as const });
      await createSession(db, request, reply, result.user.id, false, secureCookie);
      return toUser(result.user);
    },
  );

  app.post(
    '/api/validate-email',
    {
      config: { auth: 'public', rateLimit: VALIDATE_EMAIL_LIMIT },
      schema: {
        tags: ['auth'],
        summary: '200 when the address is free, 409 when it is already registered',
        body: ValidateEmailSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await isEmailFree(ctx, request.body.email, request.body.signUp);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/verify-recaptcha/:token/:ip',
    {
      config: { auth: 'public', ...perIp(30) },
      schema: {
        tags: ['auth'],
        summary: 'Checks a reCAPTCHA token with the provider: 200 when genuine',
        params: VerifyRecaptchaParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await checkRecaptchaToken(ctx, request.params.token, request.params.ip || request.ip);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/check-token/:appType/:userId/:email/:token',
    {
      config: { auth: 'public', ...perIp(30) },
      schema: {
        tags: ['auth'],
        summary: 'Whether an activation or reset link can still be used (410 when expired or used)',
        params: CheckTokenParamsSchema,
        response: { 200: CheckTokenResultSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, email, token } = request.params;
      return checkToken(ctx, userId, email, token);
    },
  );

  app.post(
    '/api/activate',
    {
      config: { auth: 'public', ...perIp(20) },
      schema: {
        tags: ['auth'],
        summary: 'Uses an activation or reset link (sets the password when needed) and signs the user in',
        body: ActivateSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await activate(ctx, request.body);
      if (user.blacklisted) throw new AppError('ACCOUNT_SUSPENDED', 'Your account is suspended.');
      // A reset link proves the mailbox, not the second factor: the password is set, the sign-in asks the code.
      await assertNoSecondFactor(ctx, user.id);
      await createSession(db, request, reply, user.id, false, secureCookie);
      return toUser(user);
    },
  );

  app.post(
    '/api/resend/:appType/:email/:reset',
    {
      config: { auth: 'public', rateLimit: RESEND_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'E-mails a new activation link (reset=false) or a password-reset link (reset=true)',
        params: ResendParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await resend(ctx, request.params.email, request.params.reset);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/resend-link',
    {
      config: { auth: 'signedIn', ...perIp(5) },
      schema: {
        tags: ['auth'],
        summary: "E-mails the signed-in, unverified user's activation link again",
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await resendLink(ctx, requireUser(request));
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/delete-tokens/:userId',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: "Deletes a user's unused activation and reset links (self or admin)",
        params: UserIdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      await removeTokens(ctx, request.params.userId);
      return { ok: true as const };
    },
  );
};
