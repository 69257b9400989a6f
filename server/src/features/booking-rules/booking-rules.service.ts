import type { RunTimeSettings, RunTimeSettingsState, UpdateRunTimeSettingsBody } from '@roam/contract/booking-rules';
import {
  hourOrderIssues,
  RUN_TIME_SETTING_KEYS,
  RUN_TIME_SETTING_RANGES,
  type RunTimeSettingKey,
} from '@roam/contract/booking-rules';
import type { AppContext } from '#server/context.ts';
import { type AuditActor, changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { buildSettings, type DeploymentSettings } from '#server/features/system/settings.service.ts';
import { validationFailed } from '#server/lib/app-error.ts';
import * as repository from './booking-rules.repository.ts';

// The booking rules the admin changes at run time. Every call that applies them reads them here,
// from the database, so a change holds from the next call on in every server process — no restart, no cache to
// invalidate. The car search reads them with its index's look at the database, which every search waits for
// (settingsWith). The table has a row only for a rule the admin set; the others follow the deployment's value.

/** The audit trail's id for the settings, which are one thing and have no id of their own. */
const SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-000000000000';

const pick = (settings: DeploymentSettings): RunTimeSettings =>
  Object.fromEntries(RUN_TIME_SETTING_KEYS.map((key) => [key, settings[key]])) as RunTimeSettings;

const isKey = (key: string): key is RunTimeSettingKey => Object.hasOwn(RUN_TIME_SETTING_RANGES, key);

/** The settings of `GET /api/settings`: the deployment's, with the admin's changes to the booking rules. */
export async function currentSettings(ctx: AppContext): Promise<DeploymentSettings> {
  return settingsWith(
    ctx,
    (await repository.allOverrides(ctx.db)).map(({ key, value }) => [key, value]),
  );
}

/**
 * The deployment's settings with `overrides` ([key, value] rows of the rules' table) — the car search's, read by its
 * index's look at the database (cars/search.index.ts), as fresh as the bookings it sees.
 */
export function settingsWith(ctx: AppContext, overrides: readonly (readonly [string, number])[]): DeploymentSettings {
  const settings = buildSettings(ctx.config);
  for (const [key, value] of overrides) {
    if (isKey(key)) settings[key] = value;
  }
  return settings;
}

type OverrideRow = Awaited<ReturnType<typeof repository.allOverrides>>[number];

function stateOf(ctx: AppContext, rows: OverrideRow[]): RunTimeSettingsState {
  const set = rows.filter((row) => isKey(row.key));
  const defaults = pick(buildSettings(ctx.config));
  const values = { ...defaults };
  for (const { key, value } of set) values[key as RunTimeSettingKey] = value;
  const latest = set[0];
  return {
    values,
    defaults,
    overridden: set.map((row) => row.key as RunTimeSettingKey),
    updatedAt: latest ? latest.updatedAt.toISOString() : null,
    updatedBy: latest?.updatedBy ?? null,
  };
}

export async function bookingRulesState(ctx: AppContext): Promise<RunTimeSettingsState> {
  return stateOf(ctx, await repository.allOverrides(ctx.db));
}

/**
 * Sets the rules the body carries (null: back to the deployment's value); the others stay as they are. The change
 * and its audit row commit together.
 */
export async function updateBookingRules(
  ctx: AppContext,
  actor: AuditActor,
  body: UpdateRunTimeSettingsBody,
): Promise<RunTimeSettingsState> {
  const entries = RUN_TIME_SETTING_KEYS.flatMap((key) => (body[key] === undefined ? [] : [{ key, value: body[key] }]));
  return ctx.db.transaction(async (tx) => {
    const before = stateOf(ctx, await repository.allOverrides(tx));
    await repository.setOverrides(
      tx,
      entries.flatMap(({ key, value }) => (value === null || value === undefined ? [] : [{ key, value }])),
      actor.id,
      ctx.clock.now(),
    );
    await repository.clearOverrides(
      tx,
      entries.filter(({ value }) => value === null).map(({ key }) => key),
    );
    const after = stateOf(ctx, await repository.allOverrides(tx));
    // Opening hours as they would stand: an earliest hour after the latest is refused, both named (nothing kept).
    const disorder = hourOrderIssues(after.values);
    if (Object.keys(disorder).length > 0) throw validationFailed(disorder);
    const changes = changesBetween(before.values, after.values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(ctx, tx, actor, {
        entity: 'settings',
        entityId: SETTINGS_ENTITY_ID,
        action: 'update',
        changes,
      });
    }
    return after;
  });
}
