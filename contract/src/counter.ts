import type { BookingStatus } from './bookings.ts';
import type { CarRange, FuelType } from './cars.ts';
import type { Language } from './languages.ts';
import { ageOn, HOUR, instantToZoned, zonedToInstant } from './time.ts';

// The counter (docs/architecture.md §5 "After the booking"): a confirmed booking is checked out (on rent), returned,
// closed once its balance is settled, or marked a no-show. The values, the rules of time and the messages here; the
// charges at return in counter-charges.ts, the vehicles' damage diagrams in counter-vehicles.ts (re-exported); the
// payloads in counter.schema.ts. Without zod, like every area module: the screens read it.

export * from './counter-charges.ts';
export * from './counter-vehicles.ts';

const MINUTE = 60_000;

/** The statuses a booking reaches at the counter (bookings.ts BOOKING_STATUSES holds them too). */
export const COUNTER_STATUSES = [
  'on_rent',
  'returned',
  'closed',
  'no_show',
] as const satisfies readonly BookingStatus[];
export type CounterStatus = (typeof COUNTER_STATUSES)[number];

/** A booking that may be checked out or marked a no-show: confirmed, not yet handed over. */
export const CONFIRMED_STATUSES = [
  'pending',
  'deposit',
  'paid',
  'reserved',
] as const satisfies readonly BookingStatus[];

/** A booking whose security deposit may be taken at the desk: from its confirmation until the car is returned. */
export const DESK_DEPOSIT_STATUSES = [...CONFIRMED_STATUSES, 'on_rent'] as const satisfies readonly BookingStatus[];
export const takesDeskDeposit = (status: BookingStatus) =>
  (DESK_DEPOSIT_STATUSES as readonly BookingStatus[]).includes(status);

/** What the counter does to a booking, each one way (docs/architecture.md §5 "After the booking"). */
export const COUNTER_TRANSITIONS = {
  checkOut: { from: CONFIRMED_STATUSES, to: 'on_rent' },
  return: { from: ['on_rent'], to: 'returned' },
  close: { from: ['returned'], to: 'closed' },
  noShow: { from: CONFIRMED_STATUSES, to: 'no_show' },
} as const satisfies Record<string, { from: readonly BookingStatus[]; to: CounterStatus }>;
export type CounterTransition = keyof typeof COUNTER_TRANSITIONS;

/** Whether `transition` may be applied to a booking in `status`. */
export const canTransition = (transition: CounterTransition, status: BookingStatus): boolean =>
  (COUNTER_TRANSITIONS[transition].from as readonly BookingStatus[]).includes(status);

/** What the counter's screens offer on a booking, as the server decides it (`CounterBooking.actions`). */
export const COUNTER_ACTIONS = [
  'checkOut',
  'return',
  'noShow',
  'addCharge',
  'recordPayment',
  'sendPaymentLink',
  'refundExcess',
  'refundAtDesk',
  'recordDeposit',
  'close',
] as const;
export type CounterAction = (typeof COUNTER_ACTIONS)[number];

/** The booking's life as its timeline shows it: each step with who and when (from the audit trail). */
export const TIMELINE_STEPS = ['booked', 'checkedIn', 'onRent', 'returned', 'closed', 'noShow', 'cancelled'] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

/** Fuel is read in eighths of the tank: 0 (empty) to 8 (full). */
export const FUEL_EIGHTHS_FULL = 8;
export const fuelEighthsLabel = (eighths: number) => (eighths === FUEL_EIGHTHS_FULL ? '8/8' : `${eighths}/8`);
/** Electric cars are read as a battery percentage instead of fuel eighths. */
export const readsBattery = (fuelType: FuelType) => fuelType === 'electric';

/** How a desk takes money (a `counter` payment of the ledger). */
export const COUNTER_PAYMENT_METHODS = ['cash', 'card_terminal', 'bank_transfer'] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];
/** How a desk hands money back (a refund of the ledger whose provider is `counter`). */
export const COUNTER_REFUND_METHODS = ['cash', 'card_terminal'] as const satisfies readonly CounterPaymentMethod[];
export type CounterRefundMethod = (typeof COUNTER_REFUND_METHODS)[number];

/** A signature drawn on the pad (a PNG), or typed: the full name with a consent ticked (the keyboard's way). */
export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];
/** A drawn signature's data URL, at most (a 600×200 PNG of strokes is ~10–40 KB). */
export const SIGNATURE_MAX_CHARS = 300_000;

/** The documents a booking keeps (`booking_documents`); a signed one is never changed, a correction is a new version. */
export const BOOKING_DOCUMENT_KINDS = ['agreement', 'condition_report', 'invoice', 'credit_note', 'receipt'] as const;
export type BookingDocumentKind = (typeof BOOKING_DOCUMENT_KINDS)[number];

