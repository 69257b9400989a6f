import { SupplierListSchema } from '@roam/contract/suppliers.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSuppliers } from './suppliers.service.ts';

/**
 * The suppliers call. It answers even when HIDE_SUPPLIERS is set, because the search screen's supplier
 * filter needs the names; the web then hides the logos section and the /suppliers page (spec §2).
 */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/suppliers',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['suppliers'],
        summary: 'Every supplier with its logo URL and number of cars',
        response: { 200: SupplierListSchema },
      },
    },
    async () => listSuppliers(app.context),
  );
};
