// The period's figures (revenue, utilisation) are the dashboard's costly part: ~90 ms of database work for a quarter
// on the bench dataset (bench/README.md). They are kept a minute per (scope, period) — a supplier's own, the admin's
// for one supplier, or everyone's — and the screen says "as of HH:MM" with a refresh that asks fresh ones. Not
// invalidated by booking writes: a revenue or a utilisation a minute old misleads nobody, while every write path
// (checkout, changes, cancels, the sweeper, several processes) would have to reach every process's cache. Today's
// movements and the queues stay live. Concurrent askers of one key share one computation.

export const PERIOD_TTL_MS = 60_000;
/**
 * Past the minute, figures younger than this are still answered at once while one caller's recomputation runs behind
 * them (their "as of" says their age): no operator waits on a recomputation, nor do ten at once when a minute turns —
 * on PGlite's single connection that burst was the dashboard's p99. Older ones are computed before answering.
 */
export const PERIOD_STALE_MS = 10 * 60_000;
/** Scopes × periods kept per process; the oldest goes first. */
const MAX_ENTRIES = 500;

type Figures<T> = { asOf: Date; figures: T };
type Entry<T> = { at: number; value: Promise<Figures<T>>; settled?: Figures<T>; refreshing?: boolean };

/**
 * The period figures of one app, by scope and period: built in app.ts, carried by the AppContext (`ctx.periods`) and
 * emptied when the app closes (docs/architecture.md §2 "State").
 */
export class PeriodCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  get<T>(
    key: { supplierId: string | null; from: Date; to: Date },
    fresh: boolean,
    compute: () => Promise<T>,
    now = Date.now(),
  ): Promise<Figures<T>> {
    return this.keyed(
      `${key.supplierId ?? '*'}|${key.from.toISOString()}|${key.to.toISOString()}`,
      fresh,
      compute,
      now,
    );
  }

  /**
   * The same, under a key of the caller's making: it must name the whole scope (who may see what) and every input of
   * the figures — the bookings desk's totals key on the scope, the branches and the filter (booking-desk.service.ts).
   */
  keyed<T>(id: string, fresh: boolean, compute: () => Promise<T>, now = Date.now()): Promise<Figures<T>> {
    const cache = this.entries;
    const hit = cache.get(id) as Entry<T> | undefined;
    if (hit && !fresh && now - hit.at < PERIOD_TTL_MS) return hit.value;
    const store = (entry: Entry<T>) => {
      cache.delete(id);
      cache.set(id, entry);
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    };
    if (hit?.settled && !fresh && now - hit.at < PERIOD_STALE_MS) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        compute().then(
          (figures) => {
            const settled = { asOf: new Date(now), figures };
            store({ at: now, value: Promise.resolve(settled), settled });
          },
          // A failed recomputation keeps the figures there are; the next caller tries again.
          () => {
            hit.refreshing = false;
          },
        );
      }
      return Promise.resolve(hit.settled);
    }
    const value = compute().then((figures) => ({ asOf: new Date(now), figures }));
    const entry: Entry<T> = { at: now, value };
    store(entry);
    value.then(
      (settled) => {
        entry.settled = settled;
      },
      // A failure is not kept: the next caller computes again.
      () => {
        if (cache.get(id) === entry) cache.delete(id);
      },
    );
    return value;
  }

  /** Lets go of every kept figure (the app closes). */
  clear() {
    this.entries.clear();
  }
}
