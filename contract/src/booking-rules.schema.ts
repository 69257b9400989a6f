import { z } from 'zod';
import {
  RULE_MESSAGES,
  RUN_TIME_SETTING_KEYS,
  RUN_TIME_SETTING_RANGES,
  type RunTimeSettingKey,
} from './booking-rules.ts';

// The schemas of the booking rules the admin changes at run time (their ranges and types: booking-rules.ts).

const ruleSchema = (key: RunTimeSettingKey) => {
  const { min, max } = RUN_TIME_SETTING_RANGES[key];
  // One message for every way to miss (a decimal, a word, out of range): it says the format and the range.
  const error = RULE_MESSAGES.wholeNumber(min, max);
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

export const RunTimeSettingsSchema = z.object(
  Object.fromEntries(RUN_TIME_SETTING_KEYS.map((key) => [key, ruleSchema(key)])) as Record<
    RunTimeSettingKey,
    z.ZodNumber
  >,
);

/** `GET /api/booking-rules` (admin): the values in force, the deployment's own, and the last change. */
export const RunTimeSettingsStateSchema = z.object({
  values: RunTimeSettingsSchema,
  defaults: RunTimeSettingsSchema,
  /** The rules the admin has set (the others follow the deployment's values). */
  overridden: z.array(z.enum(RUN_TIME_SETTING_KEYS as [RunTimeSettingKey, ...RunTimeSettingKey[]])),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedBy: z.string().nullable(),
});

/**
 * `PUT /api/update-booking-rules` (admin): only the rules it carries change (none: nothing changes); null
 * returns one to the deployment's value.
 */
export const UpdateRunTimeSettingsBodySchema = z.strictObject(
  Object.fromEntries(RUN_TIME_SETTING_KEYS.map((key) => [key, ruleSchema(key).nullable().optional()])) as Record<
    RunTimeSettingKey,
    z.ZodOptional<z.ZodNullable<z.ZodNumber>>
  >,
);
