import type { z } from 'zod';
import type { DeskCustomerSchema, WalkInBodySchema, WalkInResultSchema } from './walk-in.schema.ts';

// Walk-in and phone bookings: an operator books a car for a customer through the customer's checkout — the same
// choices, rules, prices and guarantees — and says how the customer pays. The schemas are in walk-in.schema.ts.

/** At the counter (booked now, paid at pick-up), or by a payment link e-mailed to the customer. */
export const DESK_PAYMENTS = ['counter', 'link'] as const;

export type DeskCustomer = z.infer<typeof DeskCustomerSchema>;
export type WalkInBody = z.infer<typeof WalkInBodySchema>;
export type WalkInResult = z.infer<typeof WalkInResultSchema>;
