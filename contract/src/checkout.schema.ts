import { z } from 'zod';
import { tooYoungMessage } from './auth.ts';
import {
  AdditionalDriverSchema,
  BookingStatusSchema,
  BookingSummarySchema,
  ChosenExtrasSchema,
  PaymentOptionSchema,
} from './bookings.schema.ts';
import { ChosenCatalogueExtrasSchema } from './catalogue-extras.schema.ts';
import { CARD_MESSAGES, expiryValid, luhnValid } from './checkout.ts';
import { CurrencyCodeSchema } from './currencies.schema.ts';
import { InvoiceBuyerFieldsSchema } from './invoices.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { EXTRAS } from './price.ts';
import { PromoCodeTextSchema } from './promo-codes.schema.ts';
import { text } from './text.schema.ts';
import { DateStringSchema } from './time.schema.ts';
import { ageOn } from './time.ts';

// Checkout and payment payloads (docs/architecture.md §5 "Bookings" and "Payment gateways"); their rules and types
// are in checkout.ts. The client never sends a price: the server recomputes it with the contract price engine.

/** A guest driver's details: an account (unverified, no password) is created and an activation e-mail sent. */
const GuestDriverFieldsSchema = AdditionalDriverSchema.extend({
  acceptTerms: z.literal(true, { error: 'Accept the Terms of Use.' }),
});
export const GuestDriverSchema = GuestDriverFieldsSchema.extend({
  /** The guest's interface language, for the e-mails; defaults to the deployment's default. */
  language: LanguageSchema.optional(),
});

/**
 * The checkout form: the guest driver and the additional driver as the server takes them, each old
 * enough on the pick-up day at the pick-up place (the server's rule: the car's minimum age, at least the
 * deployment's), and the licence file when the supplier asks for one. A signed-in driver is not asked: only the
 * profile's birth date is checked.
 */
export function checkoutFormSchema(rules: {
  minimumAge: number;
  /** ISO instant. */
  pickupAt: string;
  /** The pick-up place's: ages are counted on its calendar. */
  timeZone: string;
  guest: boolean;
  additionalDriver: boolean;
  licenceRequired: boolean;
  /** The payer asked for the invoices in a business's name. */
  business?: boolean;
}) {
  const oldEnough = (date: string) => ageOn(date, new Date(rules.pickupAt), rules.timeZone) >= rules.minimumAge;
  const birthDate = DateStringSchema.refine(oldEnough, { message: tooYoungMessage(rules.minimumAge) });
  return z.object({
    driver: rules.guest
      ? GuestDriverFieldsSchema.extend({ birthDate })
      : z.object({
          birthDate: z.string().refine((date) => date === '' || oldEnough(date), tooYoungMessage(rules.minimumAge)),
        }),
    additionalDriver: rules.additionalDriver ? AdditionalDriverSchema.extend({ birthDate }) : z.unknown().optional(),
    licence: rules.licenceRequired ? z.custom<Blob>((file) => file instanceof Blob) : z.unknown().optional(),
    invoiceBuyer: rules.business ? InvoiceBuyerFieldsSchema : z.unknown().optional(),
  });
}

/** `POST /api/checkout`. `driver` is required when not signed in and ignored when signed in. */
export const CheckoutBodySchema = z.object({
  carId: z.uuid(),
  pickupLocationId: z.uuid(),
  dropoffLocationId: z.uuid(),
  /** ISO instants (the screen converts the location's wall clock with zonedToInstant). */
  pickupAt: z.iso.datetime({ offset: true }),
  dropoffAt: z.iso.datetime({ offset: true }),
  extras: ChosenExtrasSchema.default({}),
  /** The business's own extras, with quantities (catalogue-extras.ts); its mandatory ones are added. */
  catalogueExtras: ChosenCatalogueExtrasSchema.default([]),
  additionalDriver: AdditionalDriverSchema.optional(),
  paymentOption: PaymentOptionSchema,
  /**
   * The payer's explicit consent that charges after the rental (the return's balance above the deposit held, a toll
   * or a fine added later) are taken from the card they pay with (docs/decisions/0014-charges-after-the-rental.md).
   */
  saveCard: z.boolean().default(false),
  /**
   * Display currency: it becomes the booking's currency, in which every amount of the booking is fixed at the server's
   * rate of the moment — the charge, the booking, the result page and the e-mails.
   */
  currency: CurrencyCodeSchema.default('EUR'),
  driver: GuestDriverSchema.optional(),
  /** A `files` row of kind 'license' (owned by the driver, or temporary); required when the supplier asks. */
  licenseFileId: z.uuid().optional(),
  /** A promo code the customer typed (promo-codes.ts): checked again and its use held with the booking. */
  promoCode: PromoCodeTextSchema.optional(),
  /** A business as the buyer on the booking's invoices (docs/decisions/0011-invoices.md); absent: the driver. */
  invoiceBuyer: InvoiceBuyerFieldsSchema.optional(),
});

