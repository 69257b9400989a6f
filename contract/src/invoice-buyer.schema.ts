import { z } from 'zod';
import { text } from './text.schema.ts';

/**
 * A business customer as the buyer on a booking's invoices (docs/decisions/0011-invoices.md): its company name,
 * address and VAT number, given at checkout, on the desk or at the counter. Its own module: the checkout's form loads
 * it without the invoices' shapes.
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
