import { AuditPageSchema } from '@roam/contract/audit.schema';
import { OkSchema } from '@roam/contract/auth.schema';
import { PageParamsSchema } from '@roam/contract/paging.schema';
import { ROLE_PERMISSIONS } from '@roam/contract/team';
import {
  AccessSchema,
  ActivityQuerySchema,
  InviteMemberSchema,
  MemberSchema,
  SessionListSchema,
  TeamPolicySchema,
  TeamQuerySchema,
  TeamSchema,
  UpdateMemberSchema,
} from '@roam/contract/team.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { activityPage } from './activity.service.ts';
import * as members from './members.service.ts';
import { endMemberSessions, memberSessions } from './sessions.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);
const tags = ['operator: team'];
const team = { auth: 'operator', permission: 'members' } as const;

/** The team's calls: who am I, the members, the team's policy, a member's sessions, the activity. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/api/my-access',
    {
      config: { auth: 'signedIn', beforeTwoFactor: true },
      schema: {
        tags: ['auth'],
        security,
        summary: "The signed-in person's role, business, branches and permissions, and their second factor",
        response: { 200: AccessSchema, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        role: user.role,
        businessId: user.businessId,
        branchIds: user.branchIds,
        permissions: user.role ? [...ROLE_PERMISSIONS[user.role]] : [],
        twoFactor: { enabled: user.twoFactorEnabled, required: user.twoFactorRequired },
      };
    },
  );

  app.get(
    '/api/team',
    {
      config: team,
      schema: {
        tags,
        security,
        summary: "A team's people and its policy: an owner's business; the admin's platform, or a business they name",
        querystring: TeamQuerySchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) => members.readTeam(ctx, requireOperator(request), request.query.businessId),
  );

  app.post(
    '/api/invite-member',
    {
      // It creates an account and sends e-mail: a few a minute per person is plenty.
      config: { ...team, ...perAccountLimit(20, '10 minutes') },
      schema: {
        tags,
        security,
        summary: 'Invites a person into the team by e-mail (a one-time link to choose their password)',
        body: InviteMemberSchema,
        response: { 201: MemberSchema, ...errors, ...errorReplies(429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await members.inviteMember(ctx, requireOperator(request), request.body)),
  );

  app.put(
    '/api/update-member/:id',
    {
      config: team,
      schema: {
        tags,
        security,
        summary: "Changes a member's role, branches, or suspends them (their sessions end at once) or lifts it",
        params: IdParamsSchema,
        body: UpdateMemberSchema,
        response: { 200: MemberSchema, ...errors },
      },
    },
    async (request) => members.updateMember(ctx, requireOperator(request), request.params.id, request.body),
  );

  app.delete(
    '/api/remove-member/:id',
    {
      config: team,
      schema: {
        tags,
        security,
        summary: 'Removes a member: their sessions end, their account stays a driver account',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await members.removeMember(ctx, requireOperator(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/resend-member-invitation/:id',
    {
      config: { ...team, ...perAccountLimit(10, '10 minutes') },
      schema: {
        tags,
        security,
        summary: 'A new invitation link for a member who has not chosen a password yet',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...errors, ...errorReplies(429) },
      },
    },
    async (request) => {
      await members.resendMemberInvitation(ctx, requireOperator(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/team-policy',
    {
      config: team,
      schema: {
        tags,
        security,
        summary: "Whether the team's members must sign in with a second factor",
        body: TeamPolicySchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) => members.setTeamPolicy(ctx, requireOperator(request), request.body),
  );

  app.get(
    '/api/member-sessions/:id',
    {
      config: team,
      schema: {
        tags,
        security,
        summary: "A member's active sessions",
        params: IdParamsSchema,
        response: { 200: SessionListSchema, ...errors },
      },
    },
    async (request) => memberSessions(ctx, requireOperator(request), request.params.id),
  );

  app.delete(
    '/api/member-sessions/:id',
    {
      config: team,
      schema: {
        tags,
        security,
        summary: 'Ends every session of a member at once',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await endMemberSessions(ctx, requireOperator(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/activity/:page/:size',
    {
      config: { auth: 'operator', permission: 'activity' },
      schema: {
        tags,
        security,
        summary: 'Who changed what: an owner their business, the admin all; by person, entity and period',
        params: PageParamsSchema,
        body: ActivityQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (request) =>
      activityPage(ctx, requireOperator(request), request.body, request.params.page, request.params.size),
  );
};
