import { z } from 'zod';
import {
  BookingAmountsSchema,
  BookingPlaceSchema,
  BookingStatusSchema,
  PaymentOptionSchema,
} from './bookings.schema.ts';
import { CarRangeSchema, FuelPolicySchema, FuelTypeSchema } from './cars.schema.ts';
import {
  BOOKING_DOCUMENT_KINDS,
  CHARGE_KINDS,
  COMPUTATION_KEYS,
  COMPUTATION_UNITS,
  COUNTER_ACTIONS,
  COUNTER_LIMITS,
  COUNTER_PAYMENT_METHODS,
  COUNTER_REFUND_METHODS,
  DAMAGE_SEVERITIES,
  FUEL_EIGHTHS_FULL,
  INSPECTION_KINDS,
  LATER_CHARGE_KINDS,
  SIGNATURE_MAX_CHARS,
  SIGNATURE_METHODS,
  TIMELINE_STEPS,
  VEHICLE_BODIES,
} from './counter.ts';
import { LanguageSchema } from './languages.schema.ts';
import { EXTRAS } from './price.ts';
import { DateStringSchema } from './time.schema.ts';

// The counter's calls (docs/api.md "The counter"): every body, params and answer of check-out, the agreement, the
// return and its charges, settlement, no-show and online check-in. The supplier's settings: counter-settings.schema.ts.
// Money: integer minor units of the booking's currency.

export * from './counter-settings.schema.ts';

/** `{ id }`: a booking's id (or a charge's, for the charge calls). */
export const CounterIdParamsSchema = z.object({ id: z.uuid() });
/** `/api/booking-document/{id}/{documentId}`, `/api/booking-file/{id}/{fileId}`. */
export const BookingDocumentParamsSchema = z.object({ id: z.uuid(), documentId: z.uuid() });
export const BookingFileParamsSchema = z.object({ id: z.uuid(), fileId: z.uuid() });
export const CounterLanguageQuerySchema = z.object({ language: LanguageSchema.default('en') });

/** 1,000,000.00 in minor units: above any charge, within integer columns and sums. */
const MAX_MINOR = 100_000_000;
const Amount = z.number().int().min(0).max(MAX_MINOR);
const Named = z.object({ _id: z.uuid(), name: z.string() });
const Note = z.string().trim().max(2000);

/** A licence as the answers carry it (no transform: an answer is encoded as it is). */
export const LicenceSchema = z.object({
  licenseNumber: z.string(),
  licenseCountry: z.string(),
  licenseExpiresOn: z.string(),
  birthDate: z.string(),
});
export const AdditionalDriverLicenceSchema = LicenceSchema.extend({ fullName: z.string() });

/** The driving licence as checked: number, issuing country (ISO 3166-1 alpha-2), expiry, and the holder's birth date. */
export const LicenceCheckSchema = z.object({
  licenseNumber: z.string().trim().min(3).max(40),
  licenseCountry: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, { error: 'A country code of two letters.' })),
  licenseExpiresOn: DateStringSchema,
  birthDate: DateStringSchema,
});
export type LicenceCheck = z.infer<typeof LicenceCheckSchema>;

/** An additional driver with their licence (checked like the driver's: valid to drop-off, the car's minimum age). */
export const CounterAdditionalDriverSchema = LicenceCheckSchema.extend({
  fullName: z.string().trim().min(1).max(200),
});
export type CounterAdditionalDriver = z.infer<typeof CounterAdditionalDriverSchema>;

/** Fuel in eighths (0–8), or the battery in % for an electric car. */
export const FuelReadingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('eighths'), eighths: z.number().int().min(0).max(FUEL_EIGHTHS_FULL) }),
  z.object({ kind: z.literal('battery'), percent: z.number().int().min(0).max(100) }),
]);
export type FuelReading = z.infer<typeof FuelReadingSchema>;

