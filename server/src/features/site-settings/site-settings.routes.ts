import { SiteSettingsStateSchema, UpdateSiteSettingsBodySchema } from '@roam/contract/site-settings.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { siteSettingsState, updateSiteSettings } from './site-settings.service.ts';

/** The site's name, contact e-mail and default language, the admin's; anonymous 401, a driver or a supplier 403. */
export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const admin = { config: { auth: 'admin' as const } };
  const errors = errorReplies(400, 401, 403);
  const tags = ['admin: site settings'];
  app.get(
    '/api/site-settings',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'The site’s name, contact e-mail and default language in force, the environment’s, the last change',
        response: { 200: SiteSettingsStateSchema, ...errors },
      },
    },
    async () => siteSettingsState(ctx),
  );
  app.put(
    '/api/update-site-settings',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Change the site’s name, contact e-mail or default language: only those sent; null: the environment’s',
        body: UpdateSiteSettingsBodySchema,
        response: { 200: SiteSettingsStateSchema, ...errors },
      },
    },
    async (request) => updateSiteSettings(ctx, requireUser(request, 'admin'), request.body),
  );
};
