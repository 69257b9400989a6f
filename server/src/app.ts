import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { loggerOptions } from './lib/logger.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerSession } from './plugins/session.ts';
import { registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
  }
}

export type BuildAppOptions = { config: Config; database: Database; logger?: boolean; webDist?: string | null };

/** Composes the server: outside plugins, own plugins, then feature routes (HOUSE-STYLE, fastify/demo order). */
export async function buildApp({
  config,
  database,
  logger = true,
  webDist,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.LOG_LEVEL) : false,
    genReqId: () => randomUUID(),
    requestIdLogLabel: 'requestId',
    trustProxy: Boolean(config.COUNTRY_HEADER),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate(
    'mailer',
    createMailer(
      database.db,
      { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM ?? `${config.WEBSITE_NAME} <no-reply@roam.localhost>` },
      app.log,
    ),
  );
  app.addHook('onClose', async () => app.mailer.close());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await app.register(cookie, { secret: config.SESSION_SECRET });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.WEBSITE_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'roam_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerOriginCheck(app, config.PUBLIC_URL);
  registerSession(app);

  await app.register(systemRoutes);

  if (webDist !== null) await registerWebApp(app, webDist);
  return app;
}