export const PriceBreakdownSchema = z.object({
  rentalHours: z.number().int(),
  rentalDays: z.number().int(),
  rental: z.number().int(),
  extras: z.partialRecord(z.enum(EXTRAS), z.number().int()),
  extrasTotal: z.number().int(),
  priceChange: z.number().int(),
  total: z.number().int(),
  deposit: z.number().int(),
});

/** Where the browser goes next to pay: our own card form (demo), Stripe Checkout, or the PayPal button. */
export const GatewaySessionSchema = z.discriminatedUnion('provider', [
  /** Demo gateway: POST the card to `/api/demo-payment/{bookingId}`. Test mode, no real charge. */
  z.object({ provider: z.literal('demo'), testMode: z.literal(true) }),
  /** Card provider: redirect to `url` (Stripe Checkout); it returns to /checkout-session/{sessionId}. */
  z.object({ provider: z.literal('stripe'), sessionId: z.string(), url: z.string() }),
]);

/**
 * What the payment step shows and needs: the booking awaiting its online payment, with
 * its summary — the amount charged now in the booking's currency, fixed at checkout — how long the car is held, and
 * the gateways. Answered by checkout, and again by `GET /api/booking-payment/{bookingId}` (a reload, "pay now").
 */
export const PendingPaymentSchema = z.object({
  bookingId: z.uuid(),
  summary: BookingSummarySchema,
  /** When the hold of an online-payment booking ends (ISO), else null. */
  holdExpiresAt: z.string().nullable(),
  /** Null for pay later; otherwise the card gateway session. The wallet (PayPal) is used via create-paypal-order. */
  payment: GatewaySessionSchema.nullable(),
  walletEnabled: z.boolean(),
});

/** `POST /api/checkout` answer (201). Amounts in EUR minor units unless named `charged…` (and the summary's). */
export const CheckoutResultSchema = PendingPaymentSchema.extend({
  status: BookingStatusSchema,
  price: PriceBreakdownSchema,
  payNow: z.number().int(),
  payAtPickup: z.number().int(),
  /** The online charge in the booking currency's minor units (0 for pay later). */
  chargedAmount: z.number().int(),
  /** The booking's currency: the display currency chosen, in which every amount of the booking is fixed. */
  currency: CurrencyCodeSchema,
  /** Units of `currency` per 1 EUR used for the charge. */
  rate: z.number().positive(),
  /** True when a guest account was created (an activation e-mail was sent). */
  accountCreated: z.boolean(),
});

// --- Demo gateway -------------------------------------------------------------------------------

/** `POST /api/demo-payment/{bookingId}`: the card fields on our own checkout (demo gateway only). */
export const DemoPaymentBodySchema = z.object({
  cardNumber: z.string().max(40).refine(luhnValid, { error: CARD_MESSAGES.cardNumber }),
  expiry: z
    .string()
    .max(10)
    .refine((value) => expiryValid(value), { error: CARD_MESSAGES.expiry }),
  cvc: z.string().regex(/^\d{3,4}$/, { error: CARD_MESSAGES.cvc }),
  cardholder: text().min(1).max(200),
});

export const BookingIdParamsSchema = z.object({ bookingId: z.uuid() });

/** Result of a payment confirmation (demo payment, return check, PayPal check). */
export const PaymentResultSchema = z.object({
  bookingId: z.uuid(),
  status: BookingStatusSchema,
  /**
   * 'paid': the booking is confirmed; 'booked': a pay-later booking (nothing to pay online); 'open': not paid yet;
   * 'failed': declined, lapsed or cancelled; 'refund': paid after its hold was lost (refund due).
   */
  payment: z.enum(['paid', 'booked', 'open', 'failed', 'refund']),
});

/** `GET /api/checkout-session/{sessionId}`: the payment result with the booking's summary. */
export const PaymentOutcomeSchema = PaymentResultSchema.extend({ summary: BookingSummarySchema });

/** `?language=` of the place names in a summary. */
export const SummaryLanguageQuerySchema = z.object({ language: LanguageSchema.optional() });

// --- Card provider (Stripe) ---------------------------------------------------------------------

/** A booking id (our own flows) or the card provider's session id (`cs_…`): letters, digits, `_` and `-` only. */
export const CheckoutSessionParamsSchema = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/) });

// --- Wallet provider (PayPal), spec §7 ----------------------------------------------------------

/** `POST /api/create-paypal-order/` (spec §7). Amount and currency must match the booking's charge. */
export const CreatePaypalOrderBodySchema = z.object({
  bookingId: z.uuid(),
  /** Major units, e.g. 57.5 — checked against the booking; the order is always made from the booking. */
  amount: z.number().positive(),
  currency: CurrencyCodeSchema,
  /** Truncated to 200 characters. */
  name: z.string().max(5000),
  /** Truncated to 1000 characters. */
  description: z.string().max(20000),
});

export const CreatePaypalOrderResultSchema = z.object({ orderId: z.string() });

export const CheckPaypalOrderParamsSchema = z.object({ bookingId: z.uuid(), orderId: z.string().min(1).max(64) });
