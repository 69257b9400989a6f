import type { DbOrTx } from '../../db/client.ts';

// The period's figures (revenue, utilisation) are the dashboard's costly part: ~90 ms of database work for a quarter
// on the bench dataset (bench/README.md). They are kept a minute per (scope, period) — a supplier's own, the admin's
// for one supplier, or everyone's — and the screen says "as of HH:MM" with a refresh that asks fresh ones. Not
// invalidated by booking writes: a revenue or a utilisation a minute old misleads nobody, while every write path
// (checkout, changes, cancels, the sweeper, several processes) would have to reach every process's cache. Today's
// movements and the queues stay live (issue #24 item 6). Concurrent askers of one key share one computation.

export const PERIOD_TTL_MS = 60_000;
/** Scopes × periods kept per process; the oldest goes first. */
const MAX_ENTRIES = 500;

type Entry<T> = { at: number; value: Promise<{ asOf: Date; figures: T }> };

/** One cache per database handle, i.e. per app (tests build several apps in one process). */
const caches = new WeakMap<DbOrTx, Map<string, Entry<unknown>>>();

export function cachedPeriod<T>(
  db: DbOrTx,
  key: { supplierId: string | null; from: Date; to: Date },
  fresh: boolean,
  compute: () => Promise<T>,
): Promise<{ asOf: Date; figures: T }> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const id = `${key.supplierId ?? '*'}|${key.from.toISOString()}|${key.to.toISOString()}`;
  const now = Date.now();
  const hit = cache.get(id) as Entry<T> | undefined;
  if (hit && !fresh && now - hit.at < PERIOD_TTL_MS) return hit.value;
  const value = compute().then((figures) => ({ asOf: new Date(now), figures }));
  const entry: Entry<T> = { at: now, value };
  cache.delete(id);
  cache.set(id, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  // A failure is not kept: the next caller computes again.
  value.catch(() => {
    if (cache.get(id) === entry) cache.delete(id);
  });
  return value;
}
