import { randomUUID } from 'node:crypto';
import { licenceIssues } from '@roam/contract/counter';
import { LanguageSchema } from '@roam/contract/languages.schema';
import { isReachableEmail, NO_EMAIL_DOMAIN, type WalkInBody, type WalkInResult } from '@roam/contract/walk-in';
import type { AppContext } from '#server/context.ts';
import { findDriverAccount } from '#server/features/auth/account.service.ts';
import { sendPaymentLink } from '#server/features/booking-access/booking-access.service.ts';
import { tellDriverOfDeskBooking } from '#server/features/booking-access/desk-booking.service.ts';
import { bookingSummaries } from '#server/features/bookings/bookings.service.ts';
import { priceCheckout } from '#server/features/checkout/checkout-pricing.service.ts';
import { type CheckoutOrder, validateCheckout } from '#server/features/checkout/checkout-validation.service.ts';
import { placeBooking } from '#server/features/checkout/place-booking.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { findCarForBooking } from '#server/lib/car-pricing.repository.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { accountAsSessionUser, isPlatform, operates } from '#server/plugins/session-user.ts';

// Walk-in and phone bookings: the operator books a car for a customer through the customer's own
// checkout steps — validateCheckout → priceCheckout → placeBooking — so the same rules, the same price, the same
// no-overlap guarantee and the same messages hold. What differs is said where it happens
// (checkout-validation.service.ts `Desk`, place-booking.service.ts): no per-address hold limit, the counter books
// pay-later whatever the supplier's switch, a payment link holds the car for a day, and the operator is the audit
// trail's actor.

/**
 * The additional driver's licence read at the desk, checked as the check-out checks it (contract counter.ts
 * `licenceIssues`: valid to the drop-off, old enough for the car) before the booking is made with it.
 */
function checkDeskLicence(order: CheckoutOrder) {
  const second = order.body.additionalDriver as WalkInBody['additionalDriver'];
  if (!order.extras.additionalDriver || !second?.licence) return;
  const rental = {
    pickupAt: order.pickupAt,
    pickupTimeZone: order.pickupPlace.timeZone,
    dropoffAt: order.dropoffAt,
    dropoffTimeZone: order.dropoffPlace.timeZone,
    minimumAge: order.car.minimumAge,
  };
  const issues = licenceIssues({ ...second.licence, birthDate: second.birthDate }, rental);
  if (issues.length === 0) return;
  const path = (field: string) =>
    field === 'birthDate' ? 'additionalDriver.birthDate' : `additionalDriver.licence.${field}`;
  throw validationFailed(Object.fromEntries(issues.map((issue) => [path(issue.field), [issue.message]])));
}

/** The customer's details as the checkout's driver fields: their errors come back on the customer's fields. */
function asCustomerErrors(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const fields = Object.entries(error.fieldErrors).map(([field, messages]) => [
    field === 'birthDate' ? 'customer.birthDate' : field.replace(/^driver\./, 'customer.'),
    messages,
  ]);
  return new AppError(error.code, error.message, Object.fromEntries(fields));
}

/**
 * The customer as the checkout takes them: an existing driver's account (picked by the admin by id, or found by the
 * exact e-mail the customer gives), or a new guest driver. A supplier does not browse drivers (they see only their
 * own bookings' drivers): they book by the e-mail the customer gives them.
 */
async function customerOf(ctx: AppContext, actor: SessionUser, body: WalkInBody) {
  const { customer } = body;
  if (customer.kind === 'existing') {
    if (!isPlatform(actor)) throw new AppError('FORBIDDEN', 'Only an administrator can pick a driver.');
    const driver = await findDriverAccount(ctx, { id: customer.driverId });
    if (!driver) throw new AppError('NOT_FOUND', 'Driver not found.');
    return { user: accountAsSessionUser(driver), driver: undefined, typed: null };
  }
  const { kind: _kind, language, ...typed } = customer;
  // No e-mail given (a counter customer need not): '' is what the booking shows of it, and nothing looks it up.
  const email = typed.email?.trim() ?? '';
  const deskCustomer = { ...typed, email };
  // An existing driver's account is booked by its e-mail, with only what the operator typed (checkout's `Desk`).
  const existing = email ? await findDriverAccount(ctx, { email }) : undefined;
  if (existing) return { user: accountAsSessionUser(existing), driver: undefined, typed: deskCustomer };
  // Without an e-mail the booking's driver is an account at an address no mail reaches (contract NO_EMAIL_DOMAIN).
  const accountEmail = email || `desk-${randomUUID()}@${NO_EMAIL_DOMAIN}`;
  // The customer agrees to the terms at the counter or on the phone, as the operator's terms of business say.
  const driver = { ...typed, email: accountEmail, language, acceptTerms: true as const };
  return { user: null, driver, typed: deskCustomer };
}

export async function bookWalkIn(ctx: AppContext, actor: SessionUser, body: WalkInBody): Promise<WalkInResult> {
  // A supplier books their own cars only: another's is unknown to them, as everywhere in the console.
  const car = await findCarForBooking(ctx.db, body.carId);
  if (!car || !operates(actor, car.supplier.id)) throw new AppError('NOT_FOUND', 'Car not found.');
  const { user, driver, typed } = await customerOf(ctx, actor, body);
  const { customer: _customer, payment, ...choices } = body;
  const checkoutBody = {
    ...choices,
    paymentOption: payment === 'counter' ? 'payLater' : 'full',
    driver,
    saveCard: false,
  } as const;
  const desk = { operator: actor, payment, customer: typed };
  try {
    const order = await validateCheckout(ctx, checkoutBody, {
      user,
      guestTokenHash: null,
      clientKey: `desk:${actor.id}`,
      desk,
    });
    checkDeskLicence(order);
    const quote = await priceCheckout(ctx, order);
    const placed = await placeBooking(ctx, order, quote);
    const linkSent = payment === 'link' && (await sendPaymentLink(ctx, placed.bookingId, order.pickupPlace.timeZone));
    // The driver hears of a booking made in their name, and may refuse it (second outside audit, item 1).
    await tellDriverOfDeskBooking(ctx, placed.bookingId, {
      carName: order.car.name,
      supplierName: order.supplier.fullName,
      pickupAt: order.pickupAt,
      dropoffAt: order.dropoffAt,
      timeZone: order.pickupPlace.timeZone,
    });
    const language = LanguageSchema.safeParse(actor.language).data ?? ctx.config.DEFAULT_LANGUAGE;
    const summary = (await bookingSummaries(ctx, ctx.db, placed.bookingId))!(language);
    return {
      bookingId: placed.bookingId,
      reference: summary.reference,
      status: placed.status,
      price: quote.price,
      chargedAmount: quote.chargedAmount,
      currency: body.currency,
      holdExpiresAt: quote.holdExpiresAt?.toISOString() ?? null,
      // An account made at an address no mail reaches sends no activation: nothing for the desk to tell.
      accountCreated: placed.accountCreated && isReachableEmail(typed?.email ?? ''),
      linkSent,
    };
  } catch (error) {
    throw asCustomerErrors(error);
  }
}