/** A damage marked on the diagram: a position of the vehicle's body (`DAMAGE_ZONES`), photos uploaded first. */
export const DamageInputSchema = z.object({
  zone: z.string().min(1).max(40),
  severity: z.enum(DAMAGE_SEVERITIES),
  note: z.string().trim().max(500).default(''),
  /** Files from `POST /api/counter-photo/{bookingId}`. */
  photoFileIds: z
    .array(z.uuid())
    .max(COUNTER_LIMITS.photosPerDamage)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type DamageInput = z.input<typeof DamageInputSchema>;

/** The customer's signature: drawn on the pad (a PNG data URL), or typed with the consent ticked. */
export const SignatureSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal(SIGNATURE_METHODS[0]),
    signerName: z.string().trim().min(1).max(200),
    image: z
      .string()
      .max(SIGNATURE_MAX_CHARS)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: 'A PNG image.' }),
  }),
  z.object({
    method: z.literal(SIGNATURE_METHODS[1]),
    signerName: z.string().trim().min(1).max(200),
    consent: z.literal(true, { error: 'Tick the box to sign.' }),
  }),
]);
export type Signature = z.infer<typeof SignatureSchema>;

/**
 * `POST /api/check-out/{id}`: the car handed over. `licence` and `signature` may be left out when the customer
 * checked in online (the signed agreement stands) and the car is not swapped; `additionalDrivers` absent keeps the
 * check-in's. `checklist`: the ids of the supplier's items ticked. `damages`: damage found now that the car's record
 * lacks (its open damages are already on the agreement).
 */
export const CheckOutBodySchema = z.object({
  licence: LicenceCheckSchema.optional(),
  additionalDrivers: z.array(CounterAdditionalDriverSchema).max(COUNTER_LIMITS.additionalDrivers).optional(),
  odometer: z.number().int().min(0).max(COUNTER_LIMITS.odometerKm),
  fuel: FuelReadingSchema,
  checklist: z.array(z.string().min(1).max(40)).max(COUNTER_LIMITS.checklistItems).default([]),
  damages: z.array(DamageInputSchema).max(COUNTER_LIMITS.damagesPerInspection).default([]),
  notes: Note.default(''),
  /** Another free car of the same or a higher range; the price is kept unless `reprice` (at the new car's rates). */
  swap: z.object({ carId: z.uuid(), reprice: z.boolean().default(false) }).optional(),
  signature: SignatureSchema.optional(),
});
export type CheckOutBody = z.input<typeof CheckOutBodySchema>;

/** A return's readings: the quote takes them, the return takes them again with what the quote showed. */
export const ReturnReadingsSchema = z.object({
  odometer: z.number().int().min(0).max(COUNTER_LIMITS.odometerKm),
  fuel: FuelReadingSchema,
  /** When the car came back (ISO with offset); absent: now. Not in the future, not before the check-out. */
  returnedAt: z.iso.datetime({ offset: true }).optional(),
  /** Where it came back; absent: the booking's drop-off place. */
  locationId: z.uuid().optional(),
  /** New damages, each with the amount charged for it (0: recorded, not charged). */
  damages: z
    .array(DamageInputSchema.extend({ amount: Amount.default(0) }))
    .max(COUNTER_LIMITS.damagesPerInspection)
    .default([]),
  cleaning: z.boolean().default(false),
  checklist: z.array(z.string().min(1).max(40)).max(COUNTER_LIMITS.checklistItems).default([]),
  notes: Note.default(''),
});
export type ReturnReadingsBody = z.input<typeof ReturnReadingsSchema>;

/** `POST /api/return/{id}`: the readings and the total of the quote the operator confirmed (409 when it moved). */
export const ReturnBodySchema = ReturnReadingsSchema.extend({ expectedTotal: Amount.optional() });
export type ReturnBody = z.input<typeof ReturnBodySchema>;

export const ComputationSchema = z.object({
  kind: z.enum(CHARGE_KINDS),
  lines: z.array(z.object({ key: z.enum(COMPUTATION_KEYS), value: z.number(), unit: z.enum(COMPUTATION_UNITS) })),
  amount: z.number().int(),
  currency: z.string(),
});

