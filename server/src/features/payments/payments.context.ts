import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from './payments.service.ts';
import { createPaypalGateway } from './paypal-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/** Keyed by the app's database object: the same for every encapsulated plugin of one app. */
const contexts = new WeakMap<object, PaymentsContext>();

/** The gateways of this app, created once from configuration (unset keys: demo gateway, no wallet). */
export function paymentsContext(app: FastifyInstance): PaymentsContext {
  let context = contexts.get(app.database);
  if (!context) {
    context = {
      db: app.database.db,
      mailer: app.mailer,
      config: app.config,
      log: app.log,
      stripe: createStripeGateway(app.config),
      paypal: createPaypalGateway(app.config),
    };
    contexts.set(app.database, context);
  }
  return context;
}
