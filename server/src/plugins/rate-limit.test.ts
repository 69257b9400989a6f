import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema.ts';
import { CONTACT_RATE_LIMIT } from '#server/features/contact/contact.routes.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { databaseRateLimitStore } from './rate-limit.ts';

const message = {
  fullName: 'Vera Visitor',
  email: 'visitor@example.com',
  subject: 'Hello',
  message: 'A question about a car.',
};

describe('rate-limit counters in the database (docs/architecture.md §2 scale-out)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const incr = (store: ReturnType<typeof child>, key: string, timeWindow: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindow, 5),
    );
  const child = (url: string) => {
    const Store = databaseRateLimitStore(t.db);
    return new Store({}).child({ routeInfo: { method: 'POST', url } } as never);
  };

  it('two servers on one database share one allowance', async () => {
    const other = await t.sibling();
    const send = (app: typeof other) =>
      app.inject({ method: 'POST', url: '/api/send-email', payload: message, remoteAddress: '203.0.113.7' });
    const codes: number[] = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) codes.push((await send(i % 2 ? other : t.app)).statusCode);
    expect(codes).toEqual(Array(CONTACT_RATE_LIMIT.max).fill(200));
    const limitedHere = await send(t.app);
    const limitedThere = await send(other);
    expect([limitedHere.statusCode, limitedThere.statusCode]).toEqual([429, 429]);
    expect(limitedThere.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/too many/i) });
    // One row, keyed by route and visitor address.
    const rows = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'POST /api/send-email|%'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(CONTACT_RATE_LIMIT.max + 2);
  });

  it('counts atomically under concurrent hits, with the time left in the window', async () => {
    const store = child('/concurrent');
    const results = await Promise.all(Array.from({ length: 20 }, () => incr(store, 'k', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const { ttl } of results) expect(ttl).toBeGreaterThan(50_000);
  });

  it('starts a new window once the stored one has passed, and keeps routes apart', async () => {
    const a = child('/a');
    const b = child('/b');
    expect((await incr(a, 'k', 150)).current).toBe(1);
    expect((await incr(a, 'k', 150)).current).toBe(2);
    expect((await incr(b, 'k', 150)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await incr(a, 'k', 150)).current).toBe(1);
  });

  it('stores a very long key as its hash', async () => {
    const result = await incr(child('/long'), 'x'.repeat(10_000), 60_000);
    expect(result.current).toBe(1);
    const rows = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'sha256:%'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key.length).toBeLessThan(60);
    await t.db.delete(rateLimits).where(eq(rateLimits.key, rows[0]!.key));
  });
});
