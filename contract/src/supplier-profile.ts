import type { z } from 'zod';
import type {
  CreateSupplierBodySchema,
  HouseBusinessSchema,
  HouseBusinessStateSchema,
  SupplierProfileSchema,
  UpdateSupplierProfileBodySchema,
} from './supplier-profile.schema.ts';

// A supplier's profile as its operator edits it: the fields the customer pages already use — the name and logo on
// every car card, pay later and licence required at checkout, the percentage in every price — and how to reach the
// business. An update changes only the fields it carries; the percentage is the admin's alone. Not modelled: a
// minimum rental length per supplier (no customer page or rule uses one today). The schemas are in
// supplier-profile.schema.ts.

export const SUPPLIER_PROFILE_MESSAGES = {
  adminOnlyRate: 'Only an admin can change the price change percentage.',
  houseExists: 'The house business exists already.',
  houseNotFounder: "The house business is the site's first admin's: a member of the platform's team cannot own it.",
} as const;

export type SupplierProfile = z.infer<typeof SupplierProfileSchema>;
export type UpdateSupplierProfileBody = z.input<typeof UpdateSupplierProfileBodySchema>;
export type CreateSupplierBody = z.input<typeof CreateSupplierBodySchema>;
export type HouseBusiness = z.infer<typeof HouseBusinessSchema>;
export type HouseBusinessState = z.infer<typeof HouseBusinessStateSchema>;