/** A charge as quoted (before it is stored). */
export const ChargeQuoteLineSchema = z.object({
  kind: z.enum(CHARGE_KINDS),
  amount: z.number().int(),
  computation: ComputationSchema,
  /** The rental country's VAT rate in %, included in the amount. */
  vatRate: z.number(),
});

/**
 * The balance (the ledger's `bookingBalance`): the rental as due at pick-up + the charges not waived − paid; holds
 * apart. `due` and `excess` are never both above 0: the balance is `due − excess`.
 */
export const CounterBalanceSchema = z.object({
  currency: z.string(),
  /** The rental as bought (after changes); for a no-show what it keeps beside its fee. */
  total: z.number().int(),
  /** The charges at return (and later, and a no-show's fee) not waived. */
  charges: z.number().int(),
  paid: z.number().int(),
  /** Authorised on the card, not taken. */
  held: z.number().int(),
  due: z.number().int(),
  /** Paid beyond the total and the charges: to refund. */
  excess: z.number().int(),
  /** Of `excess`, what can be handed back at the desk (paid there and not given back yet). */
  atDesk: z.number().int(),
});
export type CounterBalance = z.infer<typeof CounterBalanceSchema>;

/** `POST /api/return-quote/{id}` answer: the charges the readings give, line by line, and the balance after them. */
export const ReturnQuoteSchema = z.object({
  currency: z.string(),
  lines: z.array(ChargeQuoteLineSchema),
  total: z.number().int(),
  balance: CounterBalanceSchema.nullable(),
});
export type ReturnQuote = z.infer<typeof ReturnQuoteSchema>;

export const ChargeSchema = ChargeQuoteLineSchema.extend({
  _id: z.uuid(),
  currency: z.string(),
  note: z.string(),
  createdAt: z.string(),
  createdBy: Named.nullable(),
  waived: z.object({ at: z.string(), by: Named.nullable(), reason: z.string() }).nullable(),
});
export type Charge = z.infer<typeof ChargeSchema>;

/** `POST /api/waive-charge/{id}` (a charge's id): the reason is audited and printed on the receipt. */
export const WaiveChargeBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
/** `POST /api/add-charge/{id}` (a booking's id): a toll, a fine, a damage found later, up to 90 days after return. */
export const AddChargeBodySchema = z.object({
  kind: z.enum(LATER_CHARGE_KINDS),
  amount: Amount.min(1),
  note: z.string().trim().min(1).max(500),
});
export type AddChargeBody = z.input<typeof AddChargeBodySchema>;

/**
 * `POST /api/counter-payment/{id}`: money taken at the desk, recorded as a `counter` payment of the ledger, at most
 * the balance due. `key`: made by the screen once per payment it means, so a double click or a retry records it once.
 */
export const CounterPaymentBodySchema = z.object({
  /** At most 55: the ledger's key is `counter-<booking>-<key>`, 100 characters at most. */
  key: z.string().regex(/^[A-Za-z0-9-]{8,55}$/),
  method: z.enum(COUNTER_PAYMENT_METHODS),
  amount: Amount.min(1),
  /** The terminal's slip or the transfer's reference. */
  reference: z.string().trim().max(100).optional(),
});
export type CounterPaymentBody = z.input<typeof CounterPaymentBodySchema>;

/** `POST /api/counter-desk-refund/{id}`: money handed back at the desk, at most the excess paid there; once per `key`. */
export const CounterRefundBodySchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  method: z.enum(COUNTER_REFUND_METHODS),
  amount: Amount.min(1),
});
export type CounterRefundBody = z.input<typeof CounterRefundBodySchema>;

/**
 * `POST /api/counter-deposit/{id}`: the security deposit taken at the desk (cash, the card terminal), held as a deposit
 * until the close; once per `key` (at most 50: the ledger's key is `desk-deposit-<booking>-<key>`, 100 at most).
 */
