import { z } from 'zod';
import { AdditionalDriverSchema, BookingStatusSchema } from './bookings.schema.ts';
import { CheckoutBodySchema, PriceBreakdownSchema } from './checkout.schema.ts';
import { LicenceCheckSchema } from './counter.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { DESK_PAYMENTS, WALK_IN_MESSAGES } from './walk-in.ts';

// The schemas of a walk-in booking (its values and types: walk-in.ts).

/**
 * The customer: an existing driver picked by the admin, or one given by name and phone — with an e-mail, the driver
 * account with that e-mail when there is one, else a new one (as a guest checkout makes, with its activation
 * e-mail); without one (a counter customer need not give it), a new account no mail reaches (walk-in.ts
 * NO_EMAIL_DOMAIN).
 */
export const DeskCustomerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('existing'), driverId: z.uuid() }),
  AdditionalDriverSchema.extend({
    kind: z.literal('new'),
    language: LanguageSchema,
    email: AdditionalDriverSchema.shape.email.optional(),
  }),
]);

/**
 * The additional driver's licence as the desk reads it at the walk-in — the check-out's fields (number, issuing
 * country, expiry) — kept on the booking with the driver's details; the check-out starts from it.
 */
export const DeskLicenceSchema = LicenceCheckSchema.pick({
  licenseNumber: true,
  licenseCountry: true,
  licenseExpiresOn: true,
});

export const WalkInBodySchema = CheckoutBodySchema.pick({
  carId: true,
  pickupLocationId: true,
  dropoffLocationId: true,
  pickupAt: true,
  dropoffAt: true,
  extras: true,
  catalogueExtras: true,
  additionalDriver: true,
  currency: true,
  promoCode: true,
})
  .extend({
    customer: DeskCustomerSchema,
    payment: z.enum(DESK_PAYMENTS),
    additionalDriver: AdditionalDriverSchema.extend({ licence: DeskLicenceSchema.optional() }).optional(),
  })
  // The link goes by e-mail: a customer who gave none pays at the counter.
  .refine((body) => body.payment !== 'link' || body.customer.kind === 'existing' || body.customer.email, {
    path: ['customer', 'email'],
    error: WALK_IN_MESSAGES.linkNeedsEmail,
  });

export const WalkInResultSchema = z.object({
  bookingId: z.uuid(),
  reference: z.string(),
  status: BookingStatusSchema,
  price: PriceBreakdownSchema,
  /** What the link charges, in the booking's currency's minor units (0 at the counter: paid at pick-up). */
  chargedAmount: z.number().int(),
  currency: z.string(),
  /** Until when a link booking holds the car unpaid; null at the counter. */
  holdExpiresAt: z.string().nullable(),
  /** A new driver account was made for the customer (its activation e-mail is on its way). */
  accountCreated: z.boolean(),
  /** The payment link went to the customer's e-mail. */
  linkSent: z.boolean(),
});
