import { z } from 'zod';
import { INVOICE_KINDS } from './invoices.ts';

// The invoices' API shapes (their types and rules: invoices.ts).

/** `GET /api/booking-invoices/{id}`: a booking's invoices and credit notes, as issued, oldest first. */
export const BookingInvoiceSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  issuedAt: z.iso.datetime(),
  /** A credit note's invoice's number. */
  invoiceNumber: z.string().nullable(),
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
  currency: z.string(),
});
export const BookingInvoicesSchema = z.array(BookingInvoiceSchema);

/** `GET /api/booking-invoice/{id}/{invoiceId}`: the booking, and one of its invoices or credit notes. */
export const BookingInvoiceParamsSchema = z.object({ id: z.uuid(), invoiceId: z.uuid() });
