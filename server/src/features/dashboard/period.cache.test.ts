import { describe, expect, it } from 'vitest';
import { PERIOD_STALE_MS, PERIOD_TTL_MS, PeriodCache } from './period.cache.ts';

// The period cache's timing, with the time given: within the minute the kept figures; past it and
// within ten minutes the kept figures at once while one recomputation runs behind them; older, or asked fresh,
// computed before answering.

const KEY = { supplierId: null, from: new Date('2027-01-01T00:00:00Z'), to: new Date('2027-02-01T00:00:00Z') };

function counter() {
  let calls = 0;
  let release: () => void = () => {};
  const compute = () => {
    calls += 1;
    const value = calls;
    return new Promise<number>((resolve) => {
      release = () => resolve(value);
    });
  };
  return { compute, calls: () => calls, release: () => release() };
}

describe('the dashboard period cache', () => {
  it('answers kept figures at once past the minute while one recomputation runs, then the new ones', async () => {
    const cache = new PeriodCache();
    const work = counter();
    const first = cache.get(KEY, false, work.compute, 0);
    // Concurrent askers of a key not yet computed share its one computation.
    const together = cache.get(KEY, false, work.compute, 10);
    work.release();
    expect((await first).figures).toBe(1);
    expect((await together).figures).toBe(1);
    expect(work.calls()).toBe(1);
    expect((await cache.get(KEY, false, work.compute, PERIOD_TTL_MS - 1)).figures).toBe(1);
    expect(work.calls()).toBe(1);

    // Past the minute: ten askers get the kept figures (their time says so) without waiting; one recomputes.
    const later = PERIOD_TTL_MS + 5;
    const stale = await Promise.all(Array.from({ length: 10 }, () => cache.get(KEY, false, work.compute, later)));
    expect(stale.map((answer) => answer.figures)).toEqual(Array(10).fill(1));
    expect(stale[0]!.asOf).toEqual(new Date(0));
    expect(work.calls()).toBe(2);
    work.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const renewed = await cache.get(KEY, false, work.compute, later + 1);
    expect(renewed).toEqual({ asOf: new Date(later), figures: 2 });
    expect(work.calls()).toBe(2);
  });

  it('computes before answering when the kept figures are too old, or fresh ones are asked', async () => {
    const cache = new PeriodCache();
    const work = counter();
    const first = cache.get(KEY, false, work.compute, 0);
    work.release();
    await first;
    const old = cache.get(KEY, false, work.compute, PERIOD_STALE_MS);
    expect(work.calls()).toBe(2);
    work.release();
    expect(await old).toEqual({ asOf: new Date(PERIOD_STALE_MS), figures: 2 });
    const fresh = cache.get(KEY, true, work.compute, PERIOD_STALE_MS + 1);
    work.release();
    expect((await fresh).figures).toBe(3);
  });

  it('keeps the figures there are when a recomputation fails, and tries again on the next ask', async () => {
    const cache = new PeriodCache();
    const first = cache.get(KEY, false, async () => 'kept', 0);
    await first;
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new Error('database gone');
    };
    expect((await cache.get(KEY, false, failing, PERIOD_TTL_MS)).figures).toBe('kept');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.get(KEY, false, failing, PERIOD_TTL_MS + 1)).figures).toBe('kept');
    expect(attempts).toBe(2);
  });

  it("is one app's: closing the app lets go of its figures, and another app computes its own", async () => {
    const cache = new PeriodCache();
    const other = new PeriodCache();
    let calls = 0;
    const compute = async () => ++calls;
    expect((await cache.get(KEY, false, compute, 0)).figures).toBe(1);
    expect((await other.get(KEY, false, compute, 0)).figures).toBe(2);
    expect((await cache.get(KEY, false, compute, 1)).figures).toBe(1);
    cache.clear();
    expect((await cache.get(KEY, false, compute, 2)).figures).toBe(3);
  });
});