/** What happens to the money of a no-show, by the supplier's rule: kept, a fee charged, or refunded in full. */
export const NO_SHOW_RULES = ['keep', 'fee', 'refund'] as const;
export type NoShowRule = (typeof NO_SHOW_RULES)[number];

/** An inspection: the car handed over (check-out) or taken back (return). */
export const INSPECTION_KINDS = ['check_out', 'return'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

/** A checklist item the supplier defines (documents, spare wheel, child seat, keys…), labelled in each language. */
export interface ChecklistItem {
  /** A slug, unique in the supplier's list: what an inspection records as ticked. */
  id: string;
  labels: Record<Language, string>;
}

/** Photos per damage, and the size a photo is stored at (re-encoded by the server). */
export const COUNTER_LIMITS = {
  photosPerDamage: 6,
  damagesPerInspection: 30,
  additionalDrivers: 4,
  checklistItems: 40,
  termsChars: 20_000,
  /** An uploaded photo (before re-encoding). */
  photoUploadBytes: 12 * 1024 * 1024,
  /** The stored photo's longest side and size. */
  photoMaxPixels: 1600,
  photoStoredBytes: 300 * 1024,
  odometerKm: 2_000_000,
} as const;

/** Online check-in opens this long before pick-up and stays open until the car is handed over. */
export const ONLINE_CHECK_IN_HOURS = 48;
/** Tolls and fines may be added to a returned booking for this long after its return. */
export const LATER_CHARGE_DAYS = 90;

/** The supplier's counter settings when it has set none. */
export const DEFAULT_COUNTER_SETTINGS = {
  /** Check-out opens this many hours before the start of the pick-up day (at the pick-up place's clock). */
  earlyCheckOutHours: 0,
  /** A no-show may be recorded this long after the pick-up time. */
  noShowGraceMinutes: 120,
  noShowRule: 'keep' as NoShowRule,
  /** EUR minor units, charged by the `fee` rule (converted to the booking's currency at its rate). */
  noShowFee: 0,
} as const;

/** When check-out opens: the start of the pick-up day at the pick-up place, less the supplier's early window. */
export function checkOutOpensAt(pickupAt: Date, pickupTimeZone: string, earlyCheckOutHours: number): Date {
  const dayStart = zonedToInstant(
    { date: instantToZoned(pickupAt, pickupTimeZone).date, time: '00:00' },
    pickupTimeZone,
  );
  return new Date(dayStart.getTime() - earlyCheckOutHours * HOUR);
}

/** When a booking not collected may be recorded as a no-show: its pick-up time plus the supplier's grace. */
export const noShowFrom = (pickupAt: Date, graceMinutes: number): Date =>
  new Date(pickupAt.getTime() + graceMinutes * MINUTE);

/** When online check-in opens. */
export const checkInOpensAt = (pickupAt: Date): Date => new Date(pickupAt.getTime() - ONLINE_CHECK_IN_HOURS * HOUR);

/** A rental on rent past its drop-off time. */
export const isOverdue = (status: BookingStatus, dropoffAt: Date, now: Date): boolean =>
  status === 'on_rent' && dropoffAt.getTime() < now.getTime();

/** Until when tolls and fines may be added to a booking returned at `returnedAt`. */
export const laterChargesUntil = (returnedAt: Date): Date =>
  new Date(returnedAt.getTime() + LATER_CHARGE_DAYS * 24 * HOUR);

/**
 * The swap of a car at check-out (an upgrade): the same range, or a higher one among the car ranges that have an
 * order (mini < midi < maxi); a scooter, a bus, a truck or a caravan is swapped only for one of its own range.
 */
const RANGE_ORDER: Partial<Record<CarRange, number>> = { mini: 1, midi: 2, maxi: 3 };
export function swapAllowed(from: CarRange, to: CarRange): boolean {
  if (from === to) return true;
  const [a, b] = [RANGE_ORDER[from], RANGE_ORDER[to]];
  return a !== undefined && b !== undefined && b > a;
}

/** What is wrong with a licence for this rental: expired before the drop-off, or a driver under the car's age. */
export function licenceIssues(
  licence: { licenseExpiresOn: string; birthDate: string },
  rental: { pickupAt: Date; pickupTimeZone: string; dropoffAt: Date; dropoffTimeZone: string; minimumAge: number },
): { field: 'licenseExpiresOn' | 'birthDate'; message: string }[] {
  const issues: { field: 'licenseExpiresOn' | 'birthDate'; message: string }[] = [];
  // Dates compare as strings ('YYYY-MM-DD'): valid through its expiry day, judged on the drop-off place's calendar.
  if (licence.licenseExpiresOn < instantToZoned(rental.dropoffAt, rental.dropoffTimeZone).date) {
    issues.push({ field: 'licenseExpiresOn', message: COUNTER_MESSAGES.licenceExpired });
  }
  const age = ageOn(licence.birthDate, rental.pickupAt, rental.pickupTimeZone);
  if (!(age >= rental.minimumAge)) {
    issues.push({ field: 'birthDate', message: COUNTER_MESSAGES.tooYoung(rental.minimumAge) });
  }
  return issues;
}

/** The messages of the counter's refusals, in English (the console translates by code and field). */
export const COUNTER_MESSAGES = {
  notConfirmed: 'Only a confirmed booking (paid, deposit, pending or reserved) can be checked out.',
  tooEarly: (opensAt: string) => `Check-out opens at ${opensAt}.`,
  carStillOnRent: (reference: string) =>
    `This car is still on rent (booking ${reference}). Swap the car for another free one.`,
  alreadyChanged: 'This booking was changed by someone else meanwhile. Reload it.',
  licenceExpired: 'The driving licence expires before the drop-off.',
  tooYoung: (age: number) => `The driver must be at least ${age} years old.`,
  licenceRequired: 'Check the driving licence.',
  signatureRequired: 'The customer signs the rental agreement.',
  fuelReading: 'Read the fuel level in eighths (battery % for an electric car).',
  unknownZone: 'Unknown position on this vehicle.',
  unknownChecklistItem: 'Unknown checklist item.',
  swapRange: 'Swap only for a car of the same or a higher range.',
  swapUnavailable: 'This car is not free for the booking period.',
  notOnRent: 'Only a car on rent can be returned.',
  returnBeforeCheckOut: 'The return cannot be before the check-out.',
  returnInFuture: 'The return time cannot be in the future.',
  odometerBack: 'The odometer cannot be lower than at check-out.',
  quoteChanged: 'The charges changed since the quote. Check them again.',
  notReturned: 'Only a returned booking can be closed.',
  /** `balance`: the amount due, or to refund, in English. */
  balanceOpen: (balance: string) => `The balance is not settled yet: ${balance}.`,
  paymentNotOpen: 'Payments are taken at the counter once the car is handed over.',
  overBalance: (due: string) => `The amount is more than the balance due (${due}).`,
  nothingDue: 'Nothing is due on this booking.',
  chargeUnderWay: 'The balance is being charged to the saved card. Reload in a moment.',
  nothingToRefund: 'Nothing was paid beyond the balance.',
  refundAtDesk: 'Part of what was paid beyond the balance was paid at the desk: give it back there.',
  balanceLinkNotOpen: 'A payment link is sent for the balance of a returned rental or a no-show only.',
  noGateway: 'No online payment gateway can take this balance: take it at the desk.',
  /** `left`: what the desk can give back, in English. */
  overDeskRefund: (left: string) => `The amount is more than can be given back at the desk (${left}).`,
  noShowTooEarly: (from: string) => `A no-show can be recorded from ${from}.`,
  chargeWaived: 'This charge is already waived.',
  depositNotOpen: 'A deposit is taken at the desk from the booking until the car is returned.',
  depositHeld: 'A deposit is already held for this booking.',
  noDeposit: 'This booking has no security deposit.',
  /** `most`: the booking's deposit, in English. */
  overDeposit: (most: string) => `The amount is more than the booking's deposit (${most}).`,
  laterChargeWindow: `Tolls and fines can be added up to ${LATER_CHARGE_DAYS} days after the return.`,
  checkInClosed: 'Online check-in is open from 48 hours before pick-up until the car is handed over.',
  photoNotFound: 'Unknown photo.',
} as const;

// The counter's payloads as types (their schemas are in counter.schema.ts): the screens import them from here, without
// zod (docs/architecture.md §1, the contract by area).
export type {
  AddChargeBody,
  BookingDocument,
  Charge,
  CheckIn,
  CheckInBody,
  CheckOutBody,
  CounterAdditionalDriver,
  CounterBalance,
  CounterBooking,
  CounterDepositBody,
  CounterPaymentBody,
  CounterPhoto,
  CounterRefundBody,
  Damage,
  DamageInput,
  FuelReading,
  Inspection,
  LicenceCheck,
  ReturnBody,
  ReturnQuote,
  ReturnReadingsBody,
  Signature,
  SwapCars,
} from './counter.schema.ts';
export type {
  CarChargeRules,
  CounterSettings,
  UpdateCarChargeRulesBody,
  UpdateCounterSettingsBody,
} from './counter-settings.ts';
