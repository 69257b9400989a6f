import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Database } from '#server/db/client.ts';
import { amendmentsRoutes } from '#server/features/amendments/amendments.routes.ts';
import { authRoutes } from '#server/features/auth/auth.routes.ts';
import { bookingAccessRoutes } from '#server/features/booking-access/booking-access.routes.ts';
import { bookingDeskRoutes } from '#server/features/booking-desk/booking-desk.routes.ts';
import { bookingRulesRoutes } from '#server/features/booking-rules/booking-rules.routes.ts';
import { bookingRefusalRoutes } from '#server/features/bookings/booking-refusal.routes.ts';
import { bookingsRoutes } from '#server/features/bookings/bookings.routes.ts';
import { cancellationRequestsRoutes } from '#server/features/cancellations/cancellation-requests.routes.ts';
import { cancellationsRoutes } from '#server/features/cancellations/cancellations.routes.ts';
import { carBlocksRoutes } from '#server/features/car-blocks/car-blocks.routes.ts';
import { carsRoutes } from '#server/features/cars/cars.routes.ts';
import { SearchIndex } from '#server/features/cars/search.index.ts';
import { catalogueExtrasRoutes } from '#server/features/catalogue-extras/catalogue-extras.routes.ts';
import { checkoutRoutes } from '#server/features/checkout/checkout.routes.ts';
import { contactRoutes } from '#server/features/contact/contact.routes.ts';
import { counterRoutes } from '#server/features/counter/counter.routes.ts';
import { documentAttachments } from '#server/features/counter/counter-documents.service.ts';
import { counterHolderRoutes } from '#server/features/counter/counter-holder.routes.ts';
import { counterSettingsRoutes } from '#server/features/counter/counter-settings.routes.ts';
import { settlementRoutes } from '#server/features/counter/settlement.routes.ts';
import { currencyRoutes } from '#server/features/currency/currency.routes.ts';
import { createRateService } from '#server/features/currency/currency.service.ts';
import { parseRateProviders } from '#server/features/currency/rate-providers.gateway.ts';
import { dashboardRoutes } from '#server/features/dashboard/dashboard.routes.ts';
import { PeriodCache } from '#server/features/dashboard/period.cache.ts';
import { documentsRoutes } from '#server/features/documents/documents.routes.ts';
import { bookingAttachments } from '#server/features/documents/documents.service.ts';
import { feeQuoteRoutes } from '#server/features/fee-rules/fee-quote.routes.ts';
import { feeRulesRoutes } from '#server/features/fee-rules/fee-rules.routes.ts';
import { fleetRoutes } from '#server/features/fleet/fleet.routes.ts';
import { fleetImportRoutes } from '#server/features/fleet-import/fleet-import.routes.ts';
import { createPaypalGateway } from '#server/features/gateways/paypal.gateway.ts';
import { createStripeGateway } from '#server/features/gateways/stripe.gateway.ts';
import { invoicesRoutes } from '#server/features/invoices/invoices.routes.ts';
import { invoiceAttachments } from '#server/features/invoices/invoices.service.ts';
import { locationsRoutes } from '#server/features/locations/locations.routes.ts';
import { locationsAdminRoutes } from '#server/features/locations/locations-admin.routes.ts';
import { locationsImportRoutes } from '#server/features/locations/locations-import.routes.ts';
import { newsletterRoutes } from '#server/features/newsletter/newsletter.routes.ts';
import { notificationsRoutes } from '#server/features/notifications/notifications.routes.ts';
import { openingHoursRoutes } from '#server/features/opening-hours/opening-hours.routes.ts';
import { paymentsRoutes } from '#server/features/payments/payments.routes.ts';
import { profileRoutes } from '#server/features/profile/profile.routes.ts';
import { promoCodesRoutes } from '#server/features/promo-codes/promo-codes.routes.ts';
import { reconciliationRoutes } from '#server/features/reconciliation/reconciliation.routes.ts';
import { startReminders } from '#server/features/reminders/reminders.service.ts';
import { schedulerRoutes } from '#server/features/scheduler/scheduler.routes.ts';
import { setupRoutes } from '#server/features/setup/setup.routes.ts';
import { siteSettingsRoutes } from '#server/features/site-settings/site-settings.routes.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { statementsRoutes } from '#server/features/statements/statements.routes.ts';
import { houseBusinessRoutes } from '#server/features/suppliers/house-business.routes.ts';
import { supplierProfileRoutes } from '#server/features/suppliers/supplier-profile.routes.ts';
import { suppliersRoutes } from '#server/features/suppliers/suppliers.routes.ts';
import { systemRoutes } from '#server/features/system/system.routes.ts';
import { securityRoutes } from '#server/features/team/security.routes.ts';
import { teamRoutes } from '#server/features/team/team.routes.ts';
import { usersRoutes } from '#server/features/users/users.routes.ts';
import { walkInRoutes } from '#server/features/walk-in/walk-in.routes.ts';
import { loggerOptions } from '#server/lib/logger.ts';
import { createMailer } from '#server/lib/mailer.ts';
import { registerErrorHandler } from '#server/plugins/error-handler.ts';
import { registerInFlight } from '#server/plugins/in-flight.ts';
import { registerOriginCheck } from '#server/plugins/origin-check.ts';
import { rateLimitOptions } from '#server/plugins/rate-limit.ts';
import { registerRouteAuth } from '#server/plugins/route-auth.ts';
import { inlineHashesOfBuild, registerSecurityHeaders } from '#server/plugins/security-headers.ts';
import { registerSession } from '#server/plugins/session.ts';
import { DEFAULT_WEB_DIST, registerWebApp } from '#server/plugins/web-app.ts';
import type { Config } from './config.ts';
import { type AppContext, systemClock } from './context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one context every service takes (context.ts). */
    context: AppContext;
    config: Config;
    database: Database;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: DestinationStream;
  webDist?: string | null;
};

