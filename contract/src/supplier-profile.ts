import type { z } from 'zod';
import type {
  CreateSupplierBodySchema,
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
} as const;

export type SupplierProfile = z.infer<typeof SupplierProfileSchema>;
export type UpdateSupplierProfileBody = z.input<typeof UpdateSupplierProfileBodySchema>;
export type CreateSupplierBody = z.input<typeof CreateSupplierBodySchema>;
