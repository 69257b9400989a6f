import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

// docs/architecture.md §2 "Scale-out": rate-limit counters live in the database, so N server processes on one PostgreSQL
// share one allowance instead of giving an attacker N of them. One row per route and key; one atomic statement per
// hit counts it, or starts a new window when the stored one has passed. The database clock decides, so processes
// with skewed clocks still agree.

/** Keys longer than this are stored as their SHA-256 (a key may carry an e-mail address from a request). */
const MAX_KEY_LENGTH = 200;
const SWEEP_EVERY_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const storedKey = (key: string) =>
  key.length > MAX_KEY_LENGTH ? `sha256:${createHash('sha256').update(key).digest('base64url')}` : key;

/** Counts one hit of `key`, or starts a new window when the stored one has passed: one atomic statement. */
async function hit(db: Db, key: string, timeWindow: number) {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt: sql`now() + ${timeWindow}::double precision * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.expiresAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
        expiresAt: sql`CASE WHEN ${rateLimits.expiresAt} <= now() THEN excluded.expires_at ELSE ${rateLimits.expiresAt} END`,
      },
    })
    .returning({
      count: rateLimits.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.expiresAt} - now())) * 1000))::integer`,
    });
  return { current: row!.count, ttl: Number(row!.ttl) };
}
/** What @fastify/rate-limit passes to `child`: the merged route limiter options, with the route under `routeInfo`. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };

const routeName = (options: ChildOptions | undefined) => {
  const route = options?.routeInfo;
  if (!route?.url) return options?.groupId ?? '';
  const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
  return `${method} ${route.url}`;
};

/**
 * A @fastify/rate-limit `store` over the `rate_limits` table (PGlite or PostgreSQL). Each route limiter is a child
 * store whose keys are prefixed by the route, as the in-memory store keeps one map per route. Expired rows are swept
 * at most once a minute per process, before a hit.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(options?: ChildOptions) {
      this.prefix = routeName(options);
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      sweep()
        .then(() => hit(db, storedKey(`${this.prefix}|${key}`), timeWindow))
        .then(
          (result) => callback(null, result),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: unknown) {
      return new DatabaseRateLimitStore(routeOptions as ChildOptions);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The one registration of @fastify/rate-limit (app.ts): nothing is limited unless a route opts in with
 * `config.rateLimit`; counters in the database; checked in preHandler, once the body is parsed and validated, so a
 * limit can be keyed by the e-mail address or user id it carries (auth/auth.rate-limits.ts).
 */
export function rateLimitOptions(db: Db): RateLimitPluginOptions {
  return { global: false, hook: 'preHandler', store: databaseRateLimitStore(db) };
}

/**
 * A route's limit per signed-in account (per IP address without one): `config: perAccountLimit(30, '1 minute')`.
 * Uploads, and the operator calls that hold a car or e-mail a driver.
 */
export const perAccountLimit = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip,
  },
});

/**
 * A route's limit per booking, whoever calls (its driver, an operator, a manage link's holder): the calls that change a
 * booking e-mail its driver and its supplier each time (second outside audit, item 12: 12 toggles in 4.7 s, 24
 * e-mails, also through a manage link, which has no account to count).
 */
export const perBookingLimit = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => {
      const params = request.params as { id?: unknown } | undefined;
      return typeof params?.id === 'string' ? `booking:${params.id}` : request.ip;
    },
  },
});

/**
 * An allowance of sends per key in the same table: `take` counts one and says whether it was within `max` for the
 * window. For a message a service decides to send, where the route's limit cannot tell (second outside audit, item
 * 15: a sign-up with a guest's e-mail re-sends its activation link, from any number of addresses).
 */
export function sendingAllowance(db: Db, name: string, limit: { max: number; windowMs: number }) {
  return {
    async take(key: string): Promise<boolean> {
      return (await hit(db, storedKey(`${name}|${key}`), limit.windowMs)).current <= limit.max;
    },
  };
}

/**
 * A budget of failures per key in the same table: only failed attempts are counted, so whoever
 * gets it right is never slowed, and once `max` failures are spent within `windowMs` every attempt with that key is
 * refused (429) until the window ends — also a right one, or the budget would only slow the guessing it counts.
 * Shared by every server process like the other counters.
 */
export function failureBudget(db: Db, name: string, limit: { max: number; windowMs: number }) {
  const keyOf = (key: string) => storedKey(`${name}|${key}`);
  return {
    /** 429 RATE_LIMITED when `key` has spent its failures. */
    async assertLeft(key: string): Promise<void> {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, keyOf(key)), gt(rateLimits.expiresAt, sql`now()`)));
      if (row && row.count >= limit.max) {
        throw new AppError('RATE_LIMITED', 'Too many requests, please try again later.');
      }
    },
    /** Counts one failure of `key`. */
    async spend(key: string): Promise<void> {
      await hit(db, keyOf(key), limit.windowMs);
    },
  };
}
