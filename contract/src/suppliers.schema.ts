import { z } from 'zod';

// Suppliers' schemas (their types: suppliers.ts). The list is public: the search filter needs it even when
// HIDE_SUPPLIERS is set; the web hides the logos section and the /suppliers page then (spec §2).

/** A supplier as a car card and the supplier filter show it. */
export const SupplierSummarySchema = z.object({
  _id: z.uuid(),
  fullName: z.string(),
  /** URL of the logo (60x30, spec §9), or null. */
  logo: z.string().nullable(),
});

/** What checkout needs to know about a car's supplier, besides its name. */
export const SupplierTermsSchema = SupplierSummarySchema.extend({
  /** Percentage added to every price (docs/architecture.md §5 "Price"). */
  priceChangeRate: z.number(),
  payLater: z.boolean(),
  licenseRequired: z.boolean(),
});

/** `GET /api/suppliers`: every supplier with its number of cars. */
export const SupplierSchema = SupplierSummarySchema.extend({ carCount: z.number().int().nonnegative() });
export const SupplierListSchema = z.array(SupplierSchema);
