import type { z } from 'zod';
import type {
  ManageBookingLinkBodySchema,
  ManageBookingLinkResultSchema,
  OpenedManageLinkSchema,
  OpenManageLinkBodySchema,
} from './booking-access.schema.ts';

// Managing a booking without an account: the booking reference and the e-mail it was made with ask for a one-time
// link, e-mailed to that address; opening it gives this browser the right to that one booking. The schemas are in
// booking-access.schema.ts.

export type ManageBookingLinkBody = z.infer<typeof ManageBookingLinkBodySchema>;
export type ManageBookingLinkResult = z.infer<typeof ManageBookingLinkResultSchema>;
export type OpenManageLinkBody = z.infer<typeof OpenManageLinkBodySchema>;
export type OpenedManageLink = z.infer<typeof OpenedManageLinkSchema>;
