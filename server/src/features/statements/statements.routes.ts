import { StatementExportQuerySchema, StatementQuerySchema, StatementSchema } from '@roam/contract/statements.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { download } from '#server/lib/download.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { exportStatement } from './statement-export.service.ts';
import { statementPage } from './statements.service.ts';

const errors = errorReplies(400, 401, 403);

/**
 * A supplier's monthly statement and its downloads (docs/decisions/0011-invoices.md, "Statements"): `money.read`
 * (the owner, the accountant, the admin); a supplier's member its own business's, the admin any supplier's or all.
 */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: money'];

  app.get(
    '/api/statement',
    {
      config: { auth: 'operator', permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: "A supplier's month: its totals, and a page of its invoices, credit notes, payments and refunds",
        querystring: StatementQuerySchema,
        response: { 200: StatementSchema, ...errors },
      },
    },
    async (request) => statementPage(ctx, requireOperator(request), request.query),
  );

  app.get(
    '/api/statement-export',
    {
      config: { auth: 'operator', permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: "A supplier's month as the accountants' CSV or a PDF summary",
        querystring: StatementExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => download(reply, await exportStatement(ctx, requireOperator(request), request.query)),
  );
};
