import { z } from 'zod';
import { SETTLEMENTS } from './amendments.ts';
import { GatewaySessionSchema } from './checkout.schema.ts';

// The schemas of a change to a booking (its rule and types: amendments.ts).

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

/**
 * `POST /api/amendment-payment/{id}`: a dearer change of a booking paid online, confirmed — the
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

export const AmendmentParamsSchema = z.object({ id: z.uuid(), amendmentId: z.uuid() });
export const AmendmentOrderParamsSchema = AmendmentParamsSchema.extend({ orderId: z.string().min(1).max(100) });
