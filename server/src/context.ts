import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { SearchIndex } from '#server/features/cars/search.index.ts';
import type { RateService } from '#server/features/currency/currency.service.ts';
import type { PeriodCache } from '#server/features/dashboard/period.cache.ts';
import type { PaypalGateway } from '#server/features/gateways/paypal.gateway.ts';
import type { StripeGateway } from '#server/features/gateways/stripe.gateway.ts';
import type { Mailer } from '#server/lib/mailer.ts';
import type { Config } from './config.ts';

/** What time it is for the rules (holds, lead times, reminders); tests may stand a fixed clock in. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * Everything a service needs, built once in app.ts and passed the same way to every service as its first argument
 * (docs/house-style.md "Services receive one context object"). Routes read it from `app.context` and call
 * `service(app.context, …)`. A service another feature calls inside its own transaction takes that transaction
 * second — `recordBookingNotice(ctx, tx, …)`, `createGuestAccount(ctx, tx, …)` — so the whole change commits or
 * rolls back together; `ctx.db` is never swapped for a transaction.
 */
export type AppContext = {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Live display-currency rates (cached), with the bundled snapshot as the last resort. */
  rates: RateService;
  /** The configured gateways: null when their keys are unset (the demo gateway then takes cards outside production). */
  payments: { stripe: StripeGateway | null; paypal: PaypalGateway | null };
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * The app's state, rebuilt from the database and closed with the app (docs/architecture.md §2 "State"): the car
   * search's in-memory index of the fleet and its blocking bookings, the dashboard's period figures, the bookings
   * desk's totals and the statement's month totals (kept a minute each, per scope and question).
   */
  searchIndex: SearchIndex;
  periods: PeriodCache;
  deskTotals: PeriodCache;
  statementTotals: PeriodCache;
};
