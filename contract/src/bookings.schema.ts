import { z } from 'zod';
import { BOOKING_STATUSES, OPERATOR_STATUSES, PAYMENT_OPTIONS, PAYMENT_PROVIDERS } from './bookings.ts';
import { CarRangeSchema, FuelPolicySchema } from './cars.schema.ts';
import { BookedCatalogueExtraSchema } from './catalogue-extras.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { EXTRAS, type Extra, PLACE_FEES } from './price.ts';
import { PROMO_KINDS } from './promo-codes.ts';
import { RENTAL_FEES } from './rental-fees.ts';
import { text } from './text.schema.ts';
import { DateStringSchema, TimeStringSchema } from './time.schema.ts';
import { RENTAL_PERIOD_MESSAGES, zonedToInstant } from './time.ts';

// The schemas of a booking (its values, rules and types: bookings.ts; docs/architecture.md §4 paths, §5 roles): the
// list, the page, the update, its summary as every confirmation shows it, its extras and additional driver.

export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
/** What an operator may set by hand (the counter's statuses are reached through the counter only). */
export const OperatorStatusSchema = z.enum(OPERATOR_STATUSES);
export const PaymentOptionSchema = z.enum(PAYMENT_OPTIONS);
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

const NamedSchema = z.object({ _id: z.uuid(), name: z.string() });

export const BookingPlaceSchema = NamedSchema.extend({
  /** The rental desk's street address; null when the place has none on record. */
  address: z.string().nullable(),
  /** IANA zone: the booking's times are shown on this clock. */
  timeZone: z.string(),
});

/**
 * A booking's amounts in its own currency's minor units: fixed at checkout, with the rate of that
 * moment, and never converted again; once it is a booking, what was paid and what is due come from its ledger
 * (ledger.ts `bookingBalance`).
 */
export const BookingAmountsSchema = z.object({
  currency: z.string(),
  /** The rental with its extras, the supplier's percentage in. */
  total: z.number().int(),
  /**
   * Awaiting its online payment: what is to be paid online (nothing, the security deposit or the rental). Once a
   * booking: what was paid online, less refunds (the balance's `paidOnline`).
   */
  payNow: z.number().int(),
  /** Awaiting its online payment: what is paid at pick-up. Once a booking: what is due (the balance's `due`). */
  payAtPickup: z.number().int(),
  /** The car's security deposit; 0 when it has none. */
  securityDeposit: z.number().int(),
  securityDepositTaken: z.enum(['now', 'atPickup']),
  /** What holds the deposit taken now: the card, the payer's PayPal, or the desk (contract ledger.ts `depositOn`). */
  securityDepositOn: z.enum(['card', 'paypal', 'desk']),
  /** Held on the card (an authorization), not taken. */
  held: z.number().int(),
  /** Due: the total less what was paid towards it (0 while awaiting its online payment, and once cancelled). */
  due: z.number().int(),
});

export const BookingSummarySchema = z.object({
  _id: z.uuid(),
  /** The short human reference (8 characters), shown instead of the id everywhere a person reads it. */
  reference: z.string(),
  status: BookingStatusSchema,
  paymentOption: PaymentOptionSchema,
  /** The vehicle, with its range: a booking of a Vespa says scooter, not car. */
  car: NamedSchema.extend({ image: z.string().nullable(), range: CarRangeSchema }),
  supplier: NamedSchema,
  pickupLocation: BookingPlaceSchema,
  dropoffLocation: BookingPlaceSchema,
  pickupAt: z.string(),
  dropoffAt: z.string(),
  days: z.number().int(),
  amounts: BookingAmountsSchema,
});

/** The six extras as booleans (spec §3); omitted means not chosen. */
export const ChosenExtrasSchema = z.object(
  Object.fromEntries(EXTRAS.map((extra) => [extra, z.boolean().optional()])) as Record<
    Extra,
    z.ZodOptional<z.ZodBoolean>
  >,
);

const PhoneSchema = text().min(5, { error: 'Invalid phone number' }).max(40);
const FullNameSchema = text().min(1, { error: 'Required' }).max(200);

/** Additional driver (required when the additionalDriver extra is chosen); at least the car's minimum age at pick-up. */
export const AdditionalDriverSchema = z.object({
  fullName: FullNameSchema,
  email: z.email({ error: 'Invalid email address' }).max(320),
  phone: PhoneSchema,
  birthDate: DateStringSchema,
});

/** `POST /api/bookings/{page}/{size}` body. `from`/`to` filter on pick-up (from ≤ pickupAt < to). */
export const BookingsQuerySchema = z.object({
  statuses: z.array(BookingStatusSchema).max(BOOKING_STATUSES.length).default([]),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Matches car name, driver name or e-mail, supplier name, the booking id prefix, or its reference (any case). */
  keyword: text().max(100).optional(),
  /** Language of the location names. */
  language: LanguageSchema.default('en'),
});

/**
 * One row of the bookings list (spec §2: car, supplier, driver, price, status, days, cost): its summary (reference,
 * places, times and amounts in the booking's currency) and what the list and the actions need.
 */
export const BookingRowSchema = BookingSummarySchema.extend({
  driver: NamedSchema,
  /** Total in EUR minor units (the base currency, for operators); what the customer pays is `amounts`. */
  price: z.number().int(),
  cancelRequest: z.boolean(),
  /** When the hold of an unpaid online booking ends (ISO), else null. */
  holdExpiresAt: z.string().nullable(),
  /** The booking's terms allow changes: Amendments included in its price, or chosen. */
  amendable: z.boolean(),
  /** Money was taken or held for it (its ledger): kept, cancelled but never deleted. */
  tookMoney: z.boolean(),
  createdAt: z.string(),
});

