import type { z } from 'zod';
import type { DeskCustomerSchema, WalkInBodySchema, WalkInResultSchema } from './walk-in.schema.ts';

// Walk-in and phone bookings: an operator books a car for a customer through the customer's checkout — the same
// choices, rules, prices and guarantees — and says how the customer pays. The schemas are in walk-in.schema.ts.

/** At the counter (booked now, paid at pick-up), or by a payment link e-mailed to the customer. */
export const DESK_PAYMENTS = ['counter', 'link'] as const;

/** The desk's own refusals, in the words the console translates (web console/walk-in). */
export const WALK_IN_MESSAGES = {
  linkNeedsEmail: "A payment link needs the customer's e-mail address.",
} as const;

/**
 * The domain of the driver account made for a counter customer who gave no e-mail address: `.invalid` is reserved
 * (RFC 6761), so the address reaches no one, and the mailer records a message to it without sending it
 * (server lib/mailer.ts). The account exists only so that the booking has a driver; nobody signs in to it.
 */
export const NO_EMAIL_DOMAIN = 'no-email.invalid';

/** Whether mail to `email` can reach anyone: not empty, and not at a reserved `.invalid` domain. */
export const isReachableEmail = (email: string) => email.trim() !== '' && !/\.invalid$/i.test(email.trim());

export type DeskCustomer = z.infer<typeof DeskCustomerSchema>;
export type WalkInBody = z.infer<typeof WalkInBodySchema>;
export type WalkInResult = z.infer<typeof WalkInResultSchema>;
