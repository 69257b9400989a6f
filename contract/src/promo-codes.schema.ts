import { z } from 'zod';
import { CarRangeSchema } from './cars.schema.ts';
import { MAX_STORED_AMOUNT } from './money.ts';
import { normalPromoCode, PROMO_CODE_PATTERN, PROMO_KINDS, PROMO_MESSAGES } from './promo-codes.ts';
import { DateStringSchema } from './time.schema.ts';

// The schemas of promo codes (their rules, messages and types: promo-codes.ts).

export const PromoKindSchema = z.enum(PROMO_KINDS);

/** A code as typed: trimmed and upper-cased before it is checked. */
export const PromoCodeTextSchema = z
  .string()
  .max(64)
  .transform(normalPromoCode)
  .refine((code) => PROMO_CODE_PATTERN.test(code), { error: PROMO_MESSAGES.invalid });

const Limit = z.number().int().min(1).max(1_000_000).nullable();
const Ids = z.array(z.uuid()).max(200);

const PromoFieldsSchema = z.object({
  code: PromoCodeTextSchema,
  kind: PromoKindSchema,
  /** Percent 1–100, or an amount in minor units of the base currency. */
  value: z.number().int().min(1).max(MAX_STORED_AMOUNT),
  /** First and last day the code may be used (the pick-up place's calendar), each included; null: open. */
  validFrom: DateStringSchema.nullable(),
  validUntil: DateStringSchema.nullable(),
  /** The fewest rental days the code needs (0: any rental). */
  minimumDays: z.number().int().min(0).max(365),
  /** Where it applies: the pick-up places, the cars' ranges, the cars; each empty: every one. */
  placeIds: Ids,
  ranges: z.array(CarRangeSchema).max(20),
  carIds: Ids,
  /** Uses of every customer together, and of one customer; null: no limit. */
  usageLimit: Limit,
  perCustomerLimit: Limit,
  firstBookingOnly: z.boolean(),
  active: z.boolean(),
});

const percentAtMost100 = (promo: { kind?: string; value?: number }) =>
  promo.kind !== 'percent' || promo.value === undefined || promo.value <= 100;
const ordered = (promo: { validFrom?: string | null; validUntil?: string | null }) =>
  !promo.validFrom || !promo.validUntil || promo.validFrom <= promo.validUntil;

/** `POST /api/create-promo-code`. A business member's code is their business's; an admin's may be for every one. */
export const CreatePromoCodeBodySchema = PromoFieldsSchema.extend({
  /** The business it belongs to; null (the platform only): every business. A member's own business by default. */
  supplierId: z.uuid().nullable().optional(),
  validFrom: PromoFieldsSchema.shape.validFrom.default(null),
  validUntil: PromoFieldsSchema.shape.validUntil.default(null),
  minimumDays: PromoFieldsSchema.shape.minimumDays.default(0),
  placeIds: Ids.default([]),
  ranges: PromoFieldsSchema.shape.ranges.default([]),
  carIds: Ids.default([]),
  usageLimit: Limit.default(null),
  perCustomerLimit: Limit.default(null),
  firstBookingOnly: z.boolean().default(false),
  active: z.boolean().default(true),
})
  .refine(percentAtMost100, { path: ['value'], error: 'A percentage is at most 100.' })
  .refine(ordered, { path: ['validUntil'], error: 'The last day is before the first.' });

/** `PUT /api/update-promo-code`: the fields sent change. */
export const UpdatePromoCodeBodySchema = PromoFieldsSchema.partial()
  .extend({ _id: z.uuid() })
  .refine(percentAtMost100, { path: ['value'], error: 'A percentage is at most 100.' })
  .refine(ordered, { path: ['validUntil'], error: 'The last day is before the first.' });

export const PromoCodeSchema = PromoFieldsSchema.extend({
  _id: z.uuid(),
  /** As stored (upper case): an answer is encoded, and the typed code's transform runs one way only. */
  code: z.string(),
  supplierId: z.uuid().nullable(),
  /** Uses held now: bookings with the code that are not cancelled nor lapsed unpaid. */
  uses: z.number().int(),
  createdAt: z.string(),
});

export const PromoCodeListSchema = z.array(PromoCodeSchema);

/** `GET /api/promo-codes`: an admin may narrow to one business. */
export const PromoCodesQuerySchema = z.object({ supplierId: z.uuid().optional() });

/** `POST /api/check-promo-code`: the code for a rental as the checkout has it. */
export const CheckPromoCodeBodySchema = z.object({
  code: PromoCodeTextSchema,
  carId: z.uuid(),
  pickupLocationId: z.uuid(),
  pickupAt: z.iso.datetime({ offset: true }),
  dropoffAt: z.iso.datetime({ offset: true }),
});

/** The discount the price engine takes (price.ts `PromoDiscount`). */
export const PromoDiscountSchema = z.object({ code: z.string(), kind: PromoKindSchema, value: z.number().int() });
