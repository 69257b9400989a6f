import { OkSchema, TwoFactorCodeSchema } from '@roam/contract/auth.schema';
import {
  RecoveryCodesSchema,
  SessionListSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
} from '@roam/contract/team.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { endMySession, mySessions } from './sessions.service.ts';
import * as twoFactor from './two-factor.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);
const tags = ['auth: security'];
/** A person whose team asks a second factor reaches these before enrolling: they are how one enrols. */
const own = { auth: 'signedIn', beforeTwoFactor: true } as const;

/** A person's own security: two-step sign-in and their sessions; the admin's reset of someone's 2FA. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/api/two-factor',
    {
      config: own,
      schema: {
        tags,
        security,
        summary: 'Whether two-step sign-in is on, required, and the recovery codes left',
        response: { 200: TwoFactorStatusSchema, ...errors },
      },
    },
    async (request) => twoFactor.twoFactorStatus(ctx, requireUser(request)),
  );

  app.post(
    '/api/two-factor/enrol',
    {
      config: { ...own, ...perAccountLimit(10, '10 minutes') },
      schema: {
        tags,
        security,
        summary: 'Starts enrolment: a new secret and its QR code',
        response: { 200: TwoFactorEnrolmentSchema, ...errors, ...errorReplies(429) },
      },
    },
    async (request) => twoFactor.beginEnrolment(ctx, requireUser(request)),
  );

  app.post(
    '/api/two-factor/confirm',
    {
      config: own,
      schema: {
        tags,
        security,
        summary: 'Turns two-step sign-in on with a first code; answers the ten recovery codes, shown once',
        body: TwoFactorCodeSchema,
        response: { 200: RecoveryCodesSchema, ...errors, ...errorReplies(429) },
      },
    },
    async (request) => twoFactor.confirmEnrolment(ctx, requireUser(request), request.body.code, request.ip),
  );

  app.post(
    '/api/two-factor/recovery-codes',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        security,
        summary: 'Ten new recovery codes after a current code; the old ones stop working',
        body: TwoFactorCodeSchema,
        response: { 200: RecoveryCodesSchema, ...errors, ...errorReplies(429) },
      },
    },
    async (request) => twoFactor.renewRecoveryCodes(ctx, requireUser(request), request.body.code, request.ip),
  );

  app.post(
    '/api/two-factor/disable',
    {
      config: { auth: 'signedIn', ...perAccountLimit(10, '10 minutes') },
      schema: {
        tags,
        security,
        summary: "Turns two-step sign-in off with a current or recovery code; refused while one's team requires it",
        body: TwoFactorCodeSchema,
        response: { 200: OkSchema, ...errors, ...errorReplies(429) },
      },
    },
    async (request) => {
      await twoFactor.disableTwoFactor(ctx, requireUser(request), request.body.code, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reset-two-factor/:id',
    {
      config: { auth: 'admin', permission: 'platform' },
      schema: {
        tags: ['admin: users'],
        security,
        summary: "Removes someone's second factor (a lost phone and codes) and ends their sessions",
        params: IdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await twoFactor.resetTwoFactor(ctx, requireOperator(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/sessions',
    {
      config: own,
      schema: {
        tags,
        security,
        summary: "One's active sessions: device, address, last use",
        response: { 200: SessionListSchema, ...errors },
      },
    },
    async (request) => mySessions(ctx, requireUser(request)),
  );

  app.delete(
    '/api/sessions/:id',
    {
      config: own,
      schema: {
        tags,
        security,
        summary: 'Ends one of one’s sessions',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await endMySession(ctx, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
};
