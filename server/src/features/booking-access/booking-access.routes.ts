import {
  ManageBookingLinkBodySchema,
  ManageBookingLinkResultSchema,
  OpenedManageLinkSchema,
  OpenManageLinkBodySchema,
} from '@roam/contract/booking-access.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIp } from '#server/features/auth/auth.rate-limits.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { bookingGrantHashOf, setBookingGrant } from '#server/plugins/booking-grant.ts';
import { failureBudget } from '#server/plugins/rate-limit.ts';
import { openManageLink, sendManageLink } from './booking-access.service.ts';

/**
 * Links per e-mail address and hour, whatever the caller's address: one inbox is not flooded from
 * many addresses. Every request counts (the budget helper counts what it is told to).
 */
const LINKS_PER_EMAIL = { max: 5, windowMs: 3600_000 };

/** Manage a booking without an account: ask for a link, open it. */
export const bookingAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['bookings'];
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:');
  const perEmail = failureBudget(ctx.db, 'manage-booking links per e-mail', LINKS_PER_EMAIL);

  app.post(
    '/api/manage-booking-link',
    {
      // It e-mails, and guesses a reference: per IP, and per e-mail address below.
      config: { auth: 'public', ...perIp(10, '10 minutes') },
      schema: {
        tags,
        summary: 'E-mail a one-time link to manage the booking, when the reference and the e-mail match one',
        body: ManageBookingLinkBodySchema,
        response: { 200: ManageBookingLinkResultSchema, ...errorReplies(400, 403, 429) },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      await perEmail.assertLeft(email);
      await perEmail.spend(email);
      await sendManageLink(ctx, request.body);
      return { sent: true as const };
    },
  );

  app.post(
    '/api/open-manage-link',
    {
      config: { auth: 'public', ...perIp(20, '10 minutes') },
      schema: {
        tags,
        summary: 'Use the e-mailed link once: this browser may then manage that booking, for a few hours',
        body: OpenManageLinkBodySchema,
        response: { 200: OpenedManageLinkSchema, ...errorReplies(400, 403, 410, 429) },
      },
    },
    async (request, reply) => {
      const { bookingId, grant } = await openManageLink(ctx, request.body.token, bookingGrantHashOf(request));
      if (grant) setBookingGrant(reply, grant, secureCookie);
      return { bookingId };
    },
  );
};
