import { ApiErrorSchema } from '@roam/contract/errors.schema';

/**
 * The error answers a route's schema declares: each status answers `{ code, message, fieldErrors? }` (ARCHITECTURE
 * §4), e.g. `response: { 200: BookingSchema, ...errorReplies(400, 401, 403, 404) }`.
 */
export const errorReplies = <Status extends number>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<Status, typeof ApiErrorSchema>;
