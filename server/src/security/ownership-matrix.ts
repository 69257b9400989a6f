import type { InjectOptions } from 'fastify';
import type { Fixture } from '#test/ownership-fixtures.ts';

// The ownership matrix's callers, expectations and rows (security suite; operator rows). The
// matrix itself runs in ownership.test.ts.

export type Who = 'anonymous' | 'owner' | 'otherDriver' | 'otherSupplier' | 'operatingSupplier' | 'admin';
export const CALLERS: Who[] = ['anonymous', 'otherDriver', 'otherSupplier', 'operatingSupplier', 'admin', 'owner'];
export type Expected = Record<Who, number>;
/** Never allowed on another's record: they share a fixture (a wrong success would show in the table anyway). */
export const REFUSED = new Set<Who>(['anonymous', 'otherDriver', 'otherSupplier']);

/** `{userId}` checks (requireSelfOrAdmin): anonymous 401, anyone else 403, the owner and an admin succeed. */
export const SELF: Expected = {
  anonymous: 401,
  otherDriver: 403,
  otherSupplier: 403,
  operatingSupplier: 403,
  admin: 200,
  owner: 200,
};
/** A booking: its driver, the supplier whose fleet it is in, and admins; to anyone else it does not exist (404). */
export const BOOKING: Expected = { ...SELF, otherDriver: 404, otherSupplier: 404, operatingSupplier: 200 };
/** Operator calls: a driver is refused outright (403), another fleet's booking does not exist (404). */
export const OPERATOR: Expected = { ...BOOKING, owner: 403, otherDriver: 403 };
/**
 * A licence file: its owner and the admin; the supplier of a booking of that driver only around it (from 48 h before
 * pick-up to 30 days after drop-off, docs/architecture.md §5 "Files") — the fixture's bookings are weeks ahead, so
 * not yet (ownership-driver-rows.ts: the operator's view of a driver, booking by booking).
 */
export const LICENCE: Expected = { ...BOOKING, operatingSupplier: 404 };
export const everyone = (status: number): Expected => ({
  anonymous: status,
  otherDriver: status,
  otherSupplier: status,
  operatingSupplier: status,
  admin: status,
  owner: status,
});

export type Row = { call: string; expected: Expected; request: (f: Fixture) => InjectOptions | Promise<InjectOptions> };
