import { LanguageSchema } from '@roam/contract/languages.schema';
import {
  SITE_SETTING_KEYS,
  SITE_SETTINGS_MESSAGES,
  type SiteSettingKey,
  type SiteSettings,
  type SiteSettingsState,
  type UpdateSiteSettingsBody,
} from '@roam/contract/site-settings';
import type { Config } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { type AuditActor, changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { validationFailed } from '#server/lib/app-error.ts';
import * as repository from './site-settings.repository.ts';

// The site's name, contact e-mail and default language (docs/architecture.md §3 "Site settings"): the environment
// gives each one's default, the admin's value in the console replaces it. Every call that uses one reads them here,
// from the database — one small table, a row per setting the admin set — so a change holds from the next e-mail, page
// or title on, in every server process, without a restart and with no cache to invalidate.

/** The audit trail's id for the site settings, which are one thing and have no id of their own. */
const SITE_SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-000000000001';

const isKey = (key: string): key is SiteSettingKey => (SITE_SETTING_KEYS as readonly string[]).includes(key);

/** The environment's values: what a setting the admin has not set follows. */
export const siteDefaults = (config: Config): SiteSettings => ({
  websiteName: config.WEBSITE_NAME,
  contactEmail: config.CONTACT_EMAIL,
  defaultLanguage: config.DEFAULT_LANGUAGE,
});

type OverrideRow = Awaited<ReturnType<typeof repository.allSiteOverrides>>[number];

function valuesOf(config: Config, rows: OverrideRow[]): SiteSettings {
  const values = siteDefaults(config);
  for (const { key, value } of rows) {
    if (key === 'defaultLanguage') {
      // A language the deployment no longer offers (LANGUAGES changed since) falls back to the environment's.
      const language = LanguageSchema.safeParse(value).data;
      if (language && config.languages.includes(language)) values.defaultLanguage = language;
    } else if (key === 'websiteName' || key === 'contactEmail') values[key] = value;
  }
  return values;
}

/** The site settings in force (`tx`: inside a caller's transaction). */
export async function siteSettings(ctx: AppContext, tx: DbOrTx = ctx.db): Promise<SiteSettings> {
  return valuesOf(ctx.config, await repository.allSiteOverrides(tx));
}

/** The site's name in force: every e-mail, document and title that names the site. */
export async function siteName(ctx: AppContext, tx: DbOrTx = ctx.db): Promise<string> {
  return (await siteSettings(ctx, tx)).websiteName;
}

function stateOf(config: Config, rows: OverrideRow[]): SiteSettingsState {
  const set = rows.filter((row) => isKey(row.key));
  const latest = set[0];
  return {
    values: valuesOf(config, set),
    defaults: siteDefaults(config),
    overridden: set.map((row) => row.key as SiteSettingKey),
    languages: config.languages,
    updatedAt: latest ? latest.updatedAt.toISOString() : null,
    updatedBy: latest?.updatedBy ?? null,
  };
}

/** `GET /api/site-settings`. */
export async function siteSettingsState(ctx: AppContext): Promise<SiteSettingsState> {
  return stateOf(ctx.config, await repository.allSiteOverrides(ctx.db));
}

/**
 * `PUT /api/update-site-settings`: sets the settings the body carries (null: back to the environment's value); the
 * others stay as they are. A value equal to the environment's is stored as no row, so it follows the environment
 * again. The change and its audit row commit together.
 */
export async function updateSiteSettings(
  ctx: AppContext,
  actor: AuditActor,
  body: UpdateSiteSettingsBody,
): Promise<SiteSettingsState> {
  if (body.defaultLanguage && !ctx.config.languages.includes(body.defaultLanguage)) {
    throw validationFailed({ defaultLanguage: [SITE_SETTINGS_MESSAGES.languageNotOffered] });
  }
  const defaults = siteDefaults(ctx.config);
  const entries = SITE_SETTING_KEYS.flatMap((key) => {
    const value = body[key];
    return value === undefined ? [] : [{ key, value: value === defaults[key] ? null : value }];
  });
  return ctx.db.transaction(async (tx) => {
    const before = stateOf(ctx.config, await repository.allSiteOverrides(tx));
    await repository.setSiteOverrides(
      tx,
      entries.flatMap(({ key, value }) => (value === null ? [] : [{ key, value }])),
      actor.id,
      ctx.clock.now(),
    );
    await repository.clearSiteOverrides(
      tx,
      entries.filter(({ value }) => value === null).map(({ key }) => key),
    );
    const after = stateOf(ctx.config, await repository.allSiteOverrides(tx));
    const changes = changesBetween(before.values, after.values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(ctx, tx, actor, {
        entity: 'settings',
        entityId: SITE_SETTINGS_ENTITY_ID,
        action: 'update',
        changes,
      });
    }
    return after;
  });
}
