import type { z } from 'zod';
import type {
  SiteSettingsSchema,
  SiteSettingsStateSchema,
  UpdateSiteSettingsBodySchema,
} from './site-settings.schema.ts';

// The site's identity the admin changes in the console without a restart (docs/architecture.md §3): its name (every
// e-mail, page title and `{site}` in texts), the contact e-mail (where the contact form delivers) and the default
// language of a new visitor. The environment gives each one's default (WEBSITE_NAME, CONTACT_EMAIL, DEFAULT_LANGUAGE);
// the admin's value, once set, holds from the next call on in every server process. The schemas are in
// site-settings.schema.ts.

export const SITE_SETTING_KEYS = ['websiteName', 'contactEmail', 'defaultLanguage'] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/** The longest site name: it heads every e-mail's subject and every page title. */
export const WEBSITE_NAME_MAX = 80;

/** The messages of the site settings, in the spec's English; the admin's form shows them translated. */
export const SITE_SETTINGS_MESSAGES = {
  languageNotOffered: 'The default language must be one of the languages the site offers.',
} as const;

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
export type SiteSettingsState = z.infer<typeof SiteSettingsStateSchema>;
export type UpdateSiteSettingsBody = z.infer<typeof UpdateSiteSettingsBodySchema>;
