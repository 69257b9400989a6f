import { createHash } from 'node:crypto';
import { type AmendmentQuote, settlementOf } from '@roam/contract/amendments';
import { type BookedTerms, priceChange } from '@roam/contract/booked-terms';
import type { UpdateBookingBody } from '@roam/contract/bookings';
import type { RentalPlace } from '@roam/contract/fee-quote';
import type { BookingBalance } from '@roam/contract/ledger';
import { convertMinor } from '@roam/contract/money';
import { EXTRAS, type Extra } from '@roam/contract/price';
import type { AppContext } from '#server/context.ts';
import { currentSettings } from '#server/features/booking-rules/booking-rules.service.ts';
import { balanceOfRecord } from '#server/features/bookings/bookings.mapper.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import { validationFailed } from '#server/lib/app-error.ts';
import { throwPeriodIssues, withPriceFieldErrors } from '#server/lib/booking-rules.ts';
import { periodRefusals, rentalPlaceFees } from '#server/lib/opening-hours.ts';
import { changedRentalFees as rentalFeesChanged } from '#server/lib/rental-fees.ts';

// A change of a booking (spec §2 "edit"): validated with the checkout's rules, priced at the
// booking's own terms and rate (contract booked-terms.ts `priceChange`: only what changes, never at the car's prices
// now), and settled against what was actually paid (contract amendments.ts `settlementOf` on the ledger's balance),
// the driver's change and the operator's alike. The quote and the change itself plan it
// here, one way, so what the quote says is what the change does; the change settles again on the locked row.

export type PlannedChange = Awaited<ReturnType<typeof planChange>>;

/** What the booking becomes with `body`, checked (period rules for drivers, places, additional driver) and priced. */
export async function planChange(
  ctx: AppContext,
  record: repository.BookingRecord,
  body: UpdateBookingBody,
  operator: boolean,
) {
  const { booking } = record;
  const pickupAt = body.pickupAt ? new Date(body.pickupAt) : booking.pickupAt;
  const dropoffAt = body.dropoffAt ? new Date(body.dropoffAt) : booking.dropoffAt;
  const pickupPlace = await repository.findLocation(ctx.db, body.pickupLocationId ?? booking.pickupLocationId);
  const dropoffPlace = await repository.findLocation(ctx.db, body.dropoffLocationId ?? booking.dropoffLocationId);
  if (!pickupPlace) throw validationFailed({ pickupLocationId: ['Unknown pick-up location.'] });
  if (!dropoffPlace) throw validationFailed({ dropoffLocationId: ['Unknown drop-off location.'] });
  const datesChanged =
    pickupAt.getTime() !== booking.pickupAt.getTime() || dropoffAt.getTime() !== booking.dropoffAt.getTime();
  if (datesChanged) {
    const { issues, refusals } = periodRefusals({
      pickupAt,
      dropoffAt,
      now: ctx.clock.now(),
      pickupPlace,
      dropoffPlace,
      rules: await currentSettings(ctx),
    });
    // Operators may set any real period (a past correction, a pick-up arranged outside the hours included); drivers
    // get every checkout rule, the places' opening hours too.
    if (operator) throwPeriodIssues(issues.filter((issue) => issue === 'invalidDropoffTime' && dropoffAt <= pickupAt));
    else throwPeriodIssues(issues, refusals);
  }
  // Only what the call carries changes: an extra left out keeps its choice, and the additional
  // driver's details are cleared by an explicit null only.
  const extras = Object.fromEntries(EXTRAS.map((extra) => [extra, body.extras?.[extra] ?? booking[extra]]));
  const additionalDriverDetails = extras.additionalDriver
    ? body.additionalDriver !== undefined
      ? body.additionalDriver
      : (booking.additionalDriverDetails ?? null)
    : null;
  if (extras.additionalDriver && !additionalDriverDetails) {
    throw validationFailed({ additionalDriver: ['Please enter the additional driver details.'] });
  }
  const terms = await changedRentalFees(
    ctx,
    booking,
    changedPlaceFees(booking, { pickupPlace, dropoffPlace, pickupAt, dropoffAt }),
    { pickupPlace, dropoffPlace, operator },
  );
  const extrasBefore = Object.fromEntries(EXTRAS.map((extra) => [extra, booking[extra]])) as Record<Extra, boolean>;
  // Priced at the booking's own terms and rate: only what changes (an empty change changes nothing).
  const priced = withPriceFieldErrors(() =>
    priceChange({
      terms: booking.terms,
      convert: (amount) => convertMinor(amount, booking.rate, booking.currency),
      before: {
        pickupAt: booking.pickupAt,
        dropoffAt: booking.dropoffAt,
        timeZone: record.pickupTimeZone,
        extras: extrasBefore,
        price: booking.price,
        totalAmount: booking.totalAmount,
      },
      after: {
        pickupAt,
        dropoffAt,
        timeZone: pickupPlace.timeZone,
        extras,
        ...(terms && { placeFees: terms.placeFees ?? {}, rentalFees: terms.rentalFees ?? {} }),
      },
    }),
  );
  const values = {
    pickupAt,
    dropoffAt,
    pickupLocationId: pickupPlace.id,
    dropoffLocationId: dropoffPlace.id,
    ...extras,
    additionalDriverDetails,
    price: priced.price,
    totalAmount: priced.totalAmount,
    // Only when the key box's fees or the one-way fee change: the terms then keep the fees the booking pays from now on.
    ...(terms && { terms }),
  };
  return { values, ...settle(record.booking, values.totalAmount, balanceOfRecord(record), operator) };
}

