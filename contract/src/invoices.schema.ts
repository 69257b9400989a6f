import { z } from 'zod';
import { INVOICE_KINDS } from './invoices.ts';
import { text } from './text.schema.ts';

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

/**
 * A business customer as the buyer on a booking's invoices (docs/decisions/0011-invoices.md): its company name,
 * address and VAT number, given at checkout, on the desk or at the counter.
 */
export const InvoiceBuyerFieldsSchema = z.object({
  name: text().min(1, { error: 'Please fill in the field: Company name' }).max(200),
  address: text({ multiline: true })
    .max(500)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  vatNumber: text()
    .max(40)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});

/**
 * `POST /api/booking-invoice-buyer/{id}`: a business customer as the buyer on the booking's invoices issued from now
 * on (its company name, address, VAT number); null: the driver again. An invoice already issued keeps its buyer.
 */
export const InvoiceBuyerBodySchema = z.object({ buyer: InvoiceBuyerFieldsSchema.nullable() });
export const InvoiceBuyerSchema = z.object({
  buyer: z.object({ name: z.string(), address: z.string().nullable(), vatNumber: z.string().nullable() }).nullable(),
});
