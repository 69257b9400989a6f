import type { AmendmentPayment } from '@roam/contract/amendments';
import type { UpdateBookingBody } from '@roam/contract/bookings';
import type { DemoPaymentBody, PaymentResult } from '@roam/contract/checkout';
import type { AppContext } from '#server/context.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import { isOperator, visibleRecord } from '#server/features/bookings/bookings.service.ts';
import { demoCardAccepted } from '#server/features/gateways/demo.gateway.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import {
  checkChangeWalletOrder,
  createChangeWalletOrder,
  openAmendment,
  payChangeWithDemoCard,
} from './amendment-payments.service.ts';
import { type PlannedChange, planChange, quoteOf, TAKEN } from './amendment-plan.service.ts';

// A driver's change of a booking before it is made (issue #25 item 2): its quote, and a dearer change's difference paid
// through the booking's gateway (amendment-payments.service.ts). Making a change is update-booking
// (bookings.service.ts).

/** The change's new period is free of other holds of the car (the exclusion constraint decides again on writing). */
async function assertCarFree(ctx: AppContext, record: repository.BookingRecord, plan: PlannedChange) {
  const { pickupAt, dropoffAt } = plan.values;
  const { carId, id } = record.booking;
  if (await repository.carTakenBetween(ctx.db, carId, id, pickupAt, dropoffAt, ctx.clock.now())) throw TAKEN();
}

/** The booking whose change's difference `user` pays: its driver or its link's holder, never an operator. */
async function payerRecord(ctx: AppContext, user: SessionUser, id: string) {
  const { record } = await visibleRecord(ctx, user, id);
  if (isOperator(record, user)) throw new AppError('FORBIDDEN', 'Only the driver pays a change.');
  return record;
}

/** `POST /api/amendment-quote/{id}` (issue #25 item 2): what the change would cost, and whether the car is free. */
export async function amendmentQuote(ctx: AppContext, user: SessionUser, id: string, body: UpdateBookingBody) {
  const { record, actions } = await visibleRecord(ctx, user, id);
  const operator = isOperator(record, user);
  if (!operator && (body.status !== undefined || body.pickupLocationId !== undefined)) {
    throw new AppError('FORBIDDEN', 'Only the supplier can change this.');
  }
  if (!actions.includes('edit')) throw new AppError('CONFLICT', 'This booking can no longer be changed.');
  const plan = await planChange(ctx, record, body, operator);
  await assertCarFree(ctx, record, plan);
  return quoteOf(record, plan);
}

/**
 * `POST /api/amendment-payment/{id}` (issue #25 item 2): the driver (or the booking's link) confirms a dearer change of
 * a booking paid online in full; the change waits until its difference is paid through the booking's gateway
 * (amendment-payments.service.ts). Operators change a booking with update-booking: what was paid online stays as paid.
 */
export async function payForChange(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  body: UpdateBookingBody,
): Promise<AmendmentPayment> {
  const { record, actions } = await visibleRecord(ctx, user, id);
  if (isOperator(record, user) || body.status !== undefined || body.pickupLocationId !== undefined) {
    throw new AppError('FORBIDDEN', 'Only the supplier can change this.');
  }
  if (!actions.includes('edit')) throw new AppError('CONFLICT', 'This booking can no longer be changed.');
  const plan = await planChange(ctx, record, body, false);
  if (plan.settlement !== 'charge') throw new AppError('CONFLICT', 'This change has no difference to pay online.');
  await assertCarFree(ctx, record, plan);
  return openAmendment(ctx, record, plan);
}

/** `POST /api/pay-amendment/{id}/{amendmentId}`: the demo card pays a change's difference (issue #25 item 2). */
export async function payChangeByDemoCard(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  amendmentId: string,
  card: DemoPaymentBody,
): Promise<PaymentResult> {
  await payerRecord(ctx, user, id);
  return payChangeWithDemoCard(ctx, id, amendmentId, demoCardAccepted(ctx, card));
}

/** `POST /api/amendment-paypal-order/{id}/{amendmentId}`: the wallet's order of a change's difference (issue #25). */
export async function changeWalletOrder(ctx: AppContext, user: SessionUser, id: string, amendmentId: string) {
  return createChangeWalletOrder(ctx, await payerRecord(ctx, user, id), amendmentId);
}

/** `POST /api/check-amendment-paypal-order/{id}/{amendmentId}/{orderId}`: captured, then the change applied once. */
export async function checkChangeWallet(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  amendmentId: string,
  orderId: string,
) {
  await payerRecord(ctx, user, id);
  return checkChangeWalletOrder(ctx, id, amendmentId, orderId);
}
