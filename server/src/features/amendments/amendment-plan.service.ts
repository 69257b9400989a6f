import { createHash } from 'node:crypto';
import { type AmendmentQuote, settlementOf } from '@roam/contract/amendments';
import type { UpdateBookingBody } from '@roam/contract/bookings';
import { convertMinor } from '@roam/contract/money';
import { EXTRAS, priceIn } from '@roam/contract/price';
import { validateRentalPeriod } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import { currentSettings } from '#server/features/booking-rules/booking-rules.service.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { priceBooking, throwPeriodIssues } from '#server/lib/booking-rules.ts';
import { findCarForBooking } from '#server/lib/car-pricing.repository.ts';

// A change of a booking (issue #25 item 2, spec §2 "edit"): validated with the checkout's rules, re-priced at the
// booking's own rate, and settled by how it was paid (contract amendments.ts `settlementOf`). The quote and the change
// itself plan it here, one way, so what the quote says is what the change does.

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
    const issues = validateRentalPeriod({
      pickupAt,
      dropoffAt,
      now: ctx.clock.now(),
      pickupTimeZone: pickupPlace.timeZone,
      dropoffTimeZone: dropoffPlace.timeZone,
      rules: await currentSettings(ctx),
    });
    // Operators may set any real period (a past correction included); drivers get every checkout rule.
    throwPeriodIssues(
      operator ? issues.filter((issue) => issue === 'invalidDropoffTime' && dropoffAt <= pickupAt) : issues,
    );
  }
  // Only what the call carries changes (issue #21 finding 3): an extra left out keeps its choice, and the additional
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
  const pricing = await findCarForBooking(ctx.db, booking.carId);
  if (!pricing) throw new AppError('NOT_FOUND', 'Booking not found.');
  const price = priceBooking({
    car: pricing.car,
    dateBasedPrices: pricing.dateBasedPrices,
    priceChangeRate: pricing.supplier.priceChangeRate,
    pickupAt,
    dropoffAt,
    timeZone: pickupPlace.timeZone,
    extras,
  });
  // Re-priced at the booking's own rate, never today's (issue #22 item 3).
  const totalAmount = priceIn(price, (amount) => convertMinor(amount, booking.rate, booking.currency)).total;
  const paid = booking.paidAt && booking.paymentProvider && booking.status !== 'void' ? booking.chargedAmount : 0;
  const settled = settlementOf({
    paymentOption: booking.paymentOption,
    paid,
    before: booking.totalAmount,
    after: totalAmount,
  });
  return {
    values: {
      pickupAt,
      dropoffAt,
      pickupLocationId: pickupPlace.id,
      dropoffLocationId: dropoffPlace.id,
      ...extras,
      additionalDriverDetails,
      price: price.total,
      totalAmount,
    },
    ...settled,
  };
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
