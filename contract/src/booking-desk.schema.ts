import { z } from 'zod';
import { DESK_ACTIONS, DESK_MESSAGES, DESK_SEARCH_MAX, DESK_SORTS, NOTE_MAX, PAYMENT_STATES } from './booking-desk.ts';
import { BookingStatusSchema, BookingSummarySchema, ChosenExtrasSchema } from './bookings.schema.ts';
import { BOOKING_STATUSES } from './bookings.ts';
import { InvoiceBuyerSchema } from './invoices.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { COUNTER_METHODS, LEDGER_PROVIDERS, PAYMENT_PURPOSES } from './ledger.ts';
import { isCalendarDate } from './time.ts';

// The bookings desk's payloads and answers (contract booking-desk.ts has the values and rules).

const CalendarDate = z.string().refine(isCalendarDate, { error: 'A date as YYYY-MM-DD.' });
const Named = z.object({ _id: z.uuid(), name: z.string() });

export const PaymentStateSchema = z.enum(PAYMENT_STATES);

/**
 * What the desk's list is filtered by: the bookings of the operator's scope (a supplier its fleet's; the admin every
 * supplier's, or one's). Dates are calendar days at the booking's place's clock: pick-ups (or drop-offs) on
 * `pickupFrom`…`pickupTo`, both days included. `POST /api/operator-bookings-totals` takes it as it is.
 */
export const DeskFilterSchema = z.object({
  /** A reference, the driver's name, e-mail or phone (any part; a phone by its digits), or a licence plate. */
  search: z.string().trim().max(DESK_SEARCH_MAX).optional(),
  statuses: z.array(BookingStatusSchema).max(BOOKING_STATUSES.length).default([]),
  paymentStates: z.array(PaymentStateSchema).max(PAYMENT_STATES.length).default([]),
  /** The driver checked in online (true), or has not yet (false); either when absent. */
  checkedIn: z.boolean().optional(),
  /** Picked up or dropped off at this place. */
  locationId: z.uuid().optional(),
  /** The admin's choice; a supplier sees its own bookings only (naming another supplier: 403). */
  supplierId: z.uuid().optional(),
  pickupFrom: CalendarDate.optional(),
  pickupTo: CalendarDate.optional(),
  dropoffFrom: CalendarDate.optional(),
  dropoffTo: CalendarDate.optional(),
});

/** `POST /api/operator-bookings/{page}/{size}`: the filter, the order and the language of the places' names. */
export const DeskBookingsQuerySchema = DeskFilterSchema.extend({
  sort: z.enum(DESK_SORTS).default('createdDesc'),
  language: LanguageSchema.default('en'),
});

/** What a booking's money came to, in its currency's minor units (docs/architecture.md §5 "The bookings desk"). */
export const DeskMoneySchema = z.object({
  /** What came in: the booking's payment and its paid changes online, and what the desk took. */
  paid: z.number().int(),
  /** What went back. */
  refunded: z.number().int(),
  /** What the booking counts for in the revenue: its total when confirmed, else the money kept (paid − refunded). */
  revenue: z.number().int(),
  state: PaymentStateSchema,
});

export const DeskBookingRowSchema = BookingSummarySchema.extend({
  driver: Named.extend({ email: z.string(), phone: z.string().nullable() }),
  /** The car's licence plate; null when it has none on record. */
  plate: z.string().nullable(),
  money: DeskMoneySchema,
  cancelRequest: z.boolean(),
  createdAt: z.string(),
});

/** The revenue and refunds of every booking the filters match (not only the page's), per currency. */
export const DeskTotalsSchema = z.object({
  currency: z.string(),
  bookings: z.number().int(),
  revenue: z.number().int(),
  refunded: z.number().int(),
});

/**
 * A page of the list. How many match is the totals' answer: counting and summing every match is the list's costly
 * part (200k bookings), asked once per filter, not once per page.
 */
export const DeskBookingsPageSchema = z.object({
  results: z.array(DeskBookingRowSchema),
  /** Another page follows this one. */
  hasMore: z.boolean(),
});

/** `POST /api/operator-bookings-totals`: how many bookings the filter matches, and their money per currency. */
export const DeskTotalsAnswerSchema = z.object({
  totalCount: z.number().int(),
  totals: z.array(DeskTotalsSchema),
  /** When they were summed: kept a minute per scope and filter (docs/architecture.md §5 "The bookings desk"). */
  asOf: z.iso.datetime({ offset: true }),
});

