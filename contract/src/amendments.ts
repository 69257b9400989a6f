import { z } from 'zod';
import { GatewaySessionSchema } from './checkout.ts';
import type { PaymentOption } from './enum-values.ts';

// Changing a booking (issue #25 item 2, spec §2 "edit", §3 `amendments`): the change is re-priced with the checkout's
// rules at the booking's own rate, and the difference is settled by how it was paid — online in full: charged through
// the booking's gateway or refunded to it; pay later or a security deposit online: the rental is paid at the counter,
// so the difference is due there.

export const SETTLEMENTS = ['charge', 'refund', 'counter', 'none'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/**
 * How a change from `before` to `after` (the booking's totals, minor units of its currency) is settled, given what
 * was paid online for the rental (`paid`, 0 when nothing was). A refund never exceeds what was paid.
 */
export function settlementOf(input: { paymentOption: PaymentOption; paid: number; before: number; after: number }): {
  settlement: Settlement;
  amount: number;
} {
  const difference = input.after - input.before;
  if (difference === 0) return { settlement: 'none', amount: 0 };
  if (input.paymentOption !== 'full' || input.paid === 0)
    return { settlement: 'counter', amount: Math.abs(difference) };
  if (difference > 0) return { settlement: 'charge', amount: difference };
  return { settlement: 'refund', amount: Math.min(-difference, input.paid) };
}

const Money = z.object({ amount: z.number().int(), currency: z.string().length(3) });

/** `POST /api/amendment-quote/{id}`: what the change would cost before the driver confirms it. */
export const AmendmentQuoteSchema = z.object({
  before: Money,
  after: Money,
  /** after − before, in the booking's currency (negative when the change costs less). */
  difference: Money,
  settlement: z.enum(SETTLEMENTS),
  /** What is charged, refunded or due at the counter (≥ 0); 0 when nothing changes. */
  amount: Money,
});
export type AmendmentQuote = z.infer<typeof AmendmentQuoteSchema>;

/**
 * `POST /api/amendment-payment/{id}` (issue #25 item 2): a dearer change of a booking paid online, confirmed — the
 * change waits as amendment `amendmentId` until `amount` is paid through the booking's gateway: the demo card
 * (`POST /api/pay-amendment/{id}/{amendmentId}`) or the card provider's session (it returns to
 * /checkout-session/{sessionId}). The booking keeps its terms until then.
 */
export const AmendmentPaymentSchema = z.object({
  amendmentId: z.uuid(),
  amount: Money,
  /** The card gateway; null for a booking paid by the wallet: its order is made by `amendment-paypal-order`. */
  payment: GatewaySessionSchema.nullable(),
});
export type AmendmentPayment = z.infer<typeof AmendmentPaymentSchema>;

export const AmendmentParamsSchema = z.object({ id: z.uuid(), amendmentId: z.uuid() });
export const AmendmentOrderParamsSchema = AmendmentParamsSchema.extend({ orderId: z.string().min(1).max(100) });
