import type { z } from 'zod';
import type { AmendmentPaymentSchema, AmendmentQuoteSchema } from './amendments.schema.ts';

// Changing a booking (spec §2 "edit", §3 `amendments`): the change is priced at the booking's own
// terms and rate (booked-terms.ts `priceChange`), and settled against what was actually paid (ledger.ts
// `bookingBalance`) by one rule, `settlementOf`, whoever makes the change. The
// rule and the types; the schemas are in amendments.schema.ts.

export const SETTLEMENTS = ['charge', 'refund', 'counter', 'none'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/**
 * How a change of the booking's total from `before` to `after` (minor units of its currency) is settled against what
 * was paid towards it (`paid`, the balance's), the driver's and the operator's change alike:
 * - `none`: the total does not change — an empty change changes nothing, whatever was paid;
 * - `refund`: what was paid beyond the new total goes back through the gateways it was paid with, never more than
 *   they can give back (`refundable`; from each payment at most what it took);
 * - `charge`: what is due grows and the driver pays it first through the booking's own gateway (`chargeOnline`: the
 *   driver's change of a booking paid online in full);
 * - `counter`: what is due at the counter grows (an operator's change, or a booking paid at the counter; an operator's
 *   rise of a booking paid online also e-mails a payment link) or shrinks.
 * `amount` is what is refunded, charged, or the change of what is due at the counter; `due` what is due after it.
 */
export function settlementOf(input: {
  before: number;
  after: number;
  paid: number;
  refundable: number;
  chargeOnline: boolean;
}): { settlement: Settlement; amount: number; due: number } {
  const { before, after, paid } = input;
  if (after === before) return { settlement: 'none', amount: 0, due: Math.max(0, after - paid) };
  const refund = Math.min(Math.max(0, paid - after), input.refundable);
  if (refund > 0) return { settlement: 'refund', amount: refund, due: Math.max(0, after - (paid - refund)) };
  const dueBefore = Math.max(0, before - paid);
  const due = Math.max(0, after - paid);
  if (due === dueBefore) return { settlement: 'none', amount: 0, due };
  if (due > dueBefore && input.chargeOnline) return { settlement: 'charge', amount: due - dueBefore, due };
  return { settlement: 'counter', amount: Math.abs(due - dueBefore), due };
}

export type AmendmentQuote = z.infer<typeof AmendmentQuoteSchema>;
export type AmendmentPayment = z.infer<typeof AmendmentPaymentSchema>;
