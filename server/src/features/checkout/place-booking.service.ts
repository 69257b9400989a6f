import { bookedTerms } from '@roam/contract/booked-terms';
import type { CheckoutResult } from '@roam/contract/checkout';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { createGuestAccount, isEmailRegistered } from '#server/features/auth/account.service.ts';
import { bookingNoticeDetails } from '#server/features/bookings/bookings.service.ts';
import { holdCatalogueExtras } from '#server/features/catalogue-extras/catalogue-extras.booking.ts';
import { recordCardConsent } from '#server/features/holds/saved-card.service.ts';
import {
  deliverNotices,
  recordBookingNotice,
  recordGuestActivation,
} from '#server/features/notifications/notifications.service.ts';
import { releaseExpiredHolds, releaseUnpaidHoldsOf } from '#server/features/payments/payments.service.ts';
import { attachGuestLicense } from '#server/features/profile/profile.service.ts';
import { claimPromoUse } from '#server/features/promo-codes/promo-rules.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { checkAmountsFit } from '#server/lib/booking-rules.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import * as repository from './checkout.repository.ts';
import type { CheckoutQuote } from './checkout-pricing.service.ts';
import type { CheckoutOrder, Desk } from './checkout-validation.service.ts';

// The third step of checkout (docs/architecture.md §5 Bookings): one transaction releases the customer's earlier
// unpaid hold and checks their address's unpaid bookings, releases the car's lapsed holds,
// creates the guest's account, inserts the booking and records its notices; the exclusion constraint makes a double
// booking impossible.

/**
 * Unpaid bookings one network address may have at once (holds awaiting online payment, and guests' pay-later
 * bookings of the last hold minutes): a real customer pays for one car at a time, and a household or an office
 * sharing an address for two; a third is refused until one is paid or lapses. With each driver's (and each guest
 * browser's) new checkout releasing their earlier hold, nobody can hold a fleet from one address (finding
 * 2). A signed-in driver's pay-later bookings are reservations of an account, not counted here: a driver may book
 * several cars at the counter; checkout's rate limit and the operators' cancel bound them.
 */
export const OPEN_CHECKOUTS_PER_ADDRESS = 2;
const tooManyUnpaid = () =>
  new AppError('RATE_LIMITED', 'Too many unpaid bookings from your network. Please pay for one or try again later.');

const EMAIL_TAKEN_MESSAGE = 'This email address is already registered.';
const emailTaken = () => new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { 'driver.email': [EMAIL_TAKEN_MESSAGE] });

export type PlacedBooking = { bookingId: string; status: CheckoutResult['status']; accountCreated: boolean };

/** The driver's id: the signed-in account's, or a new account for the guest (with its licence and activation link). */
async function driverAccount(ctx: AppContext, tx: DbOrTx, order: CheckoutOrder) {
  const { body, driver, licenseFileId } = order;
  if (driver.id || !body.driver) return { driverId: driver.id!, activationLink: null };
  const account = await createGuestAccount(ctx, tx, {
    fullName: body.driver.fullName,
    email: driver.email,
    phone: body.driver.phone,
    birthDate: body.driver.birthDate,
    language: driver.language,
  });
  if (licenseFileId) await attachGuestLicense(ctx, tx, licenseFileId, account.id);
  return { driverId: account.id, activationLink: account.activationLink };
}

/**
 * Holds its customer may not keep while placing another booking, in the booking's transaction:
 * their earlier unpaid hold is released, and their address must have room for one more unpaid booking. Checkouts of
 * one address, driver or browser are serialised by advisory locks, so two at once cannot both squeeze in.
 */
async function makeRoom(ctx: AppContext, tx: DbOrTx, order: CheckoutOrder) {
  const guestTokenHash = order.driver.id ? null : order.guestTokenHash;
  const holder = order.driver.id ? `driver:${order.driver.id}` : guestTokenHash ? `browser:${guestTokenHash}` : null;
  await repository.lockCheckoutKeys(tx, [
    `checkout:address:${order.clientKey}`,
    ...(holder ? [`checkout:${holder}`] : []),
  ]);
  await releaseUnpaidHoldsOf(ctx, tx, { driverId: order.driver.id, guestTokenHash });
  const unpaid = await repository.countUnpaidFrom(tx, order.clientKey, order.holdMinutes);
  if (unpaid >= OPEN_CHECKOUTS_PER_ADDRESS) throw tooManyUnpaid();
}

/** The booking's use of its promo code, held in its transaction (refused when the last use went meanwhile). */
async function claimPromo(
  ctx: AppContext,
  tx: DbOrTx,
  order: CheckoutOrder,
  booking: { bookingId: string; driverId: string },
) {
  await claimPromoUse(ctx, tx, order.promo!, {
    car: { id: order.car.id, range: order.car.range, supplierId: order.supplier.id },
    pickupPlace: order.pickupPlace,
    pickupAt: order.pickupAt,
    dropoffAt: order.dropoffAt,
    ...booking,
  });
}

