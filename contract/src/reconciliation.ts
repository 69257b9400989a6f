import type { z } from 'zod';
import type {
  ReconciliationDaySchema,
  ReconciliationMismatchSchema,
  ReconciliationQuerySchema,
  ReconciliationSchema,
} from './reconciliation.schema.ts';

// The reconciliation (docs/decisions/0015-reconciliation.md): per gateway and day (UTC), what Roam's ledger recorded
// against what the gateway confirmed, and every mismatch. No zod here (the console's bundle reads the constants).

/** The gateways reconciled: every one that takes money online (the counter's money has no gateway to confirm it). */
export const RECONCILED_GATEWAYS = ['stripe', 'paypal', 'demo'] as const;
export type ReconciledGateway = (typeof RECONCILED_GATEWAYS)[number];

/**
 * What does not agree:
 * - `unrecorded`: the gateway confirmed money moved that Roam's ledger has no row for (a payment without a booking);
 * - `unconfirmed`: Roam recorded a payment the gateway never confirmed (after the grace period);
 * - `refundUnconfirmed`: Roam recorded a refund the gateway never confirmed (after the grace period);
 * - `amountDiffers`: both sides have it, at another amount or currency.
 */
export const MISMATCH_KINDS = ['unrecorded', 'unconfirmed', 'refundUnconfirmed', 'amountDiffers'] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

/** A gateway's confirmation may come after Roam recorded the movement: within this, it is pending, not missing. */
export const CONFIRMATION_GRACE_MINUTES = 60;

/** The longest range one call reads: a month and a day. */
export const RECONCILIATION_MAX_DAYS = 31;

export type ReconciliationQuery = z.infer<typeof ReconciliationQuerySchema>;
export type ReconciliationDay = z.infer<typeof ReconciliationDaySchema>;
export type ReconciliationMismatch = z.infer<typeof ReconciliationMismatchSchema>;
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