/** `POST /api/operator-bookings-totals`: the list's filter; `fresh` sums them now rather than a minute's kept ones. */
export const DeskTotalsQuerySchema = DeskFilterSchema.extend({ fresh: z.boolean().optional() });

const PersonSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** 'YYYY-MM-DD'; null when not given. */
  birthDate: z.string().nullable(),
  /** Whole years on the pick-up day at the pick-up place; null without a birth date. */
  ageAtPickup: z.number().int().nullable(),
});

/** A payment of the booking's ledger (docs/decisions/0009-the-money-ledger.md): online, or at the desk. */
export const DeskPaymentSchema = z.object({
  purpose: z.enum(PAYMENT_PURPOSES),
  /** The gateway, or `counter`: taken at the desk. */
  provider: z.enum(LEDGER_PROVIDERS),
  /** At the desk: cash, card terminal, bank transfer. */
  method: z.enum(COUNTER_METHODS).nullable(),
  /** The gateway's reference (the card session, the wallet order; the demo's own), or the desk's slip. */
  reference: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  at: z.string().nullable(),
  /** A paid change's difference given back because the change could not be made. */
  refunded: z.boolean(),
});

export const DeskRefundSchema = z.object({
  /** A cancellation's refund, a change's difference, or what was paid beyond the balance at the counter. */
  purpose: z.enum(['cancellation', 'amendment', 'excess']),
  /** The gateway, or `counter`: handed back at the desk. */
  provider: z.enum(LEDGER_PROVIDERS),
  method: z.enum(COUNTER_METHODS).nullable(),
  reference: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded']),
  at: z.string(),
});

export const DeskNoteSchema = z.object({
  _id: z.uuid(),
  text: z.string(),
  /** Null when the account was deleted since. */
  author: Named.nullable(),
  createdAt: z.string(),
});

export const DeskPriceLineSchema = z.object({
  /** 'rental' or an extra's name (contract enum-values.ts EXTRAS). */
  item: z.string(),
  unit: z.number().int(),
  quantity: z.number(),
  amount: z.number().int(),
  /** A catalogue extra's line: its names (catalogue-extras.ts). */
  names: z.object({ en: z.string(), fr: z.string(), es: z.string(), se: z.string(), de: z.string() }).optional(),
});

/** `GET /api/operator-booking/{id}`: the booking as its operators see it. */
export const DeskBookingSchema = DeskBookingRowSchema.extend({
  driver: Named.extend(PersonSchema.omit({ fullName: true }).shape),
  /** The driver's licence, when one was given and the licence rule lets this operator see it (profile service). */
  license: z.object({ url: z.string() }).nullable(),
  /**
   * `licence`: the additional driver's licence as the desk read it at the walk-in (what the check-out form starts
   * from); the booking's operators only — this answer is theirs alone.
   */
  additionalDriver: PersonSchema.extend({
    licence: z
      .object({ licenseNumber: z.string(), licenseCountry: z.string(), licenseExpiresOn: z.string() })
      .nullable(),
  }).nullable(),
  extras: ChosenExtrasSchema.required(),
  lines: z.array(DeskPriceLineSchema),
  payments: z.array(DeskPaymentSchema),
  refunds: z.array(DeskRefundSchema),
  /** The documents the operator may open: the receipt (PDF) and the calendar file. */
  documents: z.array(z.object({ kind: z.enum(['receipt', 'calendar']), url: z.string() })),
  notes: z.array(DeskNoteSchema),
  holdExpiresAt: z.string().nullable(),
  cancelRequestedAt: z.string().nullable(),
  /** The business customer named as the buyer on its next invoices; null: the driver (docs/decisions/0011-invoices.md). */
  invoiceBuyer: InvoiceBuyerSchema.shape.buyer,
  actions: z.array(z.enum(DESK_ACTIONS)),
});

/** `POST /api/booking-note/{id}`. */
export const BookingNoteBodySchema = z.object({
  text: z.string().trim().min(1, { error: DESK_MESSAGES.emptyNote }).max(NOTE_MAX),
});

/** `POST /api/resend-booking-confirmation/{id}`, `POST /api/send-payment-link/{id}`: where the e-mail went. */
export const DeskSentSchema = z.object({ sentTo: z.string() });

export const DeskNotesSchema = z.array(DeskNoteSchema);
