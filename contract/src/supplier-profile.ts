import { z } from 'zod';
import { AUTH_MESSAGES, EmailSchema } from './auth.ts';
import { LANGUAGES } from './enums.ts';
import { PhoneSchema } from './profile.ts';
import { text } from './text.ts';

// A supplier's profile as its operator edits it (issue #23): the fields the customer pages already use — the name and
// logo on every car card, pay later and licence required at checkout, the percentage in every price — and how to
// reach the business. An update changes only the fields it carries; the percentage is the admin's alone.
// Not modelled: a minimum rental length per supplier (no customer page or rule uses one today).

export const SUPPLIER_PROFILE_MESSAGES = {
  adminOnlyRate: 'Only an admin can change the price change percentage.',
} as const;

export const SupplierProfileSchema = z.object({
  _id: z.uuid(),
  fullName: z.string(),
  /** The account's sign-in e-mail (read only here). */
  email: z.string(),
  /** Where drivers and Roam reach the business; null: the account's e-mail. */
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  /** URL of the logo (60×30 on the cards, spec §9), or null; changed with the logo calls. */
  logo: z.string().nullable(),
  payLater: z.boolean(),
  licenseRequired: z.boolean(),
  /** Added to every price of the supplier's cars, in percent (ARCHITECTURE §5 Price). */
  priceChangeRate: z.number(),
  carCount: z.number().int(),
});
export type SupplierProfile = z.infer<typeof SupplierProfileSchema>;

/** `PUT /api/update-supplier`: `_id` and the fields to change; '' clears the contact e-mail or the phone. */
export const UpdateSupplierProfileBodySchema = z.object({
  _id: z.uuid(),
  fullName: text().min(1, { error: 'Please fill in the field: Name' }).max(200).optional(),
  contactEmail: z
    .union([EmailSchema, z.literal('')])
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  phone: z
    .union([PhoneSchema, z.literal('')], { error: AUTH_MESSAGES.invalidPhone })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  payLater: z.boolean().optional(),
  licenseRequired: z.boolean().optional(),
  /** Admin only (a supplier may send back the value it read, unchanged). */
  priceChangeRate: z
    .number()
    .min(-90)
    .max(500)
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, { error: 'At most two decimals.' })
    .optional(),
});
export type UpdateSupplierProfileBody = z.input<typeof UpdateSupplierProfileBodySchema>;

/**
 * `POST /api/create-supplier` (the admin, issue #24 item 2): a supplier account without a password; the supplier is
 * e-mailed a one-time link (in `language`) to choose one. Answers the profile (201).
 */
export const CreateSupplierBodySchema = UpdateSupplierProfileBodySchema.omit({ _id: true }).extend({
  fullName: text().min(1, { error: 'Please fill in the field: Name' }).max(200),
  email: EmailSchema,
  language: z.enum(LANGUAGES).default('en'),
});
export type CreateSupplierBody = z.input<typeof CreateSupplierBodySchema>;
