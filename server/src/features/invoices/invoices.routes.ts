import {
  BookingInvoiceParamsSchema,
  BookingInvoicesSchema,
  InvoiceBuyerBodySchema,
  InvoiceBuyerSchema,
} from '@roam/contract/invoices.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBookingHolder } from '#server/features/booking-access/booking-holder.guard.ts';
import { download } from '#server/lib/download.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { setInvoiceBuyer } from './invoice-buyer.service.ts';
import { bookingInvoices, invoiceFile } from './invoices.service.ts';

const errors = errorReplies(400, 401, 404);

/**
 * A booking's invoices and credit notes, to whoever may read the booking (docs/decisions/0011-invoices.md): its
 * driver (or a manage link's holder), its business's members, the platform.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['bookings'];

  app.get(
    '/api/booking-invoices/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "The booking's invoices and credit notes, oldest first (404 when not yours)",
        params: IdParamsSchema,
        response: { 200: BookingInvoicesSchema, ...errors },
      },
    },
    async (request) =>
      bookingInvoices(ctx, await requireBookingHolder(ctx, request, request.params.id), request.params.id),
  );

  app.get(
    '/api/booking-invoice/:id/:invoiceId',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary:
          "One of the booking's invoices or credit notes as a PDF in the customer's language (404 when not yours)",
        params: BookingInvoiceParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { id, invoiceId } = request.params;
      return download(reply, await invoiceFile(ctx, await requireBookingHolder(ctx, request, id), id, invoiceId));
    },
  );

  app.post(
    '/api/booking-invoice-buyer/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary:
          "A business customer as the buyer on the booking's next invoices (its driver, or its business's desk; null: the driver)",
        params: IdParamsSchema,
        body: InvoiceBuyerBodySchema,
        response: { 200: InvoiceBuyerSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setInvoiceBuyer(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.body.buyer,
      ),
  );
};