/**
 * The booking's terms with the places' fees of its new period or places (the key box after hours, at the fee the
 * place asks now), or null when they stay: a change of the extras alone keeps the fees the booking was bought with.
 */
function changedPlaceFees(
  booking: repository.BookingRow,
  period: Parameters<typeof rentalPlaceFees>[0] & { pickupPlace: { id: string }; dropoffPlace: { id: string } },
): BookedTerms | null {
  const moved =
    period.pickupAt.getTime() !== booking.pickupAt.getTime() ||
    period.dropoffAt.getTime() !== booking.dropoffAt.getTime() ||
    period.pickupPlace.id !== booking.pickupLocationId ||
    period.dropoffPlace.id !== booking.dropoffLocationId;
  if (!moved) return null;
  const fees = rentalPlaceFees(period);
  if (JSON.stringify(fees) === JSON.stringify(booking.terms.placeFees ?? {})) return null;
  const { placeFees: _was, ...rest } = booking.terms;
  return Object.keys(fees).length > 0 ? { ...rest, placeFees: fees } : rest;
}

/**
 * The terms with the one-way fee of the booking's new places (lib/rental-fees.ts), or `terms` as they were (null: the
 * booking's own) when the places stay or the fee does not change.
 */
async function changedRentalFees(
  ctx: AppContext,
  booking: repository.BookingRow,
  terms: BookedTerms | null,
  change: { pickupPlace: RentalPlace; dropoffPlace: RentalPlace; operator: boolean },
): Promise<BookedTerms | null> {
  const { pickupPlace, dropoffPlace } = change;
  if (pickupPlace.id === booking.pickupLocationId && dropoffPlace.id === booking.dropoffLocationId) return terms;
  const base = terms ?? booking.terms;
  const fees = await rentalFeesChanged(
    ctx.db,
    {
      supplierId: booking.supplierId,
      carId: booking.carId,
      booked: base.rentalFees,
      pickup: pickupPlace,
      dropoff: dropoffPlace,
    },
    change.operator,
  );
  if (JSON.stringify(fees) === JSON.stringify(base.rentalFees ?? {})) return terms;
  const { rentalFees: _was, ...rest } = base;
  return Object.keys(fees).length > 0 ? { ...rest, rentalFees: fees } : rest;
}

/**
 * How the change of `booking`'s total to `after` is settled against its balance (contract `settlementOf`): the
 * driver of a booking paid online in full pays a rise through its gateway first; an operator's rise is due at the
 * counter; what was paid beyond the new total goes back through the gateways. Decided again on the locked row and the
 * ledger read in the change's transaction, so a payment confirmed meanwhile counts.
 */
export function settle(
  booking: repository.BookingRow,
  after: number,
  balance: Pick<BookingBalance, 'paid' | 'refundable'>,
  operator: boolean,
) {
  return settlementOf({
    before: booking.totalAmount,
    after,
    paid: balance.paid,
    refundable: balance.refundable,
    chargeOnline: !operator && booking.paymentOption === 'full' && booking.paymentProvider !== null,
  });
}

/** The quote of a planned change, in the booking's currency. */
export function quoteOf(record: repository.BookingRecord, plan: PlannedChange): AmendmentQuote {
  const { currency, totalAmount } = record.booking;
  const money = (amount: number) => ({ amount, currency });
  return {
    before: money(totalAmount),
    after: money(plan.values.totalAmount),
    difference: money(plan.values.totalAmount - totalAmount),
    settlement: plan.settlement,
    amount: money(plan.amount),
  };
}

/**
 * The idempotency key of a change's refund: the booking, the state it was changed from and the state asked for. A
 * retried call (a double click, a timeout) asks the gateway under the same key; once the change is made, the same
 * call finds nothing left to refund. Short enough (59 characters) that a part refunded from a dearer change's payment,
 * under this key and the change's id, fits the refunds' 100-character key.
 */
export function amendmentRefundKey(record: repository.BookingRecord, plan: PlannedChange): string {
  const { booking } = record;
  const state = [booking.pickupAt, booking.dropoffAt, booking.totalAmount, booking.chargedAmount, plan.values];
  return `amend-${booking.id}-${createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 16)}`;
}

/** Whether the locked row is still the state the change was planned from (two changes at once: one wins). */
export const unchangedSince = (record: repository.BookingRecord, current: repository.BookingRow) =>
  current.status === record.booking.status &&
  current.pickupAt.getTime() === record.booking.pickupAt.getTime() &&
  current.dropoffAt.getTime() === record.booking.dropoffAt.getTime() &&
  current.totalAmount === record.booking.totalAmount &&
  current.chargedAmount === record.booking.chargedAmount;
