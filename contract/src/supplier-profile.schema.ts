import { z } from 'zod';
import { EmailSchema } from './auth.schema.ts';
import { AUTH_MESSAGES } from './auth.ts';
import { LANGUAGES } from './languages.ts';
import { PhoneSchema } from './profile.schema.ts';
import { text } from './text.schema.ts';

// The schemas of a supplier's profile (its messages and types: supplier-profile.ts).

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
  /** Added to every price of the supplier's cars, in percent (docs/architecture.md §5 "Price"). */
  priceChangeRate: z.number(),
  carCount: z.number().int(),
  /** The seller on the supplier's invoices (docs/decisions/0011-invoices.md); null: `fullName`, no address. */
  legalName: z.string().nullable(),
  legalAddress: z.string().nullable(),
  vatNumber: z.string().nullable(),
});

/** An invoice's seller field: '' clears it (null). */
const sellerField = (max: number, multiline = false) =>
  text({ multiline })
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

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
  legalName: sellerField(200),
  legalAddress: sellerField(500, true),
  vatNumber: sellerField(40),
  /** Admin only (a supplier may send back the value it read, unchanged). */
  priceChangeRate: z
    .number()
    .min(-90)
    .max(500)
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, { error: 'At most two decimals.' })
    .optional(),
});

/**
 * `POST /api/create-supplier` (the admin): a supplier account without a password; the supplier is e-mailed a
 * one-time link (in `language`, by default the inviting admin's own) to choose one. Answers the profile (201).
 */
export const CreateSupplierBodySchema = UpdateSupplierProfileBodySchema.omit({ _id: true }).extend({
  fullName: text().min(1, { error: 'Please fill in the field: Name' }).max(200),
  email: EmailSchema,
  language: z.enum(LANGUAGES).optional(),
});

/**
 * The house business (docs/decisions/0013-the-owner-runs-their-own-business.md): the admin's own business, a supplier
 * named as the site whose owner is the admin account; its e-mails go to `email`, the admin's address.
 */
export const HouseBusinessSchema = z.object({
  _id: z.uuid(),
  fullName: z.string(),
  /** Where its e-mails go: its owner's (the admin's) address. */
  email: z.string(),
});

/** `GET /api/house-business`: the house business, or null until the admin creates it. */
export const HouseBusinessStateSchema = z.object({ business: HouseBusinessSchema.nullable() });
