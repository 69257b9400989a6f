import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages.ts';

// Managing a booking without an account (issue #25 item 1): the booking reference and the e-mail it was made with
// ask for a one-time link, e-mailed to that address; opening it gives this browser the right to that one booking.

/** `POST /api/manage-booking-link`. The answer is the same whether or not a booking matches. */
export const ManageBookingLinkBodySchema = z.object({
  /** As people write it: any case, with spaces or a dash. */
  reference: z
    .string()
    .trim()
    .min(1, { error: 'Please fill in the field: Booking reference' })
    .max(20, { error: 'Invalid booking reference' }),
  // auth.ts's EmailSchema, written here: importing auth.ts would tie this screen's lazy schema chunk to the account
  // screens' (web/vite-customer-chunks.ts: the console must not change a customer's lazy chunks).
  email: z
    .string()
    .trim()
    .max(320)
    .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail })),
});
export type ManageBookingLinkBody = z.infer<typeof ManageBookingLinkBodySchema>;

export const ManageBookingLinkResultSchema = z.object({ sent: z.literal(true) });
export type ManageBookingLinkResult = z.infer<typeof ManageBookingLinkResultSchema>;

/** `POST /api/open-manage-link`: the link's secret, as e-mailed. */
export const OpenManageLinkBodySchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export type OpenManageLinkBody = z.infer<typeof OpenManageLinkBodySchema>;

export const OpenedManageLinkSchema = z.object({ bookingId: z.uuid() });
export type OpenedManageLink = z.infer<typeof OpenedManageLinkSchema>;
