import { OkSchema } from '@roam/contract/auth.schema';
import {
  FileParamsSchema,
  LicenseFileSchema,
  UpdateEmailNotificationsSchema,
  UpdateUserSchema,
  UserLicenseSchema,
} from '@roam/contract/profile.schema';
import { IdParamsSchema, UserIdParamsSchema, UserSchema } from '@roam/contract/users.schema';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestTokenHashOf, issueGuestToken } from '#server/plugins/guest-token.ts';
import { requireSelfOrAdmin, requireUser } from '#server/plugins/session.ts';
import { registerUploads, uploadedBytes, uploadRateLimit as uploadLimit } from '#server/plugins/uploads.ts';
import * as profile from './profile.service.ts';

const SWEEP_EVERY_MS = 3600_000;

function sendFile(reply: FastifyReply, file: { contentType: string; bytes: Buffer }, cache: string, name?: string) {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff');
  if (name) reply.header('content-disposition', `attachment; filename="${name}"`);
  return reply.send(file.bytes);
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The profile calls (spec §7): profile fields, e-mail preference, avatar, driver licence. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:');
  await registerUploads(app);

  const sweep = setInterval(() => {
    app.inFlight.run('temporary licence sweep failed', () => profile.sweepTemporaryLicenses(ctx));
  }, SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    '/api/update-user',
    { config: { auth: 'signedIn' }, schema: { body: UpdateUserSchema, response: { 200: UserSchema } } },
    async (request) => {
      const actor = requireSelfOrAdmin(request, request.body._id);
      return profile.updateProfile(ctx, actor, request.body);
    },
  );

  app.post(
    '/api/update-email-notifications',
    { config: { auth: 'signedIn' }, schema: { body: UpdateEmailNotificationsSchema, response: { 200: UserSchema } } },
    async (request) => {
      const userId = request.body._id ?? requireUser(request).id;
      requireSelfOrAdmin(request, userId);
      return profile.setEmailNotifications(ctx, userId, request.body.enableEmailNotifications);
    },
  );

  app.post(
    '/api/update-avatar/:userId',
    {
      config: { auth: 'signedIn', ...uploadLimit },
      schema: { params: UserIdParamsSchema, response: { 200: UserSchema } },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      return profile.setAvatar(ctx, request.params.userId, await uploadedBytes(request, 'image'));
    },
  );

  app.post(
    '/api/delete-avatar/:userId',
    { config: { auth: 'signedIn' }, schema: { params: UserIdParamsSchema, response: { 200: UserSchema } } },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      return profile.removeAvatar(ctx, request.params.userId);
    },
  );

  // Signed in: the user's licence. Guest at checkout: a temporary file whose id checkout attaches to the booking.
  app.post(
    '/api/create-license',
    { config: { auth: 'public', ...uploadLimit }, schema: { response: { 200: LicenseFileSchema } } },
    async (request, reply) => {
      // A guest's upload belongs to their browser (its guest token) until checkout attaches it.
      const owner = request.sessionUser
        ? { userId: requireUser(request).id }
        : { guestTokenHash: issueGuestToken(request, reply, secureCookie) };
      return profile.storeLicense(ctx, owner, await uploadedBytes(request, 'file'));
    },
  );

  // `{id}` is the user id (as in the reference implementation): the user's licence is replaced.
  app.post(
    '/api/update-license/:id',
    {
      config: { auth: 'signedIn', ...uploadLimit },
      schema: { params: IdParamsSchema, response: { 200: LicenseFileSchema } },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.id);
      return profile.storeLicense(ctx, { userId: request.params.id }, await uploadedBytes(request, 'file'));
    },
  );

  app.post(
    '/api/delete-license/:id',
    { config: { auth: 'signedIn' }, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      requireSelfOrAdmin(request, request.params.id);
      await profile.removeLicense(ctx, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/delete-temp-license/:file',
    { config: { auth: 'public', ...uploadLimit }, schema: { params: FileParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await profile.removeTemporaryLicense(ctx, request.params.file, guestTokenHashOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user-license/:userId',
    { config: { auth: 'signedIn' }, schema: { params: UserIdParamsSchema, response: { 200: UserLicenseSchema } } },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      return { license: await profile.userLicense(ctx, request.params.userId) };
    },
  );

  app.get(
    '/api/license/:id',
    { config: { auth: 'signedIn' }, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const file = await profile.readLicense(ctx, requireUser(request), request.params.id);
      const name = `driver-licence.${EXTENSIONS[file.contentType] ?? 'bin'}`;
      return sendFile(reply, file, 'private, no-store', name);
    },
  );
};
