import { z } from 'zod';
import { LanguageSchema } from './languages.schema.ts';
import { SITE_SETTING_KEYS, WEBSITE_NAME_MAX } from './site-settings.ts';

// The schemas of the site settings (their keys and limits: site-settings.ts).

const websiteName = z.string().trim().min(1).max(WEBSITE_NAME_MAX);
const contactEmail = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const SiteSettingsSchema = z.object({
  websiteName,
  contactEmail,
  defaultLanguage: LanguageSchema,
});

/** `GET /api/site-settings` (admin): the values in force, the deployment's own, and the last change. */
export const SiteSettingsStateSchema = z.object({
  values: SiteSettingsSchema,
  defaults: SiteSettingsSchema,
  /** The settings the admin has set (the others follow the environment). */
  overridden: z.array(z.enum(SITE_SETTING_KEYS)),
  /** The languages the site offers (LANGUAGES): the default language is one of them. */
  languages: z.array(LanguageSchema),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedBy: z.string().nullable(),
});

/**
 * `PUT /api/update-site-settings` (admin): only the settings it carries change; null returns one to the
 * environment's value.
 */
export const UpdateSiteSettingsBodySchema = z.strictObject({
  websiteName: websiteName.nullable().optional(),
  contactEmail: contactEmail.nullable().optional(),
  defaultLanguage: LanguageSchema.nullable().optional(),
});
