import { ConversionSchema, ConvertQuerySchema, RatesSchema } from '@roam/contract/currencies.schema';
import { CountryCodeSchema } from '@roam/contract/settings.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, VALIDATION_MESSAGE } from '#server/lib/app-error.ts';
import { countryCodeFrom } from './country-code.rules.ts';

/** The currency calls: rates, conversion, and the visitor's country for the start-up language. */
export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Created once in app.ts: checkout and e-mails convert with the same cached rates.
  const service = app.context.rates;

  app.get(
    '/api/currency-rates',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['currency'],
        summary: 'Units of each supported currency per 1 EUR, and where they come from',
        response: { 200: RatesSchema },
      },
    },
    async (_request, reply) => {
      const rates = await service.getRates();
      reply.header('cache-control', 'public, max-age=300');
      return rates;
    },
  );

  app.get(
    '/api/convert',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['currency'],
        summary: 'Converts an amount between two supported currencies',
        querystring: ConvertQuerySchema,
        response: { 200: ConversionSchema },
      },
      // Spec §8 wording as the message itself ('Currency XYZ not supported'), not only in fieldErrors.
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError) {
        const parsed = ConvertQuerySchema.safeParse(request.query);
        const issues = parsed.error?.issues ?? [];
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of issues) {
          const key = issue.path.map(String).join('.') || '_';
          fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
        }
        throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? VALIDATION_MESSAGE, fieldErrors);
      }
      return service.convert(request.query);
    },
  );

  app.get(
    '/api/country-code',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['currency'],
        summary: "The visitor's two-letter country from the trusted proxy header, or null",
        response: { 200: CountryCodeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { countryCode: countryCodeFrom(request.headers, app.config.COUNTRY_HEADER) };
    },
  );
};