export const CounterDepositBodySchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9-]{8,50}$/),
  method: z.enum(COUNTER_REFUND_METHODS),
  amount: Amount.min(1),
  /** The terminal's slip. */
  reference: z.string().trim().max(100).optional(),
});
export type CounterDepositBody = z.input<typeof CounterDepositBodySchema>;

/** `POST /api/no-show/{id}`. */
export const NoShowBodySchema = z.object({ note: Note.default('') });

export const PhotoSchema = z.object({ _id: z.uuid(), url: z.string() });
/** `POST /api/counter-photo/{id}` answer (multipart field `photo`): stored re-encoded, private to the booking. */
export const CounterPhotoSchema = PhotoSchema.extend({
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type CounterPhoto = z.infer<typeof CounterPhotoSchema>;

export const DamageSchema = z.object({
  _id: z.uuid(),
  zone: z.string(),
  severity: z.enum(DAMAGE_SEVERITIES),
  note: z.string(),
  photos: z.array(PhotoSchema),
  bookingId: z.uuid().nullable(),
  /** Found at this booking's check-out or return; null: recorded before (another booking). */
  foundAt: z.enum(INSPECTION_KINDS).nullable(),
  recordedAt: z.string(),
  repairedAt: z.string().nullable(),
});
export type Damage = z.infer<typeof DamageSchema>;

export const InspectionSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(INSPECTION_KINDS),
  at: z.string(),
  by: Named.nullable(),
  location: Named,
  odometer: z.number().int(),
  fuel: FuelReadingSchema,
  /** The supplier's items at the time, in the language asked, each ticked or not. */
  checklist: z.array(z.object({ id: z.string(), label: z.string(), checked: z.boolean() })),
  notes: z.string(),
  /** Check-out: the licence as checked (at the counter or online). */
  licence: LicenceSchema.nullable(),
  additionalDrivers: z.array(AdditionalDriverLicenceSchema),
  cleaning: z.boolean(),
});
export type Inspection = z.infer<typeof InspectionSchema>;

export const BookingDocumentSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(BOOKING_DOCUMENT_KINDS),
  version: z.number().int(),
  language: LanguageSchema,
  /** SHA-256 (hex) of the PDF's bytes as stored and served. */
  sha256: z.string(),
  signedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  signatureMethod: z.enum(SIGNATURE_METHODS).nullable(),
  createdAt: z.string(),
  /** `GET` it: the PDF. */
  url: z.string(),
});
export type BookingDocument = z.infer<typeof BookingDocumentSchema>;
export const BookingDocumentsSchema = z.object({ results: z.array(BookingDocumentSchema) });

export const TimelineEntrySchema = z.object({ step: z.enum(TIMELINE_STEPS), at: z.string(), by: Named.nullable() });

