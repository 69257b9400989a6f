import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from './payments.service.ts';

/** Keyed by the app's database object: the same for every encapsulated plugin of one app. */
const contexts = new WeakMap<object, PaymentsContext>();

/** The gateways of this app (app.context.payments, created once from configuration). */
export function paymentsContext(app: FastifyInstance): PaymentsContext {
  let context = contexts.get(app.database);
  if (!context) {
    const { db, mailer, config, log, rates, payments } = app.context;
    context = { db, mailer, config, log, rates, stripe: payments.stripe, paypal: payments.paypal };
    contexts.set(app.database, context);
  }
  return context;
}