/** Composes the server: outside plugins, own plugins, then feature routes (docs/house-style.md, fastify/demo order). */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  webDist,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { ...loggerOptions(config.LOG_LEVEL), ...(logStream ? { stream: logStream } : {}) } : false,
    genReqId: () => randomUUID(),
    // X-Forwarded-For only from the proxies in front (TRUST_PROXY): the limits per address count the
    // address a trusted proxy saw, never one a visitor wrote (`true` would believe every entry).
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  // Before every other hook: a request counts from its first onRequest hook until its handling ended.
  const inFlight = registerInFlight(app);
  const mailer = createMailer(
    database.db,
    {
      smtpUrl: config.SMTP_URL,
      // Without MAIL_FROM the sender is named after the site's name in force (docs/architecture.md §3).
      from:
        config.MAIL_FROM ?? (async () => ({ name: await siteName(app.context), address: 'no-reply@roam.localhost' })),
    },
    app.log,
    // A confirmation's receipt and calendar file, and the booking's invoices (docs/decisions/0011-invoices.md).
    async (bookingId) => [
      ...(await bookingAttachments(app.context, bookingId)),
      ...(await invoiceAttachments(app.context, bookingId)),
    ],
    // The counter's stored documents (a signed agreement, a condition report), sent byte for byte as stored.
    (fileIds) => documentAttachments(app.context, fileIds),
    // The booking's invoices and credit notes alone (the close of a rental).
    (bookingId) => invoiceAttachments(app.context, bookingId),
  );
  // What the outbox still holds (a crash between a commit and its delivery, SMTP down) is re-sent from start-up on.
  app.addHook('onReady', async () => mailer.startSweeper());
  app.addHook('onClose', async () => mailer.close());
  // The app's state (docs/architecture.md §2 "State"): rebuilt from the database, so each app has its own and lets go
  // of it when it closes — after the requests under way (the in-flight drain's onClose hook runs first). On PGlite the
  // server is the database's one writer: the search index is told of each write instead of asking.
  const searchIndex = new SearchIndex(database.db);
  if (database.onSearchChange) await searchIndex.follow(database.onSearchChange);
  const periods = new PeriodCache();
  const deskTotals = new PeriodCache();
  const statementTotals = new PeriodCache();
  app.addHook('onClose', async () => {
    periods.clear();
    deskTotals.clear();
    statementTotals.clear();
    await searchIndex.close();
  });
  // The one place services find their dependencies (context.ts); routes pass it to every service call.
  app.decorate('context', {
    db: database.db,
    config,
    mailer,
    rates: createRateService({
      providers: parseRateProviders(config.RATE_PROVIDERS),
      cacheSeconds: config.RATE_CACHE_SECONDS,
      log: app.log.child({ feature: 'currency-rates' }),
    }),
    payments: { stripe: createStripeGateway(config), paypal: createPaypalGateway(config) },
    clock: systemClock,
    log: app.log,
    searchIndex,
    periods,
    deskTotals,
    statementTotals,
  } satisfies AppContext);
  // Reminders from start-up on; stopped before the mailer closes (onClose hooks run last-added
  // first), a pass under way finishing first.
  if (config.REMINDER_INTERVAL_SECONDS > 0) {
    let reminders: ReturnType<typeof startReminders> | null = null;
    app.addHook('onReady', async () => {
      reminders = startReminders(app.context, config.REMINDER_INTERVAL_SECONDS);
    });
    app.addHook('onClose', async () => reminders?.stop());
  }
  // Callback hooks on every request's path, not async ones: an async hook costs a promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // The Content-Security-Policy and the other security headers on every answer, with the hashes of the inline
  // scripts and styles of the built HTML (plugins/security-headers.ts).
  registerSecurityHeaders(app, config, inlineHashesOfBuild(webDist === null ? null : (webDist ?? DEFAULT_WEB_DIST)));

  registerErrorHandler(app);
  await app.register(cookie, { secret: config.SESSION_SECRET });
  // Answers of 1 KB or more (search results, location lists, index.html) compressed for browsers that accept it:
  // Brotli at a fast level, else gzip. Registered before the routes: it hooks each route as it is added.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.WEBSITE_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'roam_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation's pages run inline code of their own: they answer with a policy of their own for it (by
  // hashes), framed by nobody, without upgrading a plain-HTTP development server's requests.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header: string) =>
      header.replace(' upgrade-insecure-requests;', '').replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  registerOriginCheck(app, config.PUBLIC_URL);
  registerSession(app);
  // After the session (it reads the signed-in user), before the routes (each must declare who may call it).
  registerRouteAuth(app);
  // One limiter for every route that opts in with `config.rateLimit`; counters shared in the database.
  await app.register(rateLimit, rateLimitOptions(database.db));

  await app.register(systemRoutes);
  await app.register(bookingRulesRoutes);
  await app.register(siteSettingsRoutes);
  await app.register(authRoutes);
  await app.register(bookingsRoutes);
  await app.register(bookingRefusalRoutes);
  await app.register(amendmentsRoutes);
  await app.register(carsRoutes);
  await app.register(carBlocksRoutes);
  await app.register(promoCodesRoutes);
  await app.register(catalogueExtrasRoutes);
  await app.register(cancellationsRoutes);
  await app.register(cancellationRequestsRoutes);
  await app.register(checkoutRoutes);
  await app.register(contactRoutes);
  await app.register(currencyRoutes);
  await app.register(documentsRoutes);
  await app.register(invoicesRoutes);
  await app.register(statementsRoutes);
  await app.register(reconciliationRoutes);
  await app.register(counterRoutes);
  await app.register(counterHolderRoutes);
  await app.register(settlementRoutes);
  await app.register(counterSettingsRoutes);
  await app.register(feeRulesRoutes);
  await app.register(feeQuoteRoutes);
  await app.register(bookingAccessRoutes);
  await app.register(fleetRoutes);
  await app.register(fleetImportRoutes);
  await app.register(locationsRoutes);
  await app.register(newsletterRoutes);
  await app.register(notificationsRoutes);
  await app.register(paymentsRoutes);
  await app.register(profileRoutes);
  await app.register(setupRoutes);
  await app.register(suppliersRoutes);
  await app.register(supplierProfileRoutes);
  await app.register(houseBusinessRoutes);
  await app.register(usersRoutes);
  await app.register(teamRoutes);
  await app.register(securityRoutes);
  await app.register(locationsAdminRoutes);
  await app.register(openingHoursRoutes);
  await app.register(schedulerRoutes);
  await app.register(dashboardRoutes);
  await app.register(locationsImportRoutes);
  await app.register(walkInRoutes);
  await app.register(bookingDeskRoutes);

  if (webDist !== null) await registerWebApp(app, webDist);
  // Added last so it runs first of the onClose hooks (last-added first), right after Fastify stopped the server:
  // handlers whose client went away finish before the mailer closes here and the database in main.ts.
  app.addHook('onClose', async () => inFlight.drain());
  return app;
}
