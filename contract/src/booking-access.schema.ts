import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';

// The schemas of the manage link (their types: booking-access.ts).

/** `POST /api/manage-booking-link`. The answer is the same whether or not a booking matches. */
export const ManageBookingLinkBodySchema = z.object({
  /** As people write it: any case, with spaces or a dash. */
  reference: z
    .string()
    .trim()
    .min(1, { error: 'Please fill in the field: Booking reference' })
    .max(20, { error: 'Invalid booking reference' }),
  // auth.schema.ts's EmailSchema, written here: importing it would tie this screen's lazy schema chunk to the
  // account screens'.
  email: z
    .string()
    .trim()
    .max(320)
    .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail })),
});

export const ManageBookingLinkResultSchema = z.object({ sent: z.literal(true) });

/** `POST /api/open-manage-link`: the link's secret, as e-mailed. */
export const OpenManageLinkBodySchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const OpenedManageLinkSchema = z.object({ bookingId: z.uuid() });