/** `GET /api/counter-booking/{id}?language=`: everything the check-out and return screens show and need. */
export const CounterBookingSchema = z.object({
  _id: z.uuid(),
  reference: z.string(),
  status: BookingStatusSchema,
  paymentOption: PaymentOptionSchema,
  driver: Named.extend({
    email: z.string(),
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    language: LanguageSchema,
    /** The licence image uploaded at checkout (a private URL), when there is one. */
    licenseImage: z.string().nullable(),
  }),
  car: Named.extend({
    licensePlate: z.string().nullable(),
    range: CarRangeSchema,
    body: z.enum(VEHICLE_BODIES),
    fuelType: FuelTypeSchema,
    fuelPolicy: FuelPolicySchema,
    /** Km per day; −1 unlimited. */
    mileage: z.number().int(),
    minimumAge: z.number().int(),
    tankLitres: z.number().int(),
    /** The car's last recorded odometer (km), or null. */
    odometer: z.number().int().nullable(),
    image: z.string().nullable(),
  }),
  /** The car the booking was made with, when it was swapped at check-out. */
  swappedFrom: Named.extend({ repriced: z.boolean() }).nullable(),
  supplier: Named,
  pickupLocation: BookingPlaceSchema,
  dropoffLocation: BookingPlaceSchema,
  pickupAt: z.string(),
  dropoffAt: z.string(),
  days: z.number().int(),
  amounts: BookingAmountsSchema,
  /** The extras the booking has (included or bought). */
  extras: z.array(z.enum(EXTRAS)),
  checkedInAt: z.string().nullable(),
  /** The additional drivers whose licence the booking already has (read at the walk-in): the check-out's start. */
  knownDrivers: z.array(AdditionalDriverLicenceSchema),
  checkOutOpensAt: z.string(),
  noShowFrom: z.string(),
  overdue: z.boolean(),
  checkOut: InspectionSchema.nullable(),
  return: InspectionSchema.nullable(),
  /** The car's damages open before this booking's return (shown at check-out and beside the return's). */
  damages: z.array(DamageSchema),
  charges: z.array(ChargeSchema),
  documents: z.array(BookingDocumentSchema),
  /** The supplier's checklist in the language asked. */
  checklist: z.array(z.object({ id: z.string(), label: z.string() })),
  /** Null for a booking not yet confirmed (nothing is settled at the counter before). */
  balance: CounterBalanceSchema.nullable(),
  /**
   * The driver saved a card (or, paying by wallet, their PayPal in its vault) at checkout for charges after the rental
   * (docs/decisions/0014-charges-after-the-rental.md):
   * what the close or a later charge leaves owing is taken from it, else the driver is sent the payment link.
   */
  savedCard: z.boolean(),
  timeline: z.array(TimelineEntrySchema),
  actions: z.array(z.enum(COUNTER_ACTIONS)),
});
export type CounterBooking = z.infer<typeof CounterBookingSchema>;

/** `GET /api/counter-swap-cars/{id}`: the supplier's cars free for the booking's period, same or higher range. */
export const SwapCarsSchema = z.object({
  results: z.array(
    Named.extend({
      licensePlate: z.string().nullable(),
      range: CarRangeSchema,
      image: z.string().nullable(),
      /** The booking's total at this car's rates (booking currency), if the operator re-prices. */
      repricedTotal: z.number().int(),
    }),
  ),
});
export type SwapCars = z.infer<typeof SwapCarsSchema>;

/** `POST /api/no-show/{id}` answer: the booking, and what the supplier's rule did with its money. */
export const NoShowResultSchema = z.object({
  booking: CounterBookingSchema,
  rule: z.enum(['keep', 'fee', 'refund']),
  /** Refunded through the gateway it was paid with, or the fee charged (booking currency). */
  refunded: z.number().int(),
  fee: z.number().int(),
});

/** `GET /api/check-in/{id}`: the customer's online check-in (its driver, or a manage-link grant). */
export const CheckInSchema = z.object({
  bookingId: z.uuid(),
  reference: z.string(),
  status: BookingStatusSchema,
  opensAt: z.string(),
  /** Check-in is open now (from 48 h before pick-up until the car is handed over). */
  open: z.boolean(),
  checkedInAt: z.string().nullable(),
  driverName: z.string(),
  minimumAge: z.number().int(),
  dropoffAt: z.string(),
  licence: LicenceSchema.nullable(),
  additionalDrivers: z.array(AdditionalDriverLicenceSchema),
  /** The latest agreement (signed, or null before signing); read the draft at `GET /api/agreement-draft/{id}`. */
  agreement: BookingDocumentSchema.nullable(),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

/** `POST /api/check-in/{id}`: the licence, the additional drivers and the agreement signed. */
export const CheckInBodySchema = z.object({
  licence: LicenceCheckSchema,
  additionalDrivers: z.array(CounterAdditionalDriverSchema).max(COUNTER_LIMITS.additionalDrivers).default([]),
  signature: SignatureSchema,
});
export type CheckInBody = z.input<typeof CheckInBodySchema>;
