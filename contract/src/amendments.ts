import type { z } from 'zod';
import type { AmendmentPaymentSchema, AmendmentQuoteSchema } from './amendments.schema.ts';
import type { PaymentOption } from './bookings.ts';

// Changing a booking (spec §2 "edit", §3 `amendments`): the change is re-priced with the checkout's rules at the
// booking's own rate, and the difference is settled by how it was paid — online in full: charged through the
// booking's gateway or refunded to it; pay later or a security deposit online: the rental is paid at the counter,
// so the difference is due there. The rule and the types; the schemas are in amendments.schema.ts.

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

export type AmendmentQuote = z.infer<typeof AmendmentQuoteSchema>;
export type AmendmentPayment = z.infer<typeof AmendmentPaymentSchema>;