export const BookingsPageSchema = z.object({ results: z.array(BookingRowSchema), totalCount: z.number().int() });

const Rate = z.number().int().nullable();

/** The terms the booking was bought with (booked-terms.ts `BookedTerms`): its prices, extras (−1, 0, a price), promises. */
export const BookedTermsSchema = z.object({
  car: z.object({
    dailyPrice: z.number().int(),
    discountedDailyPrice: Rate.optional(),
    hourlyPrice: Rate.optional(),
    discountedHourlyPrice: Rate.optional(),
    biWeeklyPrice: Rate.optional(),
    discountedBiWeeklyPrice: Rate.optional(),
    weeklyPrice: Rate.optional(),
    discountedWeeklyPrice: Rate.optional(),
    monthlyPrice: Rate.optional(),
    discountedMonthlyPrice: Rate.optional(),
    isDateBasedPrice: z.boolean(),
    dateBasedPrices: z.array(z.object({ startDate: z.string(), endDate: z.string(), dailyPrice: z.number().int() })),
    deposit: z.number().int(),
    cancellation: z.number().int(),
    amendments: z.number().int(),
    theftProtection: z.number().int(),
    collisionDamageWaiver: z.number().int(),
    fullInsurance: z.number().int(),
    additionalDriver: z.number().int(),
  }),
  priceChangeRate: z.number(),
  mileage: z.number().int(),
  fuelPolicy: FuelPolicySchema,
  minimumAge: z.number().int(),
  placeFees: z.partialRecord(z.enum(PLACE_FEES), z.number().int()).optional(),
  rentalFees: z.partialRecord(z.enum(RENTAL_FEES), z.number().int()).optional(),
  /** The promo code it was bought with (promo-codes.ts `PromoDiscount`). */
  promo: z.object({ code: z.string(), kind: z.enum(PROMO_KINDS), value: z.number().int() }).optional(),
  catalogueExtras: z.array(BookedCatalogueExtraSchema).optional(),
});

/** `GET /api/booking/{id}`: the row plus everything the booking screen shows. */
export const BookingSchema = BookingRowSchema.extend({
  extras: ChosenExtrasSchema.required(),
  additionalDriverDetails: AdditionalDriverSchema.nullable(),
  /** Units of the booking's currency per 1 EUR, fixed at checkout. */
  rate: z.number(),
  /** What the gateway charges (or charged) online, in the booking's currency (`amounts.payNow`). */
  chargedAmount: z.number().int(),
  paymentProvider: PaymentProviderSchema.nullable(),
  paidAt: z.string().nullable(),
  /** URL of the driver's licence file, when one was given. */
  license: z.string().nullable(),
  /** The terms it was bought with: the editor prices extras by them, never by the car's prices now. */
  terms: BookedTermsSchema,
  /** Made by an operator at the desk (walk-in or phone), not by the driver (booking-actions.ts `refuse`). */
  bookedAtDesk: z.boolean(),
  /** When the driver refused it (a desk booking made in their name): cancelled, and gone from their list. */
  refusedAt: z.string().nullable(),
});

/**
 * `POST /api/update-booking/{id}`. A driver may change dates and extras of their own pay-later (`pending`) booking
 * that has not started; operators (admin, the car's supplier) may also change the locations and the status.
 * The price is recomputed; the no-overlap rule still applies.
 */
export const UpdateBookingBodySchema = z.object({
  pickupAt: z.iso.datetime({ offset: true }).optional(),
  dropoffAt: z.iso.datetime({ offset: true }).optional(),
  extras: ChosenExtrasSchema.optional(),
  additionalDriver: AdditionalDriverSchema.nullable().optional(),
  pickupLocationId: z.uuid().optional(),
  dropoffLocationId: z.uuid().optional(),
  /** Not a counter status: those are reached through the counter's calls only. */
  status: OperatorStatusSchema.optional(),
});

/**
 * The booking editor's dates: each end as its place's wall clock, read as the instants the update
 * sends; a drop-off not after the pick-up is the spec §5 'Invalid drop-off time'. The server checks the rest.
 */
export function bookingPeriodFormSchema(zones: { pickup: string; dropoff: string }) {
  return z
    .object({
      pickupDate: DateStringSchema,
      pickupTime: TimeStringSchema,
      dropoffDate: DateStringSchema,
      dropoffTime: TimeStringSchema,
    })
    .transform((period, context) => {
      const pickupAt = zonedToInstant({ date: period.pickupDate, time: period.pickupTime }, zones.pickup);
      const dropoffAt = zonedToInstant({ date: period.dropoffDate, time: period.dropoffTime }, zones.dropoff);
      if (Number.isNaN(pickupAt.getTime())) {
        context.addIssue({ code: 'custom', path: ['pickupDate'], message: RENTAL_PERIOD_MESSAGES.invalidPickupTime });
        return z.NEVER;
      }
      if (Number.isNaN(dropoffAt.getTime()) || dropoffAt <= pickupAt) {
        context.addIssue({ code: 'custom', path: ['dropoffDate'], message: RENTAL_PERIOD_MESSAGES.invalidDropoffTime });
        return z.NEVER;
      }
      return { pickupAt: pickupAt.toISOString(), dropoffAt: dropoffAt.toISOString() };
    });
}

export const BookingIdsBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

/** `POST /api/update-booking-status` (admin and suppliers; a supplier only its own fleet). */
export const UpdateBookingStatusBodySchema = BookingIdsBodySchema.extend({ status: OperatorStatusSchema });

export const CountResultSchema = z.object({ count: z.number().int() });

/** `GET /api/booking/{id}?language=fr`: language of the location names. */
export const BookingLanguageQuerySchema = z.object({ language: LanguageSchema.default('en') });
