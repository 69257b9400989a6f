import type { z } from 'zod';
import type { DashboardQuerySchema, DashboardSchema, MovementSchema, RevenueRowSchema } from './dashboard.schema.ts';

// The operator's dashboard: the day's work at each place — pick-ups and drop-offs today at the place's clock — the
// queues (open cancellation requests, unpaid holds), and for a chosen period the revenue by status and currency (with
// its value in the base currency, at each booking's own rate) and the utilisation of the fleet. The admin sees every
// supplier's (or one chosen), a supplier its own. Computed in SQL (docs/architecture.md §7). The schemas are in
// dashboard.schema.ts.

/** The longest period one call answers: a year and a day. */
export const DASHBOARD_MAX_DAYS = 366;

export type DashboardQuery = z.input<typeof DashboardQuerySchema>;
export type Movement = z.infer<typeof MovementSchema>;
export type RevenueRow = z.infer<typeof RevenueRowSchema>;
export type Dashboard = z.infer<typeof DashboardSchema>;
