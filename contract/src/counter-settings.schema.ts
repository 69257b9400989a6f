import { z } from 'zod';
import { CAR_OVERRIDABLE_RULES, type CarOverridableRule, COUNTER_LIMITS, NO_SHOW_RULES } from './counter.ts';
import { LANGUAGES, type Language } from './languages.ts';

// A supplier's counter settings (docs/api.md "The counter"): the checklist, the agreement's terms, the early
// check-out window, the no-show rule and the charge rules, and a car's overrides. Money in EUR minor units, like a
// car's prices; each booking converts it at its own rate.

const Eur = z.number().int().min(0).max(100_000_000);
const Slug = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'Lower-case letters, digits and dashes.' });

const perLanguage = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(LANGUAGES.map((language) => [language, value])) as Record<Language, T>);

export const ChecklistItemSchema = z.object({
  id: Slug,
  labels: perLanguage(z.string().trim().min(1).max(100)),
});

export const OneWayFeeSchema = z.object({ fromLocationId: z.uuid(), toLocationId: z.uuid(), fee: Eur });

export const ChargeRulesSchema = z.object({
  fuelPricePerLitre: Eur,
  refuellingFee: Eur,
  defaultTankLitres: z.number().int().min(1).max(2000),
  batteryPricePerPercent: Eur,
  pricePerExtraKm: Eur,
  lateGraceMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  latePricePerHour: Eur,
  cleaningFee: Eur,
  oneWayFee: Eur.nullable(),
  oneWayFees: z.array(OneWayFeeSchema).max(200),
});

/** `GET /api/counter-settings/{id}` (a supplier's id): its settings, or the defaults where it set none. */
export const CounterSettingsSchema = z.object({
  supplierId: z.uuid(),
  checklist: z
    .array(ChecklistItemSchema)
    .max(COUNTER_LIMITS.checklistItems)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      error: 'Each item needs its own id.',
    }),
  /** The supplier's own terms, printed on the rental agreement in the customer's language. */
  terms: perLanguage(z.string().max(COUNTER_LIMITS.termsChars)),
  earlyCheckOutHours: z.number().int().min(0).max(72),
  noShowGraceMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60),
  noShowRule: z.enum(NO_SHOW_RULES),
  noShowFee: Eur,
  chargeRules: ChargeRulesSchema,
});
export type CounterSettings = z.infer<typeof CounterSettingsSchema>;

/** `PUT /api/update-counter-settings`: `supplierId` and the fields to change (each replaced whole). */
export const UpdateCounterSettingsBodySchema = CounterSettingsSchema.partial().extend({ supplierId: z.uuid() });
export type UpdateCounterSettingsBody = z.input<typeof UpdateCounterSettingsBodySchema>;

const overrides = Object.fromEntries(CAR_OVERRIDABLE_RULES.map((key) => [key, Eur.nullable()])) as Record<
  CarOverridableRule,
  z.ZodNullable<typeof Eur>
>;

/** `GET /api/car-charge-rules/{id}` (a car's id): the car's tank, its odometer and its overrides (null: the supplier's). */
export const CarChargeRulesSchema = z.object({
  carId: z.uuid(),
  /** The tank in litres; null: the supplier's default tank. */
  tankLitres: z.number().int().min(1).max(2000).nullable(),
  /** The car's current odometer (km): set by every check-out and return, or here. */
  odometer: z.number().int().min(0).max(COUNTER_LIMITS.odometerKm).nullable(),
  /** The odometer at the last service (km). */
  serviceOdometer: z.number().int().min(0).max(COUNTER_LIMITS.odometerKm).nullable(),
  overrides: z.object(overrides),
});
export type CarChargeRules = z.infer<typeof CarChargeRulesSchema>;

/** `PUT /api/update-car-charge-rules`: `carId` and the fields to change (`overrides` merged key by key). */
export const UpdateCarChargeRulesBodySchema = CarChargeRulesSchema.partial().extend({
  carId: z.uuid(),
  overrides: z.object(overrides).partial().optional(),
});
export type UpdateCarChargeRulesBody = z.input<typeof UpdateCarChargeRulesBodySchema>;
