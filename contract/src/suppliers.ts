import type { z } from 'zod';
import type { SupplierSchema, SupplierSummarySchema, SupplierTermsSchema } from './suppliers.schema.ts';

// Suppliers: a business that rents out its cars on Roam, as the customer pages show it (schemas: suppliers.schema.ts).

export type SupplierSummary = z.infer<typeof SupplierSummarySchema>;
export type SupplierTerms = z.infer<typeof SupplierTermsSchema>;
export type Supplier = z.infer<typeof SupplierSchema>;
