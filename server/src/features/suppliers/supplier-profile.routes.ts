import { OkSchema } from '@roam/contract/auth.schema';
import {
  CreateSupplierBodySchema,
  SupplierProfileSchema,
  UpdateSupplierProfileBodySchema,
} from '@roam/contract/supplier-profile.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIp } from '#server/features/auth/auth.rate-limits.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { registerUploads, uploadedBytes, uploadRateLimit } from '#server/plugins/uploads.ts';
import {
  createSupplier,
  readSupplierProfile,
  removeSupplierLogo,
  resendSupplierInvitation,
  setSupplierLogo,
  updateSupplierProfile,
} from './supplier-profile.service.ts';

const errors = errorReplies(400, 401, 403, 404);

/** The supplier profile calls: the supplier itself and admins; the percentage is the admin's alone. */
export const supplierProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);
  const ctx = app.context;
  const tags = ['operator: supplier profile'];

  app.get(
    '/api/supplier/:id',
    {
      config: { auth: 'operator', permission: 'fleet.read' },
      schema: {
        tags,
        security,
        summary: "A supplier's profile (the supplier itself, an admin)",
        params: IdParamsSchema,
        response: { 200: SupplierProfileSchema, ...errors },
      },
    },
    async (request) => readSupplierProfile(ctx, requireOperator(request), request.params.id),
  );

  // The admin invites a supplier; it sends an e-mail, so it is rate limited as the account links are.
  app.post(
    '/api/create-supplier',
    {
      config: { auth: 'admin', ...perIp(10) },
      schema: {
        tags,
        security,
        summary: 'Create a supplier account (the admin); the supplier is e-mailed a one-time link to choose a password',
        body: CreateSupplierBodySchema,
        response: { 201: SupplierProfileSchema, ...errorReplies(409, 429), ...errors },
      },
    },
    async (request, reply) => {
      const profile = await createSupplier(ctx, requireUser(request, 'admin'), request.body);
      return reply.status(201).send(profile);
    },
  );

  // A new invitation link for a supplier who has not chosen a password yet (the earlier link stops working).
  app.post(
    '/api/resend-supplier-invitation/:id',
    {
      config: { auth: 'admin', ...perIp(10) },
      schema: {
        tags,
        security,
        summary: 'E-mail a new invitation link to a supplier who has not set a password yet (409 once they have)',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...errorReplies(409, 429), ...errors },
      },
    },
    async (request) => {
      await resendSupplierInvitation(ctx, requireUser(request, 'admin'), request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/update-supplier',
    {
      config: { auth: 'operator', permission: 'business.write' },
      schema: {
        tags,
        security,
        summary: 'Change a supplier profile: the fields sent change; the percentage by an admin only (else 403)',
        body: UpdateSupplierProfileBodySchema,
        response: { 200: SupplierProfileSchema, ...errors },
      },
    },
    async (request) => updateSupplierProfile(ctx, requireOperator(request), request.body),
  );

  app.post(
    '/api/update-supplier-logo/:id',
    {
      config: { auth: 'operator', permission: 'business.write', ...uploadRateLimit },
      schema: {
        tags,
        security,
        summary: "Replace the supplier's logo (multipart field 'image': JPEG, PNG or WebP, re-encoded within 240×120)",
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: SupplierProfileSchema, ...errorReplies(413, 415), ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await readSupplierProfile(ctx, actor, request.params.id);
      return setSupplierLogo(ctx, actor, request.params.id, await uploadedBytes(request, 'image'));
    },
  );

  app.post(
    '/api/delete-supplier-logo/:id',
    {
      config: { auth: 'operator', permission: 'business.write' },
      schema: {
        tags,
        security,
        summary: "Remove the supplier's logo",
        params: IdParamsSchema,
        response: { 200: SupplierProfileSchema, ...errors },
      },
    },
    async (request) => removeSupplierLogo(ctx, requireOperator(request), request.params.id),
  );
};