/** The operator's booking in the audit trail, with the operator as its actor. */
async function auditDeskBooking(ctx: AppContext, tx: DbOrTx, desk: Desk, bookingId: string, order: CheckoutOrder) {
  await recordAudit(ctx, tx, desk.operator, {
    entity: 'booking',
    entityId: bookingId,
    action: 'create',
    carId: order.car.id,
    supplierId: order.supplier.id,
    changes: changesBetween(null, {
      pickupAt: order.pickupAt.toISOString(),
      dropoffAt: order.dropoffAt.toISOString(),
      paymentOption: order.body.paymentOption,
      payment: desk.payment,
    }),
  });
}

/**
 * One transaction: the customer's room for another unpaid booking, the lapsed holds released, the guest account,
 * the booking, and — for pay later, booked at once — the driver's and the supplier's notices (and every e-mail in the
 * outbox). A crash leaves all or none. The e-mails go out once it committed.
 */
export async function placeBooking(
  ctx: AppContext,
  order: CheckoutOrder,
  quote: CheckoutQuote,
): Promise<PlacedBooking> {
  const { body, driver, car, supplier, extras } = order;
  const { price } = quote;
  checkAmountsFit([
    price.total,
    price.deposit,
    quote.payNow,
    quote.totalAmount,
    quote.depositAmount,
    quote.chargedAmount,
  ]);
  if (!driver.id && (await isEmailRegistered(ctx, driver.email))) throw emailTaken();
  let placed: PlacedBooking & { mails: (QueuedMail | null)[] };
  try {
    placed = await ctx.db.transaction(async (tx) => {
      // The operator's desk books for many customers from one address: it holds no room of its own.
      if (!order.desk) await makeRoom(ctx, tx, order);
      await releaseExpiredHolds(ctx, tx, car.id);
      const { driverId, activationLink } = await driverAccount(ctx, tx, order);
      const booking = await repository.insertBooking(tx, {
        carId: car.id,
        supplierId: supplier.id,
        driverId,
        pickupLocationId: order.pickupPlace.id,
        dropoffLocationId: order.dropoffPlace.id,
        pickupAt: order.pickupAt,
        dropoffAt: order.dropoffAt,
        status: quote.online ? 'void' : 'pending',
        blocksCar: true,
        holdExpiresAt: quote.holdExpiresAt,
        paymentOption: body.paymentOption,
        ...extras,
        additionalDriverDetails: extras.additionalDriver ? (body.additionalDriver ?? null) : null,
        // Its invoices' buyer when the payer named a business (docs/decisions/0011-invoices.md), set before any is issued.
        invoiceBuyer: body.invoiceBuyer ?? null,
        // The terms it is bought with, from the car and supplier it was priced with.
        terms: bookedTerms({
          car: order.car,
          dateBasedPrices: order.dateBasedPrices,
          priceChangeRate: order.supplier.priceChangeRate,
          placeFees: order.placeFees,
          promo: order.promo,
          rentalFees: order.rentalFees,
          catalogueExtras: order.catalogueExtras.booked,
          pricePerExtraKm: order.pricePerExtraKm,
        }),
        price: price.total,
        deposit: price.deposit,
        payNow: quote.payNow,
        currency: body.currency,
        rate: quote.rate,
        totalAmount: quote.totalAmount,
        depositAmount: quote.depositAmount,
        chargedAmount: quote.chargedAmount,
        licenseFileId: order.licenseFileId,
        bookedAtDesk: order.desk !== null,
        deskCustomer: order.desk?.customer ?? null,
        // A guest's browser proves the booking is theirs with it; a signed-in driver with their session.
        guestTokenHash: driver.id ? null : order.guestTokenHash,
        clientKey: order.clientKey,
      });
      if (order.promo) await claimPromo(ctx, tx, order, { bookingId: booking.id, driverId });
      await holdCatalogueExtras(tx, {
        bookingId: booking.id,
        locationId: order.pickupPlace.id,
        pickupAt: order.pickupAt,
        dropoffAt: order.dropoffAt,
        now: ctx.clock.now(),
        extras: order.catalogueExtras,
      });
      if (order.desk) await auditDeskBooking(ctx, tx, order.desk, booking.id, order);
      // Asked only of a payment online: nothing is saved of a booking paid later.
      if (quote.online && body.saveCard) await recordCardConsent(ctx, tx, booking.id);
      const mails: (QueuedMail | null)[] = [];
      const named = { reference: booking.reference, carName: car.name };
      if (activationLink) mails.push(await recordGuestActivation(ctx, tx, driver, named, activationLink));
      if (!quote.online) {
        // Pay later: booked now. The driver and the supplier hear about it at once, with its summary.
        const recipient = { ...driver, id: driverId };
        const details = await bookingNoticeDetails(ctx, tx, booking.id);
        const ref = { id: booking.id, ...named, status: 'pending' as const, ...(details ?? {}) };
        mails.push(await recordBookingNotice(ctx, tx, recipient, 'bookingConfirmed', ref));
        mails.push(await recordBookingNotice(ctx, tx, supplier, 'bookingNew', ref));
      }
      return { bookingId: booking.id, status: booking.status, accountCreated: activationLink !== null, mails };
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23P01')
      throw new AppError('CAR_UNAVAILABLE', 'This car was just booked by someone else for these dates.');
    if (code === '23505') throw emailTaken();
    throw error;
  }
  const { mails, ...booking } = placed;
  await deliverNotices(ctx, mails);
  return booking;
}
